// The balance forecast (spec §4 running balances, §5, §9): per account, today through
// 730 days, one row per day with opening and closing balance and the actual and forecasted totals.
// Only planned items that are neither reconciled nor user-deleted count; an item without an account
// counts in every account's own view but once in the all-accounts total. Built for a 2 ms budget per
// account: items are bucketed by day index with integer arithmetic, no Date objects in the loop.
import type { Cents } from './cents.ts';
import { daysInMonth, formatCivil, parseDay, toCivil, type DayNumber } from './dates.ts';
import type { Allowance } from './allowance-rules.ts';
import {
  addAllowance,
  addBand,
  addRateRisk,
  addWithdrawalRisk,
  type OwnPlanned,
} from './allowance-series.ts';
import { flowFromPlaid, PLAN_HORIZON_DAYS, type PlanItem } from './plan.ts';
import { withSupportedDrift } from './withdrawals.ts';
import type { AccountType } from './types.ts';

export type { AccountType } from './types.ts';

/**
 * Credit and loan balances are what is owed (Plaid's convention): money coming in lowers them. Every
 * other balance is what is held: money coming in raises it.
 */
export function isLiability(type: AccountType): boolean {
  return type === 'credit' || type === 'loan';
}

/**
 * Cash: money a person can spend from today (checking, savings, money market: Plaid's depository
 * type). Low and negative days are a cash notion; investments and debts are not cash.
 */
export function isCashAccount(type: AccountType): boolean {
  return type === 'depository';
}

/** The change a cash flow (positive = money in) makes to an account's balance. */
export function balanceDelta(type: AccountType, flow: Cents): Cents {
  return isLiability(type) ? -flow || 0 : flow;
}

export interface ForecastAccount {
  readonly account_id: string;
  readonly account_type: AccountType;
  /** Today's balance in cents, including everything posted today (Plaid's `current`). */
  readonly current_balance: Cents;
}

export type ForecastPlanned = Pick<
  PlanItem,
  'account_id' | 'due_date' | 'amount' | 'is_reconciled' | 'is_user_deleted'
> &
  Partial<Pick<PlanItem, 'is_generated'>>;

/**
 * The person's own planned outflows (`is_generated` false: items they added) of one account, by day
 * index: they take the place of the allowance's expectation for their month (allowance-series.ts).
 */
function ownPlanned(
  planned: readonly ForecastPlanned[],
  accountId: string | null,
  start: DayNumber,
  n: number,
): OwnPlanned[] {
  const out: OwnPlanned[] = [];
  for (const item of planned) {
    if (item.is_generated !== false || item.amount >= 0 || !countsTowardForecast(item)) continue;
    const account = item.account_id ?? null;
    if (accountId !== null && account !== null && account !== accountId) continue;
    const day = parseDay(item.due_date) - start;
    if (day >= 1 && day < n) out.push({ day, amount: -item.amount });
  }
  return out;
}

export interface ForecastActual {
  readonly account_id: string;
  readonly date: string;
  /** Plaid's sign: positive = money out. */
  readonly amount: Cents;
  readonly pending?: boolean;
}

/** A spec §3 running_balances row (amounts in cents, in the account's own balance convention). */
export interface BalanceDay {
  readonly balance_date: string;
  readonly opening_balance: Cents;
  readonly closing_balance: Cents;
  /** Posted transactions of the day: today only (the forecast starts today). */
  readonly actual_transactions_total: Cents;
  /** Open planned items due that day, plus the allowance when it is included. */
  readonly forecasted_transactions_total: Cents;
  /** False only for today (spec §4). */
  readonly is_forecast: boolean;
  /**
   * The likely range of the closing balance (p10–p90, see `bandOffsets`): equal to closing today and
   * when the allowance is not included, widening with distance. For an owed balance (credit, loan)
   * more spending raises it, so `closing_high` is the more-spending side there.
   */
  readonly closing_low: Cents;
  readonly closing_high: Cents;
}

