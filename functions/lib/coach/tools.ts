// The money coach's tools: read-only questions over the money engine, each typed
// with zod, run on the server for the caller's active profile (the handler has checked their role),
// each answering figures the engine computed plus `as_of` and `warnings`. Both coaches (the offline one
// and Bedrock) call these and only these; every number an answer states must come from a tool's result
// (verify.ts). Amounts are integer cents; dates are the profile's calendar dates.
import { z } from 'zod';
import { classifyTransaction, summaryDirection } from '../../../domain/classification.ts';
import { CREDIT_CARD_PAYMENT_DETAILED } from '../../../domain/taxonomy.ts';
import { type Cents } from '../../../domain/money/cents.ts';
import { computeTotals } from '../../../domain/money/account-totals.ts';
import { addDays } from '../../../domain/money/dates.ts';
import {
  countsTowardForecast,
  isCashAccount,
  isLiability,
  type AccountType,
} from '../../../domain/money/forecast.ts';
import { displayName } from '../../../domain/money/merchant.ts';
import { PLAN_HORIZON_DAYS } from '../../../domain/money/plan.ts';
import { ValidationError } from '../../../domain/errors.ts';
import { moneyPlanCalendar } from '../money/calendar.ts';
import { cashKey, freshForecast, storedDays, withAllowance } from '../money/forecast-store.ts';
import { publicStream, type PublicStream } from '../money/plan.ts';
import {
  activeAccounts,
  planItemsBetween,
  profileSeries,
  through,
  todayOf,
  type MoneyContext,
  type StoredAccount,
} from '../money/store.ts';
import { viewSettingsOf } from '../money/view-settings.ts';

export interface ToolContext {
  readonly money: MoneyContext;
  readonly profileId: string;
  readonly userId: string;
  /** The caller's role on the profile: a proposal says whether they may add it. */
  readonly role?: 'owner' | 'editor' | 'viewer';
}

