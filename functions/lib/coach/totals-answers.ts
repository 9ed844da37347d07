// The offline coach's totals over longer stretches: what was spent over a year or any window with its
// monthly average, the monthly average of one category or merchant ("how much do i spend on groceries a
// month"), and the income that came in over a window ("how much did i make last month"). Each names its
// subject and window; the figures are search_transactions' totals over the stored categories.
import type { Subject } from '../../../domain/coach/lexicon.ts';
import { pastRange, type PastRange } from '../../../domain/coach/window.ts';
import { dayWords, monthWords, usd } from '../../../domain/coach/verify.ts';
import { addDays } from '../../../domain/money/dates.ts';
import { call, list, num, type Asked, type Turn } from './answer-turn.ts';
import type { ToolContext } from './tool-context.ts';

const at = (y: number, m0: number, d: number) => new Date(Date.UTC(y, m0, d)).toISOString().slice(0, 10);

/** The whole months before this one: the last `n` of them. */
export function wholeMonthsBefore(today: string, n: number): PastRange {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const from = at(y, m - 1 - n, 1);
  const to = at(y, m - 1, 0);
  return { from, to, label: `${monthWords(from.slice(0, 7))} to ${monthWords(to.slice(0, 7))}` };
}

/** "A month", "per month", "monthly", "on average": an average per month is asked, not a total. */
export const PER_MONTH =
  /\b(a|per|each|every|in an?) (average |typical |normal )?month\b|\bmonthly\b|\bon average\b|\baverage\b|\bavg\b|\btypically\b|\busually\b/;
/** "A year", "per year", "annually": a year's total. */
export const PER_YEAR = /\b(a|per|each|every) year\b|\byearly\b|\bannual(ly)?\b|\bin a year\b/;
/** Words that make "usual" a comparison rather than the figure asked for. */
const COMPARING = /\bmore\b|\bless\b|\bthan\b|\bfewer\b|\bhigher\b|\blower\b|\bvs\.?\b|\bcompared?\b/;

export const asksPerMonth = (q: Asked) => PER_MONTH.test(q.lower) && !COMPARING.test(q.lower);
export const asksPerYear = (q: Asked) => PER_YEAR.test(q.lower) && !COMPARING.test(q.lower);

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
  const range = windowOf(q, today);
  const filter =
    subject === null
      ? { spending_only: true }
      : subject.kind === 'category'
        ? { categories: [...subject.detailed, ...subject.groups], spending_only: true }
        : { text: subject.label };
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
  const total = num(typeof r.net_spent === 'number' ? r.net_spent : r.total_spent);
  turn.text.push(
    num(r.count) === 0
      ? `${name}, ${range.label}: I found no transactions there.`
      : perMonth && months > 1
        ? `${name}, ${range.label}: ${usd(num(r.average_spent_per_month))} a month on average (${usd(total)} in all over ${months} months).`
        : `${name}, ${range.label}: ${usd(total)} spent across ${num(r.count)} ${num(r.count) === 1 ? 'transaction' : 'transactions'}.`,
  );
}

/** Income that came in over a window (the last whole month when none is named). */
export async function incomeOver(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  const range =
    pastRange(q.question, today) ??
    (asksPerMonth(q) || asksPerYear(q) ? windowOf(q, today) : wholeMonthsBefore(today, 1));
  const r = await call(tc, turn, 'search_transactions', {
    income_only: true,
    from: range.from,
    to: range.to,
    by_month: true,
  });
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
