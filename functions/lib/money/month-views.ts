// Months ready to serve: each forecast regeneration writes, per month, the planned
// items as the API answers them (their series' cadence and matched transaction in) and the month's
// stored forecast days of every key, in one item (data/entities/money-month-view.ts). The calendar's
// month and the plan's list then read one item per month instead of the planned items, the series, the
// matched transactions and the balance months.
//
// Never stale: a view carries the hash of its content, the forecast header lists the hashes of the
// current generation's views (a regeneration rewrites only the views whose hash changed), and a reader
// uses a view only while its hash is the one listed and the generation was built from the latest
// inputs — the generation reads the inputs version before it reads the items, and every write of
// planned items, series or transactions bumps that version after writing (markInputsChanged).
// Otherwise, or for a month outside the views (older than the calendar's reach, or too large for one
// item), the reader reads the source items.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { daysInMonth, formatCivil } from '../../../domain/money/dates.ts';
import type { Data } from '../data/index.ts';
import { contentHash, hashAt } from './item-hashes.ts';
import { cadencesOf, publicItem, type PublicPlanItem } from './plan-views.ts';
import { batchUntilDone, type StoredPlanItem, type StoredSeries, type StoredTransaction } from './store.ts';

/** Months kept ready before the current one: as far back as the calendar navigates. */
export const VIEW_MONTHS_BACK = 24;
/** A view larger than this is not written (an item holds at most 400 KB): its month reads the sources. */
const MAX_VIEW_BYTES = 300_000;

/** JSON, deflated: what a view stores (binary attributes). */
const pack = (json: string): Uint8Array => deflateRawSync(json, { level: 6 });
const unpack = <T>(stored: unknown): T =>
  JSON.parse(inflateRawSync(stored as Uint8Array).toString('utf8')) as T;

/** The columns of one stored forecast month (forecast-store.ts packMonth). */
export type PackedMonth = {
  first_date: string;
  closing: number[];
  forecasted: number[];
  allowance: number[];
  band_low: number[];
  band_high: number[];
  allowance_before: number;
  actual_first: number;
  first_is_today: boolean;
};

/** The content hashes of a generation's views, on the forecast header (item-hashes.ts joinHashes). */
export interface ViewHashes {
  readonly from: string;
  readonly hashes: string;
}

export interface MonthView {
  readonly month: string;
  readonly generation_id: string;
  readonly content_hash: string | null;
  readonly items: PublicPlanItem[];
  readonly forecast: Record<string, PackedMonth>;
}

/** `YYYY-MM` shifted by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The first day of the earliest month a generation writes a view for. */
export function viewsStart(today: string): string {
  return `${shiftMonth(today.slice(0, 7), -VIEW_MONTHS_BACK)}-01`;
}

/** The last day of a `YYYY-MM` month. */
export function lastDayOf(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return formatCivil(year, m, daysInMonth(year, m));
}

/** The header fields that decide whether views may be served. */
export interface ViewHeader {
  readonly generation_id?: string;
  readonly generated_version?: number;
  readonly inputs_version?: number;
  readonly view_hashes?: ViewHashes | null;
}

/** The forecast header's fields `viewsServable` needs (not its history and allowances: 14 KB for 8 accounts). */
export async function readViewHeader(data: Data, profileId: string): Promise<ViewHeader | null> {
  const { data: header } = await data.profileForecasts
    .get({ profile_id: profileId })
    .go({ attributes: ['generation_id', 'generated_version', 'inputs_version', 'view_hashes'] });
  return header as ViewHeader | null;
}

/** A stored view is the one the header lists for its month (same content hash). */
export function viewListed(
  header: Pick<ViewHeader, 'view_hashes'> | null | undefined,
  view: { month: string; content_hash?: string | null },
): boolean {
  const listed = hashAt(header?.view_hashes?.hashes, header?.view_hashes?.from, view.month);
  return listed !== undefined && listed === view.content_hash;
}

/** Views of this header's generation hold the latest inputs (none changed since it read them). */
export function viewsServable(header: ViewHeader | null | undefined): header is ViewHeader & {
  generation_id: string;
} {
  return Boolean(header?.generation_id && (header.generated_version ?? -1) === (header.inputs_version ?? 0));
}

/** The transactions `items` were matched with, by id; null if some stayed unprocessed. */
async function matchedTransactions(
  data: Data,
  items: readonly StoredPlanItem[],
): Promise<Map<string, StoredTransaction> | null> {
  const ids = [
    ...new Set(
      items.flatMap((i) =>
        i.is_reconciled && i.reconciled_transaction_id ? [i.reconciled_transaction_id] : [],
      ),
    ),
  ];
  const found = new Map<string, StoredTransaction>();
  let pending = ids;
  for (let attempt = 0; pending.length > 0; attempt += 1) {
    if (attempt >= 3) return null;
    const { data: rows, unprocessed } = await data.transactions
      .get(pending.map((id) => ({ id })))
      .go({ concurrency: 4 });
    for (const t of rows) found.set(t.id, t);
    const left = new Set(unprocessed.map((k) => (k as { id: string }).id));
    pending = pending.filter((id) => left.has(id));
  }
  return found;
}

/**
 * The views a generation writes: every month from `viewsStart(today)` through the last planned item
 * or stored forecast day. `items` must be every planned item due from `viewsStart(today)` on, read after
 * the generation read the inputs version, and `series` the profile's series read likewise.
 */
