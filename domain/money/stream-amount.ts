// A stream's amounts: how many prices they come at, how often the price changed, and what the next
// occurrence is expected to cost (docs/money-engine.md "Amount").
import { median, roundCents, type Cents } from './cents.ts';

/** How often the amount changed (by more than 1 %) from one occurrence to the next. */
export function priceChanges(amountsInDateOrder: readonly Cents[]): number {
  let changes = 0;
  for (let i = 1; i < amountsInDateOrder.length; i += 1) {
    const a = amountsInDateOrder[i - 1] ?? 0;
    const b = amountsInDateOrder[i] ?? 0;
    if (Math.abs(a - b) > Math.max(a, b) * 0.01) changes += 1;
  }
  return changes;
}

/**
 * How many prices the amounts come at (amounts within 1 % of the cheapest of a level are one level): a
 * meal kit that is dearer some weeks has two or three; groceries have as many as visits.
 */
export function priceLevels(amounts: readonly Cents[]): number {
  const sorted = [...amounts].sort((a, b) => a - b);
  let levels = 0;
  let start = -Infinity;
  for (const a of sorted) {
    if (a > start * 1.01) {
      levels += 1;
      start = a;
    }
  }
  return levels;
}

const sameLevel = (a: Cents, b: Cents): boolean => Math.abs(a - b) <= Math.max(a, b) * 0.01;

/**
 * The next occurrence's amount (a mix of prices is expected at its mean):
 * - the latest one when the last two agree within 1 % and that price is new in the last 12 (a price
 *   change is adopted after it repeats once);
 * - the mean of the last 26 when they come at two or three prices, at least two of them seen twice
 *   (a meal kit dearer one week in five, a bill with an occasional add-on): the plan's sum over many
 *   occurrences is then right, where the usual price would be low every time;
 * - otherwise the median of the last 12 (a year of a variable bill; the plan's next occurrences of a
 *   variable bill follow `recentMedian` instead).
 */
export function expectedAmount(amountsOldestFirst: readonly Cents[]): Cents {
  const n = amountsOldestFirst.length;
  const last = amountsOldestFirst[n - 1] ?? 0;
  const prev = amountsOldestFirst[n - 2];
  const recent = amountsOldestFirst.slice(-12);
  if (prev !== undefined && sameLevel(last, prev)) {
    let run = recent.length - 1;
    while (run > 0 && sameLevel(recent[run - 1] ?? 0, last)) run -= 1;
    if (!recent.slice(0, run).some((a) => sameLevel(a, last))) return last;
  }
  const mixWindow = amountsOldestFirst.slice(-26);
  const levels: Array<{ start: Cents; count: number }> = [];
  for (const a of [...mixWindow].sort((x, y) => x - y)) {
    const level = levels[levels.length - 1];
    if (level && a <= level.start * 1.01) level.count += 1;
    else levels.push({ start: a, count: 1 });
  }
  if (levels.length <= 3 && levels.filter((l) => l.count >= 2).length >= 2)
    return roundCents(mixWindow.reduce((sum, a) => sum + a, 0) / mixWindow.length);
  return roundCents(median(recent));
}

/** How fast older amounts lose weight in `recentMedian`: half the weight every this many occurrences. */
export const RECENT_HALF_LIFE = 2;

/**
 * The weighted median of amounts (oldest first), each weighing half as much as the one
 * `RECENT_HALF_LIFE` occurrences after it: the amount at which the weights below and above balance.
 */
export function recentMedian(amountsOldestFirst: readonly Cents[]): Cents {
  const n = amountsOldestFirst.length;
  if (n === 0) return 0;
  const weighted = amountsOldestFirst
    .map((amount, i) => ({ amount, weight: 0.5 ** ((n - 1 - i) / RECENT_HALF_LIFE) }))
    .sort((a, b) => a.amount - b.amount);
  const total = weighted.reduce((sum, w) => sum + w.weight, 0);
  let below = 0;
  for (const [k, w] of weighted.entries()) {
    below += w.weight;
    if (below > total / 2) return roundCents(w.amount);
    if (below === total / 2) return roundCents((w.amount + (weighted[k + 1]?.amount ?? w.amount)) / 2);
  }
  return roundCents(weighted[weighted.length - 1]?.amount ?? 0);
}

