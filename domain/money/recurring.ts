// Recurring detection (issue 5 item 1): from an account's posted history, the streams of income, bills,
// subscriptions and transfers that repeat on a schedule. Deterministic and explainable: every stream
// names the transactions it was built from, the schedule they fit and how well. docs/money-engine.md
// explains the algorithm and why each threshold is what it is.
import { formatCents, medianAbsoluteDeviation, median, roundCents, type Cents } from './cents.ts';
import {
  formatDay,
  isBusinessDay,
  monthIndex,
  nextBusinessDay,
  parseDay,
  previousBusinessDay,
  toCivil,
  weekday,
  type DayNumber,
} from './dates.ts';
import type { AccountType } from './forecast.ts';
import { displayName, normalizeMerchant, payeeName } from './merchant.ts';
import {
  MONTH_STEPS,
  compileEvery,
  compileMonthly,
  compileSemiMonthly,
  describeSchedule,
  occurrencesPerYear,
  periodDays,
  shiftToBusinessDay,
  type BusinessDayShift,
  type Cadence,
  type CompiledSchedule,
  type Schedule,
} from './schedule.ts';

export interface CategoryRef {
  readonly primary: string;
  readonly detailed: string;
}

/** A posted (or pending) transaction as synced from Plaid, amount in integer cents. */
export interface HistoryTransaction {
  readonly id: string;
  readonly account_id: string;
  readonly date: string;
  /** Integer cents with Plaid's sign: positive = money out of the account, negative = money in. */
  readonly amount: Cents;
  readonly name: string;
  readonly merchant_name?: string | null;
  readonly personal_finance_category?: Partial<CategoryRef> | null;
  /** Pending transactions are skipped: Plaid replaces them with a posted one under another id. */
  readonly pending?: boolean;
}

/** Money into the account (Plaid amount < 0) or out of it (> 0). */
export type Direction = 'inflow' | 'outflow';
export type StreamKind = 'income' | 'bill' | 'subscription' | 'transfer';
export type StreamStatus = 'active' | 'ended';

export interface StreamAmount {
  /** Amounts are magnitudes in cents; `direction` gives the sign. */
  readonly median: Cents;
  readonly mad: Cents;
  readonly min: Cents;
  readonly max: Cents;
  /** What the next occurrence is expected to be (see `expectedAmount`). */
  readonly expected: Cents;
  /** The amount varies (MAD above 2 % of the median), like a utility bill or hourly pay. */
  readonly variable: boolean;
}

/** The numbers behind `confidence`, shown to users who ask "why is this recurring?". */
export interface StreamEvidence {
  readonly occurrences: number;
  /** Occurrences the schedule expects between the first and the last one seen. */
  readonly expected_occurrences: number;
  readonly missed: number;
  readonly mean_deviation_days: number;
  readonly max_deviation_days: number;
  /** MAD / median of the amounts. */
  readonly amount_spread: number;
}

export interface RecurringStream {
  /** Stable identity across re-detection: account, direction, payee and cadence (plus amount on a clash). */
  readonly key: string;
  readonly account_id: string;
  /** The payee as the bank shows it most often. */
  readonly merchant: string;
  readonly merchant_key: string;
  readonly direction: Direction;
  readonly kind: StreamKind;
  readonly cadence: Cadence;
  readonly schedule: Schedule;
  readonly amount: StreamAmount;
  readonly category: CategoryRef | null;
  readonly first_date: string;
  readonly last_date: string;
  /** When the next occurrence is due (after the business-day shift): always after `today`. */
  readonly next_date: string;
  /** The schedule's own date of that occurrence (names it; see plan.ts). */
  readonly next_nominal_date: string;
  /**
   * An occurrence due on or before today that has not posted, at most the cadence's date tolerance
   * ago: still expected, so the plan puts it on today. `next_date` is always the one after it.
   */
  readonly late: { readonly due_date: string; readonly nominal_date: string } | null;
  readonly status: StreamStatus;
  /** The transactions the stream was built from, oldest first. */
  readonly transaction_ids: readonly string[];
  /** 0..1; see docs/money-engine.md for the formula. */
  readonly confidence: number;
  readonly evidence: StreamEvidence;
  /** Plain sentences for the Money Plan's "why" panel. */
  readonly explanation: readonly string[];
}

