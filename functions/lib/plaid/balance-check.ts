// spec §5 balance validation, run on the server after each sync: does the bank's balance agree, within
// one currency unit, with the raw transactions we hold for the account? A bank shows a window of history
// (24 months), not the account's whole life, so the balance before that window is inferred once, when
// the whole window has first arrived, and each later sync checks the window against it
// (docs/decisions.md). Only posted transactions count: pending ones have not moved Plaid's `current`.
// Posted copies older than RAW_COPY_RULES.foldAfterDays are folded into that opening, so a check reads
// about a month of copies and a copy may expire once folded (docs/bank-linking.md).
import type { EntityItem } from 'electrodb';
import {
  balanceCheckApplies,
  daysBetween,
  foldIntoOpening,
  foldThrough,
  openingBalance,
  openingOutlived,
  RAW_COPY_RULES,
  validateBalance,
} from '../../../domain/balance-validation.ts';
import type { Data } from '../data/index.ts';
import { epochSeconds } from '../data/entities/plaid-transaction-raw.ts';

type Account = EntityItem<Data['connectedAccounts']>;

export interface BalanceCheckFields {
  balance_check_opening?: number;
  /** The last date whose posted transactions the opening already counts. */
  balance_check_opening_through?: string;
  balance_check?: { valid: boolean; difference: number; transactions_total: number; checked_at: string };
}

/** A posted raw amount (Plaid's sign, cents) and its date. */
export interface PostedAmount {
  date: string;
  amount: number;
}

export interface BalanceCheckInput {
  /** The provider's current balance in cents, as this sync reported it. */
  currentCents: number | undefined;
  /** The account's posted raw amounts when this sync replayed its whole history (no read needed). */
  replayedPosted: PostedAmount[] | undefined;
  /** The sync touched the account's transactions or moved its balance. */
  changed: boolean;
  /** The provider has delivered the whole window of history. */
  historicalComplete: boolean;
  checkedAt: string;
}

/** The posted raw copies we hold for an account dated after `after` (all when undefined), unexpired. */
export async function heldPosted(
  data: Data,
  accountId: string,
  now: Date,
  after: string | undefined,
  through?: string,
): Promise<PostedAmount[]> {
  const query = data.plaidTransactionsRaw.query.byAccountDate({ account_id: accountId });
  const ranged =
    after === undefined
      ? through === undefined
        ? query
        : query.lte({ date: `${through}~` })
      : through === undefined
        ? query.gt({ date: after })
        : query.between({ date: after }, { date: `${through}~` });
  const { data: rows } = await ranged
    .where(({ ttl }, { notExists, gt }) => `${notExists(ttl)} OR ${gt(ttl, epochSeconds(now))}`)
    .go({ pages: 'all', attributes: ['date', 'amount', 'pending', 'payload'] });
  return (
    rows
      .filter(
        (row) => (after === undefined || row.date > after) && (through === undefined || row.date <= through),
      )
      // Copies from before `pending` stood beside the payload carry it only inside.
      .filter((row) => (row.pending ?? (row.payload as { pending?: boolean } | undefined)?.pending) !== true)
      .map((row) => ({ date: row.date, amount: row.amount }))
  );
}

/** The fields to set on the account with the sync's balance update (none when nothing is to check). */
export async function balanceCheckFields(
  data: Data,
  account: Account,
  input: BalanceCheckInput,
): Promise<BalanceCheckFields> {
  const { currentCents } = input;
  if (currentCents === undefined || !balanceCheckApplies(account.account_type)) return {};
  const now = new Date(input.checkedAt);
  const today = input.checkedAt.slice(0, 10);
  const horizon = foldThrough(today);
  let known = account.balance_check_opening;
  let through = account.balance_check_opening_through;
  if (known !== undefined && through !== undefined && openingOutlived(through, today)) {
    // Copies dated after the opening may have expired before they were folded: start afresh.
    known = undefined;
    through = undefined;
  }
  if (known === undefined && !input.historicalComplete) return {};
  if (known !== undefined && !input.changed && account.balance_check) {
    // Neither the balance nor the transactions moved: the last result still holds. Copies past the
    // horizon are folded all the same every few days (a few days' copies read), before any can expire.
    const checked = { balance_check: { ...account.balance_check, checked_at: input.checkedAt } };
    if (through !== undefined && daysBetween(through, horizon) < RAW_COPY_RULES.foldStepDays) return checked;
    if (through !== undefined) {
      const folded = await heldPosted(data, account.id, now, through, horizon);
      return {
        ...checked,
        balance_check_opening: foldIntoOpening(known, amounts(folded), account.account_type),
        balance_check_opening_through: horizon,
      };
    }
  }
  let opening: number;
  let kept: PostedAmount[];
  if (known === undefined) {
    // The first check, or a fresh start: the opening is the balance less what the kept month moved.
    kept = input.replayedPosted
      ? input.replayedPosted.filter((p) => p.date > horizon)
      : await heldPosted(data, account.id, now, horizon);
    opening = openingBalance(currentCents, amounts(kept), account.account_type);
  } else {
    // The opening plus what is posted after it; what has passed the horizon is folded into it, which
    // leaves the answer as it was (opening + Σ unfolded = folded opening + Σ kept).
    const unfolded = input.replayedPosted
      ? input.replayedPosted.filter((p) => through === undefined || p.date > through)
      : await heldPosted(data, account.id, now, through);
    kept = unfolded.filter((p) => p.date > horizon);
    opening = foldIntoOpening(
      known,
      amounts(unfolded.filter((p) => p.date <= horizon)),
      account.account_type,
    );
  }
  const checked = validateBalance(currentCents, amounts(kept), account.account_type, opening);
  return {
    balance_check_opening: opening,
    balance_check_opening_through: horizon,
    balance_check: {
      valid: checked.valid,
      difference: checked.differenceCents,
      transactions_total: checked.transactionsTotalCents,
      checked_at: input.checkedAt,
    },
  };
}

