// The Money Plan resource (spec §3 money_plan_transactions, §7 money_plan_transactions
// by due date range): planned items of the active financial profile (X-Profile-Id) with their
// reconciliation state; adding one-off and repeating items, editing one occurrence or a whole series,
// deleting (a tombstone: never physically removed, so regeneration cannot bring it back) and undoing;
// 'generate my plan' (a job: the request answers 202 and the plan-jobs queue's worker, here, builds the
// plan and its forecast; docs/jobs.md); the detected streams; undoing a reconciliation match; money-plan
// categories; and each member's own forecast view (low-balance threshold, allowance switch).
// Viewers read; editors and owners write (spec §6); every write publishes PlanChanged, and answers with
// what it stored before the reconciliation and the forecast it sets off catch up.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import { addDays, parseDay } from '../../domain/money/dates.ts';
import { PLAN_HORIZON_DAYS, planItemId } from '../../domain/money/plan.ts';
import type { StreamKind } from '../../domain/money/recurring.ts';
import { scheduleFromDate } from '../../domain/money/schedule.ts';
import { profileIdFromRequest, requireProfileAccess, withProfileAccess } from '../lib/access.ts';
import { dataFor, type Data } from '../lib/data/index.ts';
import { httpHandler, route, type Caller } from '../lib/http.ts';
import { pageInMemory, pageQuery } from '../lib/paging.ts';
import {
  announcePlanChange,
  cadencesOf,
  extendUserSeries,
  indexComposites,
  itemRecord,
  monthlySummary,
  publicItem,
  publicStream,
  putItems,
  reconciledTransactions,
  seriesSourceOf,
  userSeriesOccurrences,
  type SeriesOverrides,
} from '../lib/money/plan.ts';
import { publicJob, runJob, startJob } from '../lib/jobs.ts';
import { generatePlanJob, rebuildForecastJob } from '../lib/money/plan-jobs.ts';
import { itemsFromViews, readMonthViews, readViewHeader } from '../lib/money/month-views.ts';
import { reopenRestoredWithTakenMatch, unreconcileItem } from '../lib/money/reconciliation.ts';
import {
  activeAccounts,
  inParallel,
  planItemsBetween,
  profileSeries,
  seriesCadences,
  through,
  todayOf,
  type MoneyContext,
  type StoredPlanItem,
  type StoredSeries,
} from '../lib/money/store.ts';
import {
  assertProfileAccount,
  assertProfileCategory,
  cadenceInput,
  calendarDate,
  cashFlowCents,
  categoryInput,
  descriptionInput,
  idInput,
} from '../lib/money/validation.ts';
import { saveViewSettings, viewSettingsBody, viewSettingsOf } from '../lib/money/view-settings.ts';
import { oneLine } from '../lib/text-input.ts';
import { queueWorker, withTriggers } from '../lib/triggers.ts';

/** The default window of GET /money-plan/items (spec §9: the default forecast view is 90 days). */
const DEFAULT_RANGE_DAYS = 90;
/** Longest window one list may cover: two years of history plus the two-year horizon. */
const MAX_RANGE_DAYS = 1470;
export const ITEM_NOT_FOUND = 'Planned item not found';

const itemPath = z.object({ itemId: idInput });
const scopeInput = z.enum(['this', 'series']);

const listQuery = z.object({
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  accountId: idInput.optional(),
  includeDeleted: z.enum(['true', 'false']).optional(),
  /** true: only one-off items (the Money Plan's "One-off items"), false or none: every item. */
  oneOff: z.enum(['true', 'false']).optional(),
  ...pageQuery(500, 1000),
});

const createBody = z
  .object({
    description: descriptionInput,
    amount: cashFlowCents,
    due_date: calendarDate,
    account_id: idInput.nullable().default(null),
    category: categoryInput.nullable().optional(),
    money_plan_category_id: idInput.nullable().optional(),
    recurrence: z
      .object({ cadence: cadenceInput, until: calendarDate.optional() })
      .strict()
      .nullable()
      .optional(),
  })
  .strict();

