// The allowance as the forecast adds it: everyday spending per weekday (the rest of this month read
// from what it has already spent, the next weeks from each habit's last purchase), what rare large
// spending adds by each day (the median of its sum), drifting streams, and the band around them with the large-withdrawal side of
// savings. What the person planned themselves takes the place of the expectation it stands for, so the
// line does not count it twice.
import type { Cents } from './cents.ts';
import { parseDay, toCivil, weekday, type DayNumber } from './dates.ts';
import { ALLOWANCE_RULES, type Allowance, type AllowanceSpread } from './allowance-rules.ts';
import { withdrawalRate } from './withdrawals.ts';

/**
 * The person's own planned outflows (items they added, not generated from a stream) per day index, as
 * magnitudes: each takes the place of expected spending of its month (`addAllowance`).
 */
export interface OwnPlanned {
  readonly day: number;
  readonly amount: Cents;
}

/**
 * Adds an allowance as balance changes from tomorrow on: everyday spending per weekday (over the rest
 * of this month, as `month_rest` expects it, and over the next weeks moved by `near_term`, each habit
 * from its last purchase), what rare large spending adds by each day (`lumps.line`), and
 * what drifting streams bring beyond their planned amounts (`StreamDrift`: growing interest). In each
 * calendar month the person's own planned outflows take the place of as much expected spending (large
 * ones of the large spending's, others of the everyday's), so a planned $200 shop is not also in the
 * allowance; the expectation left is spread over the month's days as before, never below zero.
 */
export function addAllowance(
  out: Float64Array,
  start: DayNumber,
  allowance: Allowance,
  sign: 1 | -1,
  own: readonly OwnPlanned[] = [],
): void {
  const n = out.length;
  const everyday = new Float64Array(n);
  const lumps = new Float64Array(n);
  const startWeekday = weekday(start);
  const rest = allowance.month_rest;
  const restFactor = rest && rest.usual < 0 ? rest.expected / rest.usual : 1;
  const lumpsBy = lumpsCarried(allowance);
  for (let i = 1; i < n; i += 1) {
    const usual = -(allowance.per_weekday[(startWeekday + i) % 7] ?? 0);
    everyday[i] = (rest && i <= rest.days ? usual * restFactor : usual) - (allowance.near_term?.[i - 1] ?? 0);
    // Whole cents a day that add up to the line's whole cents by each day.
    lumps[i] = Math.round(lumpsBy(i)) - Math.round(lumpsBy(i - 1));
  }
  // A habit bought lately can take more off a day than the day's usual: the rest comes off the days
  // after, so no day expects money coming in.
  let owed = 0;
  for (let i = 1; i < n && (owed < 0 || i <= (allowance.near_term?.length ?? 0)); i += 1) {
    const v = (everyday[i] ?? 0) + owed;
    everyday[i] = Math.max(0, v);
    owed = Math.min(0, v);
  }
  // Seasonal bills on their days, as everyday spending (a person's own planned item of the month takes
  // their place as it does the allowance's).
  for (const charge of allowance.seasonal?.charges ?? []) {
    const i = parseDay(charge.date) - start;
    if (i >= 1 && i < n) everyday[i] = (everyday[i] ?? 0) - charge.amount;
  }
  if (own.length > 0) {
    const threshold = allowance.lumps?.threshold ?? Number.POSITIVE_INFINITY;
    // Month of each day index: the index of its first day (day 1 for the rest of this month).
    const monthStart = new Int32Array(n);
    let first = 1;
    for (let i = 1; i < n; i += 1) {
      if (toCivil(start + i).day === 1) first = i;
      monthStart[i] = first;
    }
    const taken = new Map<string, number>();
    for (const item of own) {
      if (item.day < 1 || item.day >= n || item.amount <= 0) continue;
      const key = `${item.amount >= threshold ? 'l' : 'e'}${monthStart[item.day] ?? 1}`;
      taken.set(key, (taken.get(key) ?? 0) + item.amount);
    }
    for (const [key, amount] of taken) {
      const series = key.startsWith('l') ? lumps : everyday;
      const from = Number(key.slice(1));
      let end = from;
      while (end + 1 < n && monthStart[end + 1] === from) end += 1;
      let total = 0;
      for (let i = from; i <= end; i += 1) total += series[i] ?? 0;
      const keep = total > 0 ? Math.max(0, 1 - amount / total) : 1;
      for (let i = from; i <= end; i += 1) series[i] = (series[i] ?? 0) * keep;
    }
  }
  const income = allowance.unplanned_income?.per_day ?? 0;
  for (let i = 1; i < n; i += 1)
    out[i] = (out[i] ?? 0) + sign * Math.round(income - (everyday[i] ?? 0) - (lumps[i] ?? 0));
  for (const d of allowance.drift ?? []) {
    if (!(d.period_days >= 1)) continue;
    for (let k = 0; ; k += 1) {
      const i = d.first_day + Math.round(k * d.period_days);
      if (i >= n) break;
      const lasts = Math.exp((-(d.ends_per_year ?? 0) * i) / 365);
      if (i >= 1) out[i] = (out[i] ?? 0) + sign * Math.round((d.amount + d.step * k) * lasts);
    }
  }
}

