// Writing planned items: a new item's record and index keys, batched puts, the user's own repeating items
// extended through the horizon, and the announcement of every plan change (PlanChanged, the forecast's
// inputs version).
import { addDays } from '../../../domain/money/dates.ts';
import { PLAN_HORIZON_DAYS, planItemId } from '../../../domain/money/plan.ts';
import type { CategoryRef } from '../../../domain/money/recurring.ts';
import { occurrencesBetween, type Schedule } from '../../../domain/money/schedule.ts';
import type { Data } from '../data/index.ts';
import { markInputsChanged } from './forecast-header.ts';
import {
  batchUntilDone,
  todayOf,
  type MoneyContext,
  type StoredPlanItem,
  type StoredSeries,
} from './store.ts';
import { seriesCategory } from './plan-views.ts';

/** Tells the forecast its inputs changed and announces PlanChanged (every plan write does). */
export async function announcePlanChange(
  ctx: MoneyContext,
  profileId: string,
  userId: string,
  accountIds: readonly string[],
  /** reconcile: a planned item was written, which the consumer matches against transactions first. */
  options: { reconcile?: boolean } = {},
): Promise<void> {
  await markInputsChanged(ctx.data, profileId);
  await ctx.deps.events.publish('PlanChanged', {
    userId,
    profileId,
    accountIds: [...new Set(accountIds)],
    ...(options.reconcile ? { reconcile: true } : {}),
  });
}

// ── Public shapes ──────────────────────────────────────────────────────────────────────────────────

export interface NewItemFields {
  readonly id: string;
  readonly account_id: string | null;
  readonly due_date: string;
  readonly amount: number;
  readonly description: string;
  readonly category: CategoryRef | null;
  readonly money_plan_category_id?: string | null;
  readonly series_id?: string | null;
  readonly is_generated: boolean;
}

export function itemRecord(profileId: string, userId: string, fields: NewItemFields) {
  return {
    id: fields.id,
    profile_id: profileId,
    user_id: userId,
    account_id: fields.account_id ?? undefined,
    due_date: fields.due_date,
    amount: fields.amount,
    description: fields.description,
    personal_finance_category: fields.category
      ? { primary: fields.category.primary, detailed: fields.category.detailed }
      : undefined,
    category_primary: fields.category?.primary || undefined,
    category_detailed: fields.category?.detailed || undefined,
    money_plan_category_id: fields.money_plan_category_id ?? undefined,
    series_id: fields.series_id ?? fields.id,
    is_generated: fields.is_generated,
    is_user_edited: false,
    is_user_deleted: false,
    is_reconciled: false,
  };
}

/** The read-only key parts of an item's indexes, for a write that changes its due date. */
export function indexComposites(item: Pick<StoredPlanItem, 'profile_id' | 'series_id'>) {
  return { profile_id: item.profile_id, series_id: item.series_id ?? '' };
}

export async function putItems(data: Data, records: ReadonlyArray<ReturnType<typeof itemRecord>>) {
  await batchUntilDone(
    records,
    (k) => String(k.id),
    (batch) => data.moneyPlanTransactions.put(batch).go({ concurrency: 8 }),
  );
}

/** Occurrences of a user series due in [from, to] (never before its start or after its end). */
export function userSeriesOccurrences(series: StoredSeries, from: string, to: string) {
  const start = series.starts > from ? series.starts : from;
  const end = series.until && series.until < to ? series.until : to;
  if (start > end) return [];
  return occurrencesBetween(series.schedule as Schedule, start, end)
    .filter((o) => o.nominal_date >= series.starts)
    .map((o) => ({ id: planItemId(series.series_id, o.nominal_date), ...o }));
}

export function userSeriesItem(series: StoredSeries, id: string, dueDate: string): NewItemFields {
  return {
    id,
    account_id: series.account_id ?? null,
    due_date: dueDate,
    amount: series.amount,
    description: series.description,
    category: seriesCategory(series),
    money_plan_category_id: series.money_plan_category_id ?? null,
    series_id: series.series_id,
    is_generated: false,
  };
}

/**
 * Plans the occurrences of the user's repeating items that the moving horizon (today + 730 days) has
 * reached and that do not exist yet. Existing ones — edited, deleted (tombstones) or reconciled — are
 * never touched, so an occurrence the user deleted is not planned again.
 */
export async function extendUserSeries(
  ctx: MoneyContext,
  profileId: string,
  series: readonly StoredSeries[],
  userId: string,
): Promise<number> {
  const today = todayOf(ctx.deps.clock);
  const horizon = addDays(today, PLAN_HORIZON_DAYS);
  let created = 0;
  for (const s of series) {
    if (s.source !== 'user' || s.is_suppressed) continue;
    const wanted = userSeriesOccurrences(s, today, horizon);
    if (wanted.length === 0) continue;
    const { data: stored } = await ctx.data.moneyPlanTransactions.query
      .bySeries({ profile_id: profileId, series_id: s.series_id })
      .go({ pages: 'all', attributes: ['id'] });
    const have = new Set(stored.map((i) => i.id));
    const missing = wanted.filter((o) => !have.has(o.id));
    await putItems(
      ctx.data,
      missing.map((o) => itemRecord(profileId, userId, userSeriesItem(s, o.id, o.due_date))),
    );
    created += missing.length;
  }
  return created;
}

// ── Generating the plan ────────────────────────────────────────────────────────────────────────────
