// Reconciliation: an actual transaction that matches a planned occurrence marks it
// reconciled, one to one, so the forecast stops counting it (spec §5). Every match carries the reasons
// shown to the user, and can be undone.
import { formatCents, roundCents, type Cents } from './cents.ts';
import { parseDay } from './dates.ts';
import { normalizeMerchant, payeeName } from './merchant.ts';
import { flowFromPlaid, seriesIdOf, type PlanItem } from './plan.ts';
import { isTransferLike, type CategoryRef, type RecurringStream, type StreamAmount } from './recurring.ts';
import type { Cadence } from './schedule.ts';

export interface ReconcileTransaction {
  readonly id: string;
  readonly account_id: string;
  readonly date: string;
  /** Plaid's sign: positive = money out. */
  readonly amount: Cents;
  readonly name: string;
  readonly merchant_name?: string | null;
  /** Pending transactions are not matched: Plaid replaces them with a posted one under a new id. */
  readonly pending?: boolean;
  readonly personal_finance_category?: Partial<CategoryRef> | null;
}

/** What is known about the stream behind a generated series; widens its tolerances. */
export interface SeriesHint {
  readonly cadence: Cadence;
  readonly amount: Pick<StreamAmount, 'mad' | 'variable'>;
  readonly merchant_key: string;
}

/** Hints for every stream's series in a profile, for `reconcile`'s options. */
export function seriesHints(profileId: string, streams: readonly RecurringStream[]): Map<string, SeriesHint> {
  return new Map(
    streams.map((s) => [
      seriesIdOf(profileId, s.key),
      { cadence: s.cadence, amount: s.amount, merchant_key: s.merchant_key },
    ]),
  );
}

export interface MatchTolerance {
  /** Largest |actual − planned| in cents. */
  readonly amount: Cents;
  /** Largest |posted date − due date| in days. */
  readonly days: number;
}

export const RECONCILE_RULES = {
  /** Without anything known about the item: within 5 % or $2, whichever is larger… */
  amountShare: 0.05,
  amountFloor: 200,
  /** …and 3 days either side of the due date. */
  days: 3,
  /**
   * A detected series knows its payee: another payee's charge is taken for it only at (almost) the
   * planned amount, within 1 % or $2 — rent paid by check, not a card payment of a similar size.
   */
  otherPayeeShare: 0.01,
  /** A series' window follows its cadence: weekly charges must not match the next week's item. */
  daysByCadence: {
    weekly: 2,
    biweekly: 3,
    'semi-monthly': 3,
    monthly: 4,
    quarterly: 5,
    yearly: 7,
  } satisfies Record<Cadence, number>,
  /** A variable series from the same payee may differ by this many MADs (utilities vary ±30 %). */
  variableMads: 3,
} as const;

export interface Match {
  readonly planned_id: string;
  readonly transaction_id: string;
  /** Posted date minus due date (negative = early). */
  readonly day_difference: number;
  /** |actual − planned| in cents. */
  readonly amount_difference: Cents;
  readonly same_payee: boolean;
  readonly reasons: readonly string[];
  /** The write that records the match on the planned item. */
  readonly patch: { readonly is_reconciled: true; readonly reconciled_transaction_id: string };
}

export interface RejectedPair {
  readonly planned_id: string;
  readonly transaction_id: string;
}

export interface ReconcileOptions {
  /** Hints by series_id (see `seriesHintOf`). */
  readonly series?: ReadonlyMap<string, SeriesHint>;
  /** Pairs a user unmatched: never proposed again. */
  readonly rejected?: Iterable<RejectedPair>;
}

/** The planned-item fields reconciliation reads (a stored PlanItem has them all). */
export type ReconcilePlanned = Pick<
  PlanItem,
  | 'id'
  | 'account_id'
  | 'due_date'
  | 'amount'
  | 'description'
  | 'series_id'
  | 'is_reconciled'
  | 'is_user_deleted'
  | 'reconciled_transaction_id'
> &
  Partial<Pick<PlanItem, 'personal_finance_category' | 'category_primary' | 'category_detailed'>>;

/** A planned item's category: the one it was generated with, or the one its owner chose. */
function categoryOf(item: ReconcilePlanned): CategoryRef | null {
  if (item.personal_finance_category) return item.personal_finance_category;
  if (!item.category_primary) return null;
  return { primary: item.category_primary, detailed: item.category_detailed ?? '' };
}

export function toleranceFor(
  item: ReconcilePlanned,
  hint: SeriesHint | undefined,
  samePayee: boolean,
): MatchTolerance {
  const rules = RECONCILE_RULES;
  const share = hint && !samePayee ? rules.otherPayeeShare : rules.amountShare;
  const base = Math.max(roundCents(Math.abs(item.amount) * share), rules.amountFloor);
  const amount =
    hint?.amount.variable && samePayee ? Math.max(base, rules.variableMads * hint.amount.mad) : base;
  return { amount, days: hint ? rules.daysByCadence[hint.cadence] : rules.days };
}

interface Candidate {
  readonly item: ReconcilePlanned;
  readonly tx: ReconcileTransaction;
  readonly days: number;
  readonly amountDiff: Cents;
  readonly samePayee: boolean;
}

function explain(c: Candidate): string[] {
  const { item, tx, days, amountDiff } = c;
  const actual = flowFromPlaid(tx.amount);
  return [
    item.account_id === null ? 'Planned for any account' : 'Same account',
    ...(c.samePayee ? [`Same payee (${payeeName(tx)})`] : []),
    days === 0
      ? 'Posted on the due date'
      : `Posted ${Math.abs(days)} day${Math.abs(days) === 1 ? '' : 's'} ${days < 0 ? 'before' : 'after'} the due date`,
    amountDiff === 0
      ? `Amount ${formatCents(Math.abs(actual))} as planned`
      : `Amount ${formatCents(Math.abs(actual))}, ${formatCents(amountDiff)} from the planned ${formatCents(Math.abs(item.amount))}`,
  ];
}

