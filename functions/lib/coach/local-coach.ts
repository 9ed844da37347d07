// The offline coach: reads the question (domain/coach/question.ts for its family and figures,
// lexicon.ts for what it is about in people's words, window.ts for the stretch of time), calls the
// same tools the Bedrock coach would, and writes the answer from their results only — so it runs with
// no cloud and no model, and every figure it states passes the number check. Each answer names its
// subject and window; a yes/no question is answered yes or no first. For anything it cannot read it
// says what it can answer, with suggestions.
import {
  findCategorySubject,
  findSubject,
  type CategorySubject,
  type Subject,
} from '../../../domain/coach/lexicon.ts';
import { parseQuestion, daysBetween, type ParsedQuestion } from '../../../domain/coach/question.ts';
import { aheadWindow, pastRange, type Ahead } from '../../../domain/coach/window.ts';
import { countWords, dayWords, monthWords, usd } from '../../../domain/coach/verify.ts';
import { addDays } from '../../../domain/money/dates.ts';
import { PLAN_HORIZON_DAYS } from '../../../domain/money/plan.ts';
import { todayOf } from '../money/store.ts';
import type { CoachAnswer, CoachCard, CoachPort } from './port.ts';
import { knownNames } from './history-tools.ts';
import type { ToolContext } from './tool-context.ts';
import { runTool, type ToolCall } from './tools.ts';

export const CAPABILITIES = [
  'Can I afford $600 on the 20th?',
  "What's my lowest balance in the next 30 days?",
  'When is my next payday?',
  'What bills are due this week?',
  'What subscriptions do I have?',
  'How much did I spend last month compared to the month before?',
  'What happened on the 1st?',
  'How can I save $2,000 by June?',
];

type Result = NonNullable<ToolCall['result']>;

/** The question as read: its family and figures, plus what the coach reads around them. */
interface Asked extends ParsedQuestion {
  readonly question: string;
  readonly lower: string;
  readonly yesNo: boolean;
  readonly ahead: Ahead | null;
}
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);
const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
const list = (v: unknown): Array<Record<string, unknown>> =>
  (Array.isArray(v) ? v : []) as Array<Record<string, unknown>>;

interface Turn {
  readonly calls: ToolCall[];
  readonly text: string[];
  readonly cards: CoachCard[];
}

async function call(tc: ToolContext, turn: Turn, name: string, input: unknown): Promise<Result | null> {
  const c = await runTool(tc, name, input);
  turn.calls.push(c);
  if (c.error) turn.text.push(`I couldn't work that out: ${c.error}.`);
  return c.result;
}

function warnings(result: Result | null): string[] {
  return result ? result.warnings : [];
}

async function afford(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  if (q.amount === null) {
    turn.text.push('How much is it? Ask me like "Can I afford 600 dollars on the 20th?"');
    return;
  }
  const date = q.date ?? today;
  const r = await call(tc, turn, 'can_afford', {
    amount: q.amount,
    date,
    ...(q.repeat === 'monthly' ? { repeat: q.repeat } : {}),
  });
  if (!r) return;
  const without = obj(r.lowest_without);
  const withIt = obj(r.lowest_with);
  const verdict = String(r.verdict);
  const what = `${usd(num(r.amount))}${q.repeat === 'monthly' ? ' a month' : ''} from ${dayWords(String(r.date), today)}`;
  const lead =
    verdict === 'safe'
      ? `Yes — ${what} fits.`
      : verdict === 'tight'
        ? `Yes, but it's tight — ${what} takes your cash below your ${usd(num(r.threshold))} comfort line.`
        : `No, not without a plan — ${what} would take your cash below zero.`;
  turn.text.push(lead);
  if (without && withIt)
    turn.text.push(
      `From then on, your cash would bottom out at ${usd(num(withIt.closing))} on ${dayWords(String(withIt.date), today)}, instead of ${usd(num(without.closing))} on ${dayWords(String(without.date), today)} without it.`,
    );
  const below = obj(r.first_below_threshold);
  if (below && verdict !== 'safe')
    turn.text.push(
      `It would first dip under ${usd(num(r.threshold))} on ${dayWords(String(below.date), today)}.`,
    );
  turn.cards.push({ type: 'can_afford', data: r });
}

