// A forecast's stored months: days packed into columns, unpacked with the spec §4 row identity, month-end
// balances for the history, and the reads of stored days and months (with or without the allowance).
import { setTimeout as sleep } from 'node:timers/promises';
import type { EntityItem } from 'electrodb';
import type { Cents } from '../../../domain/money/cents.ts';
import { addDays, formatDay, fromCivil, parseDay, toCivil } from '../../../domain/money/dates.ts';
import {
  balanceDelta,
  joinMonths,
  type AccountType,
  type BalanceDay,
  type Forecast,
} from '../../../domain/money/forecast.ts';
import { flowFromPlaid } from '../../../domain/money/plan.ts';
import type { HistoryTransaction } from '../../../domain/money/recurring.ts';
import type { Data } from '../data/index.ts';
import { hashAt } from './item-hashes.ts';
import type { ForecastHeader, StoredBalanceDay } from './forecast-header.ts';
import { HISTORY_MONTHS } from './forecast-header.ts';

export type StoredMonth = EntityItem<Data['runningBalanceMonths']>;

/** The stored columns of one month's days (running-balance-month.ts), in date order. */
export function packMonth(days: readonly StoredBalanceDay[]) {
  const first = days[0];
  if (!first) throw new Error('a stored month needs at least one day');
  return {
    first_date: first.balance_date,
    closing: days.map((d) => d.closing_balance),
    forecasted: days.map((d) => d.forecasted_transactions_total),
    allowance: days.map((d) => d.allowance),
    band_low: days.map((d) => d.band_low),
    band_high: days.map((d) => d.band_high),
    allowance_before: first.allowance_to_date - first.allowance,
    actual_first: first.actual_transactions_total,
    first_is_today: !first.is_forecast,
  };
}

/** The days of a stored month: opening = closing − actual − forecasted (spec §4 row identity). */
export function unpackMonth(
  month: Pick<StoredMonth, keyof ReturnType<typeof packMonth>>,
): StoredBalanceDay[] {
  let toDate = month.allowance_before ?? 0;
  return month.closing.map((closing, i) => {
    const actual = i === 0 ? (month.actual_first ?? 0) : 0;
    const forecasted = month.forecasted[i] ?? 0;
    const allowance = month.allowance[i] ?? 0;
    toDate += allowance;
    return {
      balance_date: addDays(month.first_date, i),
      opening_balance: closing - actual - forecasted,
      closing_balance: closing,
      actual_transactions_total: actual,
      forecasted_transactions_total: forecasted,
      is_forecast: !(i === 0 && month.first_is_today),
      closing_low: closing,
      closing_high: closing,
      allowance,
      allowance_to_date: toDate,
      // Months stored before the band existed have no columns: their band is the closing balance.
      band_low: month.band_low?.[i] ?? 0,
      band_high: month.band_high?.[i] ?? 0,
    };
  });
}

export function withAllowanceSeries(forecast: Forecast): StoredBalanceDay[] {
  let toDate = 0;
  return forecast.rows.map((row, i) => {
    const allowance = forecast.allowance[i] ?? 0;
    toDate += allowance;
    return {
      ...row,
      allowance,
      allowance_to_date: toDate,
      band_low: forecast.band_low[i] ?? 0,
      band_high: forecast.band_high[i] ?? 0,
    };
  });
}

/**
 * The closing balance at the end of each of the last `HISTORY_MONTHS` months, walking back from today's
 * balance through the posted transactions (the current balance excludes pending ones).
 */
export function monthEndBalances(
  transactions: readonly HistoryTransaction[],
  accountType: AccountType,
  currentBalance: Cents,
  today: string,
): Record<string, Cents> {
  const posted = transactions
    .filter((t) => !t.pending && t.date <= today)
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  const out: Record<string, Cents> = {};
  let balance = currentBalance;
  let i = 0;
  const { year, month } = toCivil(parseDay(today));
  let monthStart = fromCivil(year, month, 1);
  for (let k = 0; k < HISTORY_MONTHS; k += 1) {
    const endOfPrevious = formatDay(monthStart - 1);
    for (let t = posted[i]; t && t.date > endOfPrevious; t = posted[i]) {
      balance -= balanceDelta(accountType, flowFromPlaid(t.amount));
      i += 1;
    }
    out[endOfPrevious.slice(0, 7)] = balance;
    const previous = toCivil(monthStart - 1);
    monthStart = fromCivil(previous.year, previous.month, 1);
  }
  return out;
}

