// The expected figures of the people's-question set, computed from the money engine through the
// product's API (the calendar's transactions classified by the domain's own rules, the cash and account
// forecast series, the plan's items and streams, the accounts), never from the coach's tools. Shared by
// the integration test and `npm run bench`, which each give an `Asker`: the API as the profile's owner.
import { classifyTransaction, summaryDirection, type AccountType } from '../../domain/classification.ts';
import { findHoliday } from '../../domain/coach/holidays.ts';
import { dayWords, usd } from '../../domain/coach/verify.ts';
import { isBill } from '../../domain/money/bills.ts';
import { addDays } from '../../domain/money/dates.ts';

export interface Asker {
  readonly api: <T>(method: string, path: string, body?: unknown) => Promise<{ status: number; body: T }>;
  readonly accounts: ReadonlyArray<{
    id: string;
    account_type: string;
    account_subtype: string | null;
    current_balance: number | null;
  }>;
  /** Answers memoized per asker (the calendar's months, the streams…). */
  readonly cache: Map<string, Promise<unknown>>;
}

/** The strings a right answer holds. */
export type Expect = (p: Asker) => Promise<string[]>;

interface CalendarTx {
  account_id: string;
  date: string;
  amount: number;
  name: string;
  merchant_name: string | null;
  display_name: string;
  pending: boolean;
  personal_finance_category: { primary: string | null; detailed: string | null } | null;
}
interface Item {
  id: string;
  due_date: string;
  amount: number;
  description: string;
  account_id: string | null;
  series_id: string | null;
  is_reconciled: boolean;
  is_user_deleted: boolean;
  category_primary: string | null;
  category_detailed: string | null;
}
interface Stream {
  series_id: string;
  kind: string;
  description: string;
  monthly_amount: number;
  status: string;
  is_suppressed?: boolean;
}
type Row = { date: string; closing: number };