const patchBody = z
  .object({
    description: descriptionInput.optional(),
    amount: cashFlowCents.optional(),
    due_date: calendarDate.optional(),
    account_id: idInput.nullable().optional(),
    category: categoryInput.nullable().optional(),
    money_plan_category_id: idInput.nullable().optional(),
    is_user_deleted: z.boolean().optional(),
    /** How it repeats from this occurrence on (null: no longer); see rescheduleItem. */
    recurrence: z
      .object({ cadence: cadenceInput, until: calendarDate.optional() })
      .strict()
      .nullable()
      .optional(),
    scope: scopeInput.default('this'),
  })
  .strict();

const categoryBody = z
  .object({
    name: oneLine(z.string().trim().min(1, 'Please enter a category name').max(60)),
    group: oneLine(z.string().trim().min(1).max(60)).optional(),
    color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #3B82F6')
      .optional(),
  })
  .strict();

function context(deps: MoneyContext['deps'], data: Data): MoneyContext {
  return { deps, data };
}

async function itemOf(data: Data, profileId: string, itemId: string): Promise<StoredPlanItem> {
  const { data: item } = await data.moneyPlanTransactions.get({ id: itemId }).go();
  if (!item || item.profile_id !== profileId) throw new NotFoundError(ITEM_NOT_FOUND);
  return item;
}

async function respondWithItem(data: Data, itemId: string) {
  const { data: item } = await data.moneyPlanTransactions.get({ id: itemId }).go();
  if (!item) throw new NotFoundError(ITEM_NOT_FOUND);
  const [transactions, series] = await Promise.all([
    reconciledTransactions(data, [item]),
    item.series_id && seriesSourceOf(item.series_id)
      ? data.moneyPlanSeries.get({ profile_id: item.profile_id, series_id: item.series_id }).go()
      : Promise.resolve({ data: null }),
  ]);
  return publicItem(item, transactions, series.data ? cadencesOf([series.data]) : undefined);
}

/** The planned items due in [from, to] as the API answers them, read from the items themselves. */
async function itemsFromSources(data: Data, profileId: string, from: string, to: string) {
  const [items, series] = await Promise.all([
    planItemsBetween(data, profileId, from, to),
    seriesCadences(data, profileId),
  ]);
  const transactions = await reconciledTransactions(data, items);
  const cadences = cadencesOf(series);
  return items.map((i) => publicItem(i, transactions, cadences));
}

/** The accounts a change touches, for PlanChanged: the item's, or every account for a null one. */
async function touchedAccounts(data: Data, profileId: string, accountIds: ReadonlyArray<string | null>) {
  if (accountIds.every((id): id is string => id !== null)) return [...accountIds];
  return (await activeAccounts(data, profileId)).map((a) => a.id);
}

/**
 * Announces a stored item write and answers: PlanChanged reaches the other members' open calendars
 * (docs/realtime.md), and its consumer (running-balances) reconciles the write against the transactions
 * and rebuilds the forecast behind the answer, which the calendar picks up on ForecastUpdated. The save
 * itself waits for neither (one PlanChanged per write: its consumers include the plan e-mail).
 */
async function announceWrite(
  ctx: MoneyContext,
  profileId: string,
  userId: string,
  accountIds: readonly string[],
) {
  await announcePlanChange(ctx, profileId, userId, accountIds, { reconcile: true });
}

function horizonIssue(today: string, dueDate: string, field: string) {
  const horizon = addDays(today, PLAN_HORIZON_DAYS);
  // As far back as ahead: older days are past the calendar's window, and a series from then would be
  // planned occurrence by occurrence up to today.
  const earliest = addDays(today, -PLAN_HORIZON_DAYS);
  if (dueDate < earliest)
    return new ValidationError([{ field, message: `must be on or after ${earliest} (today − 730 days)` }]);
  return dueDate > horizon
    ? new ValidationError([{ field, message: `must be on or before ${horizon} (today + 730 days)` }])
    : null;
}