/** A question to be answered yes or no ("will i dip under…", "am i going to run out…"). */
export function isYesNo(question: string): boolean {
  return /^\s*(did|do|does|am|is|are|was|will|won't|can|could|would|have|has|should)\b/i.test(question);
}

/** The next real pay (a quarter of the largest payment in at least: not a few cents of interest). */
function nextPay(r: Result | null): Record<string, unknown> | null {
  if (!r) return null;
  const payments = list(r.payments);
  const largest = Math.max(0, ...payments.map((p) => num(p.amount)));
  return payments.find((p) => num(p.amount) >= largest / 4) ?? obj(r.next);
}

/** Where the forecast ends, said instead of a figure for a time it cannot see. */
async function beyondHorizon(tc: ToolContext, today: string, turn: Turn) {
  const r = await call(tc, turn, 'get_balance_forecast', { horizon_days: PLAN_HORIZON_DAYS });
  const end = obj(r?.end);
  if (!r || !end) return;
  turn.text.push(
    `That is past the end of your forecast: it runs two years ahead, to ${dayWords(String(end.date), today)}, so I can't see that far.`,
  );
  turn.text.push(
    `By ${dayWords(String(end.date), today)} your cash should be about ${usd(num(end.closing))}.`,
  );
  turn.cards.push({ type: 'forecast', data: r });
}

/** The days a forward question looks through, and how to name them; null when handled (beyond). */
async function aheadDays(
  tc: ToolContext,
  q: Asked,
  today: string,
  turn: Turn,
  fallback: number,
): Promise<{ days: number; label: string } | null> {
  const ahead = q.ahead;
  if (ahead?.kind === 'beyond') {
    await beyondHorizon(tc, today, turn);
    return null;
  }
  if (ahead?.kind === 'payday') {
    const pay = nextPay(await call(tc, turn, 'income_schedule', { within_days: 60 }));
    if (!pay) {
      turn.text.push(
        "I don't see a payday planned in the next 60 days, so I can't tell what comes before it.",
      );
      return null;
    }
    return {
      days: Math.max(0, daysBetween(today, String(pay.date)) - 1),
      label: `before payday (${dayWords(String(pay.date), today)})`,
    };
  }
  if (ahead?.kind === 'until')
    return { days: Math.max(0, daysBetween(today, ahead.to)), label: `through ${dayWords(ahead.to, today)}` };
  const days = Math.min(
    PLAN_HORIZON_DAYS,
    ahead?.kind === 'days'
      ? ahead.days
      : (q.withinDays ?? (q.date ? Math.max(1, daysBetween(today, q.date)) : fallback)),
  );
  return { days, label: `in the next ${days} days` };
}

async function lowest(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  const window = await aheadDays(tc, q, today, turn, 30);
  if (!window) return;
  const horizon = window.days;
  const zero = /\boverdra|\bgo negative\b|\bbelow zero\b|\bin the red\b|\brun out\b|\bgo broke\b/.test(
    q.lower,
  );
  const threshold = q.amount ?? (zero ? 0 : undefined);
  const r = await call(tc, turn, 'get_balance_forecast', {
    horizon_days: horizon,
    ...(threshold !== undefined ? { threshold } : {}),
  });
  if (!r) return;
  const low = obj(r.lowest);
  if (!low) {
    turn.text.push('There is no forecast yet: link a bank account and I can tell you.');
    return;
  }
  const closing = num(low.closing);
  const crossings = list(r.threshold_crossings).filter((c) => c.direction === 'below');
  if (q.yesNo && threshold !== undefined) {
    const line = threshold === 0 ? 'zero' : usd(num(r.threshold));
    const end = obj(r.end);
    turn.text.push(
      closing < num(r.threshold)
        ? `Yes — your cash goes under ${line} ${window.label}${crossings[0] ? `, first on ${dayWords(String(crossings[0].date), today)}` : ''}.`
        : `No — your cash stays above ${line} ${window.label}${end ? `, through ${dayWords(String(end.date), today)}` : ''}.`,
    );
  }
  turn.text.push(
    `Your lowest cash balance ${window.label} is ${usd(closing)} on ${dayWords(String(low.date), today)}.`,
  );
  if (q.yesNo && threshold !== undefined) {
    // The yes or no above already says where it stands against the line asked about.
  } else if (closing < 0) turn.text.push('That is below zero: move money in or push a payment before then.');
  else if (crossings[0])
    turn.text.push(
      `It first drops under your ${usd(num(r.threshold))} comfort line on ${dayWords(String(crossings[0].date), today)}.`,
    );
  else turn.text.push(`It stays above your ${usd(num(r.threshold))} comfort line the whole time.`);
  turn.cards.push({ type: 'forecast', data: r });
}

async function balance(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  if (q.ahead?.kind === 'beyond') {
    await beyondHorizon(tc, today, turn);
    return;
  }
  const horizon = Math.min(
    PLAN_HORIZON_DAYS,
    q.ahead?.kind === 'days' ? q.ahead.days : q.date ? daysBetween(today, q.date) : (q.withinDays ?? 30),
  );
  if (horizon < 0) {
    await explain(tc, q, today, turn);
    return;
  }
  const r = await call(tc, turn, 'get_balance_forecast', { horizon_days: horizon });
  if (!r) return;
  const end = obj(r.end);
  if (r.today_balance === null || !end) {
    turn.text.push('There is no forecast yet: link a bank account and I can tell you.');
    return;
  }
  turn.text.push(`You have ${usd(num(r.today_balance))} in cash today.`);
  if (horizon > 0) {
    const range =
      num(end.low) !== num(end.high)
        ? ` (likely between ${usd(num(end.low))} and ${usd(num(end.high))})`
        : '';
    turn.text.push(
      `By ${dayWords(String(end.date), today)} it should be about ${usd(num(end.closing))}${range}.`,
    );
  }
  turn.cards.push({ type: 'forecast', data: r });
}

async function income(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  const r = await call(tc, turn, 'income_schedule', { within_days: Math.min(120, q.withinDays ?? 60) });
  if (!r) return;
  // Payday is the next real pay, not a few cents of interest (nextPay).
  const next = nextPay(r);
  if (!next) {
    turn.text.push(
      "I don't see any income planned yet. Generate your Money Plan and I'll find your paydays.",
    );
    return;
  }
  turn.text.push(
    `Your next payday is ${dayWords(String(next.date), today)}: ${String(next.description)}, ${usd(num(next.amount))}.`,
  );
  if (num(r.count) > 1)
    turn.text.push(
      `In the next ${num(r.within_days)} days you have ${num(r.count)} payments in, ${usd(num(r.total))} in all.`,
    );
}

async function bills(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  const within = Math.min(60, Math.max(1, q.withinDays ?? 7));
  const r = await call(tc, turn, 'upcoming_bills', { within_days: within });
  if (!r) return;
  const rows = list(r.bills);
  if (rows.length === 0) {
    turn.text.push(`Nothing is due in the next ${within} days.`);
    return;
  }
  turn.text.push(
    `${countWords(num(r.count), 'bill')} ${num(r.count) === 1 ? 'is' : 'are'} due by ${dayWords(String(r.to), today)}, ${usd(num(r.total))} in all:`,
  );
  for (const b of rows.slice(0, 8))
    turn.text.push(
      `• ${String(b.description)} — ${usd(num(b.amount))} on ${dayWords(String(b.date), today)}`,
    );
  if (rows.length > 8) turn.text.push(`…and ${rows.length - 8} more.`);
}

async function subscriptions(tc: ToolContext, _q: Asked, today: string, turn: Turn) {
  const r = await call(tc, turn, 'list_subscriptions', {});
  if (!r) return;
  const subs = list(r.subscriptions).filter((s) => !list(s.flags).includes('overdue' as never));
  if (subs.length === 0) {
    turn.text.push("I haven't found any subscriptions. Generate your Money Plan and I'll look for them.");
    return;
  }
  turn.text.push(
    `You have ${countWords(num(r.count), 'subscription')}, about ${usd(num(r.monthly_total))} a month:`,
  );
  for (const s of subs.slice(0, 10)) {
    const flags = (s.flags as string[]) ?? [];
    const notes = [
      flags.includes('price_rise') ? `up from ${usd(num(s.previous_amount))}` : '',
      flags.includes('new') ? 'new' : '',
    ].filter(Boolean);
    const next = s.next_date ? `, next on ${dayWords(String(s.next_date), today)}` : '';
    turn.text.push(
      `• ${String(s.name)} — ${usd(num(s.amount))} ${String(s.cadence)}${next}${notes.length ? ` (${notes.join(', ')})` : ''}`,
    );
  }
  turn.cards.push({ type: 'subscriptions', data: r });
}

async function spending(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  const month = q.month ?? today.slice(0, 7);
  const r = await call(tc, turn, 'spending_by_category', {
    month,
    compare_to: q.compareTo,
  });
  if (!r) return;
  const cats = list(r.categories).filter((c) => num(c.amount) > 0);
  turn.text.push(
    `You spent ${usd(num(r.total))} in ${monthWords(month)}${month === today.slice(0, 7) ? ' so far' : ''}.`,
  );
  if (r.compare_month) {
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
async function subjectSpend(tc: ToolContext, q: Asked, subject: Subject, today: string, turn: Turn) {
  const usual = /\busual(ly)?\b|\bnormal(ly)?\b|\btypical(ly)?\b|\baverage\b|\bavg\b/.test(q.lower);
  // With no window named, "more than usual" is about the last whole month; anything else, 30 days.
  const range =
    pastRange(q.question, today) ??
    (usual
      ? pastRange('last month', today)!
      : { from: addDays(today, -29), to: today, label: 'the last 30 days' });
  const filter =
    subject.kind === 'category'
      ? { categories: [...subject.detailed, ...subject.groups], spending_only: true }
      : { text: subject.label };
  const r = await call(tc, turn, 'search_transactions', { ...filter, from: range.from, to: range.to });
  if (!r) return;
  const spent = num(r.total_spent);
  const count = num(r.count);
  const lead = `${subject.label}, ${range.label}:`;
  const body =
    count === 0
      ? `I found no transactions there.`
      : `${usd(spent)} spent across ${count} ${count === 1 ? 'transaction' : 'transactions'}${num(r.total_received) ? ` (and ${usd(num(r.total_received))} received)` : ''}.`;
  const monthOfRange = range.from.slice(0, 7);
  const wholeMonth = range.from.endsWith('-01') && range.to.slice(0, 7) === monthOfRange;
  const versus =
    /\bcompared?\b|\bvs\.?\b|\bversus\b|\bthan (last|the) month\b|\bthan last\b|\bmonth before\b/.test(
      q.lower,
    );
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
    const base = usual ? num(c.average_spent_per_month) : num(c.total_spent);
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

async function explain(tc: ToolContext, q: Asked, today: string, turn: Turn) {
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

async function search(tc: ToolContext, q: Asked, today: string, turn: Turn) {
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

async function goal(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  if (q.amount === null || !q.date) {
    turn.text.push('Tell me how much and by when, like "How can I save 2,000 dollars by June?"');
    return;
  }
  const months = Math.max(1, Math.round(daysBetween(today, q.date) / 30.4));
  const monthly = Math.ceil(q.amount / months);
  // The question a saver really asks: can my cash take setting aside this much each month?
  const r = await call(tc, turn, 'can_afford', { amount: monthly, date: today, repeat: 'monthly' });
  if (!r) return;
  const withIt = obj(r.lowest_with);
  turn.text.push(
    `To save ${usd(q.amount)} by the end of ${monthWords(q.date.slice(0, 7))}, set aside about ${usd(num(r.amount))} a month for ${months} ${months === 1 ? 'month' : 'months'}.`,
  );
  if (withIt)
    turn.text.push(
      String(r.verdict) === 'safe'
        ? `Your cash can take it: its lowest point would still be ${usd(num(withIt.closing))} on ${dayWords(String(withIt.date), today)}.`
        : `That would be ${String(r.verdict) === 'tight' ? 'tight' : 'too much'}: your cash would fall to ${usd(num(withIt.closing))} on ${dayWords(String(withIt.date), today)}. A later date or a smaller goal would fit better.`,
    );
  turn.cards.push({ type: 'can_afford', data: r });
}

async function propose(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  if (q.amount === null || !q.text) {
    turn.text.push(
      'What should I add, and how much? Ask me like "Add 50 dollars for the gym on the 1st every month".',
    );
    return;
  }
  const r = await call(tc, turn, 'propose_planned_item', {
    description: q.text,
    amount: q.inflow ? q.amount : -q.amount,
    date: q.date ?? today,
    ...(q.repeat ? { repeat: q.repeat } : {}),
  });
  if (!r) return;
  const draft = obj(r.draft);
  if (!draft) return;
  const repeat = obj(draft.recurrence);
  turn.text.push(
    `Here is a draft for your plan: ${String(draft.description)}, ${usd(Math.abs(num(draft.amount)))} ${num(draft.amount) < 0 ? 'out' : 'in'}${repeat ? ` ${String(repeat.cadence)} from` : ' on'} ${dayWords(String(draft.due_date), today)}.`,
  );
  turn.text.push(
    r.can_add
      ? 'Nothing is added until you choose “Add to my plan”.'
      : 'Only the owner or an editor of this profile can add it to the plan.',
  );
  turn.cards.push({ type: 'proposal', data: r });
}

interface AccountRow {
  name: string;
  mask: string | null;
  institution: string | null;
  type: string;
  subtype: string | null;
  balance: number | null;
  reads_as: 'held' | 'owed';
}

/** Whether an account is of the kind a question names ('savings', 'credit', 'student'…). */
function isKind(a: AccountRow, kind: string): boolean {
  const name = a.name.toLowerCase();
  const subtype = (a.subtype ?? '').toLowerCase();
  switch (kind) {
    case 'credit':
    case 'loan':
    case 'investment':
      return a.type === kind;
    case 'retirement':
      return /401|403|ira|roth|pension|retirement/.test(`${subtype} ${name}`);
    case 'savings':
      return subtype === 'savings' || /\bsaving/.test(name);
    default:
      return subtype === kind || name.includes(kind);
  }
}

/** "Plaid Saving ••1111". */
const accountName = (a: AccountRow) => `${a.name}${a.mask ? ` ••${a.mask}` : ''}`;
const accountLine = (a: AccountRow) =>
  `${accountName(a)}: ${a.balance === null ? 'no balance reported' : `${usd(a.balance)}${a.reads_as === 'owed' ? ' owed' : ''}`}`;

async function accounts(tc: ToolContext, q: Asked, _today: string, turn: Turn) {
  const r = await call(tc, turn, 'get_accounts', {});
  if (!r) return;
  const rows = list(r.accounts) as unknown as AccountRow[];
  const totals = obj(r.totals) ?? {};
  if (rows.length === 0) {
    turn.text.push('No accounts are linked to this profile yet. Link one on the Link Accounts page.');
    return;
  }
  const kind = q.text;
  if (kind === 'net_worth') {
    const held = [
      num(totals.cash) ? `${usd(num(totals.cash))} in cash` : '',
      num(totals.investments) ? `${usd(num(totals.investments))} in investments` : '',
      num(totals.other) ? `${usd(num(totals.other))} in other accounts` : '',
    ].filter(Boolean);
    const owed = [
      num(totals.credit_owed) ? `${usd(num(totals.credit_owed))} owed on cards` : '',
      num(totals.loans_owed) ? `${usd(num(totals.loans_owed))} on loans` : '',
    ].filter(Boolean);
    turn.text.push(
      `Your net worth is ${usd(num(totals.net_worth))}: ${held.join(' and ') || 'nothing held'}${owed.length ? `, less ${owed.join(' and ')}` : ''}.`,
    );
    turn.text.push('It counts every linked account at the balance its bank last reported.');
    return;
  }
  if (kind === 'owed') {
    const debts = rows.filter((a) => a.reads_as === 'owed');
    if (debts.length === 0) {
      turn.text.push('None of your linked accounts is a card or a loan: you owe nothing on them.');
      return;
    }
    turn.text.push(`You owe ${usd(num(totals.owed))} across your cards and loans:`);
    turn.text.push(...debts.map((a) => `• ${accountLine(a)}`));
    return;
  }
  const matching = kind ? rows.filter((a) => isKind(a, kind)) : rows;
  if (matching.length === 0) {
    turn.text.push(`I found no ${kind} account linked to this profile. Your accounts:`);
    turn.text.push(...rows.map((a) => `• ${accountLine(a)}`));
    return;
  }
  const [only] = matching;
  if (matching.length === 1 && only) {
    const label = `${accountName(only)}${only.institution ? ` at ${only.institution}` : ''}`;
    turn.text.push(
      only.balance === null
        ? `${label} has no balance reported yet.`
        : only.reads_as === 'owed'
          ? `You owe ${usd(only.balance)} on ${label}.`
          : `${label} holds ${usd(only.balance)}.`,
    );
    turn.text.push('That is the balance the bank last reported.');
    return;
  }
  turn.text.push(kind ? `Your ${kind} accounts:` : 'Your accounts, largest first:');
  turn.text.push(...matching.map((a) => `• ${accountLine(a)}`));
  if (!kind) turn.text.push(`Net worth: ${usd(num(totals.net_worth))}.`);
}

/** Words of a question about the cash's low point against a line. */
const DIP_WORDS =
  /\b(dip|dips|under|below|drop|drops|hit|go negative|overdraft|overdrawn|run out|in the red|broke)\b/;

/** Words of a question about money already spent, when its family is otherwise unclear. */
const SPEND_WORDS =
  /\b(spen[dt]|spending|blow|blew|blown|drop(ped)?|shell(ed)? out|go(es|ne)? on|went on|cost|paid|pay for|on)\b/;

const HANDLERS = {
  accounts,
  propose,
  can_afford: afford,
  lowest,
  balance,
  income,
  bills,
  subscriptions,
  spending,
  explain_day: explain,
  search,
  goal,
} as const;

/** The offline coach behind the coach port. */
export const localCoach: CoachPort = {
  name: 'local',
  async answer(tc: ToolContext, question: string): Promise<CoachAnswer> {
    const today = todayOf(tc.money.deps.clock);
    const parsed = parseQuestion(question, today);
    const ahead = aheadWindow(question, today, PLAN_HORIZON_DAYS);
    // "will i dip under $100 before payday": a question about the low point, whatever word names its
    // window.
    const intent =
      ahead && DIP_WORDS.test(question.toLowerCase()) && parsed.intent !== 'can_afford'
        ? 'lowest'
        : parsed.intent;
    const q: Asked = {
      ...parsed,
      intent,
      question,
      lower: question.toLowerCase(),
      yesNo: isYesNo(question),
      ahead,
    };
    const turn: Turn = { calls: [], text: [], cards: [] };
    let understood: CategorySubject | null = null;
    // What a spending question is about, in the person's words: a category, or one of their merchants
    // or streams. Only past spending is totalled this way; plans and purchases ahead keep their family.
    const spendLike =
      q.intent === 'search' ||
      q.intent === 'spending' ||
      // "streaming last month": a past window makes it money spent, not the list of subscriptions.
      (q.intent === 'subscriptions' && pastRange(question, today) !== null) ||
      (q.intent === 'unknown' && SPEND_WORDS.test(q.lower));
    const subject = q.problems.length === 0 && spendLike ? findSubject(question, await knownNames(tc)) : null;
    if (q.problems.length > 0) {
      turn.text.push(...q.problems);
    } else if (subject) {
      await subjectSpend(tc, q, subject, today, turn);
      const notes = turn.calls.flatMap((c) => warnings(c.result));
      if (notes.length > 0) turn.text.push(...new Set(notes));
    } else if (q.intent === 'unknown' && (understood = findCategorySubject(question))) {
      // One clarifying question that says what was understood, never a guessed figure.
      const range = pastRange(question, today);
      turn.text.push(
        `I think you're asking about ${understood.label}${range ? `, ${range.label}` : ''}. Do you want what you spent on it? Ask me like “How much did I spend on ${understood.label.toLowerCase()} ${range ? 'in that time' : 'last month'}?”`,
      );
    } else if (q.intent === 'unknown') {
      turn.text.push(
        'I can answer questions about your own money: what you can afford, your balances and net worth, your lowest balance ahead, paydays, bills, subscriptions, spending and what happened on a day. Try one of these:',
      );
    } else {
      await HANDLERS[q.intent](tc, q, today, turn);
      const notes = turn.calls.flatMap((c) => warnings(c.result));
      if (notes.length > 0) turn.text.push(...new Set(notes));
    }
    return {
      text: turn.text.join('\n'),
      tool_calls: turn.calls,
      cards: turn.cards,
      suggestions: q.intent === 'unknown' || q.problems.length > 0 ? CAPABILITIES.slice(0, 4) : [],
      usage: { input_tokens: 0, output_tokens: 0 },
    };
  },
};