export const today = () => new Date().toISOString().slice(0, 10);
export const monthOf = (offset: number) => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + offset);
  return d.toISOString().slice(0, 7);
};
export const lastDay = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
const nextMonth = (m: string) => {
  const d = new Date(`${m}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 7);
};
const days = (to: string) => Math.round((Date.parse(to) - Date.parse(today())) / 86_400_000);
const memo = <T>(p: Asker, key: string, load: () => Promise<T>): Promise<T> => {
  if (!p.cache.has(key)) p.cache.set(key, load());
  return p.cache.get(key) as Promise<T>;
};

// ── reads ──────────────────────────────────────────────────────────────────────────────────────────

function monthTransactions(p: Asker, month: string): Promise<CalendarTx[]> {
  return memo(p, `month:${month}`, async () => {
    const r = await p.api<{ days: Array<{ date: string; transactions: CalendarTx[] }> }>(
      'POST',
      '/functions/get-money-plan-calendar',
      { month, view: 'net_worth' },
    );
    return r.body.days.flatMap((d) => d.transactions.map((t) => ({ ...t, date: d.date })));
  });
}
async function between(p: Asker, from: string, to: string): Promise<CalendarTx[]> {
  const out: CalendarTx[] = [];
  for (let m = from.slice(0, 7); m <= to.slice(0, 7); m = nextMonth(m))
    out.push(...(await monthTransactions(p, m)).filter((t) => t.date >= from && t.date <= to));
  return out;
}
const typeOf = (p: Asker) => new Map(p.accounts.map((a) => [a.id, a.account_type as AccountType]));

/** Transactions of a direction (spending as the spending figures count it, or income), in a category. */
function matching(p: Asker, txs: readonly CalendarTx[], direction: 'expense' | 'income', codes: Codes) {
  const types = typeOf(p);
  return txs.filter((t) => {
    const type = types.get(t.account_id);
    if (!type || t.pending || type === 'loan' || type === 'investment') return false;
    if (
      direction === 'expense' &&
      t.personal_finance_category?.detailed === 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT'
    )
      return false;
    const c = classifyTransaction(
      {
        amount: t.amount,
        name: t.name,
        merchant_name: t.merchant_name,
        personal_finance_category: t.personal_finance_category,
      },
      type,
    );
    if (summaryDirection(c, type, t.amount) !== direction) return false;
    return !codes || codes.includes(c.category.plaidDetailed) || codes.includes(c.category.group);
  });
}
type Codes = readonly string[] | null;
export const spentIn = async (p: Asker, from: string, to: string, codes: Codes) => {
  const txs = matching(p, await between(p, from, to), 'expense', codes);
  return { total: txs.reduce((s, t) => s + t.amount, 0), count: txs.length };
};

function cashRows(p: Asker, n: number): Promise<Row[]> {
  return memo(p, `cash:${n}`, async () => {
    const r = await p.api<{ rows: Array<{ balance_date: string; closing_balance: number }> }>(
      'GET',
      `/running-balances?view=cash&days=${n}`,
    );
    return r.body.rows.map((x) => ({ date: x.balance_date, closing: x.closing_balance }));
  });
}
const lowestOf = (rows: readonly Row[]) => rows.reduce((best, r) => (r.closing < best.closing ? r : best));

function items(p: Asker): Promise<Item[]> {
  return memo(p, 'items', async () => {
    const r = await p.api<{ items: Item[] }>(
      'GET',
      `/money-plan/items?from=${today()}&to=${addDays(today(), 730)}`,
    );
    return r.body.items.filter((i) => !i.is_user_deleted && !i.is_reconciled);
  });
}
function streams(p: Asker): Promise<Stream[]> {
  return memo(
    p,
    'streams',
    async () => (await p.api<{ streams: Stream[] }>('GET', '/money-plan/streams')).body.streams,
  );
}

// ── what is expected ───────────────────────────────────────────────────────────────────────────────

export type Range = () => { from: string; to: string };
export const lastMonth: Range = () => ({ from: `${monthOf(-1)}-01`, to: lastDay(monthOf(-1)) });
export const thisMonth: Range = () => ({ from: `${monthOf(0)}-01`, to: today() });
export const lastDays =
  (n: number): Range =>
  () => ({ from: addDays(today(), -(n - 1)), to: today() });
export const thisYear: Range = () => ({ from: `${today().slice(0, 4)}-01-01`, to: today() });
export const monthsAgo =
  (k: number): Range =>
  () => ({ from: `${monthOf(-k)}-01`, to: lastDay(monthOf(-k)) });

export function spend(codes: Codes, range: Range): Expect {
  return async (p) => {
    const { from, to } = range();
    const { total, count } = await spentIn(p, from, to, codes);
    return count === 0 ? ['found no transactions'] : [usd(total)];
  };
}
export function versusLast(codes: Codes): Expect {
  return async (p) => {
    const now = await spentIn(p, `${monthOf(0)}-01`, today(), codes);
    const before = await spentIn(p, `${monthOf(-1)}-01`, lastDay(monthOf(-1)), codes);
    return now.count === 0 ? ['found no transactions'] : [usd(now.total), usd(before.total)];
  };
}
export function versusUsual(codes: Codes): Expect {
  return async (p) => {
    const m = lastMonth();
    const now = await spentIn(p, m.from, m.to, codes);
    const base = await spentIn(p, `${monthOf(-4)}-01`, lastDay(monthOf(-2)), codes);
    return now.count === 0 ? ['found no transactions'] : [usd(now.total), usd(Math.round(base.total / 3))];
  };
}
/** The monthly average over the last `months` whole months (3 unless a year is asked). */
export function perMonth(codes: Codes, months = 3): Expect {
  return async (p) => {
    const { total, count } = await spentIn(p, `${monthOf(-months)}-01`, lastDay(monthOf(-1)), codes);
    return count === 0 ? ['found no transactions'] : [usd(Math.round(total / months))];
  };
}
export function income(range: Range): Expect {
  return async (p) => {
    const { from, to } = range();
    const txs = matching(p, await between(p, from, to), 'income', null);
    return txs.length === 0 ? ['found no income'] : [usd(txs.reduce((s, t) => s - t.amount, 0))];
  };
}
/** Income's monthly average over the last `months` whole months. */
export function incomePerMonth(months = 3): Expect {
  return async (p) => {
    const txs = matching(p, await between(p, `${monthOf(-months)}-01`, lastDay(monthOf(-1))), 'income', null);
    return txs.length === 0
      ? ['found no income']
      : [usd(Math.round(txs.reduce((s, t) => s - t.amount, 0) / months))];
  };
}
/** The latest calendar month of that number (0 = January) that has begun. */
export const inMonth =
  (m0: number): Range =>
  () => {
    const [y, m] = today().split('-').map(Number) as [number, number];
    const month = `${m0 <= m - 1 ? y : y - 1}-${String(m0 + 1).padStart(2, '0')}`;
    return { from: `${month}-01`, to: month === monthOf(0) ? today() : lastDay(month) };
  };
/** The last `n` whole months before this one. */
export const lastMonths =
  (n: number): Range =>
  () => ({ from: `${monthOf(-n)}-01`, to: lastDay(monthOf(-1)) });
export const lastYear: Range = () => {
  const y = Number(today().slice(0, 4)) - 1;
  return { from: `${y}-01-01`, to: `${y}-12-31` };
};
/** The weekly average over the last `weeks` weeks to today (spending net of refunds). */
export function perWeek(codes: Codes, weeks = 12): Expect {
  return async (p) => {
    const { total, count } = await spentIn(p, addDays(today(), -(7 * weeks - 1)), today(), codes);
    return count === 0 ? ['found no transactions'] : [usd(Math.round(total / weeks))];
  };
}
/** What was kept over a range: income that came in less spending (net of refunds). */
export function saved(range: Range): Expect {
  return async (p) => {
    const { from, to } = range();
    const txs = await between(p, from, to);
    const came = matching(p, txs, 'income', null).reduce((s, t) => s - t.amount, 0);
    const spent = matching(p, txs, 'expense', null).reduce((s, t) => s + t.amount, 0);
    return [usd(came), usd(spent), usd(Math.abs(came - spent))];
  };
}
/** Interest charged on cards over a range (the stored category BANK_FEES_INTEREST_CHARGE). */
export function interestCharged(range: Range): Expect {
  return async (p) => {
    const { from, to } = range();
    const types = typeOf(p);
    const charges = (await between(p, from, to)).filter((t) => {
      const type = types.get(t.account_id);
      if (!type || t.pending || t.amount <= 0) return false;
      const c = classifyTransaction(
        {
          amount: t.amount,
          name: t.name,
          merchant_name: t.merchant_name,
          personal_finance_category: t.personal_finance_category,
        },
        type,
      );
      return c.category.plaidDetailed === 'BANK_FEES_INTEREST_CHARGE';
    });
    return charges.length === 0 ? ['none'] : [usd(charges.reduce((s, t) => s + t.amount, 0))];
  };
}
/** What was paid at any of several merchants over a range (money out, as at() counts one). */
export function atAny(names: readonly string[], range: Range): Expect {
  return async (p) => {
    const { from, to } = range();
    const txs = (await between(p, from, to)).filter(
      (t) =>
        !t.pending &&
        names.some((n) => `${t.display_name} ${t.name}`.toLowerCase().includes(n.toLowerCase())),
    );
    return txs.length === 0
      ? ['found no transactions']
      : [usd(txs.filter((t) => t.amount > 0).reduce((s, t) => s + t.amount, 0))];
  };
}

export function at(name: string, range: Range): Expect {
  return async (p) => {
    const { from, to } = range();
    const txs = (await between(p, from, to)).filter(
      (t) => !t.pending && `${t.display_name} ${t.name}`.toLowerCase().includes(name.toLowerCase()),
    );
    return txs.length === 0
      ? ['found no transactions']
      : [usd(txs.filter((t) => t.amount > 0).reduce((s, t) => s + t.amount, 0))];
  };
}

/** The next real pay: the first planned income of at least a quarter of the largest. */
async function nextPayday(p: Asker): Promise<string | null> {
  const kindOf = new Map((await streams(p)).map((s) => [s.series_id, s.kind]));
  const pay = (await items(p))
    .filter((i) => i.due_date <= addDays(today(), 60) && i.amount > 0)
    .filter((i) => ((i.series_id && kindOf.get(i.series_id)) || 'income') === 'income')
    .filter((i) => !i.account_id || !['credit', 'loan'].includes(typeOf(p).get(i.account_id) ?? ''))
    .sort((a, b) => a.due_date.localeCompare(b.due_date));
  const largest = Math.max(0, ...pay.map((i) => i.amount));
  return pay.find((i) => i.amount >= largest / 4)?.due_date ?? null;
}
export const payday: Expect = async (p) => {
  const pay = await nextPayday(p);
  return pay ? [dayWords(pay, today())] : ['no income'];
};

export type Window = (p: Asker) => Promise<number>;
export const within =
  (n: number): Window =>
  async () =>
    n;
export const beforePayday: Window = async (p) => {
  const pay = await nextPayday(p);
  return pay ? Math.max(0, days(pay) - 1) : 0;
};
export const beforeFirst: Window = async () => {
  const d = new Date();
  return days(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10)) - 1;
};
export const beforeHoliday =
  (name: string): Window =>
  async () =>
    days(findHoliday(name, today())!.date) - 1;

export function lowestIn(window: Window): Expect {
  return async (p) => {
    const low = lowestOf(await cashRows(p, await window(p)));
    return [usd(low.closing), dayWords(low.date, today())];
  };
}
/** "Will I dip under $X …": yes or no first, then the lowest point. */
export function dipUnder(cents: number, window: Window): Expect {
  return async (p) => {
    const low = lowestOf(await cashRows(p, await window(p)));
    return [low.closing < cents ? 'Yes' : 'No', usd(low.closing), dayWords(low.date, today())];
  };
}
/** "Do we stay above $X …": yes when the lowest point stays at or above the line, then the lowest point. */
export function staysAbove(cents: number, window: Window): Expect {
  return async (p) => {
    const [under, ...rest] = await dipUnder(cents, window)(p);
    return [under === 'Yes' ? 'No' : 'Yes', ...rest];
  };
}
export function balanceIn(n: number | (() => number)): Expect {
  return async (p) => {
    const rows = await cashRows(p, typeof n === 'number' ? n : n());
    return [usd(rows[0]!.closing), usd(rows.at(-1)!.closing)];
  };
}
/** Days from today to Dec 31. */
export const untilEndOfYear = () => days(`${today().slice(0, 4)}-12-31`);
export const untilEndOfNextYear = () => days(`${Number(today().slice(0, 4)) + 1}-12-31`);
/** "In 2 months": the same day that many calendar months on (the month's last day if shorter). */
export const inMonths = (n: number) => () => {
  const [y, m, d] = today().split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y, m - 1 + n + 1, 0)).getUTCDate();
  return days(new Date(Date.UTC(y, m - 1 + n, Math.min(d, last))).toISOString().slice(0, 10));
};
export const beyond: Expect = async () => ['past the end of your forecast'];

/** The lowest cash with a purchase (once, or monthly on the same day) from its day on. */
export function afford(
  cents: number | ((p: Asker) => Promise<number>),
  on: (t: string) => string,
  monthly = false,
): Expect {
  return async (p) => {
    const amount = typeof cents === 'number' ? cents : await cents(p);
    const date = on(today());
    const rows = await cashRows(p, Math.min(730, days(date) + (monthly ? 365 : 90)));
    const charges = (d: string) => {
      if (!monthly) return d >= date ? 1 : 0;
      let n = 0;
      const [y, m, dd] = date.split('-').map(Number) as [number, number, number];
      for (let k = 0; ; k += 1) {
        const last = new Date(Date.UTC(y, m + k, 0)).getUTCDate();
        const c = new Date(Date.UTC(y, m - 1 + k, Math.min(dd, last))).toISOString().slice(0, 10);
        if (c > d) return n;
        n += 1;
      }
    };
    const low = lowestOf(
      rows
        .filter((r) => r.date >= date)
        .map((r) => ({ date: r.date, closing: r.closing - amount * charges(r.date) })),
    );
    return [usd(low.closing), dayWords(low.date, today())];
  };
}
export const onDay = (n: number) => (t: string) => addDays(t, n);
/** "friday", "next friday": the next such weekday after today (0 = Sunday). */
export const onWeekday = (w: number) => (t: string) => {
  const now = new Date(`${t}T00:00:00Z`).getUTCDay();
  return addDays(t, (w - now + 7) % 7 || 7);
};
/** "next month": its 1st. */
export const onNextMonth = (t: string) => {
  const [y, m] = t.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
};
/** "dec 20": the next such day on or after today. */
export const onDate = (monthDay: string) => (t: string) => {
  const date = `${t.slice(0, 4)}-${monthDay}`;
  return date >= t ? date : `${Number(t.slice(0, 4)) + 1}-${monthDay}`;
};
export const onHoliday = (name: string) => (t: string) => findHoliday(name, t)!.date;
/** The 20th (or another day of the month) next on or after today. */
export const onTheNth = (dom: number) => (t: string) => {
  const [y, m, d] = t.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, d <= dom ? m - 1 : m, dom)).toISOString().slice(0, 10);
};

export function billsWithin(n: number): Expect {
  return async (p) => {
    const kindOf = new Map((await streams(p)).map((s) => [s.series_id, s.kind]));
    const types = typeOf(p);
    const bills = (await items(p)).filter(
      (i) =>
        i.due_date <= addDays(today(), n) &&
        isBill(
          i,
          i.account_id ? (types.get(i.account_id) ?? null) : null,
          (i.series_id && kindOf.get(i.series_id)) || null,
        ),
    );
    return bills.length === 0 ? ['Nothing is due'] : [usd(bills.reduce((s, b) => s - b.amount, 0))];
  };
}
/** A bill asked by its category: the next planned bill of those categories (within 60 days) and its day. */
export function billOf(codes: readonly string[]): Expect {
  return async (p) => {
    const kindOf = new Map((await streams(p)).map((s) => [s.series_id, s.kind]));
    const types = typeOf(p);
    const next = (await items(p))
      .filter(
        (i) =>
          i.due_date <= addDays(today(), 60) &&
          codes.includes(i.category_detailed ?? '') &&
          isBill(
            i,
            i.account_id ? (types.get(i.account_id) ?? null) : null,
            (i.series_id && kindOf.get(i.series_id)) || null,
          ),
      )
      .sort((a, b) => a.due_date.localeCompare(b.due_date))[0];
    return next ? [usd(-next.amount), dayWords(next.due_date, today())] : ["I don't see"];
  };
}
export const subscriptionsTotal: Expect = async (p) => {
  const subs = (await streams(p)).filter(
    (s) => s.kind === 'subscription' && !s.is_suppressed && s.status !== 'gone' && s.status !== 'ended',
  );
  return [usd(subs.reduce((sum, s) => sum + Math.abs(s.monthly_amount), 0))];
};

/** The debt a kind names: 'student', 'mortgage' or 'credit'. */
function debtOf(p: Asker, kind: 'student' | 'mortgage' | 'credit') {
  return p.accounts.find((a) =>
    kind === 'credit' ? a.account_type === 'credit' : a.account_subtype === kind,
  );
}
export function debtPayment(kind: 'student' | 'mortgage' | 'credit'): Expect {
  return async (p) => {
    const account = debtOf(p, kind)!;
    const next = (await items(p))
      .filter((i) => i.account_id === account.id && i.amount > 0)
      .sort((a, b) => a.due_date.localeCompare(b.due_date))[0];
    return next ? [usd(next.amount), dayWords(next.due_date, today())] : ['scheduled payment'];
  };
}
export function payoff(kind: 'student' | 'mortgage' | 'credit'): Expect {
  return async (p) => {
    const account = debtOf(p, kind)!;
    const r = await p.api<{ rows: Array<{ balance_date: string; closing_balance: number }> }>(
      'GET',
      `/running-balances?accountId=${account.id}&days=730&includeAllowance=false`,
    );
    const paid = r.body.rows.find((x) => x.closing_balance <= 0);
    return paid
      ? [`paid off on ${dayWords(paid.balance_date, today())}`]
      : [usd(r.body.rows.at(-1)!.closing_balance)];
  };
}
export function debtFigures(kind: 'student' | 'mortgage' | 'credit'): Expect {
  return async (p) => ["can't make for you", usd(debtOf(p, kind)!.current_balance ?? 0)];
}
export const payOffCard: Expect = async (p) => afford(debtOf(p, 'credit')!.current_balance ?? 0, (t) => t)(p);

/** Without a stream's planned charges on cash, the cash at the end of a year ahead. */
export function cancelled(name: string): Expect {
  return async (p) => {
    const stream = (await streams(p)).find((s) => s.description.toLowerCase().includes(name.toLowerCase()));
    if (!stream) return ['not a recurring item'];
    const rows = await cashRows(p, 365);
    const end = rows.at(-1)!;
    const types = typeOf(p);
    const removed = (await items(p))
      .filter((i) => i.series_id === stream.series_id && i.due_date <= end.date)
      .filter((i) => !i.account_id || types.get(i.account_id) === 'depository')
      .reduce((s, i) => s + i.amount, 0);
    return [usd(end.closing - removed), usd(end.closing)];
  };
}