const amounts = (posted: PostedAmount[]): number[] => posted.map((p) => p.amount);

/** A raw copy as the sync is about to write it (mapping.ts rawTransactionRecord). */
interface RawCopy {
  plaid_transaction_id: string;
  account_id: string;
  date: string;
  amount: number;
  pending?: boolean;
}

/** What a copy adds to an opening folded through `through`: its amount when posted on or before it. */
const foldedShare = (copy: Pick<RawCopy, 'date' | 'amount' | 'pending'>, through: string): number =>
  copy.pending !== true && copy.date <= through ? copy.amount : 0;

/**
 * A sync from a stored cursor that adds, corrects or removes a transaction the opening already counts
 * (dated on or before its `through`: a late posting, a bank's correction) would leave the opening wrong
 * for good, so that account's check starts afresh (the opening is inferred again from the balance and
 * the month kept). A correction that leaves the counted amount as it was (a merchant recognised) changes
 * nothing; one whose earlier copy has expired cannot be told apart, so it starts afresh too. The opening
 * is dropped before the sync writes its rows, so a sync that stops halfway still starts afresh on its
 * next attempt. Returns the ids of the accounts whose opening was dropped.
 */
export async function dropOpeningsTouched(
  data: Data,
  accounts: Account[],
  changes: { added: RawCopy[]; modified: RawCopy[]; removed: Array<{ id: string; accountId: string }> },
  now: Date,
): Promise<Set<string>> {
  const throughOf = new Map(
    accounts.flatMap((a) =>
      a.balance_check_opening !== undefined && a.balance_check_opening_through !== undefined
        ? [[a.id, a.balance_check_opening_through] as const]
        : [],
    ),
  );
  if (throughOf.size === 0) return new Set();
  const asked = [
    ...new Set([...changes.modified.map((c) => c.plaid_transaction_id), ...changes.removed.map((r) => r.id)]),
  ];
  const held = new Map<string, RawCopy>();
  const nowSeconds = epochSeconds(now);
  for (let i = 0; i < asked.length; i += 100) {
    const { data: rows } = await data.plaidTransactionsRaw
      .get(asked.slice(i, i + 100).map((id) => ({ plaid_transaction_id: id })))
      .go({
        attributes: ['plaid_transaction_id', 'account_id', 'date', 'amount', 'pending', 'payload', 'ttl'],
      });
    for (const row of rows) {
      if (row.ttl !== undefined && row.ttl <= nowSeconds) continue;
      const pending = row.pending ?? (row.payload as { pending?: boolean } | undefined)?.pending;
      held.set(row.plaid_transaction_id, { ...row, pending });
    }
  }
  const touched = new Set<string>();
  // Shares before and after the change; NaN (an earlier copy no longer held) never matches.
  const consider = (
    accountId: string,
    before: (through: string) => number,
    after: (through: string) => number,
  ) => {
    const through = throughOf.get(accountId);
    if (through !== undefined && before(through) !== after(through)) touched.add(accountId);
  };
  const shareOf = (copy: RawCopy | undefined) => (through: string) =>
    copy === undefined ? Number.NaN : foldedShare(copy, through);
  for (const copy of changes.added) consider(copy.account_id, () => 0, shareOf(copy));
  for (const copy of changes.modified)
    consider(copy.account_id, shareOf(held.get(copy.plaid_transaction_id)), shareOf(copy));
  for (const removed of changes.removed) consider(removed.accountId, shareOf(held.get(removed.id)), () => 0);
  await Promise.all(
    [...touched].map((id) =>
      data.connectedAccounts
        .patch({ id })
        .remove(['balance_check_opening', 'balance_check_opening_through'])
        .go(),
    ),
  );
  return touched;
}
