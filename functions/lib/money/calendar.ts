// The Money Calendar's month (spec §7 get-money-plan-calendar {month}): per day the actual
// transactions (classified, spec §3 classification output) and the planned items, opening and closing
// balances per account and in total, and flags (below the user's low-balance threshold, negative, the
// month's lowest point). Days from today on come from the stored forecast; past days are actual balances
// reconstructed backwards from the current balance through the posted transactions (month-end balances
// kept with each forecast generation, then this month's transactions day by day).
import {
  classifyTransaction,
  summaryDirection,
  type Direction,
  type TransactionClassification,
} from '../../../domain/classification.ts';
import { ValidationError } from '../../../domain/errors.ts';
import { type Cents } from '../../../domain/money/cents.ts';
import { addDays, daysInMonth, formatCivil, monthIndexOf } from '../../../domain/money/dates.ts';
import { displayName } from '../../../domain/money/merchant.ts';
import {
  balanceDelta,
  balanceFlags,
  isLiability,
  lowestPoint,
  type AccountType,
  type BalanceDay,
} from '../../../domain/money/forecast.ts';
import { flowFromPlaid, PLAN_HORIZON_DAYS } from '../../../domain/money/plan.ts';
import {
  freshForecast,
  readForecastHeaderForReading,
  storedMonth,
  unpackMonth,
  withAllowance,
  type StoredBalanceDay,
  type StoredForecastHeader,
} from './forecast-store.ts';
import { cadencesOf, publicItem, reconciledTransactions, type PublicPlanItem } from './plan.ts';
import { readMonthView, viewListed, type MonthView } from './month-views.ts';
import { resolveView, type MoneyView, type ViewRequest } from './view.ts';
import {
  activeAccounts,
  planItemsBetween,
  seriesCadences,
  todayOf,
  transactionsBetween,
  type MoneyContext,
  type StoredAccount,
  type StoredTransaction,
} from './store.ts';

/** The stored series a view reads: its own (the account's months are read with the accounts). */
function viewKeys(view: MoneyView): string[] {
  return view.kind === 'account' ? [] : [view.key];
}

/** Navigation reaches 24 months either way (24 months ahead, back through Plaid's history). */
export const CALENDAR_MONTHS_EACH_WAY = 24;
export interface CalendarInput {
  readonly month: string;
  readonly lowBalanceThreshold: Cents;
  /** Cash (default), net worth or one account (view.ts); `rememberedView` when the request names none. */
  readonly view: ViewRequest;
  readonly rememberedView: string | null;
  readonly includeAllowance: boolean;
}

interface OpenClose {
  opening: Cents;
  closing: Cents;
  /** The likely range of the closing balance (p10–p90, docs/money-engine.md): equal to it on past days. */
  low: Cents;
  high: Cents;
}

export interface CalendarTransaction {
  id: string;
  account_id: string;
  date: string;
  name: string;
  merchant_name: string | null;
  /** The payee as a person reads it (merchant.ts displayName); `name` keeps the bank's own string. */
  display_name: string;
  /** Plaid's sign: positive = money out. */
  amount: number;
  pending: boolean;
  personal_finance_category: { primary: string | null; detailed: string | null } | null;
  classification: TransactionClassification;
}

export interface CalendarDay {
  date: string;
  is_today: boolean;
  /** After today: balances are forecast; today and earlier are actual (spec §4). */
  is_forecast: boolean;
  transactions: CalendarTransaction[];
  planned: PublicPlanItem[];
  balances: {
    /**
     * The view's balance in its convention (`balance_convention`): cash held, the net position
     * (held − owed), or one account's own (owed for credit and loans); null beyond the horizon.
     */
    total: OpenClose | null;
    /** Each account in its own convention (owed for credit and loans). */
    accounts: Array<{ account_id: string } & OpenClose>;
  };
  totals: {
    /**
     * Posted transactions (spec §5 normalized amounts): income and spending (≤ 0), transfers apart.
     * A payment received on a card or loan is a transfer in (classification.ts summaryDirection), so
     * a view holding both sides never counts one payment as income and again as spending.
     */
    actual_in: Cents;
    actual_out: Cents;
    transfers_in: Cents;
    transfers_out: Cents;
    /** Open planned items (not reconciled, not deleted), cash flow. */
    planned_in: Cents;
    planned_out: Cents;
    /** Everyday-spending allowance of the view (net), whether or not the balances include it. */
    allowance: Cents;
  };
  flags: { is_low: boolean; is_negative: boolean; is_lowest: boolean };
}

