// Spending by category for a month: what went out, by the taxonomy's groups (spec §5),
// beside what was planned for the month and what went out the month before, across every account. Each
// purchase counts once: a purchase on a card is spending, so the card's payment from checking is not (it
// settles purchases already counted); a loan's payment is spending once, on the account it left (its
// interest and principal leave the household), never again as the payment the loan account received.
// Only spending counts: posted transactions the classification calls expenses, less those two, and
// planned outflows other than transfers, card payments and income. Pending transactions wait until they
// post. Spending is net of its refunds: money back in an expense category (a returned purchase) lowers
// its group's total, as the coach's category totals and month totals count it. Cents, positive for money
// spent.
import {
  CREDIT_CARD_PAYMENT_DETAILED,
  PLAID_PRIMARY_GROUPS,
  type CategoryGroup,
  type PlaidPrimary,
} from '../taxonomy.ts';

export interface SpendingTransaction {
  readonly account_id?: string | undefined;
  /** Plaid's sign: positive is money out of the account, negative money in. */
  readonly amount?: number | undefined;
  readonly pending?: boolean | undefined;
  readonly personal_finance_category?: { readonly detailed?: string | null } | null | undefined;
  readonly classification?:
    | {
        readonly direction?: string;
        readonly normalizedAmount?: number;
        readonly category?: { readonly group?: string };
      }
    | undefined;
}

export interface SpendingPlanItem {
  readonly amount: number;
  readonly category_primary?: string | null | undefined;
  readonly category_detailed?: string | null | undefined;
  readonly is_user_deleted?: boolean | undefined;
}

export interface SpendingDay {
  readonly transactions: readonly SpendingTransaction[];
  readonly planned: readonly SpendingPlanItem[];
}

export interface SpendingRow {
  readonly group: CategoryGroup | 'Uncategorized';
  readonly actual: number;
  readonly planned: number;
  /** The same group's actual spending the month before; null when that month is not known. */
  readonly last_month: number | null;
}

const NOT_SPENDING: ReadonlySet<string> = new Set(['Transfer In', 'Transfer Out', 'Income']);

/** Account id → type ('credit', 'loan', …): tells the payment a debt account received from spending. */
export type AccountTypes = ReadonlyMap<string, string>;

/** Money into a card or loan: the receiving side of a payment, counted where the payment left. */
function isPaymentReceived(t: SpendingTransaction, types: AccountTypes): boolean {
  const type = t.account_id ? types.get(t.account_id) : undefined;
  return (type === 'credit' || type === 'loan') && (t.amount ?? 0) < 0;
}

function actualByGroup(days: readonly SpendingDay[], types: AccountTypes): Map<string, number> {
  const totals = new Map<string, number>();
  for (const day of days)
    for (const t of day.transactions) {
      const c = t.classification;
      if (t.pending || c?.direction !== 'expense') continue;
      if (t.personal_finance_category?.detailed === CREDIT_CARD_PAYMENT_DETAILED) continue;
      if (isPaymentReceived(t, types)) continue;
      const group = c.category?.group ?? 'Uncategorized';
      // Plaid's sign where known (a refund is money in, so it counts against the group's spending).
      const spent = t.amount ?? Math.abs(c.normalizedAmount ?? 0);
      totals.set(group, (totals.get(group) ?? 0) + spent);
    }
  return totals;
}

function groupOfPrimary(primary: string | null | undefined): string {
  return primary && primary in PLAID_PRIMARY_GROUPS
    ? PLAID_PRIMARY_GROUPS[primary as PlaidPrimary]
    : 'Uncategorized';
}

/**
 * The month's spending by group, largest first (by the larger of actual and planned), with the planned
 * outflows of the month (matched or open) and last month's actual spending when `previous` is given.
 */
export function spendingByCategory(
  days: readonly SpendingDay[],
  previous?: readonly SpendingDay[] | null,
  accountTypes: AccountTypes = new Map(),
): SpendingRow[] {
  const actual = actualByGroup(days, accountTypes);
  const planned = new Map<string, number>();
  for (const day of days)
    for (const item of day.planned) {
      if (item.is_user_deleted || item.amount >= 0) continue;
      if (item.category_detailed === CREDIT_CARD_PAYMENT_DETAILED) continue;
      const group = groupOfPrimary(item.category_primary);
      if (NOT_SPENDING.has(group)) continue;
      planned.set(group, (planned.get(group) ?? 0) - item.amount);
    }
  const before = previous ? actualByGroup(previous, accountTypes) : null;
  const groups = new Set([...actual.keys(), ...planned.keys()]);
  return [...groups]
    .map((group) => ({
      group: group as SpendingRow['group'],
      actual: actual.get(group) ?? 0,
      planned: planned.get(group) ?? 0,
      last_month: before ? (before.get(group) ?? 0) : null,
    }))
    .sort(
      (a, b) =>
        Math.max(b.actual, b.planned) - Math.max(a.actual, a.planned) || a.group.localeCompare(b.group),
    );
}
