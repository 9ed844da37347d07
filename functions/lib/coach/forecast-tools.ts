// The coach's forecast tools: the cash (or one account's) balance ahead with its low point, threshold
// crossings and the dated events behind it, and whether a purchase fits (the forecast with it and
// without it). Both read the stored forecast with the member's own settings (tool-context.ts).
import { z } from 'zod';
import { type Cents } from '../../../domain/money/cents.ts';
import { addDays } from '../../../domain/money/dates.ts';
import { countsTowardForecast, isCashAccount } from '../../../domain/money/forecast.ts';
import { PLAN_HORIZON_DAYS } from '../../../domain/money/plan.ts';
import { ValidationError } from '../../../domain/errors.ts';
import { publicStream } from '../money/plan.ts';
import { planItemsBetween, profileSeries, todayOf } from '../money/store.ts';
import {
  cents,
  day,
  envelope,
  lowest,
  MAX_QUESTION_CENTS,
  series,
  type CashSeries,
  type ToolContext,
} from './tool-context.ts';

export const balanceForecastInput = z
  .object({
    /** An account id, or omitted for cash (checking and savings). */
    account: z.string().min(1).max(128).optional(),
    horizon_days: z.number().int().min(0).max(PLAN_HORIZON_DAYS).default(30),
    /** Cents; default the member's low-balance threshold. */
    threshold: z.number().int().min(-MAX_QUESTION_CENTS).max(MAX_QUESTION_CENTS).optional(),
  })
  .strict();

/** The most dated events a forecast answer lists (a weekly item over two years would be 104). */
const MAX_EVENTS = 60;

/**
 * The planned items a forecast view counts between its first and last day, as the engine counts them
 * (domain/money/forecast.ts): open items with no account, or on the one account, or — for cash — on a
 * cash account. `amount` is the cash flow (positive = money in).
 */