/** What every tool answers beside its figures. */
export interface ToolEnvelope {
  /** The day the figures are for (the forecast's today). */
  readonly as_of: string;
  readonly warnings: string[];
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be YYYY-MM');
/** $10 million: anything larger is a typo or a test of the limits, not a question about a budget. */
export const MAX_QUESTION_CENTS = 10_000_000_00;
const cents = z
  .number()
  .int('must be whole cents')
  .positive('must be more than zero')
  .max(MAX_QUESTION_CENTS);

// ── shared reads ───────────────────────────────────────────────────────────────────────────────────

interface CashSeries {
  readonly today: string;
  readonly rows: Array<{ date: string; closing: Cents; low: Cents; high: Cents }>;
  readonly threshold: Cents;
  readonly stale: boolean;
  /** The forecast's accounts and their types: which planned items a view counts. */
  readonly accountTypes: ReadonlyMap<string, AccountType>;
}

/** The cash forecast (or one account's) from today, with the member's own settings. */
async function series(tc: ToolContext, days: number, accountId?: string): Promise<CashSeries> {
  const { data } = tc.money;
  const [{ header, stale }, settings] = await Promise.all([
    freshForecast(tc.money, tc.profileId),
    viewSettingsOf(data, tc.profileId, tc.userId),
  ]);
  if (accountId && !header.accounts[accountId])
    throw new ValidationError([{ field: 'account', message: 'is not an account of this financial profile' }]);
  const today = header.forecast_today;
  const stored = await storedDays(
    data,
    header,
    accountId ?? cashKey(tc.profileId),
    today,
    addDays(today, days),
  );
  return {
    today,
    stale,
    threshold: settings.low_balance_threshold,
    accountTypes: new Map(Object.entries(header.accounts).map(([id, a]) => [id, a.account_type])),
    rows: stored.map((d) => {
      const row = withAllowance(d, settings.include_allowance);
      return {
        date: row.balance_date,
        closing: row.closing_balance,
        low: row.closing_low,
        high: row.closing_high,
      };
    }),
  };
}

function envelope(today: string, stale: boolean, extra: string[] = []): ToolEnvelope {
  return {
    as_of: today,
    warnings: [
      ...(stale ? ['The forecast may be out of date: it could not be refreshed just now.'] : []),
      ...extra,
    ],
  };
}

function lowest<T extends { closing: Cents }>(rows: readonly T[]): T | null {
  let best: T | null = null;
  for (const r of rows) if (!best || r.closing < best.closing) best = r;
  return best;
}

// ── the tools ──────────────────────────────────────────────────────────────────────────────────────

export const balanceForecastInput = z
  .object({
    /** An account id, or omitted for cash (checking and savings). */
    account: z.string().min(1).max(128).optional(),
    horizon_days: z.number().int().min(0).max(PLAN_HORIZON_DAYS).default(30),
    /** Cents; default the member's low-balance threshold. */
    threshold: z.number().int().min(-MAX_QUESTION_CENTS).max(MAX_QUESTION_CENTS).optional(),
  })
  .strict();

/** The most dated events a forecast answer lists (a weekly item over two years would be 104). */
const MAX_EVENTS = 60;

/**
 * The planned items a forecast view counts between its first and last day, as the engine counts them
 * (domain/money/forecast.ts): open items with no account, or on the one account, or — for cash — on a
 * cash account. `amount` is the cash flow (positive = money in).
 */
async function forecastEvents(tc: ToolContext, s: CashSeries, accountId: string | undefined) {
  const to = s.rows.at(-1)?.date;
  if (!to) return [];
  const [items, streams] = await Promise.all([
    planItemsBetween(tc.money.data, tc.profileId, s.today, to),
    profileSeries(tc.money.data, tc.profileId),
  ]);
  const kindOf = new Map(streams.map((x) => [x.series_id, x.kind as string]));
  const counts = (id: string) => {
    if (accountId) return id === accountId;
    const type = s.accountTypes.get(id);
    return type !== undefined && isCashAccount(type);
  };
  return items
    .filter((i) => countsTowardForecast(i) && (!i.account_id || counts(i.account_id)))
    .map((i) => ({
      date: i.due_date,
      name: i.description,
      amount: i.amount,
      kind: (i.series_id && kindOf.get(i.series_id)) || (i.amount >= 0 ? 'income' : 'bill'),
      account_id: i.account_id ?? null,
      item_id: i.id,
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.amount - b.amount);
}

export async function getBalanceForecast(tc: ToolContext, input: z.infer<typeof balanceForecastInput>) {
  const s = await series(tc, input.horizon_days, input.account);
  const events = await forecastEvents(tc, s, input.account);
  const threshold = input.threshold ?? s.threshold;
  const crossings: Array<{ date: string; direction: 'below' | 'above'; closing: Cents }> = [];
  s.rows.forEach((r, i) => {
    const before = s.rows[i - 1];
    if (!before) return;
    if (before.closing >= threshold && r.closing < threshold)
      crossings.push({ date: r.date, direction: 'below', closing: r.closing });
    if (before.closing < threshold && r.closing >= threshold)
      crossings.push({ date: r.date, direction: 'above', closing: r.closing });
  });
  const low = lowest(s.rows);
  const last = s.rows.at(-1);
  return {
    ...envelope(s.today, s.stale),
    view: input.account ? 'account' : 'cash',
    horizon_days: input.horizon_days,
    threshold,
    today_balance: s.rows[0]?.closing ?? null,
    end: last ? { date: last.date, closing: last.closing, low: last.low, high: last.high } : null,
    lowest: low ? { date: low.date, closing: low.closing } : null,
    threshold_crossings: crossings.slice(0, 20),
    /** The dated events behind the curve: planned and recurring items within the horizon (the first
     * MAX_EVENTS of `event_count`). */
    event_count: events.length,
    events: events.slice(0, MAX_EVENTS),
  };
}

export const canAffordInput = z
  .object({
    amount: cents,
    date: day,
    repeat: z.enum(['monthly']).optional(),
  })
  .strict();

/**
 * Adds a hypothetical expense to the cash forecast (a planned outflow lowers every closing balance
 * from its date on, exactly: the forecast is a running sum) and compares the lowest cash balance with
 * and without it. Verdict: overdraft if it would go below zero, tight if below the member's threshold.
 */
export async function canAfford(tc: ToolContext, input: z.infer<typeof canAffordInput>) {
  const today = todayOf(tc.money.deps.clock);
  if (input.date < today) throw new ValidationError([{ field: 'date', message: 'is in the past' }]);
  if (input.date > addDays(today, PLAN_HORIZON_DAYS))
    throw new ValidationError([{ field: 'date', message: `is more than ${PLAN_HORIZON_DAYS} days ahead` }]);
  // Far enough to see the purchase's effect settle: 90 days past it (a year for a monthly one).
  const horizon = Math.min(
    PLAN_HORIZON_DAYS,
    Math.round((Date.parse(input.date) - Date.parse(today)) / 86_400_000) + (input.repeat ? 365 : 90),
  );
  const s = await series(tc, horizon);
  const charges: string[] = [];
  if (input.repeat === 'monthly') {
    const [y, m, d] = input.date.split('-').map(Number) as [number, number, number];
    for (let k = 0; ; k += 1) {
      const dt = new Date(Date.UTC(y, m - 1 + k, 1));
      const last = new Date(Date.UTC(dt.getUTCFullYear(), dt.getUTCMonth() + 1, 0)).getUTCDate();
      dt.setUTCDate(Math.min(d, last));
      const iso = dt.toISOString().slice(0, 10);
      if (iso > (s.rows.at(-1)?.date ?? iso)) break;
      charges.push(iso);
    }
  } else charges.push(input.date);
  const withIt = s.rows.map((r) => ({
    date: r.date,
    closing: r.closing - input.amount * charges.filter((c) => c <= r.date).length,
  }));
  // What the purchase changes: the balances from its date on (earlier days are the same either way).
  const from = (rows: ReadonlyArray<{ date: string; closing: Cents }>) =>
    rows.filter((r) => r.date >= input.date);
  const before = lowest(from(s.rows));
  const after = lowest(from(withIt));
  const firstBelow = from(withIt).find((r) => r.closing < s.threshold) ?? null;
  const verdict =
    after && after.closing < 0 ? 'overdraft' : after && after.closing < s.threshold ? 'tight' : 'safe';
  return {
    ...envelope(s.today, s.stale),
    amount: input.amount,
    date: input.date,
    repeat: input.repeat ?? null,
    charges: charges.length,
    verdict,
    threshold: s.threshold,
    lowest_without: before ? { date: before.date, closing: before.closing } : null,
    lowest_with: after ? { date: after.date, closing: after.closing } : null,
    first_below_threshold: firstBelow ? { date: firstBelow.date, closing: firstBelow.closing } : null,
    horizon_days: horizon,
    /** For the figure card: the cash balance with and without it, day by day. */
    series: s.rows.map((r, i) => ({
      date: r.date,
      without: r.closing,
      with: withIt[i]?.closing ?? r.closing,
    })),
  };
}

interface PlannedRow {
  date: string;
  description: string;
  amount: Cents;
  account_id: string | null;
  kind: string;
  item_id: string;
}

async function plannedBetween(tc: ToolContext, days: number, keep: (row: PlannedRow) => boolean) {
  const { data, deps } = tc.money;
  const today = todayOf(deps.clock);
  const [items, series, accounts] = await Promise.all([
    planItemsBetween(data, tc.profileId, today, addDays(today, days)),
    profileSeries(data, tc.profileId),
    activeAccounts(data, tc.profileId),
  ]);
  const kindOf = new Map(series.map((s) => [s.series_id, s.kind as string]));
  const typeOf = new Map(accounts.map((a) => [a.id, a.account_type as AccountType]));
  const rows: PlannedRow[] = items
    .filter((i) => !i.is_user_deleted && !i.is_reconciled)
    // The card or loan side of a payment is the same money as its cash side: listed once.
    .filter((i) => !(i.account_id && isLiability(typeOf.get(i.account_id) ?? 'depository') && i.amount > 0))
    .map((i) => ({
      date: i.due_date,
      description: i.description,
      amount: i.amount,
      account_id: i.account_id ?? null,
      kind: (i.series_id && kindOf.get(i.series_id)) || (i.amount >= 0 ? 'income' : 'bill'),
      item_id: i.id,
    }))
    .filter(keep)
    .sort((a, b) => a.date.localeCompare(b.date) || a.amount - b.amount);
  return { today, rows };
}

export const upcomingBillsInput = z
  .object({ within_days: z.number().int().min(1).max(60).default(30) })
  .strict();

export async function upcomingBills(tc: ToolContext, input: z.infer<typeof upcomingBillsInput>) {
  const { today, rows } = await plannedBetween(
    tc,
    input.within_days,
    (r) => r.amount < 0 && r.kind !== 'transfer',
  );
  return {
    ...envelope(today, false),
    within_days: input.within_days,
    to: addDays(today, input.within_days),
    count: rows.length,
    total: rows.reduce((s, r) => s + -r.amount, 0),
    bills: rows.slice(0, 50).map((r) => ({ ...r, amount: -r.amount })),
  };
}

export const incomeScheduleInput = z
  .object({ within_days: z.number().int().min(1).max(120).default(60) })
  .strict();

export async function incomeSchedule(tc: ToolContext, input: z.infer<typeof incomeScheduleInput>) {
  const { today, rows } = await plannedBetween(
    tc,
    input.within_days,
    (r) => r.amount > 0 && r.kind === 'income',
  );
  return {
    ...envelope(today, false, rows.length === 0 ? ['No income is planned in this window.'] : []),
    within_days: input.within_days,
    next: rows[0] ?? null,
    count: rows.length,
    total: rows.reduce((s, r) => s + r.amount, 0),
    payments: rows.slice(0, 30),
  };
}

export const listSubscriptionsInput = z.object({}).strict();

export async function listSubscriptions(tc: ToolContext) {
  const { data, deps } = tc.money;
  const today = todayOf(deps.clock);
  const streams = (await profileSeries(data, tc.profileId)).map((s) => publicStream(s, today));
  const subs = streams.filter((s) => s.kind === 'subscription' && !s.is_suppressed && s.status !== 'gone');
  const flagsOf = (s: PublicStream) => {
    const flags: string[] = [];
    const median = s.amount_range?.median;
    if (median && Math.abs(s.amount) > median * 1.01) flags.push('price_rise');
    if (s.first_date && s.first_date >= addDays(today, -90)) flags.push('new');
    if (s.status === 'ended') flags.push('overdue');
    return flags;
  };
  const rows = subs
    .map((s) => ({
      name: s.description,
      amount: Math.abs(s.amount),
      monthly_amount: Math.abs(s.monthly_amount),
      cadence: s.cadence,
      next_date: s.next_date,
      previous_amount: s.amount_range?.median ?? null,
      flags: flagsOf(s),
      series_id: s.series_id,
    }))
    .sort((a, b) => b.monthly_amount - a.monthly_amount);
  const active = rows.filter((r) => !r.flags.includes('overdue'));
  return {
    ...envelope(today, false),
    count: active.length,
    monthly_total: active.reduce((s, r) => s + r.monthly_amount, 0),
    subscriptions: rows,
  };
}

export const getAccountsInput = z.object({}).strict();

/** The profile's accounts with their balances as the banks last reported them, and what they add up
 * to, as /accounts shows them: cash, card and loan balances owed, investments, net worth. */
export async function getAccounts(tc: ToolContext) {
  const { data, deps } = tc.money;
  const today = todayOf(deps.clock);
  const accounts = await activeAccounts(data, tc.profileId);
  const totals = computeTotals(accounts);
  return {
    ...envelope(today, false),
    accounts: accounts
      .map((a) => ({
        name: a.account_name,
        mask: a.mask ?? null,
        institution: a.institution_name ?? null,
        type: a.account_type,
        subtype: a.account_subtype ?? null,
        /** Cents; held for cash and investments, owed for cards and loans (as Plaid reports them). */
        balance: a.current_balance ?? null,
        reads_as: isLiability(a.account_type as AccountType) ? ('owed' as const) : ('held' as const),
      }))
      .sort((a, b) => Math.abs(b.balance ?? 0) - Math.abs(a.balance ?? 0)),
    totals: {
      cash: totals.cash,
      investments: totals.investments,
      other: totals.other,
      credit_owed: totals.credit,
      loans_owed: totals.loans,
      owed: totals.credit + totals.loans,
      net_worth: totals.netWorth,
    },
  };
}

export const spendingByCategoryInput = z
  .object({
    month,
    compare_to: z.enum(['previous', 'same_last_year', 'plan']).default('previous'),
  })
  .strict();

function shiftMonth(m: string, delta: number): string {
  const [y, mm] = m.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, mm - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}

/** Money that left cash (or was spent on a card) in a month, by category group; transfers and card
 * payments excluded. */
async function spendingOf(tc: ToolContext, m: string, accounts: readonly StoredAccount[]) {
  const typeOf = new Map(accounts.map((a) => [a.id, a.account_type as AccountType]));
  const [y, mm] = m.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, mm, 0)).toISOString().slice(0, 10);
  const { data: rows } = await tc.money.data.transactions.query
    .byProfileDate({ profile_id: tc.profileId })
    .between({ date: `${m}-01` }, { date: through(last) })
    .go({ pages: 'all' });
  const byGroup = new Map<string, Cents>();
  for (const t of rows) {
    const type = typeOf.get(t.account_id);
    if (!type || t.pending || type === 'loan' || type === 'investment') continue;
    // A card's payment settles purchases already counted on the card (as on the calendar's chart,
    // domain/money/spending.ts): counting it too would count them twice.
    if (t.personal_finance_category?.detailed === CREDIT_CARD_PAYMENT_DETAILED) continue;
    const c = classifyTransaction(t, type);
    if (summaryDirection(c, type, t.amount) !== 'expense') continue;
    byGroup.set(c.category.group, (byGroup.get(c.category.group) ?? 0) + Math.abs(t.amount));
  }
  return byGroup;
}

export async function spendingByCategory(tc: ToolContext, input: z.infer<typeof spendingByCategoryInput>) {
  const { data, deps } = tc.money;
  const today = todayOf(deps.clock);
  if (input.month > today.slice(0, 7))
    throw new ValidationError([{ field: 'month', message: 'has not happened yet' }]);
  const accounts = await activeAccounts(data, tc.profileId);
  const current = await spendingOf(tc, input.month, accounts);
  let compared: Map<string, Cents>;
  let compareMonth: string | null = null;
  if (input.compare_to === 'plan') {
    const [y, mm] = input.month.split('-').map(Number) as [number, number];
    const items = await planItemsBetween(
      data,
      tc.profileId,
      `${input.month}-01`,
      new Date(Date.UTC(y, mm, 0)).toISOString().slice(0, 10),
    );
    compared = new Map();
    for (const i of items.filter((x) => !x.is_user_deleted && x.amount < 0)) {
      const group = classifyTransaction(
        {
          amount: -i.amount,
          name: i.description,
          personal_finance_category: i.personal_finance_category ?? null,
        },
        null,
      ).category.group;
      compared.set(group, (compared.get(group) ?? 0) + -i.amount);
    }
  } else {
    compareMonth = shiftMonth(input.month, input.compare_to === 'previous' ? -1 : -12);
    compared = await spendingOf(tc, compareMonth, accounts);
  }
  const groups = [...new Set([...current.keys(), ...compared.keys()])];
  const categories = groups
    .map((g) => ({ category: g, amount: current.get(g) ?? 0, compared: compared.get(g) ?? 0 }))
    .map((c) => ({ ...c, change: c.amount - c.compared }))
    .sort((a, b) => b.amount - a.amount);
  const total = categories.reduce((s, c) => s + c.amount, 0);
  const comparedTotal = categories.reduce((s, c) => s + c.compared, 0);
  return {
    ...envelope(today, false, input.month === today.slice(0, 7) ? ['This month is not over yet.'] : []),
    month: input.month,
    compare_to: input.compare_to,
    compare_month: compareMonth,
    total,
    compared_total: comparedTotal,
    change: total - comparedTotal,
    categories,
  };
}

export const explainDayInput = z.object({ date: day }).strict();

export async function explainDay(tc: ToolContext, input: z.infer<typeof explainDayInput>) {
  const settings = await viewSettingsOf(tc.money.data, tc.profileId, tc.userId);
  const cal = await moneyPlanCalendar(tc.money, tc.profileId, {
    month: input.date.slice(0, 7),
    lowBalanceThreshold: settings.low_balance_threshold,
    view: { view: 'cash' },
    rememberedView: null,
    includeAllowance: settings.include_allowance,
  });
  const d = cal.days.find((x) => x.date === input.date);
  if (!d) throw new ValidationError([{ field: 'date', message: 'is not a calendar day' }]);
  return {
    ...envelope(cal.today, cal.stale),
    date: d.date,
    is_forecast: d.is_forecast,
    opening: d.balances.total?.opening ?? null,
    closing: d.balances.total?.closing ?? null,
    transactions: d.transactions
      .filter((t) => !t.pending)
      .map((t) => ({ name: t.display_name, amount: -t.amount, account_id: t.account_id })),
    planned: d.planned
      .filter((p) => !p.is_reconciled)
      .map((p) => ({ name: p.description, amount: p.amount, account_id: p.account_id })),
    flags: d.flags,
  };
}

export const searchTransactionsInput = z
  .object({
    text: z.string().trim().min(1).max(100).optional(),
    category: z.string().trim().min(1).max(100).optional(),
    /** Stored categories to match: Plaid detailed codes (FOOD_AND_DRINK_GROCERIES) or display groups
     * ('Food & Drink'), as domain/coach/lexicon.ts reads them from people's words. */
    categories: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
    /** Money out only (purchases), leaving refunds and income aside. */
    spending_only: z.boolean().optional(),
    /** Adds what was spent in each calendar month of the range and the monthly average (a baseline). */
    by_month: z.boolean().optional(),
    from: day.optional(),
    to: day.optional(),
    page: z.number().int().min(1).max(100).default(1),
  })
  .strict();
const PAGE = 20;

export async function searchTransactions(tc: ToolContext, input: z.infer<typeof searchTransactionsInput>) {
  const { data, deps } = tc.money;
  const today = todayOf(deps.clock);
  const from = input.from ?? addDays(today, -365);
  const to = input.to ?? today;
  if (from > to) throw new ValidationError([{ field: 'from', message: 'is after to' }]);
  const accounts = await activeAccounts(data, tc.profileId);
  const typeOf = new Map(accounts.map((a) => [a.id, a.account_type as AccountType]));
  const { data: rows } = await data.transactions.query
    .byProfileDate({ profile_id: tc.profileId })
    .between({ date: from }, { date: through(to) })
    .go({ pages: 'all' });
  const text = input.text?.toLowerCase();
  const category = input.category?.toLowerCase();
  const codes = input.categories ? new Set(input.categories.map((c) => c.toLowerCase())) : null;
  const matches = rows
    .filter((t) => typeOf.has(t.account_id) && !t.pending)

    .map((t) => ({ t, c: classifyTransaction(t, typeOf.get(t.account_id) ?? null), name: displayName(t) }))
    // Spending as the spending figures count it (spendingOf): expenses on cash and card accounts; a
    // card's payment settles purchases already counted.
    .filter(({ t, c }) => {
      if (!input.spending_only) return true;
      const type = typeOf.get(t.account_id) ?? 'other';
      if (type === 'loan' || type === 'investment') return false;
      if (t.personal_finance_category?.detailed === CREDIT_CARD_PAYMENT_DETAILED) return false;
      return summaryDirection(c, type, t.amount) === 'expense';
    })
    .filter(({ t, name }) => !text || `${name} ${t.name}`.toLowerCase().includes(text))
    .filter(
      ({ c }) =>
        !category ||
        c.category.name.toLowerCase().includes(category) ||
        c.category.group.toLowerCase().includes(category),
    )
    // The stored category, as classified: its detailed code, or its group.
    .filter(
      ({ c }) =>
        !codes ||
        codes.has(c.category.plaidDetailed.toLowerCase()) ||
        codes.has(c.category.group.toLowerCase()),
    )
    .sort((a, b) => b.t.date.localeCompare(a.t.date));
  const spent = matches.filter(({ t }) => t.amount > 0).reduce((s, { t }) => s + t.amount, 0);
  const received = matches.filter(({ t }) => t.amount < 0).reduce((s, { t }) => s - t.amount, 0);
  const page = matches.slice((input.page - 1) * PAGE, input.page * PAGE);
  const months: Array<{ month: string; spent: Cents }> = [];
  if (input.by_month)
    for (let m = from.slice(0, 7); m <= to.slice(0, 7); m = shiftMonth(m, 1))
      months.push({
        month: m,
        spent: matches
          .filter(({ t }) => t.amount > 0 && t.date.startsWith(m))
          .reduce((s, { t }) => s + t.amount, 0),
      });
  return {
    ...envelope(today, false),
    from,
    to,
    count: matches.length,
    total_spent: spent,
    total_received: received,
    ...(input.by_month
      ? { months, average_spent_per_month: Math.round(spent / Math.max(1, months.length)) }
      : {}),
    page: input.page,
    pages: Math.max(1, Math.ceil(matches.length / PAGE)),
    transactions: page.map(({ t, c, name }) => ({
      date: t.date,
      name,
      amount: -t.amount,
      category: c.category.name,
      account_id: t.account_id,
      on_cash: isCashAccount(typeOf.get(t.account_id) ?? 'other'),
    })),
  };
}

export const proposePlannedItemInput = z
  .object({
    description: z.string().trim().min(1).max(120),
    /** Cash flow in cents: negative for money out, positive for money in. */
    amount: z
      .number()
      .int('must be whole cents')
      .refine((v) => v !== 0, 'must not be zero')
      .refine((v) => Math.abs(v) <= MAX_QUESTION_CENTS, 'is too large'),
    date: day,
    repeat: z.enum(['weekly', 'monthly']).optional(),
  })
  .strict();

/**
 * The coach's only write-shaped tool, and it writes nothing: a draft planned item the person adds
 * themselves in the app (POST /money-plan/items, where the server checks they may edit the plan).
 */
export async function proposePlannedItem(tc: ToolContext, input: z.infer<typeof proposePlannedItemInput>) {
  const today = todayOf(tc.money.deps.clock);
  if (input.date < today) throw new ValidationError([{ field: 'date', message: 'is in the past' }]);
  if (input.date > addDays(today, PLAN_HORIZON_DAYS))
    throw new ValidationError([{ field: 'date', message: `is more than ${PLAN_HORIZON_DAYS} days ahead` }]);
  const canAdd = tc.role === 'owner' || tc.role === 'editor';
  return {
    ...envelope(today, false, canAdd ? [] : ['Only the owner or an editor of this profile can add it.']),
    draft: {
      description: input.description,
      amount: input.amount,
      due_date: input.date,
      account_id: null,
      recurrence: input.repeat ? { cadence: input.repeat } : null,
    },
    can_add: canAdd,
  };
}

/**
 * The names the profile's money goes by: its merchants over the last year (as shown) and its recurring
 * streams. Not a tool and no figures: the offline coach reads people's words for a merchant with it.
 */
export async function knownNames(tc: ToolContext): Promise<string[]> {
  const { data, deps } = tc.money;
  const today = todayOf(deps.clock);
  const [{ data: rows }, streams] = await Promise.all([
    data.transactions.query
      .byProfileDate({ profile_id: tc.profileId })
      .between({ date: addDays(today, -365) }, { date: through(today) })
      .go({ pages: 'all' }),
    profileSeries(data, tc.profileId),
  ]);
  return [...new Set([...rows.map((t) => displayName(t)), ...streams.map((s) => s.description)])];
}

// ── the catalogue ──────────────────────────────────────────────────────────────────────────────────

export interface ToolSpec<S extends z.ZodType = z.ZodType> {
  readonly name: string;
  readonly description: string;
  readonly input: S;
  readonly run: (tc: ToolContext, input: z.infer<S>) => Promise<ToolEnvelope & Record<string, unknown>>;
}

const spec = <S extends z.ZodType>(s: ToolSpec<S>): ToolSpec => s as unknown as ToolSpec;

/** Every tool, by name: the coaches' whole view of the person's money. */
export const COACH_TOOLS: readonly ToolSpec[] = [
  spec({
    name: 'get_balance_forecast',
    description:
      'Cash (or one account) balance forecast from today: today, the end, the lowest point, when it crosses a threshold, and the planned items (date, name, amount) within the horizon.',
    input: balanceForecastInput,
    run: getBalanceForecast,
  }),
  spec({
    name: 'can_afford',
    description:
      'Whether a purchase (once or monthly) fits: the lowest cash balance with and without it, and a verdict safe / tight / overdraft.',
    input: canAffordInput,
    run: canAfford,
  }),
  spec({
    name: 'upcoming_bills',
    description: 'Planned bills and subscriptions due within N days (at most 60), with their total.',
    input: upcomingBillsInput,
    run: upcomingBills,
  }),
  spec({
    name: 'income_schedule',
    description: 'Planned income (pay, interest) in the coming days: the next payment and the total.',
    input: incomeScheduleInput,
    run: incomeSchedule,
  }),
  spec({
    name: 'list_subscriptions',
    description: 'Detected subscriptions with monthly cost and flags: price_rise, new, overdue.',
    input: listSubscriptionsInput,
    run: (tc) => listSubscriptions(tc),
  }),
  spec({
    name: 'get_accounts',
    description:
      "The profile's accounts with their current balances (held, or owed for cards and loans) and totals: cash, investments, owed, net worth.",
    input: getAccountsInput,
    run: (tc) => getAccounts(tc),
  }),
  spec({
    name: 'spending_by_category',
    description:
      "A month's spending by category, compared with the previous month, a year before, or the plan.",
    input: spendingByCategoryInput,
    run: spendingByCategory,
  }),
  spec({
    name: 'explain_day',
    description: 'What happened or is planned on a day, and the cash balance that day.',
    input: explainDayInput,
    run: explainDay,
  }),
  spec({
    name: 'propose_planned_item',
    description:
      'Drafts a planned item (once, weekly or monthly; negative amount = money out) for the person to add themselves. Writes nothing.',
    input: proposePlannedItemInput,
    run: proposePlannedItem,
  }),
  spec({
    name: 'search_transactions',
    description:
      'Posted transactions by text, category and dates, 20 a page, with totals computed on the server. `categories` matches the stored category: Plaid detailed codes (FOOD_AND_DRINK_GROCERIES) or display groups (Food & Drink); `spending_only` keeps purchases (money out, card payments excluded).',
    input: searchTransactionsInput,
    run: searchTransactions,
  }),
];

export const toolByName = new Map(COACH_TOOLS.map((t) => [t.name, t]));

export interface ToolCall {
  readonly name: string;
  readonly input: unknown;
  readonly result: (ToolEnvelope & Record<string, unknown>) | null;
  /** A refusal the person can act on (bad input), never an internal error's text. */
  readonly error: string | null;
}

/** Runs a named tool on untrusted input (a model's or a parser's): validated, errors made safe. */
export async function runTool(tc: ToolContext, name: string, input: unknown): Promise<ToolCall> {
  const tool = toolByName.get(name);
  if (!tool) return { name, input, result: null, error: `There is no tool named ${name}.` };
  const parsed = tool.input.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      name,
      input,
      result: null,
      error: `${issue?.path.join('.') || 'input'} ${issue?.message ?? 'is invalid'}`,
    };
  }
  try {
    return { name, input: parsed.data, result: await tool.run(tc, parsed.data), error: null };
  } catch (error) {
    if (error instanceof ValidationError)
      return {
        name,
        input,
        result: null,
        error: error.issues.map((i) => `${i.field} ${i.message}`).join('; '),
      };
    tc.money.deps.logger.error('coach tool failed', { tool: name, error: (error as Error).message });
    return { name, input, result: null, error: 'That figure could not be worked out just now.' };
  }
}
