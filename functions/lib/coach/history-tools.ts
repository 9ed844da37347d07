// The coach's history tools: what was spent by category in a month (with a comparison), one day on
// the cash calendar, posted transactions searched by text or stored category (with monthly totals, the
// baseline of "more than usual"), and the names the profile's money goes by (for reading a question).
import { z } from 'zod';
import { classifyTransaction, summaryDirection } from '../../../domain/classification.ts';
import { CREDIT_CARD_PAYMENT_DETAILED } from '../../../domain/taxonomy.ts';
import { type Cents } from '../../../domain/money/cents.ts';
import { addDays } from '../../../domain/money/dates.ts';
import { isCashAccount, type AccountType } from '../../../domain/money/forecast.ts';
import { displayName } from '../../../domain/money/merchant.ts';
import { ValidationError } from '../../../domain/errors.ts';
import { moneyPlanCalendar } from '../money/calendar.ts';
import {
  activeAccounts,
  planItemsBetween,
  profileSeries,
  through,
  todayOf,
  type StoredAccount,
} from '../money/store.ts';
import { viewSettingsOf } from '../money/view-settings.ts';
import { day, envelope, month, type ToolContext } from './tool-context.ts';

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

/** Money that left cash (or was spent on a card) in a month, by category group, net of refunds (money
 * back in an expense category, as domain/money/spending.ts and search_transactions' net_spent count it);
 * transfers and card payments excluded. `refunds` is what came back, already taken off. */
async function spendingOf(tc: ToolContext, m: string, accounts: readonly StoredAccount[]) {
  const typeOf = new Map(accounts.map((a) => [a.id, a.account_type as AccountType]));
  const [y, mm] = m.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, mm, 0)).toISOString().slice(0, 10);
  const { data: rows } = await tc.money.data.transactions.query
    .byProfileDate({ profile_id: tc.profileId })
    .between({ date: `${m}-01` }, { date: through(last) })
    .go({ pages: 'all' });
  const byGroup = new Map<string, Cents>();
  let refunds = 0;
  for (const t of rows) {
    const type = typeOf.get(t.account_id);
    if (!type || t.pending || type === 'loan' || type === 'investment') continue;
    // A card's payment settles purchases already counted on the card (as on the calendar's chart,
    // domain/money/spending.ts): counting it too would count them twice.
    if (t.personal_finance_category?.detailed === CREDIT_CARD_PAYMENT_DETAILED) continue;
    const c = classifyTransaction(t, type);
    if (summaryDirection(c, type, t.amount) !== 'expense') continue;
    byGroup.set(c.category.group, (byGroup.get(c.category.group) ?? 0) + t.amount);
    if (t.amount < 0) refunds -= t.amount;
  }
  return { byGroup, refunds };
}