export interface DetectOptions {
  /** Today's calendar date: streams silent for more than two periods before it have ended. */
  readonly today: string;
  /**
   * Each account's type (connected_accounts.account_type), when known: on a card or loan, a payment
   * received is the other side of a payment from cash, a transfer, never income (issue 10).
   */
  readonly account_types?: Readonly<Record<string, AccountType>>;
}

/** The detector's thresholds, in one place for the documentation and the tests. */
export const RECURRING_RULES = {
  /**
   * Fewer occurrences cannot show a cadence apart from chance; the cadences of two weeks or less need
   * four, as three of them span only two to four weeks.
   */
  minOccurrences: {
    weekly: 4,
    biweekly: 4,
    'semi-monthly': 4,
    monthly: 3,
    quarterly: 3,
    yearly: 3,
  } satisfies Record<Cadence, number>,
  /** Two renewals a year apart, from a payee seen exactly twice, at (nearly) the same price. */
  minYearlyOccurrences: 2,
  yearlyPairAmountTolerance: 0.1,
  /** …and on the anniversary (beyond a business-day shift): a renewal is dated, a purchase is not. */
  yearlyPairMaxDeviationDays: 2,
  /** Largest distance (days, beyond a business-day shift) from the schedule for a transaction to belong. */
  maxDeviationDays: {
    weekly: 2,
    biweekly: 3,
    'semi-monthly': 3,
    monthly: 4,
    quarterly: 6,
    yearly: 10,
  } satisfies Record<Cadence, number>,
  /** Share of scheduled occurrences (first to last) that must have happened. */
  minCoverage: 0.75,
  /** Share of the candidate transactions, and of the payee's transactions of that size, a schedule must explain. */
  minExplainedShare: 0.6,
  /** Occurrences needed when the payee's other transactions outnumber the stream's (a shop you visit). */
  minOccurrencesAmongOthers: 6,
  /** MAD / median above which amounts are too scattered to be one bill (±30 % utilities pass). */
  maxAmountSpread: 0.25,
  /**
   * A stream this regular (6+ occurrences, 90 % of its periods, within a quarter of the date tolerance
   * on average) may vary more: a card payment or a growing interest payment is recurring by its dates.
   */
  regularOccurrences: 6,
  regularCoverage: 0.9,
  regularMaxAmountSpread: 0.6,
  /**
   * In everyday-spending categories only a fixed price (changing at most twice: price rises) repeated
   * at least six times counts: a meal kit or a membership repeats; visits to a shop or a barber at
   * similar intervals are habits, which the everyday-spending allowance covers.
   */
  everydayMinOccurrences: 6,
  everydayMaxPriceChanges: 2,
  /** …or comes at two or three prices throughout (a meal kit that is dearer some weeks: issue 10). */
  everydayMaxPriceLevels: 3,
  /** An amount more than 3 times the stream's median, or less than a third of it, is not part of it. */
  amountOutlierRatio: 3,
  /** MAD / median up to which an amount counts as fixed. */
  fixedAmountSpread: 0.02,
  /** A stream with no occurrence for more than this many periods has ended. */
  endedAfterPeriods: 2,
  /** A subscription costs at most this much per month (cents). */
  subscriptionMaxMonthly: 10_000,
  /** Without a category, only this small a fixed charge is presumed a subscription (cents per month). */
  uncategorisedSubscriptionMaxMonthly: 3_000,
} as const;

interface Point {
  readonly tx: HistoryTransaction;
  readonly day: DayNumber;
  readonly abs: Cents;
}

