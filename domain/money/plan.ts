// Plan generation: recurring streams become money_plan_transactions for today through
// 730 days, and regeneration is a pure merge that never duplicates an item, never resurrects one the
// user deleted and never overwrites one the user edited. Ids derive from the stream and the occurrence's
// nominal date, so regenerating finds the same item again.
import { roundCents, type Cents } from './cents.ts';
import { formatDay, parseDay } from './dates.ts';
import type { CategoryRef, RecurringStream } from './recurring.ts';
import { monthAmount, plannedAmount } from './planned-amount.ts';
import { occurrencesBetween, type Schedule } from './schedule.ts';

/** spec §9: running balances and the plan cover today plus 730 days. */
export const PLAN_HORIZON_DAYS = 730;
/** Streams below this confidence are shown on the Money Plan as suggestions, not planned. */
export const MIN_PLAN_CONFIDENCE = 0.5;

/**
 * A money_plan_transactions item (spec §3) as the engine reads it. `amount` is integer cents with the
 * cash-flow sign: positive = money into the account (income), negative = money out (bills). This is the
 * opposite of Plaid's transaction sign; `flowFromPlaid` converts.
 */
export interface PlanItem {
  readonly id: string;
  readonly account_id: string | null;
  readonly due_date: string;
  readonly amount: Cents;
  readonly description: string;
  readonly personal_finance_category?: CategoryRef | null;
  readonly category_primary?: string | null;
  readonly category_detailed?: string | null;
  readonly series_id?: string | null;
  readonly is_generated?: boolean;
  readonly is_user_edited?: boolean;
  readonly is_user_deleted?: boolean;
  readonly is_reconciled?: boolean;
  readonly reconciled_transaction_id?: string | null;
}

/** The fields plan generation owns; everything else on a stored item belongs to the user or to sync. */
export interface GeneratedPlanItem {
  readonly id: string;
  readonly series_id: string;
  readonly account_id: string | null;
  readonly due_date: string;
  readonly amount: Cents;
  readonly description: string;
  readonly personal_finance_category: CategoryRef | null;
  readonly category_primary: string | null;
  readonly category_detailed: string | null;
  readonly is_generated: true;
}

/** Plaid's sign (positive = money out) to the plan's cash-flow sign (positive = money in). */
export function flowFromPlaid(plaidAmount: Cents): Cents {
  return plaidAmount === 0 ? 0 : -plaidAmount;
}

export { plannedAmount } from './planned-amount.ts';

/** The planned cash flow of one occurrence of a stream (`plannedAmount`). */
export function streamFlow(
  stream: Pick<RecurringStream, 'direction' | 'amount' | 'kind'> & { readonly next_nominal_date?: string },
): Cents {
  const amount = plannedAmount(stream);
  return stream.direction === 'inflow' ? amount : -amount;
}