export async function spendingByCategory(tc: ToolContext, input: z.infer<typeof spendingByCategoryInput>) {
  const { data, deps } = tc.money;
  const today = todayOf(deps.clock);
  if (input.month > today.slice(0, 7))
    throw new ValidationError([{ field: 'month', message: 'has not happened yet' }]);
  const accounts = await activeAccounts(data, tc.profileId);
  const { byGroup: current, refunds } = await spendingOf(tc, input.month, accounts);
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
    compared = (await spendingOf(tc, compareMonth, accounts)).byGroup;
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
    /** Net of refunds: `refunds` came back in the month's expense categories and is already taken off. */
    total,
    refunds,
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
    /** Several payees at once ("Uber", "Lyft"): a transaction matching any of them. */
    texts: z.array(z.string().trim().min(1).max(100)).min(1).max(10).optional(),
    category: z.string().trim().min(1).max(100).optional(),
    /** Stored categories to match: Plaid detailed codes (FOOD_AND_DRINK_GROCERIES) or display groups
     * ('Food & Drink'), as domain/coach/lexicon.ts reads them from people's words. */
    categories: z.array(z.string().trim().min(1).max(100)).max(20).optional(),
    /** Money out only (purchases), leaving refunds and income aside. */
    spending_only: z.boolean().optional(),
    /** Money in counted as income only (pay, interest, refunds aside from transfers between accounts). */
    income_only: z.boolean().optional(),
    /** Adds what was spent in each calendar month of the range and the monthly average (a baseline). */
    by_month: z.boolean().optional(),
    /** Adds the weekly average over the range (its days / 7 weeks): "how much do I spend a week". */
    by_week: z.boolean().optional(),
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
  const texts = input.texts?.map((x) => x.toLowerCase());
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
    .filter(({ t, c }) => {
      if (!input.income_only) return true;
      const type = typeOf.get(t.account_id) ?? 'other';
      if (type === 'loan' || type === 'investment') return false;
      return summaryDirection(c, type, t.amount) === 'income';
    })
    .filter(({ t, name }) => !text || `${name} ${t.name}`.toLowerCase().includes(text))
    .filter(({ t, name }) => !texts || texts.some((x) => `${name} ${t.name}`.toLowerCase().includes(x)))
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
  const months: Array<{ month: string; spent: Cents; received: Cents }> = [];
  if (input.by_month)
    for (let m = from.slice(0, 7); m <= to.slice(0, 7); m = shiftMonth(m, 1))
      months.push({
        month: m,
        // Spending net of its refunds with spending_only, as the spending figures count it.
        spent: matches
          .filter(({ t }) => (input.spending_only || t.amount > 0) && t.date.startsWith(m))
          .reduce((s, { t }) => s + t.amount, 0),
        received: matches
          .filter(({ t }) => t.amount < 0 && t.date.startsWith(m))
          .reduce((s, { t }) => s - t.amount, 0),
      });
  return {
    ...envelope(today, false),
    from,
    to,
    count: matches.length,
    total_spent: spent,
    total_received: received,
    /** Spending net of refunds (what the spending figures count), with spending_only. */
    ...(input.spending_only ? { net_spent: spent - received } : {}),
    ...(input.by_month
      ? {
          months,
          average_spent_per_month: Math.round(
            (input.spending_only ? spent - received : spent) / Math.max(1, months.length),
          ),
          average_received_per_month: Math.round(received / Math.max(1, months.length)),
        }
      : {}),
    ...(input.by_week ? weekly(from, to, input.spending_only ? spent - received : spent) : {}),
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

/** The weekly rate over a range: its days over 7 weeks, and what was spent a week on average. */
function weekly(from: string, to: string, spent: Cents) {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  return { days, average_spent_per_week: Math.round((spent * 7) / days) };
}

export const cashFlowInput = z.object({ from: day, to: day }).strict();

/**
 * What came in and what went out over a range, and what was kept: income (as income_only counts it, no
 * transfers between the person's accounts) less spending net of refunds (as spending_only counts it).
 * "How much did I save" is what was kept; moving money to a savings account is a transfer, neither.
 */
export async function cashFlow(tc: ToolContext, input: z.infer<typeof cashFlowInput>) {
  const today = todayOf(tc.money.deps.clock);
  const to = input.to > today ? today : input.to;
  const base = { from: input.from, to, page: 1, by_month: true };
  const [income, spending] = await Promise.all([
    searchTransactions(tc, { ...base, income_only: true }),
    searchTransactions(tc, { ...base, spending_only: true }),
  ]);
  const came_in = income.total_received;
  const spent = spending.net_spent ?? spending.total_spent;
  const months = income.months?.length ?? 1;
  return {
    ...envelope(today, false, to.slice(0, 7) === today.slice(0, 7) ? ['This month is not over yet.'] : []),
    from: input.from,
    to,
    came_in,
    spent,
    refunds: spending.total_received,
    /** Income less spending: positive when more came in than went out. */
    kept: came_in - spent,
    months,
    average_kept_per_month: Math.round((came_in - spent) / Math.max(1, months)),
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