/**
 * The section a user series is listed in: the kind of the series it replaces while its direction still
 * fits that kind (a subscription stays a subscription when its date or amount changes; a transfer stays
 * one either way), otherwise income for money in and a bill for money out.
 */
function userSeriesKind(amount: number, kept?: StreamKind): StreamKind {
  if (kept === 'transfer') return kept;
  if (kept === 'income' && amount > 0) return kept;
  if ((kept === 'bill' || kept === 'subscription') && amount < 0) return kept;
  return amount > 0 ? 'income' : 'bill';
}

/** What a new schedule made by an edit carries over from what it replaces (rescheduleItem). */
interface Replacing {
  /** The series id it replaces, or the one-off's own item id. */
  readonly replaces: string;
  readonly kind?: StreamKind | undefined;
}

async function createItem(
  ctx: MoneyContext,
  caller: Caller,
  profileId: string,
  body: z.infer<typeof createBody>,
  replacing?: Replacing,
) {
  const { data, deps } = ctx;
  const today = todayOf(deps.clock);
  const late = horizonIssue(today, body.due_date, 'due_date');
  if (late) throw late;
  if (body.account_id) await assertProfileAccount(data, profileId, body.account_id);
  if (body.money_plan_category_id) await assertProfileCategory(data, profileId, body.money_plan_category_id);
  if (body.recurrence?.until && body.recurrence.until < body.due_date)
    throw new ValidationError([{ field: 'recurrence.until', message: 'must not be before due_date' }]);
  const category = body.category
    ? { primary: body.category.primary, detailed: body.category.detailed ?? '' }
    : null;
  const fields = {
    account_id: body.account_id,
    amount: body.amount,
    description: body.description,
    category,
    money_plan_category_id: body.money_plan_category_id ?? null,
    is_generated: false,
  };
  let firstId: string;
  let created = 0;
  let series = null;
  if (body.recurrence) {
    const seriesId = `us_${randomUUID()}`;
    const schedule = scheduleFromDate(body.recurrence.cadence, body.due_date, 'none');
    await data.moneyPlanSeries
      .put({
        profile_id: profileId,
        series_id: seriesId,
        source: 'user',
        account_id: body.account_id ?? undefined,
        description: body.description,
        amount: body.amount,
        kind: userSeriesKind(body.amount, replacing?.kind),
        cadence: body.recurrence.cadence,
        schedule,
        starts: body.due_date,
        until: body.recurrence.until,
        ...(category ? { personal_finance_category: category } : {}),
        money_plan_category_id: body.money_plan_category_id ?? undefined,
        ...(replacing ? { replaces: replacing.replaces } : {}),
        created_by: caller.userId,
      })
      .go();
    const { data: stored } = await data.moneyPlanSeries
      .get({ profile_id: profileId, series_id: seriesId })
      .go();
    if (!stored) throw new Error('the new series was not stored');
    const occurrences = userSeriesOccurrences(stored, body.due_date, addDays(today, PLAN_HORIZON_DAYS));
    await putItems(
      data,
      occurrences.map((o) =>
        itemRecord(profileId, caller.userId, {
          ...fields,
          id: o.id,
          due_date: o.due_date,
          series_id: seriesId,
        }),
      ),
    );
    created = occurrences.length;
    firstId = occurrences[0]?.id ?? planItemId(seriesId, body.due_date);
    series = publicStream(stored, today);
  } else {
    firstId = `pi_${randomUUID()}`;
    await data.moneyPlanTransactions
      .create(itemRecord(profileId, caller.userId, { ...fields, id: firstId, due_date: body.due_date }))
      .go();
    created = 1;
  }
  await announceWrite(
    ctx,
    profileId,
    caller.userId,
    await touchedAccounts(data, profileId, [body.account_id]),
  );
  return { item: await respondWithItem(data, firstId), series, items_created: created };
}

type PatchBody = z.infer<typeof patchBody>;