// FNV-1a, twice with different offsets: 64 bits of a stable, dependency-free hash for ids.
function fnv1a(text: string, offset: number): string {
  let h = offset >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

function stableHash(text: string): string {
  return fnv1a(text, 0x811c9dc5) + fnv1a(text, 0x2f3b6d1a);
}

/** The series of a stream within a financial profile: the same stream always yields the same id. */
export function seriesIdOf(profileId: string, streamKey: string): string {
  return `rs_${stableHash(`${profileId}|${streamKey}`)}`;
}

/** One occurrence of a series is named by the series and the schedule's own (unshifted) date. */
export function planItemId(seriesId: string, nominalDate: string): string {
  return `${seriesId}-${nominalDate}`;
}

/** A repeating planned item: a detected stream, or a user's own repeating entry. */
export interface PlanSeries {
  readonly series_id: string;
  readonly schedule: Schedule;
  /** Cash-flow sign (see PlanItem). */
  readonly amount: Cents;
  readonly description: string;
  readonly account_id: string | null;
  readonly category: CategoryRef | null;
  /** No occurrence before this nominal date (the stream's next one; a user series' first one). */
  readonly starts: string;
  /** A seasonal bill's amount (cash-flow sign) by the calendar month of the nominal date. */
  readonly amount_by_month?: readonly (Cents | null)[];
}

export interface SeriesOccurrence {
  readonly id: string;
  readonly nominal_date: string;
  readonly due_date: string;
}

/** Occurrences of a series due in [from, to], named by `planItemId`. */
export function expandSeries(series: PlanSeries, from: string, to: string): SeriesOccurrence[] {
  return occurrencesBetween(series.schedule, from, to)
    .filter((o) => o.nominal_date >= series.starts)
    .map((o) => ({ id: planItemId(series.series_id, o.nominal_date), ...o }));
}

export function seriesOfStream(profileId: string, stream: RecurringStream): PlanSeries {
  return {
    series_id: seriesIdOf(profileId, stream.key),
    schedule: stream.schedule,
    amount: streamFlow(stream),
    description: stream.merchant,
    account_id: stream.account_id,
    category: stream.category,
    starts: stream.next_nominal_date,
    ...(stream.kind === 'bill' && stream.amount.by_month
      ? {
          amount_by_month: stream.amount.by_month.map((a) =>
            a === null ? null : stream.direction === 'inflow' ? a : -a,
          ),
        }
      : {}),
  };
}

/** What one occurrence of a series is planned at: its month's amount for a seasonal bill. */
function occurrenceAmount(series: PlanSeries, nominalDate: string): Cents {
  return monthAmount(series.amount_by_month, nominalDate) ?? series.amount;
}

export interface GeneratePlanInput {
  readonly profile_id: string;
  readonly streams: readonly RecurringStream[];
  /** Today's calendar date in the profile's time zone. */
  readonly today: string;
  readonly horizon_days?: number;
  readonly min_confidence?: number;
}

function generatedItem(
  series: PlanSeries,
  id: string,
  dueDate: string,
  nominalDate: string,
): GeneratedPlanItem {
  return {
    id,
    series_id: series.series_id,
    account_id: series.account_id,
    due_date: dueDate,
    amount: roundCents(occurrenceAmount(series, nominalDate)),
    description: series.description,
    personal_finance_category: series.category,
    category_primary: series.category?.primary ?? null,
    category_detailed: series.category?.detailed ?? null,
    is_generated: true,
  };
}

/**
 * Planned items for today through `horizon_days` from active streams at or above `min_confidence`,
 * ordered by due date then id. An occurrence that is late (its due date passed, within the stream's
 * date tolerance, and nothing has posted yet) is planned for today rather than dropped: it is still
 * expected, and dropping it would overstate the balance.
 */
export function generatePlan(input: GeneratePlanInput): GeneratedPlanItem[] {
  const today = parseDay(input.today);
  const horizon = input.horizon_days ?? PLAN_HORIZON_DAYS;
  const end = formatDay(today + horizon);
  const minConfidence = input.min_confidence ?? MIN_PLAN_CONFIDENCE;
  const byId = new Map<string, GeneratedPlanItem>();
  for (const stream of input.streams) {
    if (stream.status !== 'active' || stream.confidence < minConfidence) continue;
    const series = seriesOfStream(input.profile_id, stream);
    if (stream.late) {
      const id = planItemId(series.series_id, stream.late.nominal_date);
      byId.set(id, generatedItem(series, id, input.today, stream.late.nominal_date));
    }
    for (const o of expandSeries(series, input.today, end)) {
      if (!byId.has(o.id)) byId.set(o.id, generatedItem(series, o.id, o.due_date, o.nominal_date));
    }
  }
  return [...byId.values()].sort((a, b) =>
    a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
}

type GeneratedField =
  'account_id' | 'due_date' | 'amount' | 'description' | 'category_primary' | 'category_detailed';
const GENERATED_FIELDS: readonly GeneratedField[] = [
  'account_id',
  'due_date',
  'amount',
  'description',
  'category_primary',
  'category_detailed',
];

export type PlanItemChanges = Partial<Pick<GeneratedPlanItem, GeneratedField | 'personal_finance_category'>>;

export interface PlanChanges {
  readonly create: readonly GeneratedPlanItem[];
  readonly update: ReadonlyArray<{ readonly id: string; readonly changes: PlanItemChanges }>;
  /** Ids of generated items no stream expects any more. */
  readonly delete: readonly string[];
}

export interface MergeOptions {
  /**
   * The window the generation covered (today … today + horizon): only generated items due in it can be
   * deleted, so past occurrences stay in the calendar's history.
   */
  readonly from: string;
  readonly to: string;
  /** Series the user removed as a whole: none of their occurrences are created again. */
  readonly suppressed_series?: ReadonlySet<string>;
}

function sameCategory(a: CategoryRef | null | undefined, b: CategoryRef | null | undefined): boolean {
  return (a?.primary ?? null) === (b?.primary ?? null) && (a?.detailed ?? null) === (b?.detailed ?? null);
}

/** An item the merge must leave exactly as it is: the user's decision or a settled occurrence. */
function isFrozen(item: PlanItem): boolean {
  return Boolean(item.is_user_deleted || item.is_user_edited || item.is_reconciled || !item.is_generated);
}

/**
 * The writes that turn `existing` (the stored items of the accounts that were regenerated) into the
 * generated plan. Items the user deleted (tombstones), edited or created, and reconciled items, are
 * never changed, recreated or deleted; merging the same generation twice yields no changes.
 */
export function mergePlan(
  existing: readonly PlanItem[],
  generated: readonly GeneratedPlanItem[],
  options: MergeOptions,
): PlanChanges {
  const stored = new Map(existing.map((item) => [item.id, item]));
  const wanted = new Set<string>();
  const create: GeneratedPlanItem[] = [];
  const update: Array<{ id: string; changes: PlanItemChanges }> = [];
  for (const item of generated) {
    if (options.suppressed_series?.has(item.series_id)) continue;
    wanted.add(item.id);
    const current = stored.get(item.id);
    if (!current) {
      create.push(item);
      continue;
    }
    if (isFrozen(current)) continue;
    const changes: Record<string, unknown> = {};
    for (const field of GENERATED_FIELDS) {
      if ((current[field] ?? null) !== item[field]) changes[field] = item[field];
    }
    if (!sameCategory(current.personal_finance_category, item.personal_finance_category)) {
      changes.personal_finance_category = item.personal_finance_category;
    }
    if (Object.keys(changes).length > 0) update.push({ id: item.id, changes: changes as PlanItemChanges });
  }
  const remove = existing
    .filter(
      (item) =>
        !wanted.has(item.id) &&
        !isFrozen(item) &&
        item.due_date >= options.from &&
        item.due_date <= options.to,
    )
    .map((item) => item.id);
  return { create, update, delete: remove };
}

/** Applies merge output to a list of items (what storage does), for tests and in-memory previews. */
export function applyPlanChanges(existing: readonly PlanItem[], changes: PlanChanges): PlanItem[] {
  const removed = new Set(changes.delete);
  const updates = new Map(changes.update.map((u) => [u.id, u.changes]));
  const kept = existing
    .filter((item) => !removed.has(item.id))
    .map((item) => {
      const patch = updates.get(item.id);
      return patch ? { ...item, ...patch } : item;
    });
  return [...kept, ...changes.create];
}
