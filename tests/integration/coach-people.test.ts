// How the offline coach does on questions as people type them: lower case, typos, slang, no
// punctuation, from six personas (a new graduate, a family, a freelancer with irregular income, a
// retiree, a couple sharing a profile, someone paying down debt). Each question's expected figures are
// computed here from the engine through the API (the calendar's transactions classified by the
// domain's own rules, the cash series, the planned items), never from the coach's tools. The set is
// split once, by a hash of each question, into a development half (used while building the coach) and
// a held-out half (never tuned on). Each answer is right (every expected figure in it), a clarifying
// answer (no figure stated) or wrong (a figure, not the expected one). Prints both halves' scores; no
// answer may be confidently wrong, and every answer keeps the number check.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyTransaction, summaryDirection, type AccountType } from '../../domain/classification.ts';
import { dayWords, usd } from '../../domain/coach/verify.ts';
import { addDays } from '../../domain/money/dates.ts';
import type { TestUser } from './helpers.ts';
import {
  forecastSettled,
  generatePlan,
  joinAs,
  linkedUser,
  profileApi,
  type StoredAccountView,
} from './money-helpers.ts';

interface Answer {
  text: string;
  verified: boolean;
}
interface CalendarTx {
  account_id: string;
  date?: string;
  amount: number;
  name: string;
  merchant_name: string | null;
  display_name: string;
  pending: boolean;
  personal_finance_category: { primary: string | null; detailed: string | null } | null;
}
interface Person {
  user: TestUser;
  profileId: string;
  accounts: StoredAccountView[];
}

const today = () => new Date().toISOString().slice(0, 10);
const monthOf = (offset: number) => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + offset);
  return d.toISOString().slice(0, 7);
};
const lastDay = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).toISOString().slice(0, 10);
const call = <T>(p: Person, method: string, path: string, body?: unknown) =>
  profileApi<T>(method, path, { token: p.user.idToken, profileId: p.profileId, body });

// ── the engine's figures ─────────────────────────────────────────────────────────────────────────

const monthCache = new Map<string, Promise<CalendarTx[]>>();
function monthTransactions(p: Person, month: string): Promise<CalendarTx[]> {
  const key = `${p.profileId}:${month}`;
  if (!monthCache.has(key))
    monthCache.set(
      key,
      call<{ days: Array<{ date: string; transactions: CalendarTx[] }> }>(
        p,
        'POST',
        '/functions/get-money-plan-calendar',
        { month, view: 'net_worth' },
      ).then((r) => r.body.days.flatMap((d) => d.transactions.map((t) => ({ ...t, date: d.date })))),
    );
  return monthCache.get(key)!;
}

