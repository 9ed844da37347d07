// The offline coach's answers from the Money Plan: paydays, bills due, subscriptions, and a draft
// planned item the person adds themselves.
import { countWords, dayWords, usd } from '../../../domain/coach/verify.ts';
import { call, list, nextPay, num, obj, type Asked, type Turn } from './answer-turn.ts';
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

export async function bills(tc: ToolContext, q: Asked, today: string, turn: Turn) {
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
