// Fitting a cadence to one payee's transactions: every plausible schedule of each cadence is tried and
// the closest wins, one transaction per occurrence, then the acceptance rules (docs/money-engine.md
// "Fit a schedule" and "Accept").
import { medianAbsoluteDeviation, median, type Cents } from './cents.ts';
import {
  formatDay,
  isBusinessDay,
  monthIndex,
  nextBusinessDay,
  previousBusinessDay,
  toCivil,
  weekday,
  type DayNumber,
} from './dates.ts';
import {
  MONTH_STEPS,
  compileEvery,
  compileMonthly,
  compileSemiMonthly,
  periodDays,
  type BusinessDayShift,
  type Cadence,
  type CompiledSchedule,
  type Schedule,
} from './schedule.ts';
import { RECURRING_RULES } from './recurring-rules.ts';
import { priceChanges, priceLevels } from './stream-amount.ts';
import { isEverydayHabit } from './stream-kind.ts';
import type { HistoryTransaction } from './types.ts';

export interface Point {
  readonly tx: HistoryTransaction;
  readonly day: DayNumber;
  readonly abs: Cents;
}

export interface Fit {
  readonly cadence: Cadence;
  readonly compiled: CompiledSchedule;
  readonly describe: (lastNominal: DayNumber, shift: BusinessDayShift) => Schedule;
  /** Chosen transaction per occurrence index, in date order, with its deviation. */
  readonly inliers: ReadonlyArray<{ readonly point: Point; readonly k: number; readonly dev: number }>;
  readonly expected: number;
  readonly meanDev: number;
  readonly maxDev: number;
  readonly spread: number;
  readonly score: number;
}

/**
 * Days outside the window a payer may move a nominal date into when it is not a business day. A weekly
 * schedule's weekday never changes, so its weekend dates get no window (a Saturday schedule is a
 * Saturday schedule); its holidays do.
 */
function deviation(day: DayNumber, nominal: DayNumber, weekendWindow: boolean): number {
  const wd = weekday(nominal);
  if (isBusinessDay(nominal) || (!weekendWindow && (wd === 0 || wd === 6))) return Math.abs(day - nominal);
  const lo = previousBusinessDay(nominal);
  const hi = nextBusinessDay(nominal);
  return day < lo ? lo - day : day > hi ? day - hi : 0;
}

interface Located {
  readonly k: number;
  readonly dev: number;
}

function nearest(compiled: CompiledSchedule, day: DayNumber, weekendWindow: boolean): Located {
  const k = compiled.indexAtOrBefore(day);
  const a = deviation(day, compiled.nominal(k), weekendWindow);
  const b = deviation(day, compiled.nominal(k + 1), weekendWindow);
  return b < a ? { k: k + 1, dev: b } : { k, dev: a };
}

function occurrenceCost(day: DayNumber, nominal: DayNumber, cap: number, weekendWindow: boolean): number {
  // Schedules that explain a date equally well (a Friday is on a Friday schedule, or on the 30th moved
  // back from a Saturday) are told apart by the raw distance, so the schedule is the one the dates are on.
  return (
    Math.min(deviation(day, nominal, weekendWindow), cap + 1) +
    0.001 * Math.min(Math.abs(day - nominal), cap + 1)
  );
}

/** A point's cost under a schedule, without allocating: the search calls this per point and candidate. */
function pointCost(compiled: CompiledSchedule, day: DayNumber, cap: number, weekendWindow: boolean): number {
  const k = compiled.indexAtOrBefore(day);
  return Math.min(
    occurrenceCost(day, compiled.nominal(k), cap, weekendWindow),
    occurrenceCost(day, compiled.nominal(k + 1), cap, weekendWindow),
  );
}

interface Candidate {
  readonly compiled: CompiledSchedule;
  readonly describe: Fit['describe'];
}

function dayOfMonth(day: DayNumber): number {
  return toCivil(day).day;
}

/**
 * Days of the month worth trying as a schedule's day: those seen (the `limit` most frequent), and month
 * end when one of them is near it.
 */
function candidateDays(points: readonly Point[], limit = 31): number[] {
  const counts = new Map<number, number>();
  for (const p of points) {
    const d = dayOfMonth(p.day);
    counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  const days = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([d]) => d);
  if (days.some((d) => d >= 28) && !days.includes(31)) days.push(31);
  return days.sort((a, b) => a - b);
}