export interface Forecast {
  readonly rows: readonly BalanceDay[];
  /**
   * The everyday-spending allowance per row as a balance change, whether or not it is included in the
   * rows (so the calendar can show it separately and the switch can show its effect). 0 for today.
   */
  readonly allowance: readonly Cents[];
  /**
   * The band per row as offsets from the closing balance *with* the allowance (low ≤ 0 ≤ high), whether
   * or not the allowance is included in the rows, so a store can keep the plan-only rows and both.
   */
  readonly band_low: readonly Cents[];
  readonly band_high: readonly Cents[];
  readonly includes_allowance: boolean;
}

interface ForecastWindow {
  /** Today's calendar date in the profile's time zone. */
  readonly today: string;
  /** Days after today; the rows are today plus this many (spec §9: 730). */
  readonly days?: number;
  readonly planned: readonly ForecastPlanned[];
  /** Posted transactions; only those dated today count (in today's actual total). */
  readonly transactions?: readonly ForecastActual[];
  /** Default true when an allowance is given. */
  readonly include_allowance?: boolean;
}

export interface AccountForecastInput extends ForecastWindow {
  readonly account: ForecastAccount;
  readonly allowance?: Allowance | null;
}

export interface TotalForecastInput extends ForecastWindow {
  /** The accounts the total covers (e.g. the calendar's account filter). */
  readonly accounts: readonly ForecastAccount[];
  /** Each account's allowance, by account id. */
  readonly allowances?: ReadonlyMap<string, Allowance>;
}

/** spec §5: only open items count toward forecasts. */
export function countsTowardForecast(item: Pick<PlanItem, 'is_reconciled' | 'is_user_deleted'>): boolean {
  return !item.is_reconciled && !item.is_user_deleted;
}

const DAY_SUFFIX = Array.from({ length: 32 }, (_, d) => (d < 10 ? `0${d}` : String(d)));

/** `count` consecutive `YYYY-MM-DD` strings from `start`, stepping the calendar instead of converting. */
function dateStrings(start: DayNumber, count: number): string[] {
  const out = new Array<string>(count);
  let { year, month, day } = toCivil(start);
  let monthLength = daysInMonth(year, month);
  let prefix = formatCivil(year, month, 1).slice(0, 8);
  for (let i = 0; i < count; i += 1) {
    out[i] = prefix + DAY_SUFFIX[day];
    day += 1;
    if (day > monthLength) {
      day = 1;
      month += 1;
      if (month > 12) {
        month = 1;
        year += 1;
      }
      monthLength = daysInMonth(year, month);
      prefix = formatCivil(year, month, 1).slice(0, 8);
    }
  }
  return out;
}

interface Series {
  readonly actualToday: Cents;
  readonly forecast: Float64Array;
  readonly allowance: Float64Array;
  readonly bandLow: Float64Array;
  readonly bandHigh: Float64Array;
}

function rowsFrom(
  start: DayNumber,
  openingToday: Cents,
  series: Series,
  includeAllowance: boolean,
): BalanceDay[] {
  const n = series.forecast.length;
  const dates = dateStrings(start, n);
  const rows = new Array<BalanceDay>(n);
  let opening = openingToday;
  for (let i = 0; i < n; i += 1) {
    const forecasted = (series.forecast[i] ?? 0) + (includeAllowance ? (series.allowance[i] ?? 0) : 0);
    const actual = i === 0 ? series.actualToday : 0;
    const closing = opening + actual + forecasted;
    rows[i] = {
      balance_date: dates[i] ?? '',
      opening_balance: opening,
      closing_balance: closing,
      actual_transactions_total: actual,
      forecasted_transactions_total: forecasted,
      is_forecast: i > 0,
      closing_low: includeAllowance ? closing + (series.bandLow[i] ?? 0) : closing,
      closing_high: includeAllowance ? closing + (series.bandHigh[i] ?? 0) : closing,
    };
    opening = closing;
  }
  return rows;
}

const cents = (values: Float64Array): Cents[] => Array.from(values, (v) => v || 0);