/**
 * What the line carries of rare large spending by day i (spending, ≥ 0): `lumps.line` between its
 * horizons linearly (from none today), beyond the last at the expectation per day.
 */
export function lumpsCarried(allowance: Allowance): (i: number) => number {
  const lumps = allowance.lumps;
  const daily = -(lumps?.per_day ?? 0);
  const line = lumps?.line;
  if (!line || line.length === 0) return (i) => daily * i;
  return (i) => {
    let days = 0;
    let sum = 0;
    for (const point of line) {
      if (i <= point.days) return sum + ((i - days) / (point.days - days)) * (-point.sum - sum);
      days = point.days;
      sum = -point.sum;
    }
    return sum + daily * (i - days);
  };
}

/**
 * Adds an allowance's uncertainty band as balance offsets per row (honest about its
 * uncertainty). Row i is i days after today; its cash-flow spread is interpolated linearly between the
 * measured horizons (from zero today) and, beyond the longest horizon h, widened by (i / h)^growth, the
 * growth measured on the account's history (allowance.ts; √ when unmeasured). Liabilities flip the
 * sign, so the more-spending side becomes the high side. Offsets are whole cents and never narrow with
 * distance.
 */
export function addBand(
  low: Float64Array,
  high: Float64Array,
  spread: readonly AllowanceSpread[] | undefined,
  sign: 1 | -1,
  growth = 0.5,
): void {
  const last = spread?.[spread.length - 1];
  if (!spread || !last || last.days <= 0) return;
  let prevDays = 0;
  let prevLow = 0;
  let prevHigh = 0;
  let k = 0;
  for (let i = 1; i < low.length; i += 1) {
    let flowLow: number;
    let flowHigh: number;
    if (i <= last.days) {
      let point = spread[k] ?? last;
      while (i > point.days) {
        prevDays = point.days;
        prevLow = point.low;
        prevHigh = point.high;
        k += 1;
        point = spread[k] ?? last;
      }
      const t = (i - prevDays) / (point.days - prevDays);
      flowLow = prevLow + t * (point.low - prevLow);
      flowHigh = prevHigh + t * (point.high - prevHigh);
    } else {
      const widen = Math.pow(i / last.days, growth);
      flowLow = last.low * widen;
      flowHigh = last.high * widen;
    }
    low[i] = (low[i] ?? 0) + Math.round(sign === 1 ? flowLow : -flowHigh);
    high[i] = (high[i] ?? 0) + Math.round(sign === 1 ? flowHigh : -flowLow);
  }
}

/**
 * The low side of an account that holds money (`Allowance.withdrawals`) also reaches the p10 of what
 * large withdrawals take by each day: with `withdrawalRate` a year (the pooled prior weighed with the
 * account's own past), at least one comes by day i with probability p = 1 − e^(−rate · i / 365), and
 * the band's 10 % beyond its low side is then the (1 − 0.1 / p) quantile of the prior's shares of the
 * balance (none while p ≤ 0.1). Whichever is lower, this or the measured side, counts: an account
 * whose own months held such withdrawals has them in its band already. Never narrows with distance.
 */
export function addWithdrawalRisk(low: Float64Array, allowance: Allowance, balance: Cents): void {
  if (!allowance.withdrawals || balance <= 0) return;
  const rate = withdrawalRate(allowance.withdrawals, balance);
  const shares = ALLOWANCE_RULES.withdrawalPrior.shares;
  const tail = 1 - ALLOWANCE_RULES.spreadPercentiles[1];
  for (let i = 1; i < low.length; i += 1) {
    const p = 1 - Math.exp((-rate * i) / 365);
    if (p <= tail) continue;
    const at = (1 - tail / p) * (shares.length - 1);
    const k = Math.floor(at);
    const share = (shares[k] ?? 0) + (at - k) * ((shares[k + 1] ?? shares[k] ?? 0) - (shares[k] ?? 0));
    low[i] = Math.min(low[i] ?? 0, -Math.round(share * balance));
  }
}

/**
 * An account that earns interest (`Allowance.earns_interest`) holds at least, on each side, what a
 * change of its rate by `ALLOWANCE_RULES.interestRateChange` a year would move its balance by day i:
 * balance × change × i / 365. Offsets in the balance's convention (an asset's).
 */
export function addRateRisk(
  low: Float64Array,
  high: Float64Array,
  allowance: Allowance,
  balance: Cents,
): void {
  if (!allowance.earns_interest || balance <= 0) return;
  const perDay = (balance * ALLOWANCE_RULES.interestRateChange) / 365;
  for (let i = 1; i < low.length; i += 1) {
    const width = Math.round(perDay * i);
    low[i] = Math.min(low[i] ?? 0, -width);
    high[i] = Math.max(high[i] ?? 0, width);
  }
}
