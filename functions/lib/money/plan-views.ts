// The public shapes of the Money Plan (spec §3 money_plan_transactions): a planned item and a stream as the
// API answers them, where a series came from, and the monthly summary of streams.
import { addDays } from '../../../domain/money/dates.ts';
import { displayName } from '../../../domain/money/merchant.ts';
import { MIN_PLAN_CONFIDENCE, PLAN_HORIZON_DAYS } from '../../../domain/money/plan.ts';
import {
  monthlyEquivalent,
  type CategoryRef,
  type RecurringStream,
  type StreamKind,
} from '../../../domain/money/recurring.ts';
import {
  describeSchedule,
  occurrencesBetween,
  type Cadence,
  type Schedule,
} from '../../../domain/money/schedule.ts';
import type { StoredPlanItem, StoredSeries, StoredTransaction } from './store.ts';

/** Series-wide edits of a detected stream, applied to the occurrences regeneration plans later. */
export interface SeriesOverrides {
  /** The edit applies to occurrences due on or after this date (the occurrence it was made on). */
  readonly from?: string;
  readonly amount?: number;
  readonly description?: string;
  readonly account_id?: string | null;
  readonly category?: CategoryRef | null;
  readonly money_plan_category_id?: string | null;
}

export interface PublicPlanItem {
  id: string;
  profile_id: string;
  user_id: string;
  account_id: string | null;
  due_date: string;
  /** Integer cents, cash flow: positive = money in, negative = money out. */
  amount: number;
  description: string;
  personal_finance_category: { primary: string | null; detailed: string | null } | null;
  category_primary: string | null;
  category_detailed: string | null;
  money_plan_category_id: string | null;
  series_id: string | null;
  /** Where the series comes from: a detected stream or the user's repeating item; null for a one-off
   * (whose series_id is null too). */
  series_source: 'detected' | 'user' | null;
  /** How its series repeats (the edit form's "Repeats"), when the caller looked the series up. */
  cadence: string | null;
  is_generated: boolean;
  is_user_edited: boolean;
  is_user_deleted: boolean;
  is_reconciled: boolean;
  reconciled_transaction_id: string | null;
  reconciliation: {
    transaction_id: string;
    reasons: string[];
    reconciled_at: string | null;
    transaction: {
      id: string;
      date: string;
      amount: number;
      name: string;
      merchant_name: string | null;
      /** The payee as a person reads it (merchant.ts displayName); `name` keeps the bank's string. */
      display_name: string;
      account_id: string;
    } | null;
  } | null;
  created_at: string;
  updated_at: string;
}

/** Series ids: `rs_…` a detected stream (plan.ts seriesIdOf), `us_…` a user's repeating item; a
 * one-off item is a series of one whose series_id is its own id (`pi_…`), so the by-series index
 * has every item. */
export function seriesSourceOf(seriesId: string | null | undefined): 'detected' | 'user' | null {
  if (seriesId?.startsWith('rs_')) return 'detected';
  if (seriesId?.startsWith('us_')) return 'user';
  return null;
}

/** Each series' cadence by series id, for publicItem. */
export function cadencesOf(series: ReadonlyArray<{ series_id: string; cadence: string }>) {
  return new Map(series.map((s) => [s.series_id, s.cadence]));
}

export function publicItem(
  item: StoredPlanItem,
  transactions?: ReadonlyMap<string, StoredTransaction>,
  cadences?: ReadonlyMap<string, string>,
): PublicPlanItem {
  const pfc = item.personal_finance_category;
  const txId = item.is_reconciled ? (item.reconciled_transaction_id ?? null) : null;
  const tx = txId ? transactions?.get(txId) : undefined;
  return {
    id: item.id,
    profile_id: item.profile_id,
    user_id: item.user_id,
    account_id: item.account_id ?? null,
    due_date: item.due_date,
    amount: item.amount,
    description: item.description,
    personal_finance_category:
      pfc?.primary || pfc?.detailed ? { primary: pfc.primary ?? null, detailed: pfc.detailed ?? null } : null,
    category_primary: item.category_primary ?? null,
    category_detailed: item.category_detailed ?? null,
    money_plan_category_id: item.money_plan_category_id ?? null,
    series_id: seriesSourceOf(item.series_id) ? (item.series_id ?? null) : null,
    series_source: seriesSourceOf(item.series_id),
    cadence: (seriesSourceOf(item.series_id) && cadences?.get(item.series_id ?? '')) || null,
    is_generated: item.is_generated ?? false,
    is_user_edited: item.is_user_edited ?? false,
    is_user_deleted: item.is_user_deleted ?? false,
    is_reconciled: item.is_reconciled ?? false,
    reconciled_transaction_id: txId,
    reconciliation: txId
      ? {
          transaction_id: txId,
          reasons: item.reconciliation_reasons ?? [],
          reconciled_at: item.reconciled_at ?? null,
          transaction: tx
            ? {
                id: tx.id,
                date: tx.date,
                amount: tx.amount,
                name: tx.name,
                merchant_name: tx.merchant_name ?? null,
                display_name: displayName(tx),
                account_id: tx.account_id,
              }
            : null,
        }
      : null,
    created_at: item.created_at,
    updated_at: item.updated_at,
  };
}