/** The stored writes for the edited fields (null clears a field). */
function fieldWrites(body: PatchBody, includeDueDate: boolean) {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  if (body.description !== undefined) set.description = body.description;
  if (body.amount !== undefined) set.amount = body.amount;
  if (includeDueDate && body.due_date !== undefined) set.due_date = body.due_date;
  if (body.account_id !== undefined) {
    if (body.account_id === null) remove.push('account_id');
    else set.account_id = body.account_id;
  }
  if (body.category !== undefined) {
    if (body.category === null)
      remove.push('personal_finance_category', 'category_primary', 'category_detailed');
    else {
      set.personal_finance_category = {
        primary: body.category.primary,
        ...(body.category.detailed ? { detailed: body.category.detailed } : {}),
      };
      set.category_primary = body.category.primary;
      if (body.category.detailed) set.category_detailed = body.category.detailed;
      else remove.push('category_detailed');
    }
  }
  if (body.money_plan_category_id !== undefined) {
    if (body.money_plan_category_id === null) remove.push('money_plan_category_id');
    else set.money_plan_category_id = body.money_plan_category_id;
  }
  return { set, remove, edits: Object.keys(set).length + remove.length > 0 };
}

async function seriesTargets(data: Data, item: StoredPlanItem, body: PatchBody): Promise<StoredPlanItem[]> {
  const { data: items } = await data.moneyPlanTransactions.query
    .bySeries({ profile_id: item.profile_id, series_id: item.series_id ?? '' })
    .between({ due_date: item.due_date }, { due_date: through('9999-12-31') })
    .go({ pages: 'all', hydrate: true });
  // Settled occurrences stay as they happened; a restore brings back only what was deleted.
  return items.filter(
    (i) =>
      !i.is_reconciled &&
      (body.is_user_deleted === false
        ? i.is_user_deleted
        : body.is_user_deleted === true
          ? !i.is_user_deleted
          : true),
  );
}

const edits = (body: PatchBody): boolean => fieldWrites(body, false).edits;

/** Records a series-wide change on the series itself, so occurrences planned later carry it too. */
async function updateSeries(data: Data, item: StoredPlanItem, body: PatchBody) {
  const seriesId = item.series_id ?? '';
  const { data: series } = await data.moneyPlanSeries
    .get({ profile_id: item.profile_id, series_id: seriesId })
    .go();
  if (!series) return;
  const key = { profile_id: item.profile_id, series_id: seriesId };
  const suppression = body.is_user_deleted === undefined ? {} : { is_suppressed: body.is_user_deleted };
  if (series.source === 'user') {
    // The series keeps the category as one map; the items' flat copies are not its attributes.
    const flat = (field: string) => field === 'category_primary' || field === 'category_detailed';
    const { set, remove } = fieldWrites(body, false);
    const own = Object.fromEntries(Object.entries(set).filter(([field]) => !flat(field)));
    let op = data.moneyPlanSeries.patch(key).set({ ...own, ...suppression });
    const removable = remove.filter((field) => !flat(field));
    if (removable.length > 0) op = op.remove(removable as never[]);
    await op.go();
    return;
  }
  const overrides: Record<string, unknown> = { ...((series.overrides ?? {}) as SeriesOverrides) };
  if (edits(body)) overrides.from = item.due_date;
  if (body.description !== undefined) overrides.description = body.description;
  if (body.amount !== undefined) overrides.amount = body.amount;
  if (body.account_id !== undefined) overrides.account_id = body.account_id;
  if (body.category !== undefined)
    overrides.category = body.category
      ? { primary: body.category.primary, detailed: body.category.detailed ?? '' }
      : null;
  if (body.money_plan_category_id !== undefined)
    overrides.money_plan_category_id = body.money_plan_category_id;
  await data.moneyPlanSeries
    .patch(key)
    .set({ ...(edits(body) ? { overrides } : {}), ...suppression })
    .go();
}

/**
 * A new schedule from this occurrence on: a repeating item's series moved to another date or cadence
 * (scope "series" with `due_date` and/or `recurrence`), a one-off made to repeat, or a series made a
 * one-off (`recurrence: null`). The old schedule stops here, as a series-wide delete does (this and
 * every later open occurrence become tombstones and the series is suppressed, so regeneration never
 * plans it again; settled occurrences stay as they happened), and a user series starts at the new date
 * with the item's fields and the edits. What the person did not change stays: the new series is listed
 * under the same kind (a subscription stays a subscription) with the same category, and the old one is
 * marked replaced, so the plan shows one row, not a removed one beside it. Restoring the old item
 * (withdrawReplacement) undoes the edit. Answers the new first occurrence.
 */
