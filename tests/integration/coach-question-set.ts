// The offline coach's own question set (coach.test.ts): the people it asks for, how each question's
// expected figures are computed from the API's own series, items, streams and calendar (never from the
// coach's tools), and the cases by family (afford, lowest point, balance ahead, payday, bills,
// subscriptions, spending, a day, a search, a goal, accounts).
import { summaryDirection, type AccountType } from '../../domain/classification.ts';
import { daysBetween, parseDate } from '../../domain/coach/amounts-dates.ts';
import { dayWords, monthWords, usd } from '../../domain/coach/verify.ts';
import { isBill } from '../../domain/money/bills.ts';
import { addDays } from '../../domain/money/dates.ts';
import { classified, lastDay, monthOf, today } from './coach-people-figures.ts';
import type { TestUser } from './helpers.ts';

export { today };
import { profileApi, type StoredAccountView } from './money-helpers.ts';

export interface Answer {
  text: string;
  verified: boolean;
  unmatched: string[];
  tool_calls: Array<{ name: string; result: unknown }>;
  cards: Array<{ type: string }>;
}
export interface Row {
  balance_date: string;
  closing_balance: number;
}
export interface Item {
  due_date: string;
  amount: number;
  description: string;
  account_id: string | null;
  series_id: string | null;
  is_reconciled: boolean;
  is_user_deleted: boolean;
}
export interface Stream {
  series_id: string;
  kind: string;
  amount: number;
  monthly_amount: number;
  status: string;
  is_suppressed: boolean;
}
export interface CalendarTx {
  account_id: string;
  amount: number;
  name: string;
  merchant_name: string | null;
  display_name: string;
  pending: boolean;
  personal_finance_category: { primary: string | null; detailed: string | null } | null;
}
export interface Calendar {
  days: Array<{ date: string; transactions: CalendarTx[]; balances: { total: { closing: number } | null } }>;
}

export interface Person {
  name: string;
  user: TestUser;
  profileId: string;
  accounts: StoredAccountView[];
}

export const call = <T>(p: Person, method: string, path: string, body?: unknown) =>
  profileApi<T>(method, path, { token: p.user.idToken, profileId: p.profileId, body });

export async function ask(p: Person, question: string) {
  return call<{ answer: Answer; issues?: Array<{ field: string; message: string }>; message?: string }>(
    p,
    'POST',
    '/coach/ask',
    { question },
  );
}

// ── the engine's figures, from the API ───────────────────────────────────────────────────────────

export async function cashRows(p: Person, days: number): Promise<Row[]> {
  const r = await call<{ rows: Row[] }>(p, 'GET', `/running-balances?view=cash&days=${days}`);
  return r.body.rows;
}
export const lowestOf = (rows: Array<{ date: string; closing: number }>) =>
  rows.reduce((best, r) => (r.closing < best.closing ? r : best));

export async function planned(p: Person, days: number) {
  const [items, streams] = await Promise.all([
    call<{ items: Item[] }>(p, 'GET', `/money-plan/items?from=${today()}&to=${addDays(today(), days)}`),
    call<{ streams: Stream[] }>(p, 'GET', '/money-plan/streams'),
  ]);
  const kindOf = new Map(streams.body.streams.map((s) => [s.series_id, s.kind]));
  const debt = new Set(
    p.accounts.filter((a) => ['credit', 'loan'].includes(a.account_type)).map((a) => a.id),
  );
  const open = items.body.items
    .filter((i) => !i.is_user_deleted && !i.is_reconciled)
    .filter((i) => !(i.account_id && debt.has(i.account_id) && i.amount > 0))
    .map((i) => ({
      ...i,
      kind: (i.series_id && kindOf.get(i.series_id)) || (i.amount >= 0 ? 'income' : 'bill'),
    }));
  return { open, streams: streams.body.streams };
}

export async function monthTransactions(p: Person, month: string): Promise<CalendarTx[]> {
  const r = await call<Calendar>(p, 'POST', '/functions/get-money-plan-calendar', {
    month,
    view: 'net_worth',
  });
  return r.body.days.flatMap((d) => d.transactions);
}