/**
 * The transactions planned items hold: those matched to an item that is not deleted. A deleted item (or
 * one an edit of its repeat replaced) lets go of its transaction, which may then settle another item and
 * counts as ordinary spending again.
 */
export function heldTransactionIds(
  items: Iterable<Pick<PlanItem, 'is_reconciled' | 'is_user_deleted' | 'reconciled_transaction_id'>>,
): Set<string> {
  const held = new Set<string>();
  for (const item of items)
    if (item.is_reconciled && !item.is_user_deleted && item.reconciled_transaction_id)
      held.add(item.reconciled_transaction_id);
  return held;
}

/**
 * Matches posted transactions to open planned items (not reconciled, not deleted): same account (or a
 * planned item with no account), same direction, both transfers or neither, amount and date within
 * tolerance. A transaction already matched to an item that is not deleted is not offered again. One to
 * one: the candidate pairs are taken best first — same payee, then nearest date, then nearest amount —
 * and each item and transaction is used once. Deterministic for any input order.
 */
export function reconcile(
  planned: readonly ReconcilePlanned[],
  transactions: readonly ReconcileTransaction[],
  options: ReconcileOptions = {},
): Match[] {
  const rejected = new Set<string>();
  for (const r of options.rejected ?? []) rejected.add(`${r.planned_id}\u0000${r.transaction_id}`);
  const taken = heldTransactionIds(planned);

  const open = planned.filter((item) => !item.is_reconciled && !item.is_user_deleted && item.amount !== 0);
  const txs = transactions.filter((tx) => !tx.pending && !taken.has(tx.id) && tx.amount !== 0);
  const txDays = new Map(txs.map((tx) => [tx.id, parseDay(tx.date)]));
  const txKeys = new Map(txs.map((tx) => [tx.id, normalizeMerchant(payeeName(tx))]));
  const txTransfers = new Map(
    txs.map((tx) => [
      tx.id,
      isTransferLike(tx.personal_finance_category, txKeys.get(tx.id) ?? '', payeeName(tx)),
    ]),
  );

  const candidates: Candidate[] = [];
  for (const item of open) {
    const due = parseDay(item.due_date);
    const hint = item.series_id ? options.series?.get(item.series_id) : undefined;
    const itemKey = hint?.merchant_key ?? normalizeMerchant(item.description);
    const widest = toleranceFor(item, hint, true);
    // A transfer between the person's own accounts (a card payment, savings) settles a planned transfer,
    // never a bill or a paycheck of a similar size, and the other way round.
    const itemTransfer = isTransferLike(
      categoryOf(item),
      normalizeMerchant(item.description),
      item.description,
    );
    for (const tx of txs) {
      if (item.account_id !== null && item.account_id !== tx.account_id) continue;
      const actual = flowFromPlaid(tx.amount);
      if (Math.sign(actual) !== Math.sign(item.amount)) continue;
      const days = (txDays.get(tx.id) ?? 0) - due;
      if (Math.abs(days) > widest.days) continue;
      if (txTransfers.get(tx.id) !== itemTransfer) continue;
      if (rejected.has(`${item.id}\u0000${tx.id}`)) continue;
      const samePayee = txKeys.get(tx.id) === itemKey;
      const amountDiff = Math.abs(actual - item.amount);
      if (amountDiff > toleranceFor(item, hint, samePayee).amount) continue;
      candidates.push({ item, tx, days, amountDiff, samePayee });
    }
  }
  candidates.sort(
    (a, b) =>
      Number(b.samePayee) - Number(a.samePayee) ||
      Math.abs(a.days) - Math.abs(b.days) ||
      a.amountDiff - b.amountDiff ||
      compare(a.item.due_date, b.item.due_date) ||
      compare(a.item.id, b.item.id) ||
      compare(a.tx.id, b.tx.id),
  );

  const usedItems = new Set<string>();
  const matches: Match[] = [];
  for (const c of candidates) {
    if (usedItems.has(c.item.id) || taken.has(c.tx.id)) continue;
    usedItems.add(c.item.id);
    taken.add(c.tx.id);
    matches.push({
      planned_id: c.item.id,
      transaction_id: c.tx.id,
      day_difference: c.days,
      amount_difference: c.amountDiff,
      same_payee: c.samePayee,
      reasons: explain(c),
      patch: { is_reconciled: true, reconciled_transaction_id: c.tx.id },
    });
  }
  return matches;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Undoes a match: the write that reopens the planned item, and the pair to remember as rejected so the
 * next reconciliation does not make the same match again.
 */
export function unmatch(item: Pick<PlanItem, 'id' | 'reconciled_transaction_id'>): {
  readonly patch: { readonly is_reconciled: false; readonly reconciled_transaction_id: null };
  readonly rejected: RejectedPair | null;
} {
  return {
    patch: { is_reconciled: false, reconciled_transaction_id: null },
    rejected: item.reconciled_transaction_id
      ? { planned_id: item.id, transaction_id: item.reconciled_transaction_id }
      : null,
  };
}

/** Applies matches to planned items (what storage does), for tests and in-memory previews. */
export function applyMatches<T extends ReconcilePlanned>(
  planned: readonly T[],
  matches: readonly Match[],
): T[] {
  const byId = new Map(matches.map((m) => [m.planned_id, m]));
  return planned.map((item) => {
    const m = byId.get(item.id);
    return m ? { ...item, ...m.patch } : item;
  });
}
