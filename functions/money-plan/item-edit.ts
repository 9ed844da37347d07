// Editing planned items: one occurrence or the whole series (its later occurrences and the overrides
// regeneration applies), rescheduling, and withdrawing an edit's replacement; a series keeps its kind.
import type { z } from 'zod';
import { ValidationError } from '../../domain/errors.ts';
import type { Data } from '../lib/data/index.ts';
import type { Caller } from '../lib/http.ts';
import {
  extendUserSeries,
  indexComposites,
  seriesSourceOf,
  type SeriesOverrides,
} from '../lib/money/plan.ts';
import { reopenRestoredWithTakenMatch } from '../lib/money/reconciliation.ts';
import {
  inParallel,
  profileSeries,
  through,
  todayOf,
  type MoneyContext,
  type StoredPlanItem,
  type StoredSeries,
} from '../lib/money/store.ts';
import type { cadenceInput } from '../lib/money/validation.ts';
import { assertProfileAccount, assertProfileCategory } from '../lib/money/validation.ts';
import type { PatchBody, createBody } from './inputs.ts';
import {
  announceWrite,
  createItem,
  horizonIssue,
  itemOf,
  respondWithItem,
  touchedAccounts,
} from './item-create.ts';

/** The stored writes for the edited fields (null clears a field). */
export function fieldWrites(body: PatchBody, includeDueDate: boolean) {
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

export async function seriesTargets(
  data: Data,
  item: StoredPlanItem,
  body: PatchBody,
): Promise<StoredPlanItem[]> {
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

export const edits = (body: PatchBody): boolean => fieldWrites(body, false).edits;

/** Records a series-wide change on the series itself, so occurrences planned later carry it too. */
export async function updateSeries(data: Data, item: StoredPlanItem, body: PatchBody) {
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
export async function rescheduleItem(
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
export function itemCategory(item: StoredPlanItem): { primary: string; detailed?: string } | null {
  const pfc = item.personal_finance_category;
  if (!pfc?.primary) return null;
  return { primary: pfc.primary, ...(pfc.detailed ? { detailed: pfc.detailed } : {}) };
}

/** A series' category as the person sees it (a series-wide edit's override first). */
export function seriesCategoryOf(series: StoredSeries | null): { primary: string; detailed?: string } | null {
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
export async function withdrawReplacement(
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

export async function patchItem(
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