export function spendingTotal(p: Person, txs: readonly CalendarTx[]): number {
  const typeOf = new Map(p.accounts.map((a) => [a.id, a.account_type as AccountType]));
  let total = 0;
  for (const t of txs) {
    const type = typeOf.get(t.account_id);
    if (!type || t.pending || type === 'loan' || type === 'investment') continue;
    // A card's payment settles purchases counted on the card: spending counts them once.
    if (t.personal_finance_category?.detailed === 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT') continue;
    const c = classified(t, type);
    // Net of refunds (money back in an expense category), as the spending figures count it.
    if (summaryDirection(c, type, t.amount) === 'expense') total += t.amount;
  }
  return total;
}

// ── the question set ──────────────────────────────────────────────────────────────────────────────

export interface Case {
  question: string;
  /** The figures (as the coach writes them) a right answer contains. */
  expected: (p: Person) => Promise<string[]>;
}

export function affordCase(question: string, amount: number, dateText: string, monthly = false): Case {
  return {
    question,
    expected: async (p) => {
      const date = parseDate(dateText, today()).date ?? today();
      const horizon = Math.min(730, daysBetween(today(), date) + (monthly ? 365 : 90));
      const rows = await cashRows(p, horizon);
      const charges: string[] = [];
      if (monthly) {
        for (let k = 0; k < 30; k += 1) {
          const d = new Date(`${date}T00:00:00Z`);
          const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + k, 1));
          const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
          target.setUTCDate(Math.min(d.getUTCDate(), last));
          charges.push(target.toISOString().slice(0, 10));
        }
      } else charges.push(date);
      const withIt = rows.map((r) => ({
        date: r.balance_date,
        closing: r.closing_balance - amount * charges.filter((c) => c <= r.balance_date).length,
      }));
      const low = lowestOf(withIt.filter((r) => r.date >= date));
      return [usd(low.closing), dayWords(low.date, today())];
    },
  };
}

export function lowestCase(question: string, days: number): Case {
  return {
    question,
    expected: async (p) => {
      const low = lowestOf(
        (await cashRows(p, days)).map((r) => ({ date: r.balance_date, closing: r.closing_balance })),
      );
      return [usd(low.closing), dayWords(low.date, today())];
    },
  };
}

export function balanceAtCase(question: string, date: () => string): Case {
  return {
    question,
    expected: async (p) => {
      const rows = await cashRows(p, daysBetween(today(), date()));
      const end = rows.at(-1);
      return [usd(rows[0]?.closing_balance ?? NaN), end ? usd(end.closing_balance) : 'none'];
    },
  };
}

export function paydayCase(question: string): Case {
  return {
    question,
    expected: async (p) => {
      const { open } = await planned(p, 60);
      const pay = open
        .filter((i) => i.amount > 0 && i.kind === 'income')
        .sort((a, b) => a.due_date.localeCompare(b.due_date));
      const largest = Math.max(...pay.map((i) => i.amount));
      const next = pay.find((i) => i.amount >= largest / 4);
      return next ? [dayWords(next.due_date, today()), usd(next.amount)] : ['no income'];
    },
  };
}

export function billsCase(question: string, days: number): Case {
  return {
    question,
    expected: async (p) => {
      const { open } = await planned(p, days);
      // A bill is cash going out: not a transfer, nor what accrues on a card or loan (its interest).
      const typeOf = new Map(p.accounts.map((a) => [a.id, a.account_type as AccountType]));
      const bills = open.filter((i) =>
        isBill(i, i.account_id ? (typeOf.get(i.account_id) ?? null) : null, i.kind),
      );
      return bills.length === 0
        ? [`Nothing is due in the next ${days} days`]
        : [
            `${bills.length} ${bills.length === 1 ? 'bill is' : 'bills are'} due`,
            usd(bills.reduce((s, i) => s - i.amount, 0)),
          ];
    },
  };
}

export function subscriptionsCase(question: string): Case {
  return {
    question,
    expected: async (p) => {
      const { streams } = await planned(p, 1);
      const subs = streams.filter(
        (s) => s.kind === 'subscription' && !s.is_suppressed && s.status === 'active',
      );
      return [
        `${subs.length} ${subs.length === 1 ? 'subscription' : 'subscriptions'}`,
        usd(subs.reduce((s, x) => s + Math.abs(x.monthly_amount), 0)),
      ];
    },
  };
}

export function spendingCase(question: string, month: () => string, compare: () => string | null): Case {
  return {
    question,
    expected: async (p) => {
      const total = spendingTotal(p, await monthTransactions(p, month()));
      const other = compare();
      const figures = [usd(total), monthWords(month())];
      if (other) figures.push(usd(spendingTotal(p, await monthTransactions(p, other))));
      return figures;
    },
  };
}

export function dayCase(question: string, date: () => string): Case {
  return {
    question,
    expected: async (p) => {
      const d = date();
      const r = await call<Calendar>(p, 'POST', '/functions/get-money-plan-calendar', {
        month: d.slice(0, 7),
        view: 'cash',
      });
      const closing = r.body.days.find((x) => x.date === d)?.balances.total?.closing;
      return [dayWords(d, today()), closing === undefined ? 'none' : usd(closing)];
    },
  };
}

