// The Money Plan on the server (spec §3 money_plan_transactions): 'generate my plan'
// (detect streams in every account's stored history, plan them, merge with what is stored so that
// regeneration never duplicates, never resurrects a deleted item and never overwrites an edited one),
// the user's own repeating items, the public shapes of items and streams, and the announcement of every
// plan change (PlanChanged, and the forecast's inputs version).
import { planFromStatements, statementTerms } from '../../../domain/money/statements.ts';
import { addDays } from '../../../domain/money/dates.ts';
import {
  generatePlan,
  mergePlan,
  PLAN_HORIZON_DAYS,
  seriesIdOf,
  streamFlow,
  type GeneratedPlanItem,
  type PlanItemChanges,
} from '../../../domain/money/plan.ts';
import { detectRecurring, type RecurringStream } from '../../../domain/money/recurring.ts';
import type { Data } from '../data/index.ts';
import type { ForecastInputs } from './forecast-header.ts';
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
import type { PublicStream, SeriesOverrides } from './plan-views.ts';
import { publicStream, seriesSourceOf } from './plan-views.ts';
import { extendUserSeries, indexComposites, itemRecord, putItems } from './plan-writes.ts';
export {
  seriesSourceOf,
  cadencesOf,
  publicItem,
  publicStream,
  monthlySummary,
  type PublicPlanItem,
  type PublicStream,
  type SeriesOverrides,
} from './plan-views.ts';
export {
  announcePlanChange,
  itemRecord,
  indexComposites,
  putItems,
  userSeriesOccurrences,
  extendUserSeries,
  type NewItemFields,
} from './plan-writes.ts';

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
