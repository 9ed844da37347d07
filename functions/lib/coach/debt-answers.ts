// The offline coach's answers about debts and changes to the plan: a card's or loan's payment (not its
// balance) and when it is paid off at that payment, "pay it off early or invest?" declined as advice
// with the figures that matter, and "what if I cancel Netflix" as the calendar's what-if on the forecast.
import { dayWords, usd } from '../../../domain/coach/verify.ts';
import { call, list, num, obj, type Asked, type Turn } from './answer-turn.ts';
import type { ToolContext } from './tool-context.ts';

type Debt = Record<string, unknown>;

/** The debts a question names ("student loan", "mortgage", "card"), or all of them. */
export function namedDebts(debts: Debt[], lower: string): Debt[] {
  const text = (d: Debt) => `${String(d.name)} ${String(d.subtype ?? '')}`.toLowerCase();
  const tests: Array<[RegExp, (d: Debt) => boolean]> = [
    [/\bstudent\b/, (d) => /student/.test(text(d))],
    [/\bmortgage\b|\bhome loan\b|\bhouse\b/, (d) => /mortgage|home/.test(text(d))],
    [/\b(car|auto)\b/, (d) => /auto|car|vehicle/.test(text(d))],
    [/\bcards?\b|\bcredit\b|\bvisa\b|\bmastercard\b|\bamex\b/, (d) => d.type === 'credit'],
    [/\bloans?\b/, (d) => d.type === 'loan'],
  ];
  for (const [words, keep] of tests) if (words.test(lower)) return debts.filter(keep);
  return debts;
}

export const debtLabel = (d: Debt) => `${String(d.name)}${d.mask ? ` ••${String(d.mask)}` : ''}`;

async function debtsFor(tc: ToolContext, q: Asked, turn: Turn): Promise<Debt[] | null> {
  const r = await call(tc, turn, 'get_debts', {});
  if (!r) return null;
  const all = list(r.debts);
  if (all.length === 0) {
    turn.text.push('None of your linked accounts is a card or a loan, so there is nothing to pay off.');
    return null;
  }
  const debts = namedDebts(all, q.lower);
  if (debts.length === 0) {
    turn.text.push(`I found no such card or loan. Yours: ${all.map(debtLabel).join(', ')}.`);
    return null;
  }
  return debts;
}

/** The payment of a card or loan, and when it is paid off at it. */
export async function debt(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  const debts = await debtsFor(tc, q, turn);
  if (!debts) return;
  const payoff =
    /\bpaid off\b|\bpay (it |this |them |that |my [\w ]+ )?off\b|\bdebt ?free\b|\bhow long\b|\bclear\b|\b(done|finished|through) (paying|with)\b|\bgone\b/.test(
      q.lower,
    );
  // "If I pay an extra 100 a month, when is it paid off": not a figure the forecast holds, so asked back
  // rather than answered at the planned payment as if it were the one asked.
  if (payoff && /\b(extra|additional|on top)\b|\bmore (a|each|per|every) month\b/.test(q.lower)) {
    turn.text.push(
      `You're asking when ${debts.map(debtLabel).join(' and ')} would be paid off with more paid toward it. I can only work that out at the payments your plan holds: ask me “When will it be paid off?” for that, or add the extra payment to your plan and ask again.`,
    );
    return;
  }
  for (const d of debts.slice(0, 4)) {
    const next = obj(d.next_payment);
    const scheduled = d.scheduled_payment === null ? null : num(d.scheduled_payment);
    const lines: string[] = [];
    if (next)
      lines.push(
        `${debtLabel(d)}: the next payment is ${usd(num(next.amount))} on ${dayWords(String(next.date), today)}`,
      );
    else if (scheduled !== null) lines.push(`${debtLabel(d)}: the scheduled payment is ${usd(scheduled)}`);
    else lines.push(`${debtLabel(d)}: I don't see a payment planned for it`);
    if (d.owed !== null) lines.push(`you owe ${usd(num(d.owed))}`);
    if (/\b(rate|apr)\b/.test(q.lower) && d.interest_rate_percent !== null)
      lines.push(`its interest rate is ${String(d.interest_rate_percent)}% a year`);
    const interest = obj(d.next_interest);
    if (interest) lines.push(`interest of about ${usd(num(interest.amount))} a month accrues on it`);
    turn.text.push(`${lines.join('; ')}.`);
    if (payoff || !next) {
      if (d.paid_off_on)
        turn.text.push(
          `At that payment, with no new charges, it is paid off on ${dayWords(String(d.paid_off_on), today)}.`,
        );
      else if (d.forecast_end && d.owed_at_forecast_end !== null)
        turn.text.push(
          `At that payment it is not paid off within your forecast: by ${dayWords(String(d.forecast_end), today)} you would still owe ${usd(num(d.owed_at_forecast_end))}.`,
        );
    }
  }
}

/** "Should I pay off my loan early or invest?": not advice the coach gives; the figures that matter. */
export async function advice(tc: ToolContext, q: Asked, today: string, turn: Turn) {
  turn.text.push(
    "Whether to pay a debt off early or invest is a personal decision I can't make for you: it turns on the rate you pay against what you could earn, your safety cushion and your goals. Here are the figures that matter:",
  );
  const debts = await debtsFor(tc, q, turn);
  if (debts)
    for (const d of debts.slice(0, 3)) {
      const rate = d.interest_rate_percent === null ? '' : `, at ${String(d.interest_rate_percent)}% a year`;
      const interest = obj(d.next_interest);
      turn.text.push(
        `• ${debtLabel(d)}: ${usd(num(d.owed))} owed${rate}${interest ? `; about ${usd(num(interest.amount))} of interest a month` : ''}.`,
      );
    }
  const f = await call(tc, turn, 'get_balance_forecast', { horizon_days: 90 });
  const low = obj(f?.lowest);
  if (low)
    turn.text.push(
      `• Your cash is lowest at ${usd(num(low.closing))} on ${dayWords(String(low.date), today)} in the next 90 days: what you could put toward either without running short.`,
    );
}

/** "What if I cancel Netflix": the forecast without that stream's charges, beside the plan. */
export async function cancelWhatIf(
  tc: ToolContext,
  _q: Asked,
  name: string | null,
  today: string,
  turn: Turn,
) {
  if (!name) {
    turn.text.push('Which one? Name a subscription or bill from your plan, like "what if I cancel Netflix".');
    return;
  }
  const r = await call(tc, turn, 'what_if_cancel', { name, horizon_days: 365 });
  if (!r) return;
  const stream = obj(r.stream);
  if (!stream) return;
  const saved = num(r.change);
  turn.text.push(
    `Without ${String(stream.name)} (${usd(Math.abs(num(stream.amount)))} ${String(stream.cadence)}), your cash would be ${usd(Math.abs(saved))} ${saved >= 0 ? 'higher' : 'lower'} by ${dayWords(String(r.to), today)}: ${usd(num(r.end_without))} instead of ${usd(num(r.end_as_planned))}.`,
  );
  const low = obj(r.lowest_without);
  const planned = obj(r.lowest_as_planned);
  if (low && planned)
    turn.text.push(
      `Its lowest point would be ${usd(num(low.closing))} on ${dayWords(String(low.date), today)}, instead of ${usd(num(planned.closing))} on ${dayWords(String(planned.date), today)}.`,
    );
  turn.text.push('Nothing changes until you remove it from your plan.');
}
