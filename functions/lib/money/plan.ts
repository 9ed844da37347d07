// The Money Plan on the server (spec §3 money_plan_transactions): 'generate my plan'
// (detect streams in every account's stored history, plan them, merge with what is stored so that
// regeneration never duplicates, never resurrects a deleted item and never overwrites an edited one),
// the user's own repeating items, the public shapes of items and streams, and the announcement of every
// plan change (PlanChanged, and the forecast's inputs version).
import { planFromStatements, statementTerms } from '../../../domain/money/statements.ts';
import { addDays } from '../../../domain/money/dates.ts';
import { displayName } from '../../../domain/money/merchant.ts';
import {
  generatePlan,
  mergePlan,
  MIN_PLAN_CONFIDENCE,
  PLAN_HORIZON_DAYS,
  planItemId,
  seriesIdOf,
  streamFlow,
  type GeneratedPlanItem,
  type PlanItemChanges,
} from '../../../domain/money/plan.ts';
import {
  detectRecurring,
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
import type { Data } from '../data/index.ts';
import { markInputsChanged, type ForecastInputs } from './forecast-store.ts';
import { reconcileProfile } from './reconciliation.ts';
import {
  accountHistory,
  activeAccounts,
  batchUntilDone,
  inParallel,
  isConditionFailure,
  planItemsBetween,
  profileSeries,
  todayOf,
  toPlanItem,
  type MoneyContext,
  type StoredPlanItem,
  type StoredSeries,
  type StoredTransaction,
} from './store.ts';

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

/** The transactions reconciled with `items`, by id (one batch read), for `publicItem`. */
export async function reconciledTransactions(
  data: Data,
  items: readonly StoredPlanItem[],
): Promise<Map<string, StoredTransaction>> {
  const ids = [
    ...new Set(
      items.flatMap((i) =>
        i.is_reconciled && i.reconciled_transaction_id ? [i.reconciled_transaction_id] : [],
      ),
    ),
  ];
  if (ids.length === 0) return new Map();
  const { data: found } = await data.transactions.get(ids.map((id) => ({ id }))).go();
  return new Map(found.map((t) => [t.id, t]));
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

function userSeriesNext(series: StoredSeries, today: string): string | null {
  const until = series.until ?? addDays(today, PLAN_HORIZON_DAYS);
  const from = series.starts > today ? series.starts : today;
  if (from > until) return null;
  return occurrencesBetween(series.schedule as Schedule, from, until)[0]?.due_date ?? null;
}

/** A series' stored category as the engine's reference (a primary is required). */
function seriesCategory(series: StoredSeries): { primary: string; detailed: string } | null {
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

function userSeriesItem(series: StoredSeries, id: string, dueDate: string): NewItemFields {
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

function applyOverrides(item: GeneratedPlanItem, overrides: SeriesOverrides | undefined): GeneratedPlanItem {
  if (!overrides || (overrides.from && item.due_date < overrides.from)) return item;
  const category = overrides.category !== undefined ? overrides.category : item.personal_finance_category;
  return {
    ...item,
    amount: overrides.amount ?? item.amount,
    description: overrides.description ?? item.description,
    account_id: overrides.account_id !== undefined ? overrides.account_id : item.account_id,
    personal_finance_category: category,
    category_primary: category?.primary ?? null,
    category_detailed: category?.detailed || null,
  };
}

function compactTransactions(
  stream: RecurringStream,
  byId: ReadonlyMap<string, { date: string; amount: number; name: string }>,
) {
  return stream.transaction_ids.flatMap((id) => {
    const t = byId.get(id);
    return t ? [{ id, date: t.date, amount: t.amount, name: t.name }] : [];
  });
}

function changeSet(changes: PlanItemChanges): { set: Record<string, unknown>; remove: string[] } {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [field, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') remove.push(field);
    else set[field] = value;
  }
  return { set, remove };
}

export interface GenerateResult {
  readonly generated_at: string;
  readonly today: string;
  readonly accounts: number;
  readonly created: number;
  readonly updated: number;
  readonly deleted: number;
  /** Occurrences of the user's repeating items newly planned as the horizon moved. */
  readonly extended: number;
  readonly reconciled: number;
  readonly streams: PublicStream[];
  /** What generation read, for the forecast that follows it (not part of the response). */
  readonly inputs: ForecastInputs;
}

/**
 * 'Generate my plan': detects the recurring streams of every active account of the
 * profile from its stored transactions, plans them for today + 730 days, and merges the result with
 * the stored items of those accounts only (mergePlan's rules: user-deleted, edited, user-created and
 * reconciled items are never changed). Stores the streams for the Money Plan, extends the user's
 * repeating items, then reconciles. The caller announces the change.
 */
export async function generateProfilePlan(
  ctx: MoneyContext,
  profileId: string,
  userId: string,
  /** Told as it moves from reading the history to finding streams and to writing the plan (a job's steps). */
  onStep: (step: 'finding' | 'planning') => Promise<void> = async () => undefined,
): Promise<GenerateResult> {
  const { data, deps } = ctx;
  const today = todayOf(deps.clock);
  const horizon = addDays(today, PLAN_HORIZON_DAYS);
  const accounts = await activeAccounts(data, profileId);
  const perAccount = await Promise.all(accounts.map((a) => accountHistory(data, a.id)));
  const histories = perAccount.flat();
  await onStep('finding');
  const streams = detectRecurring(histories, {
    today,
    account_types: Object.fromEntries(accounts.map((a) => [a.id, a.account_type])),
  });
  const series = await profileSeries(data, profileId);
  const seriesById = new Map(series.map((s) => [s.series_id, s]));
  const suppressed = new Set(series.filter((s) => s.is_suppressed).map((s) => s.series_id));
  // Card and loan payments from the bank's statements where sync has them.
  const { plan: planned } = planFromStatements({
    profile_id: profileId,
    today,
    horizon_days: PLAN_HORIZON_DAYS,
    plan: generatePlan({ profile_id: profileId, streams, today }),
    streams,
    transactions: histories,
    ...statementTerms(accounts),
  });
  const generated = planned.map((item) =>
    applyOverrides(item, seriesById.get(item.series_id)?.overrides as SeriesOverrides | undefined),
  );
  const accountIds = new Set(accounts.map((a) => a.id));
  // Late occurrences keep their id (named by the nominal date) while due today: look back a cadence.
  // The stored items of those accounts, and detected-series items a series-wide edit moved to no
  // account: a generated id must always find its stored item, or the write would replace a tombstone.
  const existing = (await planItemsBetween(data, profileId, addDays(today, -62), horizon)).filter((item) =>
    item.account_id ? accountIds.has(item.account_id) : seriesSourceOf(item.series_id) === 'detected',
  );
  const merge = mergePlan(existing.map(toPlanItem), generated, {
    from: today,
    to: horizon,
    suppressed_series: suppressed,
  });
  await onStep('planning');

  const overridesOf = (seriesId: string) =>
    seriesById.get(seriesId)?.overrides as SeriesOverrides | undefined;
  await putItems(
    data,
    merge.create.map((item) =>
      itemRecord(profileId, userId, {
        id: item.id,
        account_id: item.account_id,
        due_date: item.due_date,
        amount: item.amount,
        description: item.description,
        category: item.personal_finance_category,
        money_plan_category_id: overridesOf(item.series_id)?.money_plan_category_id ?? null,
        series_id: item.series_id,
        is_generated: true,
      }),
    ),
  );
  // Conditional: a user's edit or delete that lands between the read and this write wins.
  let updated = 0;
  const storedById = new Map(existing.map((item) => [item.id, item]));
  await inParallel(merge.update, 16, async ({ id, changes }) => {
    const { set, remove } = changeSet(changes);
    const current = storedById.get(id);
    try {
      let op = data.moneyPlanTransactions.patch({ id }).set(set);
      if (remove.length > 0) op = op.remove(remove as never[]);
      // A new due date re-keys the by-date and by-series indexes, whose other parts are read-only.
      if (set.due_date && current) op = op.composite(indexComposites(current));
      await op
        .where(
          (a, o) =>
            `${o.eq(a.is_user_edited, false)} AND ${o.eq(a.is_user_deleted, false)} AND ${o.eq(a.is_reconciled, false)}`,
        )
        .go();
      updated += 1;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  });
  let deleted = 0;
  await inParallel(merge.delete, 16, async (id) => {
    try {
      await data.moneyPlanTransactions
        .delete({ id })
        .where(
          (a, o) =>
            `${o.eq(a.is_user_edited, false)} AND ${o.eq(a.is_user_deleted, false)} AND ${o.eq(a.is_reconciled, false)} AND ${o.eq(a.is_generated, true)}`,
        )
        .go();
      deleted += 1;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
    }
  });

  const generatedAt = deps.clock().toISOString();
  const stored = await storeStreams(ctx, profileId, streams, series, histories, generatedAt);
  await data.profileForecasts
    .update({ profile_id: profileId })
    .data((attr, op) => {
      op.set(attr.plan_generated_at, generatedAt);
      op.ifNotExists(attr.plan_started_on, today);
    })
    .go();
  const extended = await extendUserSeries(ctx, profileId, stored, userId);
  const reconciled = await reconcileProfile(ctx, profileId);
  return {
    generated_at: generatedAt,
    today,
    accounts: accounts.length,
    created: merge.create.length,
    updated,
    deleted,
    extended,
    reconciled: reconciled.matched,
    streams: stored.filter((s) => s.source === 'detected').map((s) => publicStream(s, today)),
    inputs: { accounts, histories: perAccount },
  };
}

/** JSON with object keys sorted (stored maps come back in any key order), for comparisons. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** A detected stream's stored fields; its transactions are stored once, compactly, beside it (the Money
 * Plan lists them). */
function seriesFields(stream: RecurringStream, byTx: Parameters<typeof compactTransactions>[1]) {
  const { schedule, transaction_ids: _ids, ...rest } = stream;
  return {
    account_id: stream.account_id,
    description: stream.merchant,
    amount: streamFlow(stream),
    kind: stream.kind,
    cadence: stream.cadence,
    schedule,
    starts: stream.next_nominal_date,
    ...(stream.category ? { personal_finance_category: stream.category } : {}),
    status: stream.status,
    stream: rest,
    transactions: compactTransactions(stream, byTx),
  };
}
type SeriesFields = ReturnType<typeof seriesFields>;

/**
 * Stores the detected streams as series (new ones created, known ones refreshed without touching the
 * user's suppression or series-wide edits); a stream no longer detected is forgotten unless the user
 * decided something about it, which is kept (status 'gone').
 */
async function storeStreams(
  ctx: MoneyContext,
  profileId: string,
  streams: readonly RecurringStream[],
  known: readonly StoredSeries[],
  history: ReadonlyArray<{ id: string; date: string; amount: number; name: string }>,
  detectedAt: string,
): Promise<StoredSeries[]> {
  const { data } = ctx;
  const byTx = new Map(history.map((t) => [t.id, t]));
  const knownById = new Map(known.map((s) => [s.series_id, s]));
  const seen = new Set<string>();
  // New series go out in batch writes (one round trip per 25); changed ones are patched one by one.
  const created: Array<{ series_id: string; fields: SeriesFields }> = [];
  await inParallel(streams, 8, async (stream) => {
    const seriesId = seriesIdOf(profileId, stream.key);
    seen.add(seriesId);
    const fields = seriesFields(stream, byTx);
    const current = knownById.get(seriesId);
    if (current) {
      // Regeneration mostly finds the same streams: rewrite only what detection changed.
      const stored = Object.fromEntries(
        Object.keys(fields).map((k) => [k, current[k as keyof StoredSeries]]),
      );
      if (canonical(stored) === canonical(fields)) return;
      await data.moneyPlanSeries
        .patch({ profile_id: profileId, series_id: seriesId })
        .set({ ...fields, detected_at: detectedAt })
        .go();
    } else {
      created.push({ series_id: seriesId, fields });
    }
  });
  await batchUntilDone(
    created,
    (k) => String(k.series_id),
    (batch) =>
      data.moneyPlanSeries
        .put(
          batch.map(({ series_id, fields }) => ({
            profile_id: profileId,
            series_id,
            source: 'detected' as const,
            ...fields,
            detected_at: detectedAt,
          })),
        )
        .go({ concurrency: 8 }),
  );
  const gone = known.filter((s) => s.source === 'detected' && !seen.has(s.series_id) && s.status !== 'gone');
  await inParallel(gone, 8, async (s) => {
    if (s.is_suppressed || s.overrides) {
      await data.moneyPlanSeries
        .patch({ profile_id: profileId, series_id: s.series_id })
        .set({ status: 'gone' })
        .go();
    } else {
      await data.moneyPlanSeries.delete({ profile_id: profileId, series_id: s.series_id }).go();
    }
  });
  return profileSeries(data, profileId);
}
