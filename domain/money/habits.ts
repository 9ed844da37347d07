// Habits: everyday purchases at one payee that come back at fairly regular gaps without a schedule (the
// grocer every week or so, fuel every ten days, a stock-up once a month on any day). The allowance's
// weekday mean spreads them evenly over every day; the near term knows more: a stock-up bought three
// days ago is not due again for weeks, a grocer last visited nine days ago is due now. Each habit's
// next purchases follow its own gaps from its last purchase (a renewal process), and the allowance
// over the next weeks moves by the difference from its even share (docs/money-engine.md "Rare large
// spending, unplanned income and the near term").
import { roundCents, type Cents } from './cents.ts';
import { ALLOWANCE_RULES } from './allowance-rules.ts';
import type { DayNumber } from './dates.ts';

/** One day's everyday purchases at one payee (lumps apart), cents > 0. */
export interface HabitPurchase {
  readonly payee: string;
  readonly day: DayNumber;
  readonly amount: Cents;
}

export interface Habit {
  readonly payee: string;
  /** Mean gap between purchase days and mean spend per purchase day. */
  readonly mean_gap: number;
  readonly amount: Cents;
  /** Days from the last purchase to today (0: bought today). */
  readonly since: number;
}

/**
 * The payees among `purchases` (days `from`…`today`) that are habits: at least `minPurchases` purchase
 * days, a mean gap of at least `minMeanGap` days (more often is every day's spending, which the
 * weekday mean already spreads right) and gaps regular enough (coefficient of variation at most
 * `maxGapVariation`: spending at random has no phase to know), last bought no longer ago than the
 * longest gap seen (else the habit may have ended: nothing is assumed of it).
 */
export function findHabits(purchases: readonly HabitPurchase[], today: DayNumber): Habit[] {
  const { minPurchases, minMeanGap, maxGapVariation } = ALLOWANCE_RULES.habits;
  const byPayee = new Map<string, Map<DayNumber, Cents>>();
  for (const p of purchases) {
    if (!p.payee || p.amount <= 0 || p.day > today) continue;
    const days = byPayee.get(p.payee) ?? new Map<DayNumber, Cents>();
    days.set(p.day, (days.get(p.day) ?? 0) + p.amount);
    byPayee.set(p.payee, days);
  }
  const habits: Habit[] = [];
  for (const [payee, byDay] of byPayee) {
    if (byDay.size < minPurchases) continue;
    const days = [...byDay.keys()].sort((a, b) => a - b);
    const gaps = days.slice(1).map((d, i) => d - (days[i] ?? d));
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    const sd = Math.sqrt(gaps.reduce((s, g) => s + (g - mean) ** 2, 0) / gaps.length);
    if (mean < minMeanGap || sd / mean > maxGapVariation) continue;
    const since = today - (days[days.length - 1] ?? today);
    if (since >= Math.max(...gaps)) continue;
    const total = [...byDay.values()].reduce((a, b) => a + b, 0);
    habits.push({ payee, mean_gap: mean, amount: roundCents(total / byDay.size), since });
  }
  return habits.sort((a, b) => (a.payee < b.payee ? -1 : a.payee > b.payee ? 1 : 0));
}

/**
 * The expected purchases of a habit per day 1…`days` after today, from the gaps of its past
 * (`gaps`, the probability of each gap length, smoothed a day either way) and the days since its last
 * purchase: the first comes after a gap longer than those days, each later one a gap after the one
 * before (the renewal density). Far enough out it settles at one per mean gap.
 */
export function renewalDensity(gaps: readonly number[], since: number, days: number): Float64Array {
  const longest = Math.max(0, ...gaps) + 1;
  const pmf = new Float64Array(longest + 1);
  for (const g of gaps) {
    pmf[g - 1] = (pmf[g - 1] ?? 0) + 0.25;
    pmf[g] = (pmf[g] ?? 0) + 0.5;
    pmf[g + 1] = (pmf[g + 1] ?? 0) + 0.25;
  }
  pmf[0] = 0;
  let total = 0;
  for (const p of pmf) total += p;
  for (let k = 0; k < pmf.length; k += 1) pmf[k] = (pmf[k] ?? 0) / total;
  let beyond = 0;
  for (let k = since + 1; k < pmf.length; k += 1) beyond += pmf[k] ?? 0;
  const u = new Float64Array(days + 1);
  if (beyond <= 0) return u;
  for (let i = 1; i <= days; i += 1) {
    let v = (pmf[since + i] ?? 0) / beyond;
    for (let j = Math.max(1, i - longest); j < i; j += 1) v += (u[j] ?? 0) * (pmf[i - j] ?? 0);
    u[i] = v;
  }
  return u;
}

/**
 * What the habits change in the allowance over the next `ALLOWANCE_RULES.habits.nearDays` days, as
 * cash flows per day (index 0 is tomorrow): each habit's expected spend by its renewal density less
 * its even share (its spend per purchase over its mean gap). Positive: less is expected than usual
 * (bought lately), negative: more (due now). Null when no payee is a habit.
 */
export function habitNearTerm(
  purchases: readonly HabitPurchase[],
  today: DayNumber,
  habits: readonly Habit[] = findHabits(purchases, today),
): Cents[] | null {
  const { nearDays } = ALLOWANCE_RULES.habits;
  if (habits.length === 0) return null;
  const out = new Float64Array(nearDays);
  for (const habit of habits) {
    const days = [
      ...new Set(purchases.filter((p) => p.payee === habit.payee && p.day <= today).map((p) => p.day)),
    ].sort((a, b) => a - b);
    const gaps = days.slice(1).map((d, i) => d - (days[i] ?? d));
    const u = renewalDensity(gaps, habit.since, nearDays);
    // Its even share: one purchase per mean gap.
    const even = gaps.length / gaps.reduce((a, b) => a + b, 0);
    for (let i = 1; i <= nearDays; i += 1)
      out[i - 1] = (out[i - 1] ?? 0) - habit.amount * ((u[i] ?? 0) - even);
  }
  return Array.from(out, (v) => roundCents(v) || 0);
}
