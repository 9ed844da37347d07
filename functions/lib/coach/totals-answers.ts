// The offline coach's totals over longer stretches: what was spent over a year or any window with its
// monthly average, the monthly average of one category or merchant ("how much do i spend on groceries a
// month"), and the income that came in over a window ("how much did i make last month"). Each names its
// subject and window; the figures are search_transactions' totals over the stored categories.
import type { Subject } from '../../../domain/coach/lexicon.ts';
import { pastRange, type PastRange } from '../../../domain/coach/window.ts';
import { dayWords, monthWords, usd } from '../../../domain/coach/verify.ts';
import { addDays } from '../../../domain/money/dates.ts';
import { INTEREST_CHARGE_DETAILED } from '../../../domain/taxonomy.ts';
import { call, list, num, obj, spentOf, subjectFilter, type Asked, type Turn } from './answer-turn.ts';
import { debtLabel, namedDebts } from './debt-answers.ts';
import type { ToolContext } from './tool-context.ts';

const at = (y: number, m0: number, d: number) => new Date(Date.UTC(y, m0, d)).toISOString().slice(0, 10);

/** The whole months before this one: the last `n` of them. */
export function wholeMonthsBefore(today: string, n: number): PastRange {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const from = at(y, m - 1 - n, 1);
  const to = at(y, m - 1, 0);
  const label =
    n === 1
      ? monthWords(from.slice(0, 7))
      : `${monthWords(from.slice(0, 7))} to ${monthWords(to.slice(0, 7))}`;
  return { from, to, label };
}

/** "A month", "per month", "monthly", "on average": an average per month is asked, not a total. */
export const PER_MONTH =
  /\b(a|per|each|every|in an?) (average |typical |normal )?month\b|\bmonthly\b|\bon average\b|\baverage\b|\bavg\b|\btypically\b|\busually\b|\bnormally\b/;
/** "A year", "per year", "annually": a year's total. */
export const PER_YEAR = /\b(a|per|each|every) year\b|\byearly\b|\bannual(ly)?\b|\bin a year\b/;
/** "A week", "per week", "weekly": a weekly average (not "in a week", "a week ago" or "a week from now"). */
export const PER_WEEK =
  /(?<!\bin )\b(a|per|each|every) (average |typical |normal )?week\b(?! ago| from| or)|\bweekly\b|\bin an? (average|typical|normal) week\b/;
/** Words that make "usual" a comparison rather than the figure asked for. */
const COMPARING = /\bmore\b|\bless\b|\bthan\b|\bfewer\b|\bhigher\b|\blower\b|\bvs\.?\b|\bcompared?\b/;

export const asksPerMonth = (q: Asked) => PER_MONTH.test(q.lower) && !COMPARING.test(q.lower);
export const asksPerYear = (q: Asked) => PER_YEAR.test(q.lower) && !COMPARING.test(q.lower);
/** A rate per week is asked: a weekly average, not a window of 30 days. */
export const asksPerWeek = (q: Asked) => PER_WEEK.test(q.lower) && !COMPARING.test(q.lower);
/** A month named as the unit ("a month", "monthly"): it wins over a week, "average" alone does not. */
const MONTH_UNIT = /\b(a|per|each|every) (average |typical |normal )?month\b|\bmonthly\b/;
/** A total over time is asked (a year, an average a month or a week), not one stretch's spending. */
export const asksRate = (q: Asked) => asksPerMonth(q) || asksPerYear(q) || asksPerWeek(q);

/** The weeks a weekly average runs over when no window is named: the last 12 (84 days to today). */
export const WEEKS = 12;
export function lastWeeks(today: string, n = WEEKS): PastRange {
  return { from: addDays(today, -(7 * n - 1)), to: today, label: `the last ${n} weeks` };
}

/** The window of an average or a year: the one named, else the last 3 (or 12) whole months. */
function windowOf(q: Asked, today: string): PastRange {
  const named = pastRange(q.question, today);
  if (named) return named;
  return wholeMonthsBefore(today, asksPerYear(q) ? 12 : 3);
}

/**
 * Money spent on a subject (or on everything) over a window, with its monthly average: "Groceries,
 * August to October 2026: $1,204.10 spent, $401.37 a month on average."
 */