async function rescheduleItem(
  ctx: MoneyContext,
  caller: Caller,
  profileId: string,
  item: StoredPlanItem,
  body: PatchBody,
) {
  const { data, deps } = ctx;
  const dueDate = body.due_date ?? item.due_date;
  const late = horizonIssue(todayOf(deps.clock), dueDate, 'due_date');
  if (late) throw late;
  const repeating = seriesSourceOf(item.series_id) !== null;
  const series = repeating
    ? (await data.moneyPlanSeries.get({ profile_id: profileId, series_id: item.series_id ?? '' }).go()).data
    : null;
  let recurrence = body.recurrence;
  if (recurrence === undefined && repeating)
    recurrence = series ? { cadence: series.cadence as z.infer<typeof cadenceInput> } : null;
  if (recurrence?.until && recurrence.until < dueDate)
    throw new ValidationError([{ field: 'recurrence.until', message: 'must not be before due_date' }]);
  const category =
    body.category !== undefined ? body.category : (itemCategory(item) ?? seriesCategoryOf(series));
  const replaced = await patchItem(ctx, caller, profileId, item.id, {
    is_user_deleted: true,
    scope: repeating ? 'series' : 'this',
  });
  const created = await createItem(
    ctx,
    caller,
    profileId,
    {
      description: body.description ?? item.description,
      amount: body.amount ?? item.amount,
      due_date: dueDate,
      account_id: body.account_id !== undefined ? body.account_id : (item.account_id ?? null),
      category: category as z.infer<typeof createBody>['category'],
      money_plan_category_id:
        body.money_plan_category_id !== undefined
          ? body.money_plan_category_id
          : (item.money_plan_category_id ?? null),
      recurrence: recurrence ?? null,
    } as z.infer<typeof createBody>,
    { replaces: item.series_id ?? item.id, kind: series?.kind },
  );
  if (series)
    await data.moneyPlanSeries
      .patch({ profile_id: profileId, series_id: series.series_id })
      .set({ replaced_by: created.series?.series_id ?? created.item.id })
      .go();
  return {
    item: created.item,
    updated: replaced.updated,
    items_created: created.items_created,
    series: created.series,
    replaced_item_id: item.id,
  };
}

/** An item's own category, as an edit's body would give it. */
function itemCategory(item: StoredPlanItem): { primary: string; detailed?: string } | null {
  const pfc = item.personal_finance_category;
  if (!pfc?.primary) return null;
  return { primary: pfc.primary, ...(pfc.detailed ? { detailed: pfc.detailed } : {}) };
}

/** A series' category as the person sees it (a series-wide edit's override first). */
function seriesCategoryOf(series: StoredSeries | null): { primary: string; detailed?: string } | null {
  if (!series) return null;
  const overrides = (series.overrides ?? {}) as SeriesOverrides;
  const category = overrides.category !== undefined ? overrides.category : series.personal_finance_category;
  if (!category?.primary) return null;
  return { primary: category.primary, ...(category.detailed ? { detailed: category.detailed } : {}) };
}

/**
 * Undoing an edit that gave `item` a new schedule (rescheduleItem): restoring the item it replaced
 * (its series from that occurrence on, or the one-off) withdraws the schedule the edit made — its open
 * occurrences become tombstones and it is marked replaced in turn, so neither is listed as removed.
 * Answers the accounts the withdrawn occurrences were planned on.
 */
