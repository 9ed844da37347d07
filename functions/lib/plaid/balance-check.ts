// spec §5 balance validation, run on the server after each sync: does the bank's balance agree, within
// one currency unit, with the raw transactions we hold for the account? A bank shows a window of history
// (24 months), not the account's whole life, so the balance before that window is inferred once, when
// the whole window has first arrived, and each later sync checks the window against it
// (docs/decisions.md). Only posted transactions count: pending ones have not moved Plaid's `current`.
import type { EntityItem } from 'electrodb';
import { balanceCheckApplies, openingBalance, validateBalance } from '../../../domain/balance-validation.ts';
import type { Data } from '../data/index.ts';

type Account = EntityItem<Data['connectedAccounts']>;

export interface BalanceCheckFields {
  balance_check_opening?: number;
  balance_check?: { valid: boolean; difference: number; transactions_total: number; checked_at: string };
}

export interface BalanceCheckInput {
  /** The provider's current balance in cents, as this sync reported it. */
  currentCents: number | undefined;
  /** The account's posted raw amounts when this sync replayed its whole history (no read needed). */
  replayedPosted: number[] | undefined;
  /** The sync touched the account's transactions or moved its balance. */
  changed: boolean;
  /** The provider has delivered the whole window of history. */
  historicalComplete: boolean;
  checkedAt: string;
}

/** The posted raw amounts we hold for an account (Plaid's sign, cents). */
async function heldPostedAmounts(data: Data, accountId: string): Promise<number[]> {
  const { data: rows } = await data.plaidTransactionsRaw.query
    .byAccountDate({ account_id: accountId })
    .go({ pages: 'all', attributes: ['amount', 'payload'] });
  return rows
    .filter((row) => (row.payload as { pending?: boolean } | undefined)?.pending !== true)
    .map((row) => row.amount);
}

/** The fields to set on the account with the sync's balance update (none when nothing is to check). */
export async function balanceCheckFields(
  data: Data,
  account: Account,
  input: BalanceCheckInput,
): Promise<BalanceCheckFields> {
  const { currentCents } = input;
  if (currentCents === undefined || !balanceCheckApplies(account.account_type)) return {};
  const known = account.balance_check_opening;
  if (known === undefined && !input.historicalComplete) return {};
  if (known !== undefined && !input.changed && account.balance_check) {
    // Neither the balance nor the transactions moved: the last result still holds.
    return { balance_check: { ...account.balance_check, checked_at: input.checkedAt } };
  }
  const posted = input.replayedPosted ?? (await heldPostedAmounts(data, account.id));
  const opening = known ?? openingBalance(currentCents, posted, account.account_type);
  const result = validateBalance(currentCents, posted, account.account_type, opening);
  return {
    ...(known === undefined ? { balance_check_opening: opening } : {}),
    balance_check: {
      valid: result.valid,
      difference: result.differenceCents,
      transactions_total: result.transactionsTotalCents,
      checked_at: input.checkedAt,
    },
  };
}