/** The daily rows from the opening balance and the day-indexed series, with the series themselves. */
function forecastFrom(
  start: DayNumber,
  openingToday: Cents,
  series: Series,
  withAllowance: boolean,
): Forecast {
  return {
    rows: rowsFrom(start, openingToday, series, withAllowance),
    allowance: cents(series.allowance),
    band_low: cents(series.bandLow),
    band_high: cents(series.bandHigh),
    includes_allowance: withAllowance,
  };
}

function window(input: ForecastWindow): { start: DayNumber; n: number; includeAllowance: boolean } {
  const days = input.days ?? PLAN_HORIZON_DAYS;
  return {
    start: parseDay(input.today),
    n: Math.max(0, Math.floor(days)) + 1,
    includeAllowance: input.include_allowance ?? true,
  };
}

/**
 * Today's closing balance is the account's current balance plus what is still planned for today
 * (opening = current − today's posted transactions); each later day opens at the previous close.
 * Allowance and planned amounts are cash flows turned into balance changes by `balanceDelta`.
 */
export function forecastAccount(input: AccountForecastInput): Forecast {
  const { start, n, includeAllowance } = window(input);
  const { account } = input;
  // balanceDelta's sign, hoisted out of the loops.
  const sign = isLiability(account.account_type) ? -1 : 1;
  const forecast = new Float64Array(n);
  for (const item of input.planned) {
    if (!countsTowardForecast(item)) continue;
    // spec §5: an item matches an account if account_id equals it or is null.
    if (item.account_id !== null && item.account_id !== undefined && item.account_id !== account.account_id)
      continue;
    const i = parseDay(item.due_date) - start;
    if (i >= 0 && i < n) forecast[i] = (forecast[i] ?? 0) + sign * item.amount;
  }
  let actualToday = 0;
  for (const tx of input.transactions ?? []) {
    if (tx.pending || tx.account_id !== account.account_id || parseDay(tx.date) !== start) continue;
    actualToday += sign * flowFromPlaid(tx.amount);
  }
  const allowance = new Float64Array(n);
  const bandLow = new Float64Array(n);
  const bandHigh = new Float64Array(n);
  if (input.allowance) {
    addAllowance(
      allowance,
      start,
      sign === 1 ? withSupportedDrift(input.allowance, account.current_balance) : input.allowance,
      sign,
      ownPlanned(input.planned, account.account_id, start, n),
    );
    addBand(bandLow, bandHigh, input.allowance.spread, sign, input.allowance.spread_growth);
    if (sign === 1) {
      addWithdrawalRisk(bandLow, input.allowance, account.current_balance);
      addRateRisk(bandLow, bandHigh, input.allowance, account.current_balance);
    }
  }
  return forecastFrom(
    start,
    account.current_balance - actualToday,
    { actualToday, forecast, allowance, bandLow, bandHigh },
    includeAllowance && Boolean(input.allowance),
  );
}

/**
 * The all-accounts view as net position: what is held minus what is owed (credit and loan balances
 * count negatively). Every open planned item counts once, by its cash flow — including items with no
 * account, which each account's own view also shows (so the total is not the sum of the accounts'
 * views when such items exist). Items for accounts outside `accounts` are left out.
 */