export async function spentOver(
  tc: ToolContext,
  q: Asked,
  subject: Subject | null,
  today: string,
  turn: Turn,
) {
  if (asksPerWeek(q) && !MONTH_UNIT.test(q.lower)) {
    await spentPerWeek(tc, q, subject, today, turn);
    return;
  }
  const range = windowOf(q, today);
  const filter = subjectFilter(subject);
  const r = await call(tc, turn, 'search_transactions', {
    ...filter,
    from: range.from,
    to: range.to,
    by_month: true,
  });
  if (!r) return;
  const name = subject ? subject.label : 'Everything you spent';
  const months = Array.isArray(r.months) ? r.months.length : 1;
  const perMonth = asksPerMonth(q) || !asksPerYear(q);
  const total = spentOf(r);
  turn.text.push(
    num(r.count) === 0
      ? `${name}, ${range.label}: I found no transactions there.`
      : perMonth && months > 1
        ? `${name}, ${range.label}: ${usd(num(r.average_spent_per_month))} a month on average (${usd(total)} in all over ${months} months).`
        : `${name}, ${range.label}: ${usd(total)} spent across ${num(r.count)} ${num(r.count) === 1 ? 'transaction' : 'transactions'}.`,
  );
}

/**
 * "How much do I spend on coffee a week": the weekly average over the named window or the last 12
 * weeks, then the last 7 days beside it. "Coffee, the last 12 weeks: $14.55 a week on average ($174.60
 * in all). The last 7 days: $22.18."
 */
async function spentPerWeek(tc: ToolContext, q: Asked, subject: Subject | null, today: string, turn: Turn) {
  const range = pastRange(q.question, today) ?? lastWeeks(today);
  const filter = subjectFilter(subject);
  const r = await call(tc, turn, 'search_transactions', {
    ...filter,
    from: range.from,
    to: range.to,
    by_week: true,
  });
  if (!r) return;
  const name = subject ? subject.label : 'Everything you spent';
  if (num(r.count) === 0) {
    turn.text.push(`${name}, ${range.label}: I found no transactions there.`);
    return;
  }
  const total = spentOf(r);
  turn.text.push(
    `${name}, ${range.label}: ${usd(num(r.average_spent_per_week))} a week on average (${usd(total)} in all).`,
  );
  if (range.to === today && range.from < addDays(today, -6)) {
    const w = await call(tc, turn, 'search_transactions', { ...filter, from: addDays(today, -6), to: today });
    if (w) turn.text.push(`The last 7 days: ${usd(spentOf(w))}.`);
  }
}

/** "How much did I save last month": what came in, what was spent and what was kept (the last whole
 * month when no window is named; a monthly average when one is asked). */
export async function savedOver(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  const range =
    pastRange(q.question, today) ?? (asksPerMonth(q) ? windowOf(q, today) : wholeMonthsBefore(today, 1));
  const r = await call(tc, turn, 'cash_flow', { from: range.from, to: range.to });
  if (!r) return;
  const kept = num(r.kept);
  const months = num(r.months);
  turn.text.push(
    `${range.label}: ${usd(num(r.came_in))} came in and you spent ${usd(num(r.spent))} (net of refunds), so ${
      kept >= 0 ? `you kept ${usd(kept)}` : `you spent ${usd(-kept)} more than came in`
    }${
      asksPerMonth(q) && months > 1
        ? `: ${usd(Math.abs(num(r.average_kept_per_month)))} a month ${num(r.average_kept_per_month) >= 0 ? 'kept' : 'more out than in'}, on average`
        : ''
    }.`,
  );
  // Money moved to savings is a transfer: said apart, since it is kept whichever account holds it.
  const moved = await call(tc, turn, 'search_transactions', {
    categories: ['TRANSFER_OUT_SAVINGS'],
    from: range.from,
    to: range.to,
  });
  const n = num(moved?.count);
  turn.text.push(
    n > 0
      ? `Moved to savings in that time: ${usd(num(moved!.total_spent))} across ${n} ${n === 1 ? 'transfer' : 'transfers'} (a transfer between your accounts, neither income nor spending).`
      : 'Money moved to a savings account is not counted either way: it is still yours, just in another account.',
  );
}

/** "How much interest did I pay this year": the interest charged on cards (posted), and what accrues on
 * each loan a month, which its payment covers (the window named, else this year so far). */
