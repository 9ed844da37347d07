// The offline coach's answers from the Money Plan: paydays, bills due, subscriptions, and a draft
// planned item the person adds themselves.
import type { Subject } from '../../../domain/coach/lexicon.ts';
import { daysBetween } from '../../../domain/coach/amounts-dates.ts';
import { countWords, dayWords, usd } from '../../../domain/coach/verify.ts';
import { addDays } from '../../../domain/money/dates.ts';
import { categoryByDetailed, categoryForPrimary } from '../../../domain/taxonomy.ts';
import { call, list, nextPay, num, obj, subjectFilter, type Asked, type Turn } from './answer-turn.ts';
import type { ToolContext } from './tool-context.ts';

export async function income(tc: ToolContext, q: Asked, today: string, turn: Turn) {
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

/** The days a bills question looks through: its window ("before the 15th", "next 10 days", "by dec
 * 10"), else a week. */
function billDays(q: Asked, today: string): number {
  const ahead = q.ahead;
  if (ahead?.kind === 'days') return ahead.days;
  if (ahead?.kind === 'until') return daysBetween(today, ahead.to);
  if (q.withinDays !== null) return q.withinDays;
  if (q.date && q.date > today) return daysBetween(today, q.date);
  return 7;
}

export async function bills(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  const within = Math.min(60, Math.max(1, billDays(q, today)));
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

export async function subscriptions(tc: ToolContext, _q: Asked, today: string, turn: Turn) {
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

export async function propose(tc: ToolContext, q: Asked, today: string, turn: Turn) {
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

type Row = Record<string, unknown>;

/** Whether a bill row (upcoming_bills) is the subject's: its stored category is one the subject covers
 * (a detailed code, or a code in one of its groups), or its name is the merchant's. */
export function isBillOf(row: Row, subject: Subject): boolean {
  const name = String(row.description ?? '').toLowerCase();
  if (subject.kind === 'merchant')
    return (subject.names ?? [subject.label]).some((n) => name.includes(n.toLowerCase()));
  const code = typeof row.category === 'string' ? row.category : '';
  if (!code) return false;
  const entry = categoryByDetailed(code) ?? categoryForPrimary(code);
  return (
    subject.detailed.includes(code.toUpperCase()) ||
    (entry !== undefined && subject.groups.includes(entry.group))
  );
}

/** Categories paid as bills (rent, utilities, phone, internet, insurance, streaming, a gym). */
const BILL_CODES =
  /^(RENT_AND_UTILITIES_|GENERAL_SERVICES_INSURANCE$|ENTERTAINMENT_TV_AND_MOVIES$|ENTERTAINMENT_MUSIC_AND_AUDIO$|PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS$)/;

/** Whether a category is one paid as a bill, so "how much is it" asks for the bill. */
export function isBillLike(subject: Subject): boolean {
  if (subject.kind !== 'category') return false;
  if (subject.groups.length > 0) return subject.groups.every((g) => g === 'Rent & Utilities');
  return subject.detailed.length > 0 && subject.detailed.every((c) => BILL_CODES.test(c));
}

/** The next bill of each stream among `rows` (date order), at most `n`. */
export function nextOfEach(rows: readonly Row[], n = 4): Row[] {
  const seen = new Set<string>();
  const out: Row[] = [];
  for (const r of rows) {
    const key = String(r.description);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r);
  }
  return out.slice(0, n);
}

/**
 * "What's my phone bill", "how much is the internet bill": that bill's next amount and day from the plan
 * (the next of each stream when several are that kind), then the last one paid, from the transactions
 * of the last 60 days. Nothing planned and nothing paid is said so, with no figure.
 */
export async function billOf(tc: ToolContext, q: Asked, subject: Subject, today: string, turn: Turn) {
  const within = Math.min(60, Math.max(31, q.withinDays ?? 60));
  const r = await call(tc, turn, 'upcoming_bills', { within_days: within });
  if (!r) return;
  const mine = list(r.bills).filter((b) => isBillOf(b, subject));
  const next = nextOfEach(mine);
  const name = subject.kind === 'category' ? `your ${subject.label.toLowerCase()} bill` : subject.label;
  if (next.length === 1) {
    const b = next[0]!;
    turn.text.push(
      `${subject.label}: ${subject.kind === 'category' ? `the next bill is ${String(b.description)}, ` : 'the next bill is '}${usd(num(b.amount))} on ${dayWords(String(b.date), today)}.`,
    );
  } else if (next.length > 1) {
    turn.text.push(`${subject.label}: the next bill of each is`);
    for (const b of next)
      turn.text.push(
        `• ${String(b.description)} — ${usd(num(b.amount))} on ${dayWords(String(b.date), today)}`,
      );
  }
  const h = await call(tc, turn, 'search_transactions', {
    ...subjectFilter(subject),
    from: addDays(today, -60),
    to: today,
  });
  const last = list(h?.transactions).find((t) => num(t.amount) < 0);
  if (last)
    turn.text.push(
      `${next.length ? 'The last one' : `I don't see ${name} in your plan ahead. The last one`} was ${usd(Math.abs(num(last.amount)))} on ${dayWords(String(last.date), today)} (${String(last.name)}).`,
    );
  else if (next.length === 0)
    turn.text.push(
      `I don't see ${name} in your plan in the next ${within} days or among your payments of the last 60 days. Ask me “What bills are due in the next 30 days?” for all of them.`,
    );
}
