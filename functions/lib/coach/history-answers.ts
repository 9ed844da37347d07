// The offline coach's answers about money already spent: a month's spending by category, one subject
// (a category or a merchant) over a window, against the month before or the usual, what happened on a
// day, and a search by payee.
import type { Subject } from '../../../domain/coach/lexicon.ts';
import { pastRange } from '../../../domain/coach/window.ts';
import { dayWords, monthWords, usd } from '../../../domain/coach/verify.ts';
import { addDays } from '../../../domain/money/dates.ts';
import { call, list, num, spentOf, subjectFilter, type Asked, type Turn } from './answer-turn.ts';
import type { ToolContext } from './tool-context.ts';

/** "Up from last month", "more than last month" with no other month named: this month against last. */
export const FROM_LAST =
  /\b(up|down|more|less|higher|lower|increased?|decreased?|changed?)\b.*\b(from|than|on|over|vs\.?|versus|compared (to|with)) (last|the previous) month\b|^(?!.*\b(this|last) month\b.*\b(vs\.?|versus|compared (to|with)|against)\b).*\b(vs\.?|versus|compared (to|with)|against) (last|the previous) month\b/;
const thisMonthAgainstLast = (q: Asked) => FROM_LAST.test(q.lower);

/** The one calendar month a question names ("in march", "two months ago", "last month"), this month
 * when it compares with last month, else null. */
function namedMonth(q: Asked, today: string): string | null {
  if (thisMonthAgainstLast(q)) return today.slice(0, 7);
  const range = pastRange(q.question, today);
  if (range && range.from.endsWith('-01') && range.from.slice(0, 7) === range.to.slice(0, 7))
    return range.from.slice(0, 7);
  return q.month;
}

/** "More than usual", "higher than normal": a comparison with the usual. */
const USUAL = /\busual(ly)?\b|\bnormal(ly)?\b|\btypical(ly)?\b/;

export async function spending(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  // Against the usual with no month named: the last whole month, as for a category.
  const usual = USUAL.test(q.lower);
  const month =
    namedMonth(q, today) ?? (usual ? pastRange('last month', today)!.from.slice(0, 7) : today.slice(0, 7));
  const r = await call(tc, turn, 'spending_by_category', {
    month,
    compare_to: q.compareTo,
  });
  if (!r) return;
  const cats = list(r.categories).filter((c) => num(c.amount) > 0);
  // Net of refunds, as a category's total is: said so, with what came back when anything did.
  const refunds = num(r.refunds);
  turn.text.push(
    `You spent ${usd(num(r.total))} in ${monthWords(month)}${month === today.slice(0, 7) ? ' so far' : ''}, net of refunds${refunds > 0 ? ` (${usd(refunds)} came back)` : ''}.`,
  );
  if (usual) {
    // Against the usual: the average of the three whole months before this one.
    const [y, m] = month.split('-').map(Number) as [number, number];
    const from = new Date(Date.UTC(y, m - 4, 1)).toISOString().slice(0, 10);
    const to = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
    const c = await call(tc, turn, 'search_transactions', { spending_only: true, from, to, by_month: true });
    if (c) {
      const base = num(c.average_spent_per_month);
      const total = num(r.total);
      const more = total > base;
      const asked = /\bless\b|\bfewer\b|\blower\b/.test(q.lower) ? !more : more;
      if (q.yesNo)
        turn.text[turn.text.length - 1] = `${total !== base && asked ? 'Yes' : 'No'} — ${turn.text.at(-1)!}`;
      turn.text.push(
        `That is ${total === base ? 'the same as' : more ? 'more than' : 'less than'} your usual ${usd(base)} a month (the average of ${monthWords(from.slice(0, 7))} to ${monthWords(to.slice(0, 7))}).`,
      );
    }
  } else if (r.compare_month) {
    const change = num(r.change);
    turn.text.push(
      `That is ${usd(Math.abs(change))} ${change > 0 ? 'more' : 'less'} than ${monthWords(String(r.compare_month))} (${usd(num(r.compared_total))}).`,
    );
  }
  for (const c of cats.slice(0, 5)) turn.text.push(`• ${String(c.category)}: ${usd(num(c.amount))}`);
  turn.cards.push({ type: 'spending', data: r });
}

/** "Groceries, October 2026: $412.30 spent across 9 transactions." Compared with the month before or
 * with the usual (the average of the three months before), when asked. */
