// The expected figures of the people's-question set, computed from the money engine through the
// product's API (the calendar's transactions classified by the domain's own rules, the cash and account
// forecast series, the plan's items and streams, the accounts), never from the coach's tools; those
// that look ahead are in coach-people-ahead.ts. Shared by the integration test and `npm run bench`,
// which each give an `Asker`: the API as the profile's owner.
import { classifyTransaction, summaryDirection, type AccountType } from '../../domain/classification.ts';
import { usd } from '../../domain/coach/verify.ts';
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
export const days = (to: string) => Math.round((Date.parse(to) - Date.parse(today())) / 86_400_000);
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
/** A calendar transaction classified by the domain's own rules, from the fields the calendar reads
 * them by (its name, merchant and Plaid category), as the product classifies it. */
export const classified = (
  t: Pick<CalendarTx, 'amount' | 'name' | 'merchant_name' | 'personal_finance_category'>,
  type: AccountType,
) =>
  classifyTransaction(
    {
      amount: t.amount,
      name: t.name,
      merchant_name: t.merchant_name,
      personal_finance_category: t.personal_finance_category,
    },
    type,
  );
export const typeOf = (p: Asker) => new Map(p.accounts.map((a) => [a.id, a.account_type as AccountType]));

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
    const c = classified(t, type);
    if (summaryDirection(c, type, t.amount) !== direction) return false;
    return !codes || codes.includes(c.category.plaidDetailed) || codes.includes(c.category.group);
  });
}
type Codes = readonly string[] | null;
export const spentIn = async (p: Asker, from: string, to: string, codes: Codes) => {
  const txs = matching(p, await between(p, from, to), 'expense', codes);
  return { total: txs.reduce((s, t) => s + t.amount, 0), count: txs.length };
};

export function cashRows(p: Asker, n: number): Promise<Row[]> {
  return memo(p, `cash:${n}`, async () => {
    const r = await p.api<{ rows: Array<{ balance_date: string; closing_balance: number }> }>(
      'GET',
      `/running-balances?view=cash&days=${n}`,
    );
    return r.body.rows.map((x) => ({ date: x.balance_date, closing: x.closing_balance }));
  });
}
export const lowestOf = (rows: readonly Row[]) =>
  rows.reduce((best, r) => (r.closing < best.closing ? r : best));

export function items(p: Asker): Promise<Item[]> {
  return memo(p, 'items', async () => {
    const r = await p.api<{ items: Item[] }>(
      'GET',
      `/money-plan/items?from=${today()}&to=${addDays(today(), 730)}`,
    );
    return r.body.items.filter((i) => !i.is_user_deleted && !i.is_reconciled);
  });
}
export function streams(p: Asker): Promise<Stream[]> {
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
      const c = classified(t, type);
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