function candidates(cadence: Cadence, points: readonly Point[]): Candidate[] {
  switch (cadence) {
    case 'weekly':
    case 'biweekly': {
      const period = cadence === 'weekly' ? 7 : 14;
      const residues = [...new Set(points.map((p) => ((p.day % period) + period) % period))].sort(
        (a, b) => a - b,
      );
      return residues.map((r) => ({
        compiled: compileEvery(r, period),
        describe: (last, shift) => ({ cadence, anchor: formatDay(last), shift }),
      }));
    }
    case 'semi-monthly': {
      // Pairs of days are quadratic in the days seen: try the four most frequent (and month end).
      const days = candidateDays(points, 4);
      const out: Candidate[] = [];
      for (const first of days) {
        for (const second of days) {
          if (second - first < 10 || second - first > 20) continue;
          out.push({
            compiled: compileSemiMonthly(first, second),
            describe: (_last, shift) => ({ cadence, days: [first, second], shift }),
          });
        }
      }
      return out;
    }
    case 'monthly':
    case 'quarterly':
    case 'yearly': {
      const step = MONTH_STEPS[cadence];
      const phases = [...new Set(points.map((p) => monthIndex(p.day) % step))].sort((a, b) => a - b);
      const days = candidateDays(points);
      const out: Candidate[] = [];
      for (const phase of phases) {
        for (const day of days) {
          out.push({
            compiled: compileMonthly(phase, step, day),
            describe: (last, shift) => ({ cadence, anchor_month: formatDay(last).slice(0, 7), day, shift }),
          });
        }
      }
      return out;
    }
  }
}

function medianGap(points: readonly Point[]): number {
  const gaps: number[] = [];
  for (let i = 1; i < points.length; i += 1) gaps.push((points[i]?.day ?? 0) - (points[i - 1]?.day ?? 0));
  return median(gaps);
}

/** Fits one cadence to a candidate set: the best schedule, then one transaction per occurrence. */
function fitCadence(
  cadence: Cadence,
  points: readonly Point[],
  yearlyPair: boolean,
  merchantKey: string,
): Fit | null {
  const rules = RECURRING_RULES;
  const cap = rules.maxDeviationDays[cadence];
  const minOccurrences =
    cadence === 'yearly' && yearlyPair ? rules.minYearlyOccurrences : rules.minOccurrences[cadence];
  if (points.length < minOccurrences) return null;
  // Too many transactions for the span to be one per period: most would be left unexplained.
  const span = (points[points.length - 1]?.day ?? 0) - (points[0]?.day ?? 0);
  const mostOccurrences = Math.floor((span + 2 * cap) / periodDays(cadence)) + 1;
  if (mostOccurrences < rules.minExplainedShare * points.length) return null;
  // The typical gap must look like this cadence (extra transactions shorten it, missed ones lengthen it).
  const gap = medianGap(points);
  const period = periodDays(cadence);
  if (gap < 0.4 * period - cap || gap > 1.6 * period + cap) return null;

  const weekendWindow = cadence !== 'weekly' && cadence !== 'biweekly';
  // The schedule minimising the total (capped) distance: one outlier costs the same however far it is.
  let best: Candidate | null = null;
  let bestCost = Infinity;
  for (const candidate of candidates(cadence, points)) {
    let cost = 0;
    for (const p of points) cost += pointCost(candidate.compiled, p.day, cap, weekendWindow);
    if (cost < bestCost) {
      bestCost = cost;
      best = candidate;
    }
  }
  if (!best) return null;

  // One transaction per occurrence: the closest in date, then in amount to the median. Twice: the
  // second pass leaves out amounts far from the first pass's median (a $900 payment in a week of $80
  // ones), so such an occurrence falls back to the transaction that belongs.
  const schedule = best.compiled;
  const located = points.map((point) => ({ point, ...nearest(schedule, point.day, weekendWindow) }));
  const pick = (center: number, accepts: (amount: Cents) => boolean) => {
    const byK = new Map<number, { point: Point; k: number; dev: number }>();
    for (const c of located) {
      if (c.dev > cap || !accepts(c.point.abs)) continue;
      const held = byK.get(c.k);
      const better =
        !held ||
        c.dev < held.dev ||
        (c.dev === held.dev && Math.abs(c.point.abs - center) < Math.abs(held.point.abs - center));
      if (better) byK.set(c.k, c);
    }
    return [...byK.values()].sort((a, b) => a.k - b.k);
  };
  const center = median(points.map((p) => p.abs));
  const typical = median(pick(center, () => true).map((i) => i.point.abs));
  const ratio = rules.amountOutlierRatio;
  const inliers = pick(typical, (amount) => amount * ratio >= typical && amount <= typical * ratio);
  const first = inliers[0];
  const last = inliers[inliers.length - 1];
  if (!first || !last || inliers.length < minOccurrences) return null;

  const expected = last.k - first.k + 1;
  const coverage = inliers.length / expected;
  const devs = inliers.map((i) => i.dev);
  const meanDev = devs.reduce((a, b) => a + b, 0) / inliers.length;
  const amounts = inliers.map((i) => i.point.abs);
  const med = median(amounts);
  const spread = med > 0 ? medianAbsoluteDeviation(amounts, med) / med : 1;
  const veryRegular =
    inliers.length >= rules.regularOccurrences && coverage >= rules.regularCoverage && meanDev <= cap / 4;
  // A seasonal bill (electricity, dear in summer and winter) swings ±40 % over a year, but little from
  // one reading to the next or from the same month a year before.
  const seasonal =
    inliers.length >= rules.regularOccurrences &&
    spread <= rules.regularMaxAmountSpread &&
    Math.min(laggedSpread(inliers, 1, med), laggedSpread(inliers, yearOf[cadence], med)) <=
      rules.maxAmountSpread;
  const amountsFit = isEverydayHabit(
    merchantKey,
    inliers.map((i) => i.point.tx),
  )
    ? inliers.length >= rules.everydayMinOccurrences &&
      (priceChanges(amounts) <= rules.everydayMaxPriceChanges ||
        priceLevels(amounts) <= rules.everydayMaxPriceLevels)
    : spread <= (veryRegular ? rules.regularMaxAmountSpread : rules.maxAmountSpread) || seasonal;
  const accepted =
    coverage >= (inliers.length === 2 ? 1 : rules.minCoverage) &&
    inliers.length / points.length >= rules.minExplainedShare &&
    meanDev <= cap / 2 &&
    amountsFit &&
    (inliers.length > 2 || (pairAgrees(amounts) && meanDev <= rules.yearlyPairMaxDeviationDays));
  if (!accepted) return null;
  return {
    cadence,
    compiled: best.compiled,
    describe: best.describe,
    inliers,
    expected,
    meanDev,
    maxDev: Math.max(...devs),
    spread,
    score: inliers.length * coverage * (1 - meanDev / (cap + 1)) * (1 - spread),
  };
}