export async function subjectSpend(tc: ToolContext, q: Asked, subject: Subject, today: string, turn: Turn) {
  const usual =
    /\busual(ly)?\b|\bnormal(ly)?\b|\btypical(ly)?\b|\baverage\b|\bavg\b|\btoo much\b|\boverspending\b/.test(
      q.lower,
    );
  // With no window named, "more than usual" is about the last whole month; anything else, 30 days.
  const range =
    (thisMonthAgainstLast(q) ? pastRange('this month', today) : null) ??
    pastRange(q.question, today) ??
    (usual
      ? pastRange('last month', today)!
      : { from: addDays(today, -29), to: today, label: 'the last 30 days' });
  const filter = subjectFilter(subject);
  const r = await call(tc, turn, 'search_transactions', { ...filter, from: range.from, to: range.to });
  if (!r) return;
  // A category's spending is net of its refunds, as the spending figures count it; a merchant's is what
  // was paid there, with anything received from it said apart.
  const net = typeof r.net_spent === 'number';
  const spent = spentOf(r);
  const count = num(r.count);
  const lead = `${subject.label}, ${range.label}:`;
  const received = num(r.total_received);
  const body =
    count === 0
      ? `I found no transactions there.`
      : `${usd(spent)} spent across ${count} ${count === 1 ? 'transaction' : 'transactions'}${received ? (net ? ` (after ${usd(received)} of refunds)` : ` (and ${usd(received)} received)`) : ''}.`;
  const monthOfRange = range.from.slice(0, 7);
  const wholeMonth = range.from.endsWith('-01') && range.to.slice(0, 7) === monthOfRange;
  const versus =
    /\bcompared?\b|\bvs\.?\b|\bversus\b|\bthan (last|the) month\b|\bthan last\b|\bmonth before\b/.test(
      q.lower,
    ) || thisMonthAgainstLast(q);
  if ((usual || versus) && wholeMonth) {
    const [y, m] = monthOfRange.split('-').map(Number) as [number, number];
    const back = (k: number) => new Date(Date.UTC(y, m - 1 - k, 1)).toISOString().slice(0, 10);
    const before = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
    const c = await call(tc, turn, 'search_transactions', {
      ...filter,
      from: back(usual ? 3 : 1),
      to: before,
      by_month: true,
    });
    if (!c) return;
    const base = usual ? num(c.average_spent_per_month) : spentOf(c);
    const more = spent > base;
    const baseWords = usual
      ? `your usual ${usd(base)} a month (the average of ${monthWords(back(3).slice(0, 7))} to ${monthWords(before.slice(0, 7))})`
      : `${monthWords(back(1).slice(0, 7))} (${usd(base)})`;
    const asked = /\bless\b|\bfewer\b|\blower\b/.test(q.lower) ? !more : more;
    const yes = q.yesNo ? (spent === base ? 'No — ' : asked ? 'Yes — ' : 'No — ') : '';
    turn.text.push(`${yes}${lead} ${body}`);
    turn.text.push(
      spent === base
        ? `That is the same as ${baseWords}.`
        : `That is ${more ? 'more' : 'less'} than ${baseWords}.`,
    );
  } else turn.text.push(`${lead} ${body}`);
  if (subject.kind === 'category' && count > 0) {
    const names = [...new Set(list(r.transactions).map((t) => String(t.name)))].slice(0, 4);
    if (names.length) turn.text.push(`Mostly at: ${names.join(', ')}.`);
  }
}

export async function explain(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  if (!q.date) {
    turn.text.push('Which day? Ask me like "What happened on Nov 10?"');
    return;
  }
  const r = await call(tc, turn, 'explain_day', { date: q.date });
  if (!r) return;
  const when = dayWords(String(r.date), today);
  const txs = list(r.transactions);
  const planned = list(r.planned);
  if (txs.length === 0 && planned.length === 0) turn.text.push(`Nothing happened on ${when}.`);
  else turn.text.push(`On ${when}${r.is_forecast ? ' you have planned' : ''}:`);
  for (const t of [...txs, ...planned].slice(0, 10))
    turn.text.push(`• ${String(t.name)} ${num(t.amount) >= 0 ? '+' : ''}${usd(num(t.amount))}`);
  if (r.closing !== null)
    turn.text.push(`Your cash ${r.is_forecast ? 'should end' : 'ended'} the day at ${usd(num(r.closing))}.`);
  turn.cards.push({ type: 'day', data: r });
}

export async function search(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  if (!q.text) {
    turn.text.push('Where? Ask me like "How much did I spend at Starbucks last month?"');
    return;
  }
  const range = q.month
    ? {
        from: `${q.month}-01`,
        to: new Date(Date.UTC(Number(q.month.slice(0, 4)), Number(q.month.slice(5, 7)), 0))
          .toISOString()
          .slice(0, 10),
      }
    : q.withinDays
      ? { from: addDays(today, -q.withinDays), to: today }
      : {};
  const r = await call(tc, turn, 'search_transactions', { text: q.text, ...range });
  if (!r) return;
  if (num(r.count) === 0) {
    turn.text.push(
      `I found no transactions matching “${q.text}” between ${dayWords(String(r.from), today)} and ${dayWords(String(r.to), today)}.`,
    );
    return;
  }
  turn.text.push(
    `${num(r.count)} transactions match “${q.text}” from ${dayWords(String(r.from), today)} to ${dayWords(String(r.to), today)}: ${usd(num(r.total_spent))} spent${num(r.total_received) ? ` and ${usd(num(r.total_received))} received` : ''}.`,
  );
}
