// The offline coach's answers about the cash ahead: can I afford it, the lowest point (and yes/no
// against a line), the balance on a day, a savings goal; windows in words ("before payday", "the next
// couple months") and a time past the forecast answered with where the forecast ends.
import { daysBetween } from '../../../domain/coach/amounts-dates.ts';
import { dayWords, monthWords, usd } from '../../../domain/coach/verify.ts';
import { PLAN_HORIZON_DAYS } from '../../../domain/money/plan.ts';
import { call, list, nextPay, num, obj, type Asked, type Turn } from './answer-turn.ts';
import { debtLabel, namedDebts } from './debt-answers.ts';
import { explain } from './history-answers.ts';
import type { ToolContext } from './tool-context.ts';

/** What a card or loan named in the question comes to: its balance to pay it off, else its payment. */
async function knownAmount(tc: ToolContext, q: Asked, turn: Turn): Promise<number | null> {
  if (!/\b(card|credit|loan|mortgage|debt|visa|amex)s?\b/.test(q.lower)) return null;
  const r = await call(tc, turn, 'get_debts', {});
  const [debt, ...others] = namedDebts(list(r?.debts), q.lower);
  if (!debt || others.length > 0) return null;
  const next = obj(debt.next_payment);
  const amount = /\bpay(ing)? (it |this |that |my [\w ]+ |the [\w ]+ )?off\b|\bclear\b|\bbalance\b/.test(
    q.lower,
  )
    ? debt.owed
    : (next?.amount ?? debt.scheduled_payment);
  if (typeof amount !== 'number' || amount <= 0) return null;
  turn.text.push(
    `${amount === debt.owed ? 'Paying off' : 'The payment on'} ${debtLabel(debt)} is ${usd(amount)}.`,
  );
  return amount;
}

export async function afford(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  const amount = q.amount ?? (await knownAmount(tc, q, turn));
  if (amount === null) {
    turn.text.push('How much is it? Ask me like "Can I afford 600 dollars on the 20th?"');
    return;
  }
  const date = q.date ?? today;
  const r = await call(tc, turn, 'can_afford', {
    amount,
    date,
    ...(q.repeat === 'monthly' ? { repeat: q.repeat } : {}),
  });
  if (!r) return;
  const without = obj(r.lowest_without);
  const withIt = obj(r.lowest_with);
  const verdict = String(r.verdict);
  const what = `${usd(num(r.amount))}${q.repeat === 'monthly' ? ' a month' : ''} from ${dayWords(String(r.date), today)}`;
  // "Will it put me in the red?": yes means it would go below zero.
  const asksRed = /\bin the red\b|\boverdra|\bgo negative\b|\bbelow zero\b|\bbroke\b/.test(q.lower);
  const lead = asksRed
    ? verdict === 'overdraft'
      ? `Yes — ${what} would take your cash below zero.`
      : `No — ${what} keeps your cash above zero${verdict === 'tight' ? `, though under your ${usd(num(r.threshold))} comfort line` : ''}.`
    : verdict === 'safe'
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

/** Where the forecast ends, said instead of a figure for a time it cannot see. */
export async function beyondHorizon(tc: ToolContext, today: string, turn: Turn) {
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
export async function aheadDays(
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
    return {
      days: Math.max(0, daysBetween(today, ahead.to)),
      label: `${ahead.name ? `${ahead.name} ` : ''}through ${dayWords(ahead.to, today)}`,
    };
  const days = Math.min(
    PLAN_HORIZON_DAYS,
    ahead?.kind === 'days'
      ? ahead.days
      : (q.withinDays ?? (q.date ? Math.max(1, daysBetween(today, q.date)) : fallback)),
  );
  return { days, label: `in the next ${days} days` };
}

/** "Do we stay above $10,000", "will i keep over 500": yes means it does. */
export const STAY_ABOVE = /\b(stay|stays|keep|remain|be)( \w+)? (above|over|positive)\b/;

export async function lowest(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  const window = await aheadDays(tc, q, today, turn, 30);
  if (!window) return;
  const horizon = window.days;
  const zero =
    /\boverdra|\bgo negative\b|\bbelow zero\b|\bin the red\b|\brun out\b|\bbroke\b|\bshort\b|\bhit (\$?0|zero)\b/.test(
      q.lower,
    );
  // "Are we gonna be ok till payday": fine means staying above zero, and yes means it does.
  const fine =
    (/\b(ok|okay|fine|alright|all right|make it|get by|good)\b/.test(q.lower) || STAY_ABOVE.test(q.lower)) &&
    !zero;
  const threshold = q.amount ?? (zero || fine ? 0 : undefined);
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
    const under = closing < num(r.threshold);
    const answer = (fine ? !under : under) ? 'Yes' : 'No';
    turn.text.push(
      under
        ? `${answer} — your cash goes under ${line} ${window.label}${crossings[0] ? `, first on ${dayWords(String(crossings[0].date), today)}` : ''}.`
        : `${answer} — your cash stays above ${line} ${window.label}${end && !window.label.includes('through') ? `, through ${dayWords(String(end.date), today)}` : ''}.`,
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

export async function balance(tc: ToolContext, q: Asked, today: string, turn: Turn) {
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
        ? ` (likely between ${usd(num(end.low))} and ${usd(num(end.high))}, allowing for unplanned spending and income and the occasional large purchase)`
        : '';
    turn.text.push(
      `By ${dayWords(String(end.date), today)} it should be about ${usd(num(end.closing))}${range}.`,
    );
  }
  turn.cards.push({ type: 'forecast', data: r });
}

export async function goal(tc: ToolContext, q: Asked, today: string, turn: Turn) {
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