export async function buildMonthViews(
  data: Data,
  input: {
    readonly profileId: string;
    readonly generationId: string;
    readonly today: string;
    readonly items: readonly StoredPlanItem[];
    readonly series: readonly StoredSeries[];
    /** The generation's stored forecast months: month → storage key → columns. */
    readonly forecast: ReadonlyMap<string, Record<string, PackedMonth>>;
  },
) {
  const start = viewsStart(input.today);
  const transactions = await matchedTransactions(data, input.items);
  // A matched transaction DynamoDB left unread would be stored as missing: no views this time.
  if (!transactions) return [];
  const cadences = cadencesOf(input.series);
  const byMonth = new Map<string, { items: PublicPlanItem[]; forecast: Record<string, PackedMonth> }>();
  const monthOf = (month: string) => {
    let entry = byMonth.get(month);
    if (!entry) {
      entry = { items: [], forecast: {} };
      byMonth.set(month, entry);
    }
    return entry;
  };
  const sorted = [...input.items]
    .filter((i) => i.due_date >= start)
    .sort((a, b) =>
      a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
    );
  for (const item of sorted)
    monthOf(item.due_date.slice(0, 7)).items.push(publicItem(item, transactions, cadences));
  for (const [month, keys] of input.forecast)
    if (month >= start) Object.assign(monthOf(month).forecast, keys);
  // Every month from the start on, empty ones too: a month with no view is read from the sources.
  const months = [...byMonth.keys()].sort();
  const last = months[months.length - 1] ?? start.slice(0, 7);
  const createdAt = new Date().toISOString();
  const records: Array<{
    profile_id: string;
    month: string;
    generation_id: string;
    content_hash: string;
    items: Uint8Array;
    forecast: Uint8Array;
    created_at: string;
  }> = [];
  for (let month = start.slice(0, 7); month <= last; month = shiftMonth(month, 1)) {
    const entry = byMonth.get(month) ?? { items: [], forecast: {} };
    const itemsJson = JSON.stringify(entry.items);
    const forecastJson = JSON.stringify(entry.forecast);
    const items = pack(itemsJson);
    const forecast = pack(forecastJson);
    if (items.length + forecast.length > MAX_VIEW_BYTES) continue;
    records.push({
      profile_id: input.profileId,
      month,
      generation_id: input.generationId,
      content_hash: contentHash(`${itemsJson}\n${forecastJson}`),
      items,
      forecast,
      created_at: createdAt,
    });
  }
  return records;
}

/** Writes views `buildMonthViews` made. */
export async function putMonthViews(data: Data, records: Awaited<ReturnType<typeof buildMonthViews>>) {
  await batchUntilDone(
    records,
    (k) => `${String(k.profile_id)}|${String(k.month)}`,
    (batch) => data.moneyMonthViews.put(batch).go({ concurrency: 10 }),
  );
}

function parseView(record: {
  month: string;
  generation_id: string;
  content_hash?: string;
  items: unknown;
  forecast: unknown;
}): MonthView {
  return {
    month: record.month,
    generation_id: record.generation_id,
    content_hash: record.content_hash ?? null,
    items: unpack<PublicPlanItem[]>(record.items),
    forecast: unpack<Record<string, PackedMonth>>(record.forecast),
  };
}

/** One month's view as stored (any generation: the reader checks it), or null. */
export async function readMonthView(data: Data, profileId: string, month: string): Promise<MonthView | null> {
  const { data: record } = await data.moneyMonthViews.get({ profile_id: profileId, month }).go();
  return record ? parseView(record) : null;
}

/**
 * The stored views of the months of [from, to] in one query, unparsed (the reader checks the
 * generation first): null when a month has none.
 */
export async function readMonthViews(
  data: Data,
  profileId: string,
  from: string,
  to: string,
): Promise<Array<{ month: string; content_hash?: string; items: unknown }> | null> {
  const first = from.slice(0, 7);
  const last = to.slice(0, 7);
  const { data: records } = await data.moneyMonthViews.query
    .byProfileMonth({ profile_id: profileId })
    .between({ month: first }, { month: last })
    .go({ pages: 'all', attributes: ['month', 'content_hash', 'items'] });
  let expected = first;
  for (const record of records) {
    if (record.month !== expected) return null;
    expected = shiftMonth(expected, 1);
  }
  return expected === shiftMonth(last, 1) ? records : null;
}

/**
 * The planned items due in [from, to] from the views, when every month's view is the one the header
 * lists and that generation holds the latest inputs; else null (read the sources).
 */
export function itemsFromViews(
  header: ViewHeader | null | undefined,
  views: ReadonlyArray<{ month: string; content_hash?: string; items: unknown }> | null,
  from: string,
  to: string,
): PublicPlanItem[] | null {
  if (!views || !viewsServable(header)) return null;
  if (views.some((v) => !viewListed(header, v))) return null;
  return views
    .flatMap((v) => unpack<PublicPlanItem[]>(v.items))
    .filter((i) => i.due_date >= from && i.due_date <= to);
}

/** Removes the views of these months (no longer among a generation's). */
export async function deleteMonthViewsOf(data: Data, profileId: string, months: readonly string[]) {
  await batchUntilDone(
    months.map((month) => ({ profile_id: profileId, month })),
    (k) => `${String(k.profile_id)}|${String(k.month)}`,
    (batch) => data.moneyMonthViews.delete(batch).go({ concurrency: 10 }),
  );
}

/** Removes a profile's views (the profile is deleted). */
export async function deleteMonthViews(data: Data, profileId: string): Promise<void> {
  const { data: records } = await data.moneyMonthViews.query
    .byProfileMonth({ profile_id: profileId })
    .go({ pages: 'all', attributes: ['profile_id', 'month'] });
  if (records.length > 0) await data.moneyMonthViews.delete(records).go({ concurrency: 10 });
}
