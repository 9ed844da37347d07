// Adding planned items: a one-off or a repeating series (the user's own, extended through the horizon),
// inside the 730-day horizon, answered with the stored item; and what every write shares (the item read,
// the touched accounts, the PlanChanged announcement).
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { NotFoundError, ValidationError } from '../../domain/errors.ts';
import { addDays } from '../../domain/money/dates.ts';
import { PLAN_HORIZON_DAYS, planItemId } from '../../domain/money/plan.ts';
import type { StreamKind } from '../../domain/money/recurring.ts';
import { scheduleFromDate } from '../../domain/money/schedule.ts';
import type { Data } from '../lib/data/index.ts';
import type { Caller } from '../lib/http.ts';
import {
  announcePlanChange,
  cadencesOf,
  itemRecord,
  publicItem,
  publicStream,
  putItems,
  reconciledTransactions,
  seriesSourceOf,
  userSeriesOccurrences,
} from '../lib/money/plan.ts';
import {
  activeAccounts,
  planItemsBetween,
  seriesCadences,
  todayOf,
  type MoneyContext,
  type StoredPlanItem,
} from '../lib/money/store.ts';
import { assertProfileAccount, assertProfileCategory } from '../lib/money/validation.ts';
import type { createBody } from './inputs.ts';
import { ITEM_NOT_FOUND } from './inputs.ts';

export function context(deps: MoneyContext['deps'], data: Data): MoneyContext {
  return { deps, data };
}

export async function itemOf(data: Data, profileId: string, itemId: string): Promise<StoredPlanItem> {
  const { data: item } = await data.moneyPlanTransactions.get({ id: itemId }).go();
  if (!item || item.profile_id !== profileId) throw new NotFoundError(ITEM_NOT_FOUND);
  return item;
}

export async function respondWithItem(data: Data, itemId: string) {
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
export async function itemsFromSources(data: Data, profileId: string, from: string, to: string) {
  const [items, series] = await Promise.all([
    planItemsBetween(data, profileId, from, to),
    seriesCadences(data, profileId),
  ]);
  const transactions = await reconciledTransactions(data, items);
  const cadences = cadencesOf(series);
  return items.map((i) => publicItem(i, transactions, cadences));
}

/** The accounts a change touches, for PlanChanged: the item's, or every account for a null one. */
export async function touchedAccounts(
  data: Data,
  profileId: string,
  accountIds: ReadonlyArray<string | null>,
) {
  if (accountIds.every((id): id is string => id !== null)) return [...accountIds];
  return (await activeAccounts(data, profileId)).map((a) => a.id);
}

/**
 * Announces a stored item write and answers: PlanChanged reaches the other members' open calendars
 * (docs/realtime.md), and its consumer (running-balances) reconciles the write against the transactions
 * and rebuilds the forecast behind the answer, which the calendar picks up on ForecastUpdated. The save
 * itself waits for neither (one PlanChanged per write: its consumers include the plan e-mail).
 */
export async function announceWrite(
  ctx: MoneyContext,
  profileId: string,
  userId: string,
  accountIds: readonly string[],
) {
  await announcePlanChange(ctx, profileId, userId, accountIds, { reconcile: true });
}

export function horizonIssue(today: string, dueDate: string, field: string) {
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
export function userSeriesKind(amount: number, kept?: StreamKind): StreamKind {
  if (kept === 'transfer') return kept;
  if (kept === 'income' && amount > 0) return kept;
  if ((kept === 'bill' || kept === 'subscription') && amount < 0) return kept;
  return amount > 0 ? 'income' : 'bill';
}

/** What a new schedule made by an edit carries over from what it replaces (rescheduleItem). */
export interface Replacing {
  /** The series id it replaces, or the one-off's own item id. */
  readonly replaces: string;
  readonly kind?: StreamKind | undefined;
}

export async function createItem(
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
