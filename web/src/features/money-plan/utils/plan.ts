// Pure helpers of the Money Plan: streams grouped by kind (income, bills, subscriptions, transfers),
// the one-off items listed apart, cadence wording, the monthly totals worked out from the planned
// streams (the server's summary is preferred when present; this is the same rule, for rows the user has
// just changed), and what undoes an edit.
import { PLAID_PRIMARY_GROUPS } from '@domain/taxonomy.ts';
import type {
  PlanItem,
  PlanItemPatch,
  PlanSummary,
  Stream,
  StreamKind,
} from '../../../lib/money-plan-api.ts';

export const kindOrder: readonly StreamKind[] = ['income', 'bill', 'subscription', 'transfer'];

export const kindTitles: Record<StreamKind, string> = {
  income: 'Income',
  bill: 'Bills',
  subscription: 'Subscriptions',
  transfer: 'Transfers',
};

const cadenceWords: Record<string, string> = {
  weekly: 'Weekly',
  biweekly: 'Every two weeks',
  'semi-monthly': 'Twice a month',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

export function cadenceLabel(cadence: string): string {
  return cadenceWords[cadence] ?? cadence;
}

/** Order of ISO dates (YYYY-MM-DD), as localeCompare would give it. Not localeCompare itself: its first
 * call builds a collator, ≈ 100 ms of a 4×-throttled CPU while /plan first renders. */
const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The rows of each section: planned streams and suggestions, without the ones the user removed. */
export function groupStreams(streams: readonly Stream[]): Record<StreamKind, Stream[]> {
  const groups: Record<StreamKind, Stream[]> = { income: [], bill: [], subscription: [], transfer: [] };
  for (const stream of streams) {
    if (stream.is_suppressed || stream.status === 'ended') continue;
    groups[stream.kind].push(stream);
  }
  for (const kind of kindOrder)
    groups[kind].sort((a, b) => byCodeUnit(a.next_date ?? '9999', b.next_date ?? '9999'));
  return groups;
}

/** Monthly totals of the planned streams: positive numbers; left after bills = income − bills − subscriptions. */
export function monthlyTotals(streams: readonly Stream[]): PlanSummary {
  const sum = { income: 0, bills: 0, subscriptions: 0, transfers_in: 0, transfers_out: 0 };
  for (const s of streams) {
    if (!s.is_planned || s.is_suppressed || s.status !== 'active') continue;
    const monthly = Math.round(Math.abs(s.monthly_amount));
    if (s.kind === 'income') sum.income += monthly;
    else if (s.kind === 'bill') sum.bills += monthly;
    else if (s.kind === 'subscription') sum.subscriptions += monthly;
    else if (s.monthly_amount >= 0) sum.transfers_in += monthly;
    else sum.transfers_out += monthly;
  }
  return { ...sum, left_after_bills: sum.income - sum.bills - sum.subscriptions };
}

/** A Plaid category as a short label: the detailed name without its primary ("INCOME_WAGES" → "Wages"). */
export function categoryLabel(
  category: { primary?: string; detailed?: string } | null | undefined,
): string | null {
  if (!category?.detailed) return null;
  const { primary = '', detailed } = category;
  const rest = primary && detailed.startsWith(`${primary}_`) ? detailed.slice(primary.length + 1) : detailed;
  const words = rest.toLowerCase().replace(/_/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : null;
}

/** The one-off items to list: not deleted, by date (then description). */
export function oneOffRows(items: readonly PlanItem[]): PlanItem[] {
  return items
    .filter((i) => !i.series_id && !i.is_user_deleted)
    .sort((a, b) => byCodeUnit(a.due_date, b.due_date) || a.description.localeCompare(b.description));
}

/** An item's category as a short label: its detailed one, else its group's name. */
export function itemCategoryLabel(item: PlanItem): string | null {
  const detailed = categoryLabel({
    primary: item.category_primary ?? undefined,
    detailed: item.category_detailed ?? undefined,
  });
  if (detailed) return detailed;
  const primary = item.category_primary;
  return primary && primary in PLAID_PRIMARY_GROUPS
    ? PLAID_PRIMARY_GROUPS[primary as keyof typeof PLAID_PRIMARY_GROUPS]
    : null;
}

/**
 * The write that undoes an edit of `before`: an edit that gave it a new schedule is undone by restoring
 * the item it replaced (with its series, for a repeating one); any other by writing back the fields it
 * changed, with the same scope.
 */
export function undoOfEdit(
  before: PlanItem,
  patch: PlanItemPatch,
  replacedItemId: string | null,
): { id: string; patch: PlanItemPatch } {
  if (replacedItemId)
    return {
      id: replacedItemId,
      patch: { is_user_deleted: false, scope: before.series_id ? 'series' : 'this' },
    };
  const back: PlanItemPatch = { scope: patch.scope ?? 'this' };
  if (patch.description !== undefined) back.description = before.description;
  if (patch.amount !== undefined) back.amount = before.amount;
  if (patch.due_date !== undefined) back.due_date = before.due_date;
  if (patch.account_id !== undefined) back.account_id = before.account_id;
  if (patch.category !== undefined)
    back.category = before.category_primary
      ? {
          primary: before.category_primary,
          ...(before.category_detailed ? { detailed: before.category_detailed } : {}),
        }
      : null;
  return { id: before.id, patch: back };
}