/** `YYYY-MM` months from `first` through `last`. */
export function monthRange(first: string, last: string): string[] {
  const out: string[] = [];
  let year = Number(first.slice(0, 4));
  let month = Number(first.slice(5, 7));
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last || out.length > 1200) break;
    out.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return out;
}

/** Adds the stored allowance to a plan-only row (spec §5 switch: shown separately, included by default). */
export function withAllowance(row: StoredBalanceDay, include: boolean): BalanceDay {
  const base = {
    balance_date: row.balance_date,
    opening_balance: row.opening_balance,
    closing_balance: row.closing_balance,
    actual_transactions_total: row.actual_transactions_total,
    forecasted_transactions_total: row.forecasted_transactions_total,
    is_forecast: row.is_forecast,
    closing_low: row.closing_balance,
    closing_high: row.closing_balance,
  };
  if (!include) return base;
  const toDate = row.allowance_to_date ?? 0;
  const today = row.allowance ?? 0;
  const closing = row.closing_balance + toDate;
  return {
    ...base,
    opening_balance: row.opening_balance + toDate - today,
    closing_balance: closing,
    forecasted_transactions_total: row.forecasted_transactions_total + today,
    // The band is measured around everyday spending, so it exists only when the allowance is counted.
    closing_low: closing + (row.band_low ?? 0),
    closing_high: closing + (row.band_high ?? 0),
  };
}

/**
 * The stored months asked for, each the one the header lists (its content hash). A reader racing a
 * regeneration can catch a month it has written and not yet recorded: it reads the header's lists again
 * (that regeneration may have finished) and the months, a few times, then answers what it has.
 */
export async function currentMonths(
  data: Data,
  header: ForecastHeader,
  keys: ReadonlyArray<{ account_id: string; month: string }>,
): Promise<StoredMonth[]> {
  let lists: Pick<ForecastHeader, 'months' | 'month_hashes'> = header;
  for (let attempt = 0; ; attempt += 1) {
    const { data: found, unprocessed } = await data.runningBalanceMonths.get([...keys]).go();
    const listed = found.every((m) => {
      const expected = hashAt(lists.month_hashes[m.account_id], lists.months[m.account_id]?.[0], m.month);
      // A header made before the hashes lists none: its months are taken as they are.
      return expected === undefined || m.content_hash === expected;
    });
    if ((listed && unprocessed.length === 0) || attempt >= 3) return found;
    await sleep(50);
    if (!listed) {
      const { data: again } = await data.profileForecasts
        .get({ profile_id: header.profile_id })
        .go({ attributes: ['months', 'month_hashes'] });
      lists = {
        months: (again?.months ?? lists.months) as ForecastHeader['months'],
        month_hashes: (again?.month_hashes ?? lists.month_hashes) as ForecastHeader['month_hashes'],
      };
    }
  }
}

/** Stored days of one storage key (an account or the total) dated in [from, to], as the header lists. */
export async function storedDays(
  data: Data,
  header: ForecastHeader,
  key: string,
  from: string,
  to: string,
): Promise<StoredBalanceDay[]> {
  const range = header.months[key];
  if (!range) return [];
  const months = monthRange(from.slice(0, 7), to.slice(0, 7)).filter((m) => m >= range[0] && m <= range[1]);
  if (months.length === 0) return [];
  const found = await currentMonths(
    data,
    header,
    months.map((month) => ({ account_id: key, month })),
  );
  const days = joinMonths(
    found.map((m) => ({ account_id: key, month: m.month, days: unpackMonth(m) })),
  ) as StoredBalanceDay[];
  return days.filter((d) => d.balance_date >= from && d.balance_date <= to);
}

/**
 * One month of stored days for several storage keys at once (one batch read): the calendar's accounts
 * and the total, as the header lists them.
 */
export async function storedMonth(
  data: Data,
  header: ForecastHeader,
  keys: readonly string[],
  month: string,
): Promise<Map<string, StoredBalanceDay[]>> {
  const wanted = keys.filter((key) => {
    const range = header.months[key];
    return range !== undefined && month >= range[0] && month <= range[1];
  });
  const out = new Map<string, StoredBalanceDay[]>();
  if (wanted.length === 0) return out;
  const found = await currentMonths(
    data,
    header,
    wanted.map((key) => ({ account_id: key, month })),
  );
  for (const m of found) out.set(m.account_id, unpackMonth(m));
  return out;
}