async function withdrawReplacement(
  ctx: MoneyContext,
  profileId: string,
  item: StoredPlanItem,
  scope: 'this' | 'series',
): Promise<Array<string | null>> {
  const { data } = ctx;
  const repeating = seriesSourceOf(item.series_id) !== null;
  // One occurrence of a series coming back is not the whole schedule coming back.
  if (repeating && scope !== 'series') return [];
  const own = item.series_id ?? item.id;
  let replacement: string | undefined;
  if (repeating) {
    const { data: series } = await data.moneyPlanSeries.get({ profile_id: profileId, series_id: own }).go();
    replacement = series?.replaced_by;
    if (replacement)
      await data.moneyPlanSeries
        .patch({ profile_id: profileId, series_id: own })
        .remove(['replaced_by'])
        .go();
  } else {
    replacement = (await profileSeries(data, profileId)).find(
      (s) => s.replaces === own && !s.is_suppressed && !s.replaced_by,
    )?.series_id;
  }
  if (!replacement) return [];
  if (seriesSourceOf(replacement) === null) {
    // A series made a one-off: the one-off goes.
    const { data: oneOff } = await data.moneyPlanTransactions.get({ id: replacement }).go();
    if (!oneOff || oneOff.profile_id !== profileId || oneOff.is_reconciled || oneOff.is_user_deleted)
      return [];
    await data.moneyPlanTransactions.patch({ id: replacement }).set({ is_user_deleted: true }).go();
    return [oneOff.account_id ?? null];
  }
  const { data: planned } = await data.moneyPlanTransactions.query
    .bySeries({ profile_id: profileId, series_id: replacement })
    .go({ pages: 'all', hydrate: true });
  const open = planned.filter((i) => !i.is_reconciled && !i.is_user_deleted);
  await inParallel(open, 16, async (target) => {
    await data.moneyPlanTransactions.patch({ id: target.id }).set({ is_user_deleted: true }).go();
  });
  await data.moneyPlanSeries
    .patch({ profile_id: profileId, series_id: replacement })
    .set({ is_suppressed: true, replaced_by: own })
    .go();
  return open.map((i) => i.account_id ?? null);
}

async function patchItem(
  ctx: MoneyContext,
  caller: Caller,
  profileId: string,
  itemId: string,
  requested: PatchBody,
): Promise<{ item: Awaited<ReturnType<typeof respondWithItem>>; updated: number }> {
  const { data, deps } = ctx;
  const item = await itemOf(data, profileId, itemId);
  // A one-off asked not to repeat already does not.
  const body =
    requested.recurrence === null && !seriesSourceOf(item.series_id)
      ? { ...requested, recurrence: undefined }
      : requested;
  const { set, remove, edits } = fieldWrites(body, true);
  if (!edits && body.is_user_deleted === undefined && body.recurrence === undefined)
    throw new ValidationError([{ field: 'body', message: 'must change at least one field' }]);
  if (body.recurrence !== undefined && body.is_user_deleted !== undefined)
    throw new ValidationError([
      { field: 'recurrence', message: 'cannot be changed with a delete or restore' },
    ]);
  if (body.scope === 'series' && !seriesSourceOf(item.series_id))
    throw new ValidationError([{ field: 'scope', message: 'the item does not repeat' }]);
  if (item.is_reconciled && (body.recurrence !== undefined || (body.scope === 'series' && body.due_date)))
    throw new ValidationError([{ field: 'recurrence', message: 'a matched occurrence keeps its schedule' }]);
  // A new schedule: a series moved or re-paced, a one-off made to repeat, a series made a one-off.
  if (body.recurrence !== undefined && body.scope === 'this' && seriesSourceOf(item.series_id))
    throw new ValidationError([
      { field: 'scope', message: 'must be "series" to change how a repeating item repeats' },
    ]);
  if (body.recurrence !== undefined || (body.scope === 'series' && body.due_date !== undefined))
    return rescheduleItem(ctx, caller, profileId, item, body);
  if (body.due_date !== undefined) {
    const late = horizonIssue(todayOf(deps.clock), body.due_date, 'due_date');
    if (late) throw late;
  }
  if (body.account_id) await assertProfileAccount(data, profileId, body.account_id);
  if (body.money_plan_category_id) await assertProfileCategory(data, profileId, body.money_plan_category_id);

  const targets = body.scope === 'series' ? await seriesTargets(data, item, body) : [item];
  if (body.scope === 'series') await updateSeries(data, item, body);
  const writes = {
    ...set,
    ...(edits ? { is_user_edited: true } : {}),
    ...(body.is_user_deleted !== undefined ? { is_user_deleted: body.is_user_deleted } : {}),
  };
  await inParallel(targets, 16, async (target) => {
    let op = data.moneyPlanTransactions.patch({ id: target.id }).set(writes);
    if (remove.length > 0) op = op.remove(remove as never[]);
    if (set.due_date) op = op.composite(indexComposites(target));
    await op.go();
  });
  if (body.is_user_deleted === false) await reopenRestoredWithTakenMatch(ctx, profileId, targets);
  const withdrawn =
    body.is_user_deleted === false ? await withdrawReplacement(ctx, profileId, item, body.scope) : [];
  if (
    body.scope === 'series' &&
    body.is_user_deleted === false &&
    seriesSourceOf(item.series_id) === 'user'
  ) {
    await extendUserSeries(ctx, profileId, await profileSeries(data, profileId), caller.userId);
  }
  await announceWrite(
    ctx,
    profileId,
    caller.userId,
    await touchedAccounts(data, profileId, [
      item.account_id ?? null,
      body.account_id ?? item.account_id ?? null,
      ...withdrawn,
    ]),
  );
  return { item: await respondWithItem(data, item.id), updated: targets.length };
}

