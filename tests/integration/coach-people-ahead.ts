// The expected figures of the people's-question set that look ahead (the next payday, the low point
// and balance over a window, bills due, affordability, debts): computed from the cash forecast series,
// the plan's items and streams and the accounts through the product's API, never from the coach's
// tools. The figures of what happened are in coach-people-figures.ts.
import { findHoliday } from '../../domain/coach/holidays.ts';
import { dayWords, usd } from '../../domain/coach/verify.ts';
import { isBill } from '../../domain/money/bills.ts';
import { addDays } from '../../domain/money/dates.ts';
import {
  type Asker,
  type Expect,
  cashRows,
  days,
  items,
  lowestOf,
  streams,
  today,
  typeOf,
} from './coach-people-figures.ts';

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