/** Occurrences a year apart, per cadence. */
const yearOf: Record<Cadence, number> = {
  weekly: 52,
  biweekly: 26,
  'semi-monthly': 24,
  monthly: 12,
  quarterly: 4,
  yearly: 1,
};

/**
 * The median change between occurrences `lag` periods apart (the next one, or the same one a year
 * later), relative to the median amount; 1 when fewer than three such pairs were seen.
 */
function laggedSpread(
  inliers: ReadonlyArray<{ readonly point: Point; readonly k: number }>,
  lag: number,
  med: number,
): number {
  const byK = new Map(inliers.map((i) => [i.k, i.point.abs]));
  const steps: number[] = [];
  for (const { point, k } of inliers) {
    const before = byK.get(k - lag);
    if (before !== undefined) steps.push(Math.abs(point.abs - before));
  }
  return med > 0 && steps.length >= 3 ? median(steps) / med : 1;
}

function pairAgrees(amounts: readonly Cents[]): boolean {
  const [a = 0, b = 0] = amounts;
  return Math.abs(a - b) <= Math.max(RECURRING_RULES.yearlyPairAmountTolerance * Math.max(a, b), 200);
}

const CADENCE_ORDER: readonly Cadence[] = [
  'weekly',
  'biweekly',
  'semi-monthly',
  'monthly',
  'quarterly',
  'yearly',
];

/** The best-scoring cadence for a set, or null when none is convincing. */
export function bestFit(points: readonly Point[], yearlyPair: boolean, merchantKey: string): Fit | null {
  let best: Fit | null = null;
  for (const cadence of CADENCE_ORDER) {
    if (cadence === 'semi-monthly' && points.length < 4) continue;
    const fit = fitCadence(cadence, points, yearlyPair, merchantKey);
    if (fit && (!best || fit.score > best.score)) best = fit;
  }
  return best;
}