export function forecastTotal(input: TotalForecastInput): Forecast {
  const { start, n, includeAllowance } = window(input);
  const included = new Set(input.accounts.map((a) => a.account_id));
  const forecast = new Float64Array(n);
  for (const item of input.planned) {
    if (!countsTowardForecast(item)) continue;
    if (item.account_id !== null && item.account_id !== undefined && !included.has(item.account_id)) continue;
    const i = parseDay(item.due_date) - start;
    if (i >= 0 && i < n) forecast[i] = (forecast[i] ?? 0) + item.amount;
  }
  let actualToday = 0;
  for (const tx of input.transactions ?? []) {
    if (tx.pending || !included.has(tx.account_id) || parseDay(tx.date) !== start) continue;
    actualToday += flowFromPlaid(tx.amount);
  }
  let position = 0;
  const allowance = new Float64Array(n);
  const bandLow = new Float64Array(n);
  const bandHigh = new Float64Array(n);
  let anyAllowance = false;
  for (const account of input.accounts) {
    position += isLiability(account.account_type) ? -account.current_balance : account.current_balance;
    const a = input.allowances?.get(account.account_id);
    if (a) {
      const items = input.planned.filter((p) => p.account_id === account.account_id);
      const line = isLiability(account.account_type) ? a : withSupportedDrift(a, account.current_balance);
      addAllowance(allowance, start, line, 1, ownPlanned(items, account.account_id, start, n));
      // The accounts' bands add up: as if their everyday spending moved together (a wide, safe total).
      const own = new Float64Array(n);
      const ownHigh = new Float64Array(n);
      addBand(own, ownHigh, a.spread, 1, a.spread_growth);
      if (!isLiability(account.account_type)) {
        addWithdrawalRisk(own, a, account.current_balance);
        addRateRisk(own, ownHigh, a, account.current_balance);
      }
      for (let i = 0; i < n; i += 1) {
        bandLow[i] = (bandLow[i] ?? 0) + (own[i] ?? 0);
        bandHigh[i] = (bandHigh[i] ?? 0) + (ownHigh[i] ?? 0);
      }
      anyAllowance = true;
    }
  }
  return forecastFrom(
    start,
    position - actualToday,
    { actualToday, forecast, allowance, bandLow, bandHigh },
    includeAllowance && anyAllowance,
  );
}

/** One stored running-balance item (running-balance-month.ts): an account's rows of one month. */
export interface BalanceMonth {
  readonly account_id: string;
  /** `YYYY-MM` */
  readonly month: string;
  readonly days: readonly BalanceDay[];
}

/** Rows grouped one item per account per month (about 25 for 731 days), in date order. */
export function splitIntoMonths(accountId: string, rows: readonly BalanceDay[]): BalanceMonth[] {
  const months: BalanceMonth[] = [];
  let current: { account_id: string; month: string; days: BalanceDay[] } | null = null;
  for (const row of rows) {
    const month = row.balance_date.slice(0, 7);
    if (!current || current.month !== month) {
      current = { account_id: accountId, month, days: [] };
      months.push(current);
    }
    current.days.push(row);
  }
  return months;
}

/** The daily rows of stored months, in date order (what the API returns). */
export function joinMonths(months: readonly BalanceMonth[]): BalanceDay[] {
  return [...months]
    .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0))
    .flatMap((m) => [...m.days].sort((a, b) => (a.balance_date < b.balance_date ? -1 : 1)));
}

export interface LowestPoint {
  readonly balance_date: string;
  readonly closing_balance: Cents;
}

/** The lowest closing balance of the rows and its (earliest) date; null for no rows. */
export function lowestPoint(rows: readonly BalanceDay[]): LowestPoint | null {
  let best: BalanceDay | null = null;
  for (const row of rows) if (!best || row.closing_balance < best.closing_balance) best = row;
  return best ? { balance_date: best.balance_date, closing_balance: best.closing_balance } : null;
}

export interface BalanceFlags {
  readonly balance_date: string;
  /** Closing below the user's threshold. */
  readonly is_low: boolean;
  readonly is_negative: boolean;
  /** The period's lowest point (the first, if it repeats). */
  readonly is_lowest: boolean;
}

/**
 * Calendar flags for the rows of a period. Meant for held balances (depository and
 * the net total); for a credit account's own view, a "low" owed balance is good news.
 */
export function balanceFlags(rows: readonly BalanceDay[], lowThreshold: Cents): BalanceFlags[] {
  const lowest = lowestPoint(rows);
  return rows.map((row) => ({
    balance_date: row.balance_date,
    is_low: row.closing_balance < lowThreshold,
    is_negative: row.closing_balance < 0,
    is_lowest: lowest !== null && row.balance_date === lowest.balance_date,
  }));
}
