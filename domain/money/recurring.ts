// Recurring detection: from an account's posted history, the streams of income, bills,
// subscriptions and transfers that repeat on a schedule. Deterministic and explainable: every stream
// names the transactions it was built from, the schedule they fit and how well. docs/money-engine.md
// explains the algorithm and why each threshold is what it is.
import { formatCents, medianAbsoluteDeviation, median, roundCents, type Cents } from './cents.ts';
import { formatDay, isBusinessDay, MONTH_NAMES, parseDay, toCivil, type DayNumber } from './dates.ts';
import { displayName, normalizeMerchant, payeeName } from './merchant.ts';
import { monthAmount, plannedAmount } from './planned-amount.ts';
import { RECURRING_RULES } from './recurring-rules.ts';
import { describeSchedule, periodDays, shiftToBusinessDay, type BusinessDayShift } from './schedule.ts';
import { bestFit, type Fit, type Point } from './schedule-fit.ts';
import { describeVariableAmount, expectedAmount, recentMedian, seasonalAmounts } from './stream-amount.ts';
import { classify } from './stream-kind.ts';
import type {
  AccountType,
  CategoryRef,
  DetectOptions,
  Direction,
  HistoryTransaction,
  RecurringStream,
  StreamAmount,
  StreamKind,
  StreamStatus,
} from './types.ts';

export { RECURRING_RULES } from './recurring-rules.ts';
export { expectedAmount } from './stream-amount.ts';
export { isTransferLike, monthlyEquivalent } from './stream-kind.ts';
export type {
  CategoryRef,
  DetectOptions,
  Direction,
  HistoryTransaction,
  RecurringStream,
  StreamAmount,
  StreamEvidence,
  StreamKind,
  StreamStatus,
} from './types.ts';

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

function describeAmount(amount: StreamAmount, kind: StreamKind, nextNominal: DayNumber): string {
  if (amount.min === amount.max) return `Always ${formatCents(amount.median)}.`;
  const seasonal = kind === 'bill' ? monthAmount(amount.by_month, formatDay(nextNominal)) : null;
  if (seasonal !== null)
    return `Varies with the seasons from ${formatCents(amount.min)} to ${formatCents(amount.max)}: each month is planned at that month's past amounts, about ${formatCents(seasonal)} for ${MONTH_NAMES[toCivil(nextNominal).month - 1]}.`;
  if (!amount.variable) {
    return `Usually ${formatCents(amount.median)} (${formatCents(amount.min)} to ${formatCents(amount.max)}); next expected ${formatCents(amount.expected)}.`;
  }
  // A variable amount says it varies, and what it is planned at follows its latest amounts.
  const planned = plannedAmount({ kind, amount });
  const recent = describeVariableAmount(planned, amount.last ?? []);
  return `Varies from ${formatCents(amount.min)} to ${formatCents(amount.max)}: planned at ${recent}.`;
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
  const measured: StreamAmount = {
    median: roundCents(med),
    mad: roundCents(mad),
    min: Math.min(...amounts),
    max: Math.max(...amounts),
    expected: expectedAmount(amounts),
    variable: fit.spread > rules.fixedAmountSpread,
    recent: recentMedian(amounts.slice(-12)),
    last: amounts.slice(-3),
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
  const kind = classify(direction, fit.cadence, merchantKey, description, category, measured, accountType);
  // A monthly bill that follows the seasons is planned month by month (its months by nominal date).
  const byMonth =
    kind === 'bill' && fit.cadence === 'monthly' && measured.variable
      ? seasonalAmounts(
          fit.inliers.map((i) => ({
            month: toCivil(fit.compiled.nominal(i.k)).month - 1,
            amount: i.point.abs,
          })),
        )
      : undefined;
  const amount: StreamAmount = byMonth ? { ...measured, by_month: byMonth } : measured;
  const shift = learnShift(fit, kind);
  const lastInlier = fit.inliers[fit.inliers.length - 1];
  const firstInlier = fit.inliers[0];
  if (!lastInlier || !firstInlier) throw new Error('A fit has at least two occurrences');
  const schedule = fit.describe(fit.compiled.nominal(lastInlier.k), shift);

  // The next occurrence after the last one seen (a late payment does not make the schedule skip) and
  // after today (`next_date` is never on or before today). One that fell due on or before
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
    describeAmount(amount, kind, nextNominal),
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