async function between(p: Person, from: string, to: string): Promise<CalendarTx[]> {
  const out: CalendarTx[] = [];
  for (let m = from.slice(0, 7); m <= to.slice(0, 7); m = nextMonth(m))
    out.push(...(await monthTransactions(p, m)).filter((t) => t.date! >= from && t.date! <= to));
  return out;
}
const nextMonth = (m: string) => {
  const d = new Date(`${m}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 7);
};

/** Purchases in a category (by stored detailed code or group), counted as spending counts them. */
function categorySpent(p: Person, txs: readonly CalendarTx[], codes: readonly string[] | null) {
  const typeOf = new Map(p.accounts.map((a) => [a.id, a.account_type as AccountType]));
  let total = 0;
  let count = 0;
  for (const t of txs) {
    const type = typeOf.get(t.account_id);
    if (!type || t.pending || type === 'loan' || type === 'investment') continue;
    if (t.personal_finance_category?.detailed === 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT') continue;
    const c = classifyTransaction(
      {
        amount: t.amount,
        name: t.name,
        merchant_name: t.merchant_name,
        personal_finance_category: t.personal_finance_category,
      },
      type,
    );
    if (summaryDirection(c, type, t.amount) !== 'expense') continue;
    if (codes && !codes.includes(c.category.plaidDetailed) && !codes.includes(c.category.group)) continue;
    total += t.amount;
    count += 1;
  }
  return { total, count };
}

async function cashRows(p: Person, days: number) {
  const r = await call<{ rows: Array<{ balance_date: string; closing_balance: number }> }>(
    p,
    'GET',
    `/running-balances?view=cash&days=${days}`,
  );
  return r.body.rows.map((x) => ({ date: x.balance_date, closing: x.closing_balance }));
}
const lowestOf = (rows: Array<{ date: string; closing: number }>) =>
  rows.reduce((best, r) => (r.closing < best.closing ? r : best));

async function nextPayday(p: Person): Promise<string | null> {
  const [items, streams] = await Promise.all([
    call<{
      items: Array<{
        due_date: string;
        amount: number;
        series_id: string | null;
        is_reconciled: boolean;
        is_user_deleted: boolean;
      }>;
    }>(p, 'GET', `/money-plan/items?from=${today()}&to=${addDays(today(), 60)}`),
    call<{ streams: Array<{ series_id: string; kind: string }> }>(p, 'GET', '/money-plan/streams'),
  ]);
  const kindOf = new Map(streams.body.streams.map((s) => [s.series_id, s.kind]));
  const pay = items.body.items
    .filter((i) => !i.is_user_deleted && !i.is_reconciled && i.amount > 0)
    .filter((i) => ((i.series_id && kindOf.get(i.series_id)) || 'income') === 'income')
    .sort((a, b) => a.due_date.localeCompare(b.due_date));
  const largest = Math.max(0, ...pay.map((i) => i.amount));
  return pay.find((i) => i.amount >= largest / 4)?.due_date ?? null;
}

// ── the question set ──────────────────────────────────────────────────────────────────────────────

type Expect = (p: Person) => Promise<string[]>;
interface Case {
  persona: string;
  question: string;
  expected: Expect;
}

const GROCERIES = ['FOOD_AND_DRINK_GROCERIES'];
const EATING_OUT = ['FOOD_AND_DRINK_RESTAURANT', 'FOOD_AND_DRINK_FAST_FOOD'];
const COFFEE = ['FOOD_AND_DRINK_COFFEE'];
const GAS = ['TRANSPORTATION_GAS'];
const STREAMING = ['ENTERTAINMENT_TV_AND_MOVIES', 'ENTERTAINMENT_MUSIC_AND_AUDIO'];
const SHOPPING = ['General Merchandise'];
const TRAVEL = ['Travel'];

const lastMonth = () => ({ from: `${monthOf(-1)}-01`, to: lastDay(monthOf(-1)) });
const thisMonth = () => ({ from: `${monthOf(0)}-01`, to: today() });
const last30 = () => ({ from: addDays(today(), -29), to: today() });

function spend(codes: string[], range: () => { from: string; to: string }): Expect {
  return async (p) => {
    const { from, to } = range();
    const { total, count } = categorySpent(p, await between(p, from, to), codes);
    return count === 0 ? ['found no transactions'] : [usd(total), `${count} transaction`];
  };
}
function versusLast(codes: string[]): Expect {
  return async (p) => {
    const now = categorySpent(p, await between(p, `${monthOf(0)}-01`, today()), codes);
    const before = categorySpent(p, await between(p, `${monthOf(-1)}-01`, lastDay(monthOf(-1))), codes);
    return now.count === 0 ? ['found no transactions'] : [usd(now.total), usd(before.total)];
  };
}
function versusUsual(codes: string[]): Expect {
  return async (p) => {
    const m = lastMonth();
    const now = categorySpent(p, await between(p, m.from, m.to), codes);
    const base = categorySpent(p, await between(p, `${monthOf(-4)}-01`, lastDay(monthOf(-2))), codes);
    return now.count === 0 ? ['found no transactions'] : [usd(now.total), usd(Math.round(base.total / 3))];
  };
}
function lowestIn(days: number | (() => Promise<number>)): Expect {
  return async (p) => {
    const low = lowestOf(await cashRows(p, typeof days === 'number' ? days : await days()));
    return [usd(low.closing), dayWords(low.date, today())];
  };
}
function balanceIn(days: number): Expect {
  return async (p) => {
    const rows = await cashRows(p, days);
    return [usd(rows[0]!.closing), usd(rows.at(-1)!.closing)];
  };
}
/** "Will I dip under $X within …": yes or no first, then the lowest point. */
function dipUnder(cents: number, days: (p: Person) => Promise<number>): Expect {
  return async (p) => {
    const rows = await cashRows(p, await days(p));
    const low = lowestOf(rows);
    return [low.closing < cents ? 'Yes' : 'No', usd(low.closing), dayWords(low.date, today())];
  };
}
const beforePayday = async (p: Person) => {
  const pay = await nextPayday(p);
  return pay ? Math.max(0, Math.round((Date.parse(pay) - Date.parse(today())) / 86_400_000) - 1) : 0;
};
const beforeFirst = async () => {
  const d = new Date();
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  return Math.round((first.getTime() - Date.parse(today())) / 86_400_000) - 1;
};
const beyond: Expect = async () => ['past the end of your forecast'];
/** Everything spent in a month, as the spending figures count it. */
function monthTotal(offset: number): Expect {
  return async (p) => {
    const month = monthOf(offset);
    const txs = await between(p, `${month}-01`, offset === 0 ? today() : lastDay(month));
    return [usd(categorySpent(p, txs, null).total)];
  };
}
/** Spent at a merchant (by its shown name) in a range. */
function at(name: string, range: () => { from: string; to: string }): Expect {
  return async (p) => {
    const { from, to } = range();
    const txs = (await between(p, from, to)).filter(
      (t) => !t.pending && `${t.display_name} ${t.name}`.toLowerCase().includes(name.toLowerCase()),
    );
    const spent = txs.filter((t) => t.amount > 0).reduce((sum, t) => sum + t.amount, 0);
    return txs.length === 0 ? ['found no transactions'] : [usd(spent)];
  };
}
const payday: Expect = async (p) => {
  const pay = await nextPayday(p);
  return pay ? [dayWords(pay, today())] : ['no income'];
};

const c = (persona: string, question: string, expected: Expect): Case => ({ persona, question, expected });

const CASES: Case[] = [
  // a new graduate
  c('graduate', 'how much did i spend on groceries last month', spend(GROCERIES, lastMonth)),
  c('graduate', 'how much have i blown on eating out this month', spend(EATING_OUT, thisMonth)),
  c('graduate', 'coffee spending last month lol', spend(COFFEE, lastMonth)),
  c('graduate', 'will i dip under $100 before payday', dipUnder(10_000, beforePayday)),
  c('graduate', 'whats the lowest my account gets over the next couple months', lowestIn(60)),
  c('graduate', 'how much did i spend on takeout this month so far', spend(EATING_OUT, thisMonth)),
  // a family
  c('family', 'how much did we spend on grocereis last month', spend(GROCERIES, lastMonth)),
  c('family', 'did we spend more on groceries this month than last month', versusLast(GROCERIES)),
  c('family', 'how much went on gas last month', spend(GAS, lastMonth)),
  c('family', 'are we gonna go below 500 dollars before the 1st', dipUnder(50_000, beforeFirst)),
  c('family', 'supermarket spend in the last 30 days', spend(GROCERIES, last30)),
  c('family', 'what did we spend on restaurants last month', spend(EATING_OUT, lastMonth)),
  // a freelancer with irregular income
  c('freelancer', 'how much did i spend on resturants last month', spend(EATING_OUT, lastMonth)),
  c('freelancer', 'did i spend more than usual on eating out last month', versusUsual(EATING_OUT)),
  c('freelancer', 'lowest balance in the next few months', lowestIn(90)),
  c(
    'freelancer',
    'will i go under $1000 in the next 2 weeks',
    dipUnder(100_000, async () => 14),
  ),
  c('freelancer', 'what will my balance be in 2031', beyond),
  c('freelancer', 'shopping spend this month', spend(SHOPPING, thisMonth)),
  // a retiree
  c('retiree', 'How much did I spend on groceries in the last 30 days', spend(GROCERIES, last30)),
  c('retiree', 'what have i spent on travel this month', spend(TRAVEL, thisMonth)),
  c('retiree', 'Will my balance drop below $200 before payday?', dipUnder(20_000, beforePayday)),
  c('retiree', 'how much did the gas station cost me last month', spend(GAS, lastMonth)),
  c('retiree', 'what is the lowest my money will be over the next couple of months', lowestIn(60)),
  c('retiree', 'how much will i have in 2030', beyond),
  // a couple sharing a profile
  c('couple', 'how much did we drop on food delivery and takeout last month', spend(EATING_OUT, lastMonth)),
  c('couple', 'streaming last month?', spend(STREAMING, lastMonth)),
  c('couple', 'r we spending more on groceries than usual', versusUsual(GROCERIES)),
  c('couple', 'how much did we spend on coffe this month', spend(COFFEE, thisMonth)),
  c('couple', 'will we dip under 300 before the first', dipUnder(30_000, beforeFirst)),
  c('couple', 'eating out vs last month', versusLast(EATING_OUT)),
  // someone paying down debt
  c('debt', 'how much did i spend on fuel last month', spend(GAS, lastMonth)),
  c('debt', 'how much have i spent on shopping last month', spend(SHOPPING, lastMonth)),
  c('debt', 'will i hit $0 before payday', dipUnder(1, beforePayday)),
  c('debt', 'lowest point next couple weeks', lowestIn(14)),
  c('debt', 'groceries this month vs last month', versusLast(GROCERIES)),
  c('debt', 'how much did i waste on takeaway in the last 30 days', spend(EATING_OUT, last30)),
  // more of each, written before any of them was asked
  c('graduate', 'how much did i spend at starbucks last month', at('Starbucks', lastMonth)),
  c('graduate', 'when do i get paid', payday),
  c('graduate', 'total spending this month so far', monthTotal(0)),
  c('graduate', 'will i go negative before payday', dipUnder(1, beforePayday)),
  c(
    'graduate',
    'how much have i spent on ubers in the last 30 days',
    spend(['TRANSPORTATION_TAXIS_AND_RIDE_SHARES'], last30),
  ),
  c('family', 'how much did we spend in total last month', monthTotal(-1)),
  c('family', 'how much did kroger cost us last month', at('Kroger', lastMonth)),
  c('family', 'groceries past 30 days', spend(GROCERIES, last30)),
  c('family', 'are we spending more on eating out than usual', versusUsual(EATING_OUT)),
  c('family', 'how low does our cash get in the next couple months', lowestIn(60)),
  c('freelancer', 'how much did i spend on coffee in the last 30 days', spend(COFFEE, last30)),
  c('freelancer', 'next payday?', payday),
  c(
    'freelancer',
    'will i dip below 2k over the next couple of months',
    dipUnder(200_000, async () => 60),
  ),
  c('freelancer', 'how much will i have by 2032', beyond),
  c('freelancer', 'gas this month vs last month', versusLast(GAS)),
  c('retiree', 'what did i spend on groceries this month', spend(GROCERIES, thisMonth)),
  c('retiree', 'how much did I spend at the supermarket last month', spend(GROCERIES, lastMonth)),
  c('retiree', 'what is my lowest balance before the 1st', lowestIn(beforeFirst)),
  c('retiree', 'have i spent more on travel than usual', versusUsual(TRAVEL)),
  c('retiree', 'how much did I spend at Safeway last month', at('Safeway', lastMonth)),
  c('couple', 'how much did we spend on restraunts this month', spend(EATING_OUT, thisMonth)),
  c(
    'couple',
    'how much did we spend on booze last month',
    spend(['FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR'], lastMonth),
  ),
  c('couple', 'did we spend less on groceries this month than last month', versusLast(GROCERIES)),
  c('couple', 'how much r we gonna have left over the next couple of months', balanceIn(60)),
  c('couple', 'total we spent last month', monthTotal(-1)),
  c(
    'debt',
    'how much did i spend on clothes last month',
    spend(['GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES'], lastMonth),
  ),
  c('debt', 'gas money last month', spend(GAS, lastMonth)),
  c('debt', 'will i go under $50 before the 1st', dipUnder(5_000, beforeFirst)),
  c('debt', 'how much have i spent on shopping this month so far', spend(SHOPPING, thisMonth)),
  c('debt', 'am i spending more than usual on takeout', versusUsual(EATING_OUT)),
];

/** The held-out misses of the first questions were shown once while the coach was built (the test now
 * prints none); those after them never were, and their score is printed apart. */
const SHOWN_ONCE = 36;

/** The one split: a question's half follows from its text alone, so it never moves. */
const half = (question: string) =>
  (createHash('sha256').update(question).digest()[0]! & 1) === 0 ? 'dev' : 'held-out';

// ── the run ───────────────────────────────────────────────────────────────────────────────────────

/** Two households on the same bank's history, each asking with its owner and a partner who shares the
 * profile: the set stays under each member's question limit. */
const askers: Person[] = [];
beforeAll(async () => {
  for (let k = 0; k < 2; k += 1) {
    const { user, profileId, accounts } = await linkedUser('ins_109508');
    const owner = { user, profileId, accounts };
    expect((await generatePlan({ token: user.idToken, profileId })).status).toBe(200);
    askers.push(owner, { ...owner, user: await joinAs(user, profileId, 'editor') });
  }
}, 300_000);
afterAll(async () => {
  for (const p of askers.filter((_, i) => i % 2 === 0)) await forecastSettled(p.profileId);
});

describe("the offline coach on people's questions", () => {
  it('answers right or asks, never confidently wrong, with the number check on every answer; prints the dev and held-out scores', async () => {
    const score = {
      dev: { right: 0, clarify: 0, wrong: 0, total: 0 },
      'held-out': { right: 0, clarify: 0, wrong: 0, total: 0 },
    };
    const unseen = { right: 0, clarify: 0, wrong: 0, total: 0 };
    const wrong: string[] = [];
    for (const [i, k] of CASES.entries()) {
      const person = askers[i % askers.length]!;
      const { status, body } = await call<{ answer: Answer }>(person, 'POST', '/coach/ask', {
        question: k.question,
      });
      expect(status, `question ${i}: ${JSON.stringify(body).slice(0, 200)}`).toBe(200);
      const answer = body.answer;
      expect(answer.verified, half(k.question) === 'dev' ? `${k.question}\n${answer.text}` : 'held-out').toBe(
        true,
      );
      const expected = await k.expected(person);
      const s = score[half(k.question)];
      s.total += 1;
      const u = i >= SHOWN_ONCE && half(k.question) === 'held-out' ? unseen : null;
      if (u) u.total += 1;
      if (expected.every((f) => answer.text.includes(f))) {
        s.right += 1;
        if (u) u.right += 1;
      } else if (!/\$\d/.test(answer.text)) {
        s.clarify += 1;
        if (u) u.clarify += 1;
        if (half(k.question) === 'dev') wrong.push(`[dev, asked back] ${k.question}\n  got ${answer.text}`);
      } else {
        s.wrong += 1;
        // The held-out half's misses are counted, never shown: nothing is tuned on them.
        wrong.push(
          half(k.question) === 'dev'
            ? `[dev] ${k.question}\n  expected ${expected.join(' | ')}\n  got ${answer.text}`
            : '[held-out] (not shown)',
        );
      }
    }
    console.log(`people's questions: ${JSON.stringify(score)}`);
    console.log(
      `held-out, never shown: ${unseen.right} right, ${unseen.clarify} asked back, ${unseen.wrong} wrong of ${unseen.total}`,
    );
    if (wrong.length) console.log(wrong.join('\n'));
    expect(score.dev.total + score['held-out'].total).toBe(CASES.length);
    expect(wrong.filter((w) => !w.startsWith('[dev, asked back]'))).toEqual([]);
  }, 600_000);
});