const openClose = (row: BalanceDay): OpenClose => ({
  opening: row.opening_balance,
  closing: row.closing_balance,
  low: row.closing_low,
  high: row.closing_high,
});

function monthOffset(month: string, today: string): number {
  const m = monthIndexOf(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
  const t = monthIndexOf(Number(today.slice(0, 4)), Number(today.slice(5, 7)));
  return m - t;
}

function publicTransaction(t: StoredTransaction, type: AccountType | null): CalendarTransaction {
  const pfc = t.personal_finance_category;
  return {
    id: t.id,
    account_id: t.account_id,
    date: t.date,
    name: t.name,
    merchant_name: t.merchant_name ?? null,
    display_name: displayName(t),
    amount: t.amount,
    pending: t.pending ?? false,
    personal_finance_category:
      pfc?.primary || pfc?.detailed ? { primary: pfc.primary ?? null, detailed: pfc.detailed ?? null } : null,
    classification: classifyTransaction(t, type),
  };
}

/** The normalized amounts of the posted transactions that count as `direction` in a summary. */
function sumBy(
  posted: readonly CalendarTransaction[],
  direction: Direction,
  typeOf: ReadonlyMap<string, AccountType>,
): Cents {
  let total = 0;
  for (const t of posted)
    if (summaryDirection(t.classification, typeOf.get(t.account_id) ?? null, t.amount) === direction)
      total += Math.abs(t.classification.normalizedAmount);
  // The sign is the summary's direction: in is positive, out is negative.
  return direction === 'income' || direction === 'transfer_in' ? total : -total;
}

/**
 * Past days of one account: walks back from the closing balance at `endDate` through the posted
 * transactions of each day (the bank's current balance excludes pending ones).
 */
function pastBalances(
  account: StoredAccount,
  dates: readonly string[],
  endDate: string,
  closingAtEnd: Cents,
  transactions: readonly StoredTransaction[],
): Map<string, OpenClose> {
  const change = new Map<string, Cents>();
  for (const t of transactions) {
    if (t.account_id !== account.id || t.pending) continue;
    change.set(
      t.date,
      (change.get(t.date) ?? 0) + balanceDelta(account.account_type, flowFromPlaid(t.amount)),
    );
  }
  const out = new Map<string, OpenClose>();
  let closing = closingAtEnd;
  for (let i = dates.length - 1; i >= 0; i -= 1) {
    const date = dates[i] ?? '';
    if (date > endDate) continue;
    const opening = closing - (change.get(date) ?? 0);
    out.set(date, { opening, closing, low: closing, high: closing });
    closing = opening;
  }
  return out;
}

/** Year, month and its days of a requested month, checked to be within navigation's reach. */
function monthOf(input: Pick<CalendarInput, 'month'>, today: string) {
  const offset = monthOffset(input.month, today);
  if (Math.abs(offset) > CALENDAR_MONTHS_EACH_WAY)
    throw new ValidationError([
      { field: 'month', message: `must be within ${CALENDAR_MONTHS_EACH_WAY} months of the current month` },
    ]);
  const year = Number(input.month.slice(0, 4));
  const monthNumber = Number(input.month.slice(5, 7));
  const first = formatCivil(year, monthNumber, 1);
  const last = formatCivil(year, monthNumber, daysInMonth(year, monthNumber));
  const dates = Array.from({ length: daysInMonth(year, monthNumber) }, (_, i) => addDays(first, i));
  return { first, last, dates };
}

/** What the calendar reads before it knows the view: see calendarReads. */
export interface CalendarReads {
  readonly header: StoredForecastHeader | null;
  readonly allAccounts: StoredAccount[];
  readonly monthTransactions: StoredTransaction[];
  /** The month ready to serve (month-views.ts), of whichever generation wrote it last. */
  readonly view: MonthView | null;
}

/**
 * The month's first round of reads, each one query or key lookup, all at once: the
 * stored forecast's header as it is, the accounts, the month's transactions (none for a month that has
 * not begun), its planned items and the series' cadences. Only reads — no regeneration — so a handler
 * starts them beside its access check (access.ts withProfileAccess) and hands them to moneyPlanCalendar.
 */
export async function calendarReads(
  ctx: MoneyContext,
  profileId: string,
  input: Pick<CalendarInput, 'month' | 'view'>,
): Promise<CalendarReads> {
  const { data, deps } = ctx;
  const today = todayOf(deps.clock);
  const { first, last } = monthOf(input, today);
  // The account a request names outright is read narrowly; any other view reads the profile's month
  // and keeps its accounts' rows (a remembered account view resolves only with the accounts list).
  const [header, allAccounts, monthTransactions, view] = await Promise.all([
    readForecastHeaderForReading(data, profileId),
    activeAccounts(data, profileId),
    first > today
      ? Promise.resolve([] as StoredTransaction[])
      : transactionsBetween(data, profileId, first, last, input.view.accountId),
    readMonthView(data, profileId, input.month),
  ]);
  return { header, allAccounts, monthTransactions, view };
}

/**
 * The month. Reads in two rounds: calendarReads (given, when the handler started it beside its access
 * check), then the stored forecast days of the view's keys and the transactions its planned items were
 * matched with, together. A forecast not current is regenerated first (freshForecast), as any reader does.
 */
export async function moneyPlanCalendar(
  ctx: MoneyContext,
  profileId: string,
  input: CalendarInput,
  reads?: CalendarReads,
) {
  const { data, deps } = ctx;
  const today = todayOf(deps.clock);
  const { first, last, dates } = monthOf(input, today);
  const { allAccounts, monthTransactions, ...read } = reads ?? (await calendarReads(ctx, profileId, input));
  const { header, stale, current } = await freshForecast(ctx, profileId, read.header);
  const view = resolveView(profileId, allAccounts, input.view, input.rememberedView);
  const accounts = view.accounts;
  const typeOf = new Map(allAccounts.map((a) => [a.id, a.account_type]));
  const inViewAccounts = new Set(accounts.map((a) => a.id));
  const forecastToday = header.forecast_today;
  const horizon = addDays(forecastToday, PLAN_HORIZON_DAYS);

  const wantsPast = first < forecastToday;
  const wantsFuture = last >= forecastToday && first <= horizon;
  const transactions = monthTransactions.filter((t) => inViewAccounts.has(t.account_id));
  // Items for "all accounts" (null) belong to every view, as they count in every forecast (spec §5).
  const inView = (accountId: string | null | undefined) => !accountId || inViewAccounts.has(accountId);
  const keys = [...accounts.map((a) => a.id), ...viewKeys(view)];
  const wantsStored = wantsFuture || (wantsPast && last >= forecastToday);
  // The month ready to serve, when it is the one the current generation lists (month-views.ts); read
  // again once if the forecast was regenerated just now. Otherwise the month's items, cadences and
  // stored days.
  const ready = (v: MonthView | null) => (v && current && viewListed(header, v) ? v : null);
  let monthView = ready(read.view);
  if (!monthView && current && header.generation_id !== read.header?.generation_id)
    monthView = ready(await readMonthView(data, profileId, input.month));
  let planned: PublicPlanItem[];
  let stored: Map<string, StoredBalanceDay[]>;
  if (monthView) {
    planned = monthView.items.filter((i) => !i.is_user_deleted && inView(i.account_id));
    stored = new Map();
    if (wantsStored)
      for (const key of keys) {
        const columns = monthView.forecast[key];
        if (columns) stored.set(key, unpackMonth(columns));
      }
  } else {
    const [items, series, storedDays] = await Promise.all([
      planItemsBetween(data, profileId, first, last),
      seriesCadences(data, profileId),
      wantsStored
        ? storedMonth(data, header, keys, input.month)
        : Promise.resolve(new Map<string, StoredBalanceDay[]>()),
    ]);
    const open = items.filter((i) => !i.is_user_deleted && inView(i.account_id));
    const reconciledTx = await reconciledTransactions(data, open);
    const cadences = cadencesOf(series);
    planned = open.map((i) => publicItem(i, reconciledTx, cadences));
    stored = storedDays;
  }

  // Stored (forecast) days by key and date; past days reconstructed per account.
  const storedByKey = new Map<string, Map<string, BalanceDay>>();
  for (const [key, days] of stored)
    storedByKey.set(
      key,
      new Map(days.map((d) => [d.balance_date, withAllowance(d, input.includeAllowance)])),
    );
  const allowanceByDate = new Map<string, Cents>();
  for (const d of stored.get(view.key) ?? []) {
    // The allowance is reported as cash flow (≤ 0); an owed account stores it as a balance increase.
    const sign = view.convention === 'owed' ? -1 : 1;
    // Reported whether or not the balances include it, so the calendar can show it separately.
    allowanceByDate.set(d.balance_date, sign * (d.allowance ?? 0) || 0);
  }
  const past = new Map<string, Map<string, OpenClose>>();
  if (wantsPast) {
    const currentMonth = forecastToday.slice(0, 7);
    for (const account of accounts) {
      let endDate: string;
      let closingAtEnd: Cents | undefined;
      if (input.month === currentMonth) {
        endDate = addDays(forecastToday, -1);
        closingAtEnd = stored.get(account.id)?.find((d) => d.balance_date === forecastToday)?.opening_balance;
      } else {
        endDate = last;
        closingAtEnd = header.history[account.id]?.[input.month];
      }
      if (closingAtEnd !== undefined)
        past.set(account.id, pastBalances(account, dates, endDate, closingAtEnd, transactions));
    }
  }

  const signOf = new Map(accounts.map((a) => [a.id, view.signOf(a)]));
  const days: CalendarDay[] = dates.map((date) => {
    const accountBalances: Array<{ account_id: string } & OpenClose> = [];
    for (const account of accounts) {
      const row = date >= forecastToday ? storedByKey.get(account.id)?.get(date) : undefined;
      const balance = row ? openClose(row) : past.get(account.id)?.get(date);
      if (balance) accountBalances.push({ account_id: account.id, ...balance });
    }
    let total: OpenClose | null = null;
    const totalRow = date >= forecastToday ? storedByKey.get(view.key)?.get(date) : undefined;
    if (totalRow) total = openClose(totalRow);
    else if (accountBalances.length === accounts.length && date < forecastToday) {
      total = accountBalances.reduce(
        (sum, b) => {
          const s = signOf.get(b.account_id) ?? 1;
          // An owed balance's high side is the net position's low side.
          return {
            opening: sum.opening + s * b.opening,
            closing: sum.closing + s * b.closing,
            low: sum.low + (s === 1 ? b.low : -b.high),
            high: sum.high + (s === 1 ? b.high : -b.low),
          };
        },
        { opening: 0, closing: 0, low: 0, high: 0 },
      );
    }
    const dayTransactions = transactions
      .filter((t) => t.date === date)
      .map((t) => publicTransaction(t, typeOf.get(t.account_id) ?? null));
    const dayPlanned = planned.filter((i) => i.due_date === date);
    const open = dayPlanned.filter((i) => !i.is_reconciled);
    const posted = dayTransactions.filter((t) => !t.pending);
    return {
      date,
      is_today: date === today,
      is_forecast: date > forecastToday,
      transactions: dayTransactions,
      planned: dayPlanned,
      balances: { total, accounts: accountBalances },
      totals: {
        actual_in: sumBy(posted, 'income', typeOf),
        actual_out: sumBy(posted, 'expense', typeOf),
        transfers_in: sumBy(posted, 'transfer_in', typeOf),
        transfers_out: sumBy(posted, 'transfer_out', typeOf),
        planned_in: open.reduce((s, i) => s + Math.max(0, i.amount), 0),
        planned_out: open.reduce((s, i) => s + Math.min(0, i.amount), 0),
        allowance: date > forecastToday ? (allowanceByDate.get(date) ?? 0) : 0,
      },
      flags: { is_low: false, is_negative: false, is_lowest: false },
    };
  });

  const withBalance = days.flatMap((d) =>
    d.balances.total
      ? [
          {
            balance_date: d.date,
            opening_balance: d.balances.total.opening,
            closing_balance: d.balances.total.closing,
            actual_transactions_total: 0,
            forecasted_transactions_total: 0,
            is_forecast: d.is_forecast,
            closing_low: d.balances.total.low,
            closing_high: d.balances.total.high,
          },
        ]
      : [],
  );
  // Low, negative and lowest are cash notions: an owed balance or net worth is not spent from.
  const flags = new Map(
    (view.marksLowDays ? balanceFlags(withBalance, input.lowBalanceThreshold) : []).map((f) => [
      f.balance_date,
      f,
    ]),
  );
  for (const day of days) {
    const f = flags.get(day.date);
    if (f) day.flags = { is_low: f.is_low, is_negative: f.is_negative, is_lowest: f.is_lowest };
  }
  const lowest = view.convention === 'owed' ? null : lowestPoint(withBalance);
  const sum = (pick: (d: CalendarDay) => number) => days.reduce((s, d) => s + pick(d), 0);
  return {
    month: input.month,
    today,
    view: view.kind,
    account_id: view.accountId,
    balance_convention: view.convention,
    marks_low_days: view.marksLowDays,
    low_balance_threshold: input.lowBalanceThreshold,
    include_allowance: input.includeAllowance,
    generated_at: header.generated_at,
    plan_started_on: header.plan_started_on,
    stale,
    forecast_horizon: horizon,
    // Every active account, whatever the view: the picker always lists them all.
    accounts: allAccounts.map((a) => ({
      id: a.id,
      account_name: a.account_name,
      institution_name: a.institution_name ?? null,
      account_type: a.account_type,
      mask: a.mask ?? null,
      account_subtype: a.account_subtype ?? null,
      is_manual: a.is_manual ?? false,
      balance_convention: isLiability(a.account_type) ? ('owed' as const) : ('held' as const),
      in_view: inViewAccounts.has(a.id),
    })),
    summary: {
      opening: withBalance[0]?.opening_balance ?? null,
      closing: withBalance[withBalance.length - 1]?.closing_balance ?? null,
      lowest: lowest ? { date: lowest.balance_date, closing: lowest.closing_balance } : null,
      low_days: days.filter((d) => d.flags.is_low).length,
      negative_days: days.filter((d) => d.flags.is_negative).length,
      actual_in: sum((d) => d.totals.actual_in),
      actual_out: sum((d) => d.totals.actual_out),
      transfers_in: sum((d) => d.totals.transfers_in),
      transfers_out: sum((d) => d.totals.transfers_out),
      planned_in: sum((d) => d.totals.planned_in),
      planned_out: sum((d) => d.totals.planned_out),
      allowance: sum((d) => d.totals.allowance),
    },
    days,
  };
}