export function searchCase(question: string, text: string, month: () => string): Case {
  return {
    question,
    expected: async (p) => {
      const txs = (await monthTransactions(p, month())).filter(
        (t) => !t.pending && `${t.display_name} ${t.name}`.toLowerCase().includes(text.toLowerCase()),
      );
      const spent = txs.filter((t) => t.amount > 0).reduce((s, t) => s + t.amount, 0);
      return txs.length === 0
        ? ['found no transactions']
        : [`${txs.length} ${txs.length === 1 ? 'transaction' : 'transactions'}`, usd(spent)];
    },
  };
}

export function goalCase(question: string, amount: number, dateText: string): Case {
  return {
    question,
    expected: async () => {
      const date = parseDate(dateText, today()).date ?? today();
      const months = Math.max(1, Math.round(daysBetween(today(), date) / 30.4));
      return [usd(amount), usd(Math.ceil(amount / months))];
    },
  };
}

/** A balance question, answered from GET /accounts as the Accounts screen reads it (cards and loans owed). */
export function accountsCase(question: string, figures: (accounts: StoredAccountView[]) => number[]): Case {
  return {
    question,
    expected: async (p) => {
      const { body } = await call<{ accounts: StoredAccountView[] }>(p, 'GET', '/accounts');
      return figures(body.accounts).map((cents) => usd(cents));
    },
  };
}
export const owedOn = (a: StoredAccountView) => a.account_type === 'credit' || a.account_type === 'loan';
export const balanceOf = (a: StoredAccountView) => a.current_balance ?? 0;

export const yesterday = () => addDays(today(), -1);
export const tenDaysAgo = () => addDays(today(), -10);
export const endOfMonth = () => lastDay(monthOf(0));
export const endOfNextMonth = () => lastDay(monthOf(1));

export const CASES: Case[] = [
  affordCase('Can I afford $600 on the 20th?', 60_000, 'on the 20th'),
  affordCase('can i afford 1.2k next friday', 120_000, 'next friday'),
  affordCase('Is it ok to buy a $2,500 laptop tomorrow?', 250_000, 'tomorrow'),
  affordCase('Could I afford $45 a month for a gym from the 1st?', 4_500, 'the 1st', true),
  affordCase('Can I afford $15,000 in 3 weeks?', 1_500_000, 'in 3 weeks'),
  affordCase('Can I afford 300 dollars today?', 30_000, 'today'),
  lowestCase("What's my lowest balance in the next 30 days?", 30),
  lowestCase('How low will my cash get in the next 90 days?', 90),
  lowestCase('Will I overdraft this week?', 7),
  lowestCase('Am I going to run out of money in the next 60 days?', 60),
  balanceAtCase('What will my balance be at the end of the month?', endOfMonth),
  balanceAtCase('How much cash will I have at the end of next month?', endOfNextMonth),
  paydayCase('When is my next payday?'),
  paydayCase('When do I get paid next?'),
  billsCase('What bills are due this week?', 7),
  billsCase('Which bills are due in the next 14 days?', 14),
  subscriptionsCase('What subscriptions do I have?'),
  spendingCase(
    'How much did I spend last month compared to the month before?',
    () => monthOf(-1),
    () => monthOf(-2),
  ),
  spendingCase(
    'What did I spend two months ago?'.replace(
      'two months ago',
      `in ${monthWords(monthOf(-2)).split(' ')[0]}`,
    ),
    () => monthOf(-2),
    () => monthOf(-3),
  ),
  dayCase('What happened yesterday?', yesterday),
  dayCase(`What happened on ${dayWords(tenDaysAgo()).slice(5)}?`, tenDaysAgo),
  goalCase('How can I save $2,000 by June?', 200_000, 'by June'),
  accountsCase("What's my net worth?", (accounts) => [
    accounts.reduce((sum, a) => sum + (owedOn(a) ? -balanceOf(a) : balanceOf(a)), 0),
  ]),
  accountsCase('How much do I owe?', (accounts) => [
    accounts.filter(owedOn).reduce((sum, a) => sum + balanceOf(a), 0),
  ]),
  accountsCase('How much is in my savings account?', (accounts) =>
    accounts.filter((a) => a.account_subtype === 'savings').map(balanceOf),
  ),
  accountsCase("What's my credit card balance?", (accounts) =>
    accounts.filter((a) => a.account_type === 'credit').map(balanceOf),
  ),
];

export function searchCases(p: Person): Case[] {
  return p.name === 'platypus'
    ? [searchCase('How much did I spend at Blue Bottle last month?', 'Blue Bottle', () => monthOf(-1))]
    : [searchCase('How much did I spend at Safeway last month?', 'Safeway', () => monthOf(-1))];
}
