// Reads and writes the money engine's handlers share: a profile's active accounts, an account's history
// in the engine's shapes, planned items by due date, series, and batch writes that retry what DynamoDB
// leaves unprocessed. Converts stored records to domain/money types in one place.
import type { EntityItem } from 'electrodb';
import type { HistoryTransaction } from '../../../domain/money/recurring.ts';
import type { PlanItem } from '../../../domain/money/plan.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';

export type StoredAccount = EntityItem<Data['connectedAccounts']>;
export type StoredPlanItem = EntityItem<Data['moneyPlanTransactions']>;
export type StoredSeries = EntityItem<Data['moneyPlanSeries']>;
export type StoredTransaction = EntityItem<Data['transactions']>;

/** What every money operation needs: the data layer and the parts of deps it touches. */
export interface MoneyContext {
  readonly data: Data;
  readonly deps: Pick<Deps, 'clock' | 'logger' | 'events'>;
}

/**
 * Today's calendar date. Profiles have no time zone field yet, so dates are UTC calendar dates — the
 * same clock Plaid (and the local sandbox) date transactions by.
 */
export function todayOf(clock: () => Date): string {
  return clock().toISOString().slice(0, 10);
}

/** The inclusive upper bound of a `due_date`/`date` range on a sort key that continues with an id. */
export const through = (date: string): string => `${date}~`;

export async function activeAccounts(data: Data, profileId: string): Promise<StoredAccount[]> {
  const { data: accounts } = await data.connectedAccounts.query
    .byProfile({ profile_id: profileId })
    .go({ pages: 'all' });
  return accounts.filter((a) => a.is_active).sort((a, b) => (a.id < b.id ? -1 : 1));
}

export function toHistory(
  t: Pick<StoredTransaction, (typeof HISTORY_ATTRIBUTES)[number]>,
): HistoryTransaction {
  const pfc = t.personal_finance_category;
  return {
    id: t.id,
    account_id: t.account_id,
    date: t.date,
    amount: t.amount,
    name: t.name,
    merchant_name: t.merchant_name ?? null,
    personal_finance_category:
      pfc?.primary || pfc?.detailed ? { primary: pfc.primary ?? '', detailed: pfc.detailed ?? '' } : null,
    pending: t.pending ?? false,
  };
}

/** The fields the engine reads: two years of an account's history parse faster without the rest. */
const HISTORY_ATTRIBUTES = [
  'id',
  'account_id',
  'date',
  'amount',
  'name',
  'merchant_name',
  'personal_finance_category',
  'pending',
] as const;

/** An account's transactions dated in [from, to] (whole history by default), oldest first. */
export async function accountHistory(
  data: Data,
  accountId: string,
  from = '0000-00-00',
  to = '9999-12-31',
): Promise<HistoryTransaction[]> {
  const { data: rows } = await data.transactions.query
    .byAccountDate({ account_id: accountId })
    .between({ date: from }, { date: through(to) })
    .go({ pages: 'all', attributes: [...HISTORY_ATTRIBUTES] });
  return rows.map((t) => toHistory(t as StoredTransaction));
}

export function toPlanItem(item: StoredPlanItem): PlanItem {
  return {
    id: item.id,
    account_id: item.account_id ?? null,
    due_date: item.due_date,
    amount: item.amount,
    description: item.description,
    personal_finance_category:
      item.personal_finance_category?.primary || item.personal_finance_category?.detailed
        ? {
            primary: item.personal_finance_category.primary ?? '',
            detailed: item.personal_finance_category.detailed ?? '',
          }
        : null,
    category_primary: item.category_primary ?? null,
    category_detailed: item.category_detailed ?? null,
    series_id: item.series_id ?? null,
    is_generated: item.is_generated ?? false,
    is_user_edited: item.is_user_edited ?? false,
    is_user_deleted: item.is_user_deleted ?? false,
    is_reconciled: item.is_reconciled ?? false,
    reconciled_transaction_id: item.reconciled_transaction_id ?? null,
  };
}

/**
 * Every attribute an entity declares, as a query's projection: the answer is the same records, without
 * the other indexes' keys each row carries (about half a planned item's bytes).
 */