interface Fit {
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

/** How often the amount changed (by more than 1 %) from one occurrence to the next. */
function priceChanges(amountsInDateOrder: readonly Cents[]): number {
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
function priceLevels(amounts: readonly Cents[]): number {
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
function bestFit(points: readonly Point[], yearlyPair: boolean, merchantKey: string): Fit | null {
  let best: Fit | null = null;
  for (const cadence of CADENCE_ORDER) {
    if (cadence === 'semi-monthly' && points.length < 4) continue;
    const fit = fitCadence(cadence, points, yearlyPair, merchantKey);
    if (fit && (!best || fit.score > best.score)) best = fit;
  }
  return best;
}

/**
 * Sets of one payee's transactions that might each be a stream: all of them (a bill whose amount
 * varies), and clusters of similar amounts (two subscriptions from one payee, a subscription among
 * one-off purchases). Tight clusters: within 8 % (or 50 cents) of their smallest amount; loose
 * clusters: split where sorted amounts jump by more than 25 %.
 */
function candidateSets(points: readonly Point[]): Point[][] {
  const byAmount = [...points].sort((a, b) => a.abs - b.abs || a.day - b.day);
  const sets: Point[][] = [[...points]];
  const addClusters = (startsNew: (start: Point, prev: Point, next: Point) => boolean) => {
    let cluster: Point[] = [];
    for (const p of byAmount) {
      const start = cluster[0];
      const prev = cluster[cluster.length - 1];
      if (start && prev && startsNew(start, prev, p)) {
        if (cluster.length >= 2 && cluster.length < points.length) sets.push(cluster);
        cluster = [];
      }
      cluster.push(p);
    }
    if (cluster.length >= 2 && cluster.length < points.length) sets.push(cluster);
  };
  addClusters((start, _prev, next) => next.abs > start.abs + Math.max(start.abs * 0.08, 50));
  addClusters((_start, prev, next) => next.abs > prev.abs * 1.25 + 50);
  return sets.map((s) => s.sort((a, b) => a.day - b.day || (a.tx.id < b.tx.id ? -1 : 1)));
}

/** The amounts "like" a stream's: its range widened by the tight-cluster tolerance. */
function amountBand(amounts: readonly Cents[]): readonly [Cents, Cents] {
  const lo = Math.min(...amounts);
  const hi = Math.max(...amounts);
  return [lo - Math.max(lo * 0.08, 50), hi + Math.max(hi * 0.08, 50)];
}

function countInBand(points: readonly Point[], [lo, hi]: readonly [Cents, Cents]): number {
  let n = 0;
  for (const p of points) if (p.abs >= lo && p.abs <= hi) n += 1;
  return n;
}

/**
 * Peels streams off one payee's transactions, best-explained first, until nothing repeats. A stream must
 * explain most of the payee's transactions of its size (`minExplainedShare`), and where the payee also
 * has many other transactions it needs `minOccurrencesAmongOthers`: three $80 grocery runs a quarter
 * apart are chance when the shop sees a hundred visits of every size.
 */
function detectInGroup(points: readonly Point[], merchantKey: string): Fit[] {
  const share = RECURRING_RULES.minExplainedShare;
  const fits: Fit[] = [];
  let remaining = [...points];
  while (remaining.length >= RECURRING_RULES.minYearlyOccurrences) {
    // Two occurrences are enough only for a payee seen exactly twice (see RECURRING_RULES).
    const yearlyPair = points.length === RECURRING_RULES.minYearlyOccurrences;
    let best: Fit | null = null;
    for (const set of candidateSets(remaining)) {
      if (set.length < share * countInBand(remaining, amountBand(set.map((p) => p.abs)))) continue;
      const fit = bestFit(set, yearlyPair, merchantKey);
      if (!fit || (best && fit.score <= best.score)) continue;
      const inlierAmounts = fit.inliers.map((i) => i.point.abs);
      const explainsItsSize = fit.inliers.length >= share * countInBand(remaining, amountBand(inlierAmounts));
      const amongOthers = fit.inliers.length < share * remaining.length;
      if (
        explainsItsSize &&
        (!amongOthers || fit.inliers.length >= RECURRING_RULES.minOccurrencesAmongOthers)
      ) {
        best = fit;
      }
    }
    if (!best) break;
    fits.push(best);
    const used = new Set(best.inliers.map((i) => i.point));
    remaining = remaining.filter((p) => !used.has(p));
  }
  return fits;
}

const EVERYDAY_PRIMARIES = new Set([
  'FOOD_AND_DRINK',
  'GENERAL_MERCHANDISE',
  'PERSONAL_CARE',
  'ENTERTAINMENT',
  'TRANSPORTATION',
  'TRAVEL',
  'HOME_IMPROVEMENT',
  'MEDICAL',
  'GOVERNMENT_AND_NON_PROFIT',
]);

/**
 * Whether these are everyday purchases (most in a food, shopping, travel… category) from a payee that
 * is not a known subscription (Netflix, a gym, Amazon Prime are in those categories too).
 */
function isEverydayHabit(merchantKey: string, txs: readonly HistoryTransaction[]): boolean {
  if (SUBSCRIPTION_WORDS.test(merchantKey)) return false;
  let everyday = 0;
  for (const tx of txs) {
    const category = tx.personal_finance_category;
    if (
      EVERYDAY_PRIMARIES.has(category?.primary ?? '') &&
      !SUBSCRIPTION_DETAILED.has(category?.detailed ?? '')
    ) {
      everyday += 1;
    }
  }
  return everyday * 2 > txs.length;
}

const TRANSFER_PRIMARIES = new Set(['TRANSFER_IN', 'TRANSFER_OUT']);
const TRANSFER_DETAILED = new Set(['LOAN_PAYMENTS_CREDIT_CARD_PAYMENT']);
/** Words of money moved between the person's own accounts, as banks print them ("ONLINE PAYMENT TO CARD
 * XXXX3333", "CREDIT CARD PAYMENT", "CAPITAL ONE MOBILE PMT", "DISCOVER E-PAYMENT"). */
const TRANSFER_WORDS =
  /\b(?:transfer|xfer|to savings|from savings|to checking|from checking|payment thank you|thank you payment|card payment|card pmt|payment to card|autopay|e-?payment|mobile pmt)\b/;
/**
 * Money moved between the person's own accounts (a transfer, a card payment): by its category, or
 * without one by the words of its normalized payee or of the bank's description. Both are read: the
 * payee key drops "card payment" and "online payment" as boilerplate ("CREDIT CARD PAYMENT" → "credit").
 */
export function isTransferLike(
  category: Partial<CategoryRef> | null | undefined,
  merchantKey: string,
  description = '',
): boolean {
  return category
    ? TRANSFER_PRIMARIES.has(category.primary ?? '') || TRANSFER_DETAILED.has(category.detailed ?? '')
    : TRANSFER_WORDS.test(merchantKey) || TRANSFER_WORDS.test(description.toLowerCase());
}

/** Categories whose fixed monthly charges are subscriptions by nature. */
const SUBSCRIPTION_DETAILED = new Set([
  'ENTERTAINMENT_TV_AND_MOVIES',
  'ENTERTAINMENT_MUSIC_AND_AUDIO',
  'ENTERTAINMENT_VIDEO_GAMES',
  'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS',
]);
/** Categories where a small fixed charge is likely a subscription (software, memberships, news). */
const SUBSCRIPTION_LIKELY_DETAILED = new Set([
  ...SUBSCRIPTION_DETAILED,
  'ENTERTAINMENT_OTHER_ENTERTAINMENT',
  'GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS',
  'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES',
  'GENERAL_MERCHANDISE_ELECTRONICS',
  'GENERAL_SERVICES_OTHER_GENERAL_SERVICES',
]);
const SUBSCRIPTION_WORDS =
  /\b(?:netflix|spotify|hulu|disney|hbo|max|youtube|apple|google|icloud|prime|audible|adobe|microsoft|dropbox|github|openai|chatgpt|notion|patreon|paramount|peacock|sirius|siriusxm|nyt|times|journal|duolingo|playstation|xbox|nintendo|steam|gym|fitness|peloton|substack|canva|zoom|slack|1password|lastpass|grammarly)\b/;

function classify(
  direction: Direction,
  cadence: Cadence,
  merchantKey: string,
  description: string,
  category: CategoryRef | null,
  amount: StreamAmount,
  accountType: AccountType | undefined,
): StreamKind {
  if (isTransferLike(category, merchantKey, description)) return 'transfer';
  // Issue 10: money arriving on a card or loan (or a loan payment received anywhere) is a payment from
  // cash, counted once as the bill or transfer it was on the paying side; and a loan's own charges
  // (interest accrued) are paid by that same payment, so they are not a second bill.
  if (direction === 'inflow' && (accountType === 'credit' || accountType === 'loan')) return 'transfer';
  if (direction === 'inflow' && category?.primary === 'LOAN_PAYMENTS') return 'transfer';
  if (accountType === 'loan') return 'transfer';
  if (direction === 'inflow') return 'income';
  const monthly = monthlyEquivalent(cadence, amount.expected);
  const fixed = !amount.variable;
  const looksLikeSoftware =
    SUBSCRIPTION_WORDS.test(merchantKey) ||
    (category
      ? category.primary === 'ENTERTAINMENT' || SUBSCRIPTION_LIKELY_DETAILED.has(category.detailed)
      : monthly <= RECURRING_RULES.uncategorisedSubscriptionMaxMonthly);
  const subscriptionCadence = cadence !== 'biweekly' && cadence !== 'semi-monthly';
  const isBillCategory =
    category?.primary === 'RENT_AND_UTILITIES' ||
    category?.primary === 'LOAN_PAYMENTS' ||
    category?.detailed === 'GENERAL_SERVICES_INSURANCE';
  return fixed &&
    subscriptionCadence &&
    looksLikeSoftware &&
    !isBillCategory &&
    monthly <= RECURRING_RULES.subscriptionMaxMonthly
    ? 'subscription'
    : 'bill';
}

/** An amount per occurrence expressed per month (for the Money Plan's monthly totals). */
export function monthlyEquivalent(cadence: Cadence, amount: Cents): Cents {
  return roundCents((amount * occurrencesPerYear(cadence)) / 12);
}

function mostCommon<T>(values: readonly T[], keyOf: (v: T) => string): T | undefined {
  const counts = new Map<string, { value: T; count: number; lastIndex: number }>();
  values.forEach((value, index) => {
    const key = keyOf(value);
    const entry = counts.get(key);
    counts.set(key, { value, count: (entry?.count ?? 0) + 1, lastIndex: index });
  });
  let best: { value: T; count: number; lastIndex: number } | undefined;
  for (const entry of counts.values()) {
    // Ties go to the most recent: a renamed payee shows its current name.
    if (
      !best ||
      entry.count > best.count ||
      (entry.count === best.count && entry.lastIndex > best.lastIndex)
    ) {
      best = entry;
    }
  }
  return best?.value;
}

const sameLevel = (a: Cents, b: Cents): boolean => Math.abs(a - b) <= Math.max(a, b) * 0.01;

/**
 * The next occurrence's amount (issue 10: a mix of prices is expected at its mean):
 * - the latest one when the last two agree within 1 % and that price is new in the last 12 (a price
 *   change is adopted after it repeats once);
 * - the mean of the last 26 when they come at two or three prices, at least two of them seen twice
 *   (a meal kit dearer one week in five, a bill with an occasional add-on): the plan's sum over many
 *   occurrences is then right, where the usual price would be low every time;
 * - otherwise the median of the last 12 (a year of a variable bill).
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

/** Which way this payer moved nominal dates that fell on a weekend or holiday; a default by kind. */
function learnShift(fit: Fit, kind: StreamKind): BusinessDayShift {
  let before = 0;
  let after = 0;
  let stayed = 0;
  for (const { point, k } of fit.inliers) {
    const nominal = fit.compiled.nominal(k);
    if (isBusinessDay(nominal)) continue;
    if (point.day < nominal) before += 1;
    else if (point.day > nominal) after += 1;
    else stayed += 1;
  }
  if (before + after + stayed > 0) {
    if (stayed >= before && stayed >= after) return 'none';
    return before > after ? 'before' : 'after';
  }
  // No evidence yet: payroll is paid early, debits are taken late, card charges post on the day.
  if (kind === 'income') return 'before';
  return kind === 'subscription' ? 'none' : 'after';
}

const KIND_NOUNS: Record<StreamKind, string> = {
  income: 'deposits',
  bill: 'payments',
  subscription: 'charges',
  transfer: 'transfers',
};

function describeAmount(amount: StreamAmount): string {
  if (amount.min === amount.max) return `Always ${formatCents(amount.median)}.`;
  if (!amount.variable) {
    return `Usually ${formatCents(amount.median)} (${formatCents(amount.min)} to ${formatCents(amount.max)}); next expected ${formatCents(amount.expected)}.`;
  }
  return `Varies from ${formatCents(amount.min)} to ${formatCents(amount.max)}; typically ${formatCents(amount.median)}, next expected about ${formatCents(amount.expected)}.`;
}

function buildStream(
  accountId: string,
  direction: Direction,
  merchantKey: string,
  fit: Fit,
  todayDay: DayNumber,
  accountType: AccountType | undefined,
): RecurringStream {
  const rules = RECURRING_RULES;
  const txs = fit.inliers.map((i) => i.point.tx);
  const amounts = fit.inliers.map((i) => i.point.abs);
  const med = median(amounts);
  const mad = medianAbsoluteDeviation(amounts, med);
  const amount: StreamAmount = {
    median: roundCents(med),
    mad: roundCents(mad),
    min: Math.min(...amounts),
    max: Math.max(...amounts),
    expected: expectedAmount(amounts),
    variable: fit.spread > rules.fixedAmountSpread,
  };
  const categorised = txs.filter((t) => t.personal_finance_category?.primary);
  const common = mostCommon(
    categorised,
    (t) => `${t.personal_finance_category?.primary}|${t.personal_finance_category?.detailed}`,
  );
  const category: CategoryRef | null = common?.personal_finance_category?.primary
    ? {
        primary: common.personal_finance_category.primary,
        detailed: common.personal_finance_category.detailed ?? common.personal_finance_category.primary,
      }
    : null;
  const latest = txs[txs.length - 1];
  const description = latest ? payeeName(latest) : '';
  const kind = classify(direction, fit.cadence, merchantKey, description, category, amount, accountType);
  const shift = learnShift(fit, kind);
  const lastInlier = fit.inliers[fit.inliers.length - 1];
  const firstInlier = fit.inliers[0];
  if (!lastInlier || !firstInlier) throw new Error('A fit has at least two occurrences');
  const schedule = fit.describe(fit.compiled.nominal(lastInlier.k), shift);

  // The next occurrence after the last one seen (a late payment does not make the schedule skip) and
  // after today (issue 10: `next_date` is never on or before today). One that fell due on or before
  // today without posting, within the cadence's date tolerance, is `late`: still expected.
  let k = lastInlier.k + 1;
  while (shiftToBusinessDay(fit.compiled.nominal(k), shift) <= lastInlier.point.day) k += 1;
  let late: RecurringStream['late'] = null;
  for (; shiftToBusinessDay(fit.compiled.nominal(k), shift) <= todayDay; k += 1) {
    const due = shiftToBusinessDay(fit.compiled.nominal(k), shift);
    if (todayDay - due <= rules.maxDeviationDays[fit.cadence])
      late = { due_date: formatDay(due), nominal_date: formatDay(fit.compiled.nominal(k)) };
  }
  const nextNominal = fit.compiled.nominal(k);
  const nextDue = shiftToBusinessDay(nextNominal, shift);

  const period = periodDays(fit.cadence);
  const silentDays = todayDay - lastInlier.point.day;
  const status: StreamStatus = silentDays > rules.endedAfterPeriods * period ? 'ended' : 'active';

  const countScore = Math.min(1, (fit.inliers.length - 1) / 5);
  const coverage = fit.inliers.length / fit.expected;
  const regularity = 1 - fit.meanDev / (rules.maxDeviationDays[fit.cadence] + 1);
  // Streams accepted for their regular dates may vary more than maxAmountSpread: they score 0 here.
  const amountScore = Math.max(0, 1 - fit.spread / rules.maxAmountSpread);
  let confidence = 0.3 * countScore + 0.2 * coverage + 0.3 * regularity + 0.2 * amountScore;
  if (fit.inliers.length < rules.minOccurrences[fit.cadence]) confidence = Math.min(confidence, 0.6);
  confidence = Math.round(confidence * 100) / 100;

  const merchant = mostCommon(txs, (t) => payeeName(t).trim()) ?? txs[0];
  // The name planned items and the Money Plan show: cleaned for reading (the key groups, not this).
  const merchantName = merchant ? displayName(merchant) : merchantKey;
  const missed = fit.expected - fit.inliers.length;
  const explanation = [
    `${fit.inliers.length} ${KIND_NOUNS[kind]} from ${merchantName}, ${describeSchedule(schedule)}.`,
    `Dates are within ${fit.meanDev.toFixed(1)} days of that schedule on average` +
      (missed > 0
        ? `; ${missed} expected ${missed === 1 ? 'occurrence was' : 'occurrences were'} missed.`
        : '.'),
    describeAmount(amount),
    status === 'ended'
      ? `Nothing since ${formatDay(lastInlier.point.day)}, more than ${rules.endedAfterPeriods} periods ago: treated as ended.`
      : (late ? `The one due on ${late.due_date} has not arrived yet. ` : '') +
        `Next expected on ${formatDay(nextDue)}` +
        (nextDue !== nextNominal ? ` (the ${formatDay(nextNominal)} is not a business day).` : '.'),
  ];

  return {
    key: [accountId, direction, merchantKey, fit.cadence].join('|'),
    account_id: accountId,
    merchant: merchantName,
    merchant_key: merchantKey,
    direction,
    kind,
    cadence: fit.cadence,
    schedule,
    amount,
    category,
    first_date: formatDay(firstInlier.point.day),
    last_date: formatDay(lastInlier.point.day),
    next_date: formatDay(nextDue),
    next_nominal_date: formatDay(nextNominal),
    late,
    status,
    transaction_ids: txs.map((t) => t.id),
    confidence,
    evidence: {
      occurrences: fit.inliers.length,
      expected_occurrences: fit.expected,
      missed,
      mean_deviation_days: Math.round(fit.meanDev * 100) / 100,
      max_deviation_days: fit.maxDev,
      amount_spread: Math.round(fit.spread * 1000) / 1000,
    },
    explanation,
  };
}

/**
 * Detects recurring streams in posted history (any number of accounts; streams never span accounts).
 * The result does not depend on the order of `transactions`.
 */
export function detectRecurring(
  transactions: readonly HistoryTransaction[],
  options: DetectOptions,
): RecurringStream[] {
  const todayDay = parseDay(options.today);
  const groups = new Map<
    string,
    { accountId: string; direction: Direction; merchantKey: string; points: Point[] }
  >();
  for (const tx of transactions) {
    if (tx.pending || tx.amount === 0) continue;
    const day = parseDay(tx.date);
    if (day > todayDay) continue;
    const direction: Direction = tx.amount < 0 ? 'inflow' : 'outflow';
    const merchantKey = normalizeMerchant(payeeName(tx));
    const key = `${tx.account_id}\u0000${direction}\u0000${merchantKey}`;
    let group = groups.get(key);
    if (!group) {
      group = { accountId: tx.account_id, direction, merchantKey, points: [] };
      groups.set(key, group);
    }
    group.points.push({ tx, day, abs: Math.abs(tx.amount) });
  }

  const streams: RecurringStream[] = [];
  const groupKeys = [...groups.keys()].sort();
  for (const groupKey of groupKeys) {
    const group = groups.get(groupKey);
    if (!group || group.points.length < RECURRING_RULES.minYearlyOccurrences) continue;
    group.points.sort((a, b) => a.day - b.day || (a.tx.id < b.tx.id ? -1 : a.tx.id > b.tx.id ? 1 : 0));
    for (const fit of detectInGroup(group.points, group.merchantKey)) {
      streams.push(
        buildStream(
          group.accountId,
          group.direction,
          group.merchantKey,
          fit,
          todayDay,
          options.account_types?.[group.accountId],
        ),
      );
    }
  }
  // Keys start with the account id, so this orders by account, then direction, payee and cadence.
  return disambiguateKeys(streams).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Two streams of one payee and cadence (two Apple subscriptions) are told apart by their amount. */
function disambiguateKeys(streams: RecurringStream[]): RecurringStream[] {
  const counts = new Map<string, number>();
  for (const s of streams) counts.set(s.key, (counts.get(s.key) ?? 0) + 1);
  return streams.map((s) =>
    (counts.get(s.key) ?? 0) > 1 ? { ...s, key: `${s.key}|${s.amount.median}` } : s,
  );
}