async function forecastEvents(tc: ToolContext, s: CashSeries, accountId: string | undefined) {
  const to = s.rows.at(-1)?.date;
  if (!to) return [];
  const [items, streams] = await Promise.all([
    planItemsBetween(tc.money.data, tc.profileId, s.today, to),
    profileSeries(tc.money.data, tc.profileId),
  ]);
  const kindOf = new Map(streams.map((x) => [x.series_id, x.kind as string]));
  const counts = (id: string) => {
    if (accountId) return id === accountId;
    const type = s.accountTypes.get(id);
    return type !== undefined && isCashAccount(type);
  };
  return items
    .filter((i) => countsTowardForecast(i) && (!i.account_id || counts(i.account_id)))
    .map((i) => ({
      date: i.due_date,
      name: i.description,
      amount: i.amount,
      kind: (i.series_id && kindOf.get(i.series_id)) || (i.amount >= 0 ? 'income' : 'bill'),
      account_id: i.account_id ?? null,
      item_id: i.id,
      series_id: i.series_id ?? null,
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.amount - b.amount);
}

export async function getBalanceForecast(tc: ToolContext, input: z.infer<typeof balanceForecastInput>) {
  const s = await series(tc, input.horizon_days, input.account);
  const events = await forecastEvents(tc, s, input.account);
  const threshold = input.threshold ?? s.threshold;
  const crossings: Array<{ date: string; direction: 'below' | 'above'; closing: Cents }> = [];
  s.rows.forEach((r, i) => {
    const before = s.rows[i - 1];
    if (!before) return;
    if (before.closing >= threshold && r.closing < threshold)
      crossings.push({ date: r.date, direction: 'below', closing: r.closing });
    if (before.closing < threshold && r.closing >= threshold)
      crossings.push({ date: r.date, direction: 'above', closing: r.closing });
  });
  const low = lowest(s.rows);
  const last = s.rows.at(-1);
  return {
    ...envelope(s.today, s.stale),
    view: input.account ? 'account' : 'cash',
    horizon_days: input.horizon_days,
    threshold,
    today_balance: s.rows[0]?.closing ?? null,
    end: last ? { date: last.date, closing: last.closing, low: last.low, high: last.high } : null,
    lowest: low ? { date: low.date, closing: low.closing } : null,
    threshold_crossings: crossings.slice(0, 20),
    /** The dated events behind the curve: planned and recurring items within the horizon (the first
     * MAX_EVENTS of `event_count`). */
    event_count: events.length,
    events: events.slice(0, MAX_EVENTS),
  };
}

export const canAffordInput = z
  .object({
    amount: cents,
    date: day,
    repeat: z.enum(['monthly']).optional(),
  })
  .strict();

/**
 * Adds a hypothetical expense to the cash forecast (a planned outflow lowers every closing balance
 * from its date on, exactly: the forecast is a running sum) and compares the lowest cash balance with
 * and without it. Verdict: overdraft if it would go below zero, tight if below the member's threshold.
 */
export async function canAfford(tc: ToolContext, input: z.infer<typeof canAffordInput>) {
  const today = todayOf(tc.money.deps.clock);
  if (input.date < today) throw new ValidationError([{ field: 'date', message: 'is in the past' }]);
  if (input.date > addDays(today, PLAN_HORIZON_DAYS))
    throw new ValidationError([{ field: 'date', message: `is more than ${PLAN_HORIZON_DAYS} days ahead` }]);
  // Far enough to see the purchase's effect settle: 90 days past it (a year for a monthly one).
  const horizon = Math.min(
    PLAN_HORIZON_DAYS,
    Math.round((Date.parse(input.date) - Date.parse(today)) / 86_400_000) + (input.repeat ? 365 : 90),
  );
  const s = await series(tc, horizon);
  const charges: string[] = [];
  if (input.repeat === 'monthly') {
    const [y, m, d] = input.date.split('-').map(Number) as [number, number, number];
    for (let k = 0; ; k += 1) {
      const dt = new Date(Date.UTC(y, m - 1 + k, 1));
      const last = new Date(Date.UTC(dt.getUTCFullYear(), dt.getUTCMonth() + 1, 0)).getUTCDate();
      dt.setUTCDate(Math.min(d, last));
      const iso = dt.toISOString().slice(0, 10);
      if (iso > (s.rows.at(-1)?.date ?? iso)) break;
      charges.push(iso);
    }
  } else charges.push(input.date);
  const withIt = s.rows.map((r) => ({
    date: r.date,
    closing: r.closing - input.amount * charges.filter((c) => c <= r.date).length,
  }));
  // What the purchase changes: the balances from its date on (earlier days are the same either way).
  const from = (rows: ReadonlyArray<{ date: string; closing: Cents }>) =>
    rows.filter((r) => r.date >= input.date);
  const before = lowest(from(s.rows));
  const after = lowest(from(withIt));
  const firstBelow = from(withIt).find((r) => r.closing < s.threshold) ?? null;
  const verdict =
    after && after.closing < 0 ? 'overdraft' : after && after.closing < s.threshold ? 'tight' : 'safe';
  return {
    ...envelope(s.today, s.stale),
    amount: input.amount,
    date: input.date,
    repeat: input.repeat ?? null,
    charges: charges.length,
    verdict,
    threshold: s.threshold,
    lowest_without: before ? { date: before.date, closing: before.closing } : null,
    lowest_with: after ? { date: after.date, closing: after.closing } : null,
    first_below_threshold: firstBelow ? { date: firstBelow.date, closing: firstBelow.closing } : null,
    horizon_days: horizon,
    /** For the figure card: the cash balance with and without it, day by day. */
    series: s.rows.map((r, i) => ({
      date: r.date,
      without: r.closing,
      with: withIt[i]?.closing ?? r.closing,
    })),
  };
}

export const whatIfCancelInput = z
  .object({
    /** The recurring stream to stop, by the name the plan shows (a subscription, a bill, a transfer). */
    name: z.string().trim().min(1).max(120),
    horizon_days: z.number().int().min(1).max(PLAN_HORIZON_DAYS).default(365),
  })
  .strict();

/**
 * The calendar's what-if for a cancellation: the cash forecast with a recurring stream's open planned
 * items taken out from today (each one lifts every closing balance from its date on, exactly: the
 * forecast is a running sum), beside the forecast as planned.
 */
export async function whatIfCancel(tc: ToolContext, input: z.infer<typeof whatIfCancelInput>) {
  const today = todayOf(tc.money.deps.clock);
  const streams = (await profileSeries(tc.money.data, tc.profileId)).map((x) => publicStream(x, today));
  const wanted = input.name.toLowerCase();
  const live = streams.filter((x) => x.status !== 'gone');
  const stream =
    live.find((x) => x.description.toLowerCase() === wanted) ??
    live.find((x) => x.description.toLowerCase().includes(wanted)) ??
    live.find((x) => wanted.includes(x.description.toLowerCase()));
  if (!stream)
    throw new ValidationError([{ field: 'name', message: 'is not a recurring item of your plan' }]);
  const s = await series(tc, input.horizon_days);
  const events = (await forecastEvents(tc, s, undefined)).filter((e) => e.series_id === stream.series_id);
  const withoutIt = s.rows.map((r) => ({
    date: r.date,
    closing: r.closing - events.filter((e) => e.date <= r.date).reduce((sum, e) => sum + e.amount, 0),
  }));
  const before = lowest(s.rows);
  const after = lowest(withoutIt);
  return {
    ...envelope(s.today, s.stale),
    stream: {
      name: stream.description,
      kind: stream.kind,
      amount: stream.amount,
      cadence: stream.cadence,
      monthly_amount: stream.monthly_amount,
    },
    horizon_days: input.horizon_days,
    to: s.rows.at(-1)?.date ?? today,
    occurrences: events.length,
    /** What the cash gains over the horizon without it (cash flow; positive = more cash). */
    change: -events.reduce((sum, e) => sum + e.amount, 0),
    end_as_planned: s.rows.at(-1)?.closing ?? null,
    end_without: withoutIt.at(-1)?.closing ?? null,
    lowest_as_planned: before ? { date: before.date, closing: before.closing } : null,
    lowest_without: after ? { date: after.date, closing: after.closing } : null,
  };
}