const http = httpHandler('money-plan', {
  'GET /money-plan/items': route({
    query: listQuery,
    run: async ({ deps, caller, query, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      const from = query.from ?? todayOf(deps.clock);
      const to = query.to ?? addDays(from, DEFAULT_RANGE_DAYS);
      // The access check beside the months ready to serve (month-views.ts) and the
      // forecast header that says whether they hold the latest plan (the query's own checks answer only
      // once access is granted, as before). Views not current: the items, the series' cadences, then the
      // matched transactions, as before.
      const [, [header, views]] = await withProfileAccess(data, caller, profileId, 'read', async () => {
        if (to < from) throw new ValidationError([{ field: 'query.to', message: 'must not be before from' }]);
        if (parseDay(to) - parseDay(from) > MAX_RANGE_DAYS)
          throw new ValidationError([
            { field: 'query.to', message: `must be within ${MAX_RANGE_DAYS} days of from` },
          ]);
        const [, found, stored] = await Promise.all([
          query.accountId
            ? assertProfileAccount(data, profileId, query.accountId, 'query.accountId')
            : undefined,
          readViewHeader(data, profileId),
          readMonthViews(data, profileId, from, to),
        ]);
        return [found, stored] as const;
      });
      const ready = itemsFromViews(header, views, from, to);
      const all = ready ?? (await itemsFromSources(data, profileId, from, to));
      const listed = all.filter(
        (i) =>
          (query.includeDeleted === 'true' || !i.is_user_deleted) &&
          (query.oneOff !== 'true' || i.series_id === null) &&
          (!query.accountId || !i.account_id || i.account_id === query.accountId),
      );
      // By due date, then id; a page at a time.
      const page = pageInMemory(listed, (i) => `${i.due_date}|${i.id}`, query);
      return { from, to, items: page.items, next_cursor: page.next_cursor };
    },
  }),
  'POST /money-plan/items': route({
    body: createBody,
    status: 201,
    run: async ({ deps, caller, body, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'edit');
      return createItem(context(deps, data), caller, profileId, body);
    },
  }),
  'PATCH /money-plan/items/{itemId}': route({
    path: itemPath,
    body: patchBody,
    run: async ({ deps, caller, body, path, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'edit');
      return patchItem(context(deps, data), caller, profileId, path.itemId, body);
    },
  }),
  'DELETE /money-plan/items/{itemId}': route({
    path: itemPath,
    query: z.object({ scope: scopeInput.default('this') }),
    run: async ({ deps, caller, query, path, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'edit');
      const result = await patchItem(context(deps, data), caller, profileId, path.itemId, {
        is_user_deleted: true,
        scope: query.scope,
      });
      return { item: result.item, deleted: result.updated };
    },
  }),
  'POST /money-plan/items/{itemId}/unreconcile': route({
    path: itemPath,
    run: async ({ deps, caller, path, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'edit');
      const ctx = context(deps, data);
      const item = await itemOf(data, profileId, path.itemId);
      const { changed } = await unreconcileItem(ctx, item, caller.userId);
      if (changed)
        await announcePlanChange(
          ctx,
          profileId,
          caller.userId,
          await touchedAccounts(data, profileId, [item.account_id ?? null]),
        );
      return { item: await respondWithItem(data, item.id), changed };
    },
  }),
  // A job (docs/jobs.md): answered at once with the job, which the plan-jobs queue runs; a second click
  // while it waits or runs joins it.
  'POST /money-plan/generate': route({
    status: 202,
    run: async ({ deps, caller, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'edit');
      const job = await startJob(deps, data, { kind: 'plan', profileId, userId: caller.userId });
      return publicJob(job, deps.clock());
    },
  }),
  'GET /money-plan/streams': route({
    run: async ({ deps, caller, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      const today = todayOf(deps.clock);
      // Read beside the access check, used once it is granted.
      const [, [series, { data: state }]] = await withProfileAccess(data, caller, profileId, 'read', () =>
        Promise.all([
          profileSeries(data, profileId),
          data.profileForecasts.get({ profile_id: profileId }).go(),
        ]),
      );
      const order = { income: 0, bill: 1, subscription: 2, transfer: 3 } as const;
      // A series an edit replaced is no longer part of the plan, nor one the person removed.
      const streams = series
        .filter((s) => !s.replaced_by)
        .map((s) => publicStream(s, today))
        .sort(
          (a, b) =>
            order[a.kind] - order[b.kind] ||
            (a.next_date ?? '9999').localeCompare(b.next_date ?? '9999') ||
            a.series_id.localeCompare(b.series_id),
        );
      return { generated_at: state?.plan_generated_at ?? null, streams, summary: monthlySummary(streams) };
    },
  }),
  // Per user per profile (a view preference, not plan data): any member reads and saves their own.
  'GET /money-plan/settings': route({
    run: async ({ deps, caller, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      const [, settings] = await withProfileAccess(data, caller, profileId, 'read', () =>
        viewSettingsOf(data, profileId, caller.userId),
      );
      return settings;
    },
  }),
  'PUT /money-plan/settings': route({
    body: viewSettingsBody,
    run: async ({ deps, caller, body, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'read');
      return saveViewSettings(data, profileId, caller.userId, body);
    },
  }),
  'GET /money-plan/categories': route({
    run: async ({ deps, caller, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'read');
      const { data: categories } = await data.moneyPlanCategories.query
        .byProfile({ profile_id: profileId })
        .go({ pages: 'all' });
      return { categories: categories.sort((a, b) => a.name.localeCompare(b.name)) };
    },
  }),
  'POST /money-plan/categories': route({
    body: categoryBody,
    status: 201,
    run: async ({ deps, caller, body, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'edit');
      const { data: existing } = await data.moneyPlanCategories.query
        .byProfile({ profile_id: profileId })
        .go({ pages: 'all' });
      if (existing.some((c) => c.name.toLowerCase() === body.name.toLowerCase()))
        throw new ConflictError('A money-plan category with this name already exists');
      const { data: created } = await data.moneyPlanCategories
        .create({ id: randomUUID(), profile_id: profileId, created_by: caller.userId, ...body })
        .go();
      return created;
    },
  }),
});

export const handler = withTriggers(http, {
  // The plan-jobs queue: "Generate my plan" and forecast rebuilds a person asked for.
  onMessage: queueWorker('planJobs', (message, deps) => {
    const data = dataFor(deps);
    const ctx = context(deps, data);
    return runJob(deps, data, message, (job, progress) =>
      job.kind === 'forecast' ? rebuildForecastJob(ctx, job, progress) : generatePlanJob(ctx, job, progress),
    );
  }),
});