function declared<A extends string>(entity: { schema: { attributes: Record<A, unknown> } }): A[] {
  return Object.keys(entity.schema.attributes) as A[];
}

/** Planned items of a profile due in [from, to], by due date. */
export async function planItemsBetween(
  data: Data,
  profileId: string,
  from: string,
  to: string,
): Promise<StoredPlanItem[]> {
  const { data: items } = await data.moneyPlanTransactions.query
    .byProfileDueDate({ profile_id: profileId })
    .between({ due_date: from }, { due_date: through(to) })
    .go({ pages: 'all', attributes: declared(data.moneyPlanTransactions) });
  return items as StoredPlanItem[];
}

/**
 * What a reader of a day's transactions uses (the calendar's publicTransaction and classification,
 * domain/classification.ts ClassifiableTransaction): not the user, profile, Plaid ids, currency and
 * timestamps, a third of each row's bytes.
 */
const SHOWN_TRANSACTION_ATTRIBUTES = [
  'id',
  'account_id',
  'date',
  'name',
  'merchant_name',
  'amount',
  'pending',
  'personal_finance_category',
  'category_primary',
  'category_detailed',
  'category',
] as const;

/** A profile's transactions dated in [from, to] (an account's only, when named), by date, with the
 * attributes the calendar shows and classifies by. */
export async function transactionsBetween(
  data: Data,
  profileId: string,
  from: string,
  to: string,
  accountId?: string | null,
): Promise<StoredTransaction[]> {
  const attributes = [...SHOWN_TRANSACTION_ATTRIBUTES];
  const { data: rows } = await (accountId
    ? data.transactions.query
        .byAccountDate({ account_id: accountId })
        .between({ date: from }, { date: through(to) })
        .go({ pages: 'all', attributes })
    : data.transactions.query
        .byProfileDate({ profile_id: profileId })
        .between({ date: from }, { date: through(to) })
        .go({ pages: 'all', attributes }));
  return rows as StoredTransaction[];
}

export async function profileSeries(data: Data, profileId: string): Promise<StoredSeries[]> {
  const { data: series } = await data.moneyPlanSeries.query
    .byProfile({ profile_id: profileId })
    .go({ pages: 'all' });
  return series;
}

/**
 * Each series' cadence, for the planned items a list shows (plan.ts cadencesOf): two attributes of a
 * series record that holds its whole detection (a few KB each), so a reader pays for what it shows.
 */
export async function seriesCadences(
  data: Data,
  profileId: string,
): Promise<Array<{ series_id: string; cadence: string }>> {
  const { data: series } = await data.moneyPlanSeries.query
    .byProfile({ profile_id: profileId })
    .go({ pages: 'all', attributes: ['series_id', 'cadence'] });
  return series.map((s) => ({ series_id: s.series_id, cadence: s.cadence }));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends `items` through a batch write (ElectroDB chunks them by 25) until DynamoDB has processed every
 * one, backing off between rounds; `keyOf` names an item and an unprocessed key alike.
 */
export async function batchUntilDone<T extends object>(
  items: readonly T[],
  keyOf: (item: Record<string, unknown>) => string,
  send: (batch: T[]) => Promise<{ unprocessed: readonly object[] }>,
): Promise<void> {
  let pending = [...items];
  for (let round = 0; pending.length > 0; round += 1) {
    if (round >= 6) throw new Error(`${pending.length} batch writes left unprocessed`);
    if (round > 0) await sleep(25 * 2 ** round);
    const { unprocessed } = await send(pending);
    const left = new Set(unprocessed.map((u) => keyOf(u as Record<string, unknown>)));
    pending = pending.filter((item) => left.has(keyOf(item as Record<string, unknown>)));
  }
}

/** Runs `fn` over `items` with at most `limit` in flight (conditional writes cannot be batched). */
export async function inParallel<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<unknown>,
): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next] as T;
      next += 1;
      await fn(item);
    }
  });
  await Promise.all(workers);
}

export const isConditionFailure = (error: unknown): boolean =>
  error instanceof Error && /conditional request failed|ConditionalCheckFailed/i.test(error.message);