export async function interestPaid(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  const range = pastRange(q.question, today) ?? pastRange('this year', today)!;
  const r = await call(tc, turn, 'search_transactions', {
    categories: [INTEREST_CHARGE_DETAILED],
    from: range.from,
    to: range.to,
  });
  if (!r) return;
  const charged = num(r.total_spent);
  const count = num(r.count);
  const loansAsked = /\b(mortgage|loans?|home loan|car note)\b/.test(q.lower);
  const cardsAsked = /\bcards?\b|\bcredit\b|\bvisa\b|\bmastercard\b|\bamex\b/.test(q.lower);
  if (!loansAsked || cardsAsked)
    turn.text.push(
      count === 0 || charged === 0
        ? `Interest charged on your cards, ${range.label}: none.`
        : `Interest charged on your cards, ${range.label}: ${usd(charged)} across ${count} ${count === 1 ? 'charge' : 'charges'}.`,
    );
  if (cardsAsked && !loansAsked) return;
  const d = await call(tc, turn, 'get_debts', {});
  const loans = list(d?.debts).filter((x) => x.type === 'loan' && obj(x.next_interest));
  const named = loansAsked ? namedDebts(loans, q.lower) : loans;
  if (named.length > 0) {
    turn.text.push('Interest on your loans is paid inside their payments; what accrues on each a month:');
    for (const l of named.slice(0, 4))
      turn.text.push(`• ${debtLabel(l)} — about ${usd(num(obj(l.next_interest)!.amount))} a month`);
  }
}

/** The income search over `range`, month by month. */
const incomeByMonth = (tc: ToolContext, turn: Turn, range: { from: string; to: string }) =>
  call(tc, turn, 'search_transactions', {
    income_only: true,
    from: range.from,
    to: range.to,
    by_month: true,
  });

/** Income that came in over a window (the last whole month when none is named). */
export async function incomeOver(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  const range =
    pastRange(q.question, today) ??
    (asksPerMonth(q) || asksPerYear(q) ? windowOf(q, today) : wholeMonthsBefore(today, 1));
  const r = await incomeByMonth(tc, turn, range);
  if (!r) return;
  const months = Array.isArray(r.months) ? r.months.length : 1;
  if (num(r.count) === 0) {
    turn.text.push(`Income, ${range.label}: I found no income there.`);
    return;
  }
  turn.text.push(
    `Income, ${range.label}: ${usd(num(r.total_received))} came in across ${num(r.count)} ${num(r.count) === 1 ? 'payment' : 'payments'}.`,
  );
  if (months > 1) turn.text.push(`That is ${usd(num(r.average_received_per_month))} a month on average.`);
}

/** "What's my lowest month for income": the month of the window (the last 12 whole months when none
 * is named) with the least (or most) income, beside the monthly average. */
export async function incomeExtreme(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  const range = pastRange(q.question, today) ?? wholeMonthsBefore(today, 12);
  const r = await incomeByMonth(tc, turn, range);
  if (!r) return;
  const months = list(r.months);
  if (num(r.count) === 0 || months.length === 0) {
    turn.text.push(`Income, ${range.label}: I found no income there.`);
    return;
  }
  const most = /\b(highest|best|biggest|largest|top)\b/.test(q.lower);
  const pick = months.reduce((a, b) =>
    most ? (num(b.received) > num(a.received) ? b : a) : num(b.received) < num(a.received) ? b : a,
  );
  turn.text.push(
    `Income, ${range.label}: your ${most ? 'highest' : 'lowest'} month was ${monthWords(String(pick.month))}, ${usd(num(pick.received))} (${usd(num(r.average_received_per_month))} a month on average).`,
  );
}

/** "How much was my last paycheck": the latest income that came in (the last 60 days). */
export async function lastIncome(tc: ToolContext, _q: Asked, today: string, turn: Turn) {
  const r = await call(tc, turn, 'search_transactions', {
    income_only: true,
    from: addDays(today, -60),
    to: today,
  });
  if (!r) return;
  const [latest] = list(r.transactions);
  if (!latest) {
    turn.text.push('I found no income in the last 60 days.');
    return;
  }
  turn.text.push(
    `Your last pay came in on ${dayWords(String(latest.date), today)}: ${String(latest.name)}, ${usd(num(latest.amount))}.`,
  );
}