export interface PublicStream {
  series_id: string;
  source: 'detected' | 'user';
  account_id: string | null;
  description: string;
  kind: StreamKind;
  direction: 'inflow' | 'outflow';
  cadence: Cadence;
  /** The schedule in words: "every other Friday", "monthly on the 1st". */
  schedule: string;
  /** Cash flow of the next occurrence in cents (positive = money in). */
  amount: number;
  /** The same per month (weekly × 52 / 12 …), for the Money Plan's monthly totals. */
  monthly_amount: number;
  amount_range: { median: number; min: number; max: number; variable: boolean } | null;
  next_date: string | null;
  status: 'active' | 'ended' | 'gone';
  confidence: number;
  /** Its occurrences are in the plan: active, confident enough (≥ 0.5) and not removed by the user. */
  is_planned: boolean;
  is_suppressed: boolean;
  category: CategoryRef | null;
  money_plan_category_id: string | null;
  first_date: string | null;
  last_date: string | null;
  explanation: string[];
  /** The transactions the stream was detected from (Plaid sign: positive = money out), oldest first. */
  transactions: Array<{ id: string; date: string; amount: number; name: string }>;
  detected_at: string | null;
}

export function userSeriesNext(series: StoredSeries, today: string): string | null {
  const until = series.until ?? addDays(today, PLAN_HORIZON_DAYS);
  const from = series.starts > today ? series.starts : today;
  if (from > until) return null;
  return occurrencesBetween(series.schedule as Schedule, from, until)[0]?.due_date ?? null;
}

/** A series' stored category as the engine's reference (a primary is required). */
export function seriesCategory(series: StoredSeries): { primary: string; detailed: string } | null {
  const pfc = series.personal_finance_category;
  return pfc?.primary ? { primary: pfc.primary, detailed: pfc.detailed ?? '' } : null;
}

export function publicStream(series: StoredSeries, today: string): PublicStream {
  const overrides = (series.overrides ?? {}) as SeriesOverrides;
  const stream = series.stream as RecurringStream | undefined;
  const amount = overrides.amount ?? series.amount;
  const cadence = series.cadence as Cadence;
  const category = overrides.category !== undefined ? overrides.category : seriesCategory(series);
  const isUser = series.source === 'user';
  const nextDate = isUser ? userSeriesNext(series, today) : (stream?.next_date ?? null);
  const status = series.status ?? 'active';
  const confidence = isUser ? 1 : (stream?.confidence ?? 0);
  return {
    series_id: series.series_id,
    source: series.source,
    account_id: overrides.account_id !== undefined ? overrides.account_id : (series.account_id ?? null),
    description: overrides.description ?? series.description,
    kind: series.kind,
    direction: amount >= 0 ? 'inflow' : 'outflow',
    cadence,
    schedule: describeSchedule(series.schedule as Schedule),
    amount,
    monthly_amount: monthlyEquivalent(cadence, amount),
    amount_range: stream
      ? {
          median: stream.amount.median,
          min: stream.amount.min,
          max: stream.amount.max,
          variable: stream.amount.variable,
        }
      : null,
    next_date: nextDate,
    status,
    confidence,
    is_planned:
      !series.is_suppressed &&
      nextDate !== null &&
      (isUser || (status === 'active' && confidence >= MIN_PLAN_CONFIDENCE)),
    is_suppressed: series.is_suppressed ?? false,
    category,
    money_plan_category_id:
      overrides.money_plan_category_id !== undefined
        ? overrides.money_plan_category_id
        : (series.money_plan_category_id ?? null),
    first_date: stream?.first_date ?? (isUser ? series.starts : null),
    last_date: stream?.last_date ?? series.until ?? null,
    explanation: isUser
      ? [`Added by you: ${describeSchedule(series.schedule as Schedule)}.`]
      : [...(stream?.explanation ?? [])],
    transactions: (series.transactions ?? []) as PublicStream['transactions'],
    detected_at: series.detected_at ?? null,
  };
}

/**
 * Monthly totals of the planned streams for the Money Plan: income, bills, subscriptions, transfers,
 * and what is left after bills (income − bills − subscriptions; transfers move money between accounts).
 */
export function monthlySummary(streams: readonly PublicStream[]) {
  const sum = (keep: (s: PublicStream) => boolean) =>
    streams.filter((s) => s.is_planned && keep(s)).reduce((total, s) => total + s.monthly_amount, 0);
  const income = sum((s) => s.kind === 'income');
  const bills = -sum((s) => s.kind === 'bill');
  const subscriptions = -sum((s) => s.kind === 'subscription');
  return {
    income,
    bills,
    subscriptions,
    transfers_in: sum((s) => s.kind === 'transfer' && s.amount > 0),
    transfers_out: -sum((s) => s.kind === 'transfer' && s.amount < 0),
    left_after_bills: income - bills - subscriptions,
  };
}

// ── Writing items ──────────────────────────────────────────────────────────────────────────────────