/**
 * The words for a variable amount where the plan shows it: "about $55, last three $43–$59" (the
 * expected amount and the range of the latest three).
 */
export function describeVariableAmount(expected: Cents, amountsOldestFirst: readonly Cents[]): string {
  const last = amountsOldestFirst.slice(-3);
  const lo = Math.min(...last);
  const hi = Math.max(...last);
  const dollars = (c: Cents) => `$${Math.round(c / 100).toLocaleString('en-US')}`;
  const range = lo === hi ? dollars(lo) : `${dollars(lo)}–${dollars(hi)}`;
  return `about ${dollars(expected)}, last ${last.length === 3 ? 'three' : last.length === 2 ? 'two' : 'one'} ${range}`;
}

/** One occurrence of a monthly stream: the calendar month it was due in (0–11) and its amount. */
export interface MonthAmount {
  readonly month: number;
  readonly amount: Cents;
}

/**
 * Seasonal amounts must have missed their own past by at most this share of what the recent median
 * missed, and the bill have at least `SEASONAL_MIN_OCCURRENCES` occurrences (a year and a half: every
 * month seen, and ten tests). Simulated bills: one at random between $28 and $65 passes 1 % of the
 * time with 24 months and 5 % with 18 (at ¾ and 15 occurrences, 5 % and 22 %); electricity following
 * the seasons by ±35 % passes always, by ±15 % under ±10 % noise two times in three.
 */
export const SEASONAL_GAIN = 0.6;
export const SEASONAL_MIN_OCCURRENCES = 18;

const meanOf = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * A monthly amount for `month` from the occurrences before it (oldest first): the mean of the latest
 * twelve (a year's level, whatever the season), times the median of what that month's past amounts
 * were against the year around each. Null with less than a year, or no past amount in that month.
 */
function seasonalAmount(past: readonly MonthAmount[], month: number): number | null {
  if (past.length < 12) return null;
  const level = meanOf(past.slice(-12).map((p) => p.amount));
  const ratios: number[] = [];
  past.forEach((p, i) => {
    if (p.month !== month) return;
    const around = past.slice(Math.max(0, Math.min(i - 6, past.length - 12)), Math.max(i + 6, 12));
    ratios.push(p.amount / meanOf(around.map((q) => q.amount)));
  });
  return ratios.length === 0 ? null : level * median(ratios);
}

/**
 * A variable monthly bill's amount for each calendar month (index 0 = January), when its amounts
 * follow the seasons (electricity dear in summer and winter): each month's past amounts against their
 * year, at this year's level. Only when that would have planned its own past better: over the
 * occurrences with a year before them, seasonal amounts made one and three months ahead missed by at
 * most `SEASONAL_GAIN` of what the recent median missed (over six tests at least). Otherwise undefined.
 */
export function seasonalAmounts(occurrences: readonly MonthAmount[]): (Cents | null)[] | undefined {
  if (occurrences.length < SEASONAL_MIN_OCCURRENCES) return undefined;
  let seasonalMiss = 0;
  let recentMiss = 0;
  let tests = 0;
  for (const ahead of [1, 3])
    for (let j = 12 + ahead - 1; j < occurrences.length; j += 1) {
      const past = occurrences.slice(0, j - ahead + 1);
      const actual = occurrences[j]!;
      const seasonal = seasonalAmount(past, actual.month);
      if (seasonal === null) continue;
      seasonalMiss += Math.abs(seasonal - actual.amount);
      recentMiss += Math.abs(recentMedian(past.slice(-12).map((p) => p.amount)) - actual.amount);
      tests += 1;
    }
  // Months never seen a year before give no test: too few tests say nothing.
  if (tests < 6 || seasonalMiss > SEASONAL_GAIN * recentMiss) return undefined;
  return Array.from({ length: 12 }, (_, month) => {
    const amount = seasonalAmount(occurrences, month);
    return amount === null ? null : roundCents(amount);
  });
}