describe('what the answer says it understood', () => {
  const ask = async (question: string, who = 1) => {
    const { status, body } = await call<{ answer: Answer }>(askers[who]!, 'POST', '/coach/ask', { question });
    expect(status).toBe(200);
    expect(body.answer.verified, body.answer.text).toBe(true);
    return body.answer.text;
  };
  const monthName = (offset: number) =>
    new Date(`${monthOf(offset)}-01T00:00:00Z`).toLocaleDateString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });

  it('totals a category by its stored category, naming the category and the month', async () => {
    const p = askers[1]!;
    const text = await ask('How much did I spend on groceries last month?');
    const { total, count } = categorySpent(p, await between(p, lastMonth().from, lastMonth().to), GROCERIES);
    expect(count).toBeGreaterThan(0);
    expect(text).toContain(`Groceries, ${monthName(-1)}: ${usd(total)} spent across ${count} transactions.`);
    expect(text).not.toContain('found no transactions');
  });

  it('answers a yes/no question yes or no first, then the figure', async () => {
    const p = askers[1]!;
    const text = await ask('will i dip under $100 before payday');
    const [yes, low] = await dipUnder(10_000, beforePayday)(p);
    expect(text.startsWith(`${yes} — `), text).toBe(true);
    expect(text).toContain(`is ${low}`);
    expect(text).toMatch(/before payday \(/);
  });

  it('says where the forecast ends for a year past it', async () => {
    const text = await ask('what will my balance be in 2031');
    expect(text).toMatch(/^That is past the end of your forecast: it runs two years ahead, to /);
  });

  it('asks back, naming what it understood, when only a category is clear', async () => {
    const text = await ask('groceries vs usual?');
    expect(text).toMatch(/^I think you're asking about Groceries/);
    expect(text).not.toMatch(/\$\d/);
  });
});
