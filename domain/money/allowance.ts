// The everyday-spending allowance: what an account typically spends on non-recurring
// things (groceries, fuel, eating out) per day of the week, so the forecast does not pretend that
// discretionary spending is zero. Recurring streams and transfers are excluded: the plan has those.
import { percentile, roundCents, type Cents } from './cents.ts';
import { formatDay, parseDay, weekday, type DayNumber } from './dates.ts';
import { normalizeMerchant, payeeName } from './merchant.ts';
import {
  expectedAmount,
  isTransferLike,
  type HistoryTransaction,
  type RecurringStream,
} from './recurring.ts';

export const ALLOWANCE_RULES = {
  /** About 26 weeks: long enough for 26 samples per weekday, short enough to follow a change of habit. */
  lookbackDays: 180,
  /** Less history than four weeks gives no estimate: one week's shopping would set it. */
  minHistoryDays: 28,
  /** Each day's spending is capped at this percentile of spending days (a sofa is not everyday). */
  dailyCapPercentile: 0.95,
  /** Horizons (days) at which the band is measured, as far as the history allows, or projected. */
  spreadHorizons: [7, 30, 90, 180, 365, 730],
  /** The band is the p10–p90 range of the held-out forecast errors: an 80 % band. */
  spreadPercentiles: [0.1, 0.9],
  /**
   * The band is measured on up to two years of history (the allowance itself on the last half year):
   * the longer the past, the more of what changes over a year (a raise, a new bill) it has seen.
   */
  bandLookbackDays: 730,
  /** A horizon is measured only from this many forecast start days (fewer give no percentile). */
  minBandCuts: 30,
  /** A stream is in a past forecast once this many of its occurrences had posted (as detection needs). */
  knownStreamOccurrences: 3,
  /**
   * A past forecast starts after at least this much history: a quarter, in which monthly streams post
   * the three times detection needs (earlier ones would miss the pay itself, and widen the band with
   * what no real forecast is missing).
   */
  minBandHistoryDays: 90,
  /**
   * Beyond the longest measured horizon the band widens as (h / longest)^growth, the growth measured
   * between the two longest horizons: ½ when surprises are independent days (a sum's spread grows by
   * √h), 1 when they persist (a raise, a bill that ends), more when they compound (interest that
   * grows with the balance). Bounded, as two horizons are little evidence.
   */
  bandGrowth: { min: 1, max: 1.5, unmeasured: 0.5 },
  /**
   * Beyond a month the band also holds what months drawn from the account's own past add up to: the
   * p10 and p90 of sums of ⌈h / blockDays⌉ held-out `blockDays`-day errors drawn at random (`draws`
   * times, a fixed seed: the same history gives the same band). Overlapping windows of one short past
   * see a quarter's or a year's surprises only a few times, and centre them on the line; months drawn
   * apart keep their lumps (a savings withdrawal, a bonus put aside) and their lean (deposits that
   * usually outweigh withdrawals) — issue 10 item 6, docs/money-engine.md "Uncertainty band".
   */
  bandBootstrap: { blockDays: 30, draws: 1000 },
  /**
   * Large withdrawals from an account that holds money rather than spends it (no everyday spending:
   * savings), pooled over many such accounts (the empirical-Bayes prior): a withdrawal of at least
   * `minShare` of the balance comes `perYear` times a year, its share of the balance at the deciles in
   * `shares`. One quiet year says little about a withdrawal that comes every year or two, so the
   * account's own count is weighed against the prior's `priorYears` years (`withdrawalRate`); the
   * forecast's low side then reaches the p10 of what such withdrawals take (forecast.ts). Measured on
   * the sandbox's calibration seeds 21–40 (docs/money-engine.md "Uncertainty band").
   */
  withdrawalPrior: {
    minShare: 0.1,
    perYear: 1.32,
    priorYears: 2,
    shares: [0.101, 0.127, 0.156, 0.179, 0.226, 0.278, 0.341, 0.408, 0.478, 0.572, 0.902],
  },
} as const;

/**
 * The past outflows of an account that holds money (`Allowance.withdrawals`): each as its amount
 * (cents, > 0) and the net cash flow after its day up to today, so that its share of the balance then
 * follows from today's balance: amount / (balance − after + amount).
 */
export interface PastWithdrawals {
  /** The years of history the outflows were looked for in. */
  readonly years: number;
  readonly past: readonly { readonly amount: Cents; readonly after: Cents }[];
}

/**
 * The yearly rate of large withdrawals for an account with `balance` (cents, held) today: the pooled
 * prior's rate weighed as `priorYears` years of evidence, plus the account's own count of outflows of
 * at least `minShare` of the balance then over its own years (a Gamma–Poisson posterior mean).
 */
export function withdrawalRate(withdrawals: PastWithdrawals, balance: Cents): number {
  const { minShare, perYear, priorYears } = ALLOWANCE_RULES.withdrawalPrior;
  let own = 0;
  for (const w of withdrawals.past) {
    const before = balance - w.after + w.amount;
    if (before > 0 && w.amount >= minShare * before) own += 1;
  }
  return (perYear * priorYears + own) / (priorYears + withdrawals.years);
}

/**
 * How far what the plan does not foresee strayed from the allowance (its mean × days) over `days` days
 * in the window: the 10th and 90th percentiles of rolling `days`-day sums of the *unplanned* flows
 * (see `estimateAllowance`), minus the mean × days, as cash flows (`low` ≤ 0: more went out than the
 * forecast assumes; `high` ≥ 0: less went out, or more came in).
 */
export interface AllowanceSpread {
  readonly days: number;
  readonly low: Cents;
  readonly high: Cents;
}

/**
 * What a drifting stream adds beyond its planned amount, as cash flows: `amount` on day `first_day`
 * after today, then every `period_days` (rounded to whole days) `step` more each time.
 */
export interface StreamDrift {
  readonly first_day: number;
  readonly period_days: number;
  readonly amount: Cents;
  readonly step: Cents;
}

export interface Allowance {
  /** Typical non-recurring spending per weekday (0 = Sunday … 6 = Saturday), cash-flow sign (≤ 0). */
  readonly per_weekday: readonly [Cents, Cents, Cents, Cents, Cents, Cents, Cents];
  /** The mean over the whole window, cash-flow sign (≤ 0). */
  readonly daily_average: Cents;
  /** The history window used, inclusive. Null dates when there was too little history. */
  readonly from: string | null;
  readonly to: string | null;
  readonly days: number;
  readonly transactions_used: number;
  /** The per-day cap applied to spending before averaging, in cents (Plaid sign: spending). */
  readonly daily_cap: Cents;
  readonly method: 'weekday-mean-of-capped-days';
  /**
   * The measured spread per horizon, shortest first, each at least as wide as the one before. Empty
   * when there was too little history (or none measured): the forecast then has no band.
   */
  readonly spread: readonly AllowanceSpread[];
  /** How the band widens beyond the longest measured horizon (`ALLOWANCE_RULES.bandGrowth`); ½ if absent. */
  readonly spread_growth?: number;
  /**
   * Streams whose amounts drift one way (interest on a growing balance), which the plan keeps level:
   * the forecast adds what they bring beyond the plan's amounts, with the allowance. Absent or empty:
   * none.
   */
  readonly drift?: readonly StreamDrift[];
  /**
   * For an account with no everyday spending (money held, not spent: savings), its unplanned outflows
   * over the band's window, for the forecast's large-withdrawal side (`withdrawalRate`). Absent: none.
   */
  readonly withdrawals?: PastWithdrawals;
  /** Why the allowance is zero, when it is. */
  readonly note: 'insufficient_history' | null;
}

export interface AllowanceInput {
  /** One account's history (Plaid sign). Pending transactions are ignored. */
  readonly transactions: readonly HistoryTransaction[];
  readonly today: string;
  /**
   * Streams whose transactions are excluded (they are in the plan already), one entry per stream: the
   * band measures each one's amounts against what the plan would have expected of them.
   */
  readonly streams?: readonly Pick<RecurringStream, 'transaction_ids'>[];
  /** More transactions to exclude, e.g. those reconciled with a user's one-off planned items. */
  readonly exclude_transaction_ids?: Iterable<string>;
  readonly lookback_days?: number;
  readonly min_history_days?: number;
}

const NOT_SPENDING_PRIMARIES = new Set(['INCOME', 'TRANSFER_IN', 'TRANSFER_OUT', 'LOAN_PAYMENTS']);
/** Beside the transfer words a stream is classed by, any mention of savings or checking. */
const OWN_ACCOUNT_WORDS = /\b(?:savings|checking)\b/;

/**
 * Transfers, income and loan payments are not everyday spending, whatever their schedule. Money coming
 * in counts (as a refund) only when its category says it is one: an uncategorised deposit may be pay.
 */
function isEverydaySpending(tx: HistoryTransaction): boolean {
  const primary = tx.personal_finance_category?.primary;
  if (primary) return !NOT_SPENDING_PRIMARIES.has(primary);
  const payee = payeeName(tx);
  const key = normalizeMerchant(payee);
  return tx.amount > 0 && !isTransferLike(null, key, payee) && !OWN_ACCOUNT_WORDS.test(key);
}

export const NO_ALLOWANCE: Allowance = {
  per_weekday: [0, 0, 0, 0, 0, 0, 0],
  daily_average: 0,
  from: null,
  to: null,
  days: 0,
  transactions_used: 0,
  daily_cap: 0,
  method: 'weekday-mean-of-capped-days',
  spread: [],
  note: 'insufficient_history',
};

/**
 * A past seen as a series of forecasts: `actual[i]` is what moved on day i of the window (Plaid sign:
 * positive = out), and `predicted(i, h)` what a forecast made at the end of day i, with only what was
 * known then, would have assumed for days i + 1 … i + h (null when it could not have forecast then).
 */
export interface HeldOutHistory {
  readonly actual: ArrayLike<number>;
  readonly predicted: (day: number, days: number) => number | null;
}

export interface MeasuredSpread {
  readonly spread: AllowanceSpread[];
  readonly growth: number;
}

/**
 * The band from held-out forecasts: for each horizon h with enough start days, the 10th and 90th
 * percentiles of (actual − predicted) over h days; horizons too long for the history are projected
 * from the longest measured one, widened by (h / longest)^growth with the growth measured between the
 * two longest (`ALLOWANCE_RULES.bandGrowth`). Half the p10–p90 range on each side of the line, as
 * cash-flow offsets, each horizon at least as wide as the one before and holding zero.
 */
export function measureSpread(history: HeldOutHistory): MeasuredSpread {
  const days = history.actual.length;
  const [pLow, pHigh] = ALLOWANCE_RULES.spreadPercentiles;
  const prefix = new Float64Array(days + 1);
  for (let i = 0; i < days; i += 1) prefix[i + 1] = (prefix[i] ?? 0) + (history.actual[i] ?? 0);
  const errorsAt = (h: number): number[] => {
    const errors: number[] = [];
    for (let i = 0; i + h < days; i += 1) {
      const predicted = history.predicted(i, h);
      if (predicted !== null) errors.push((prefix[i + 1 + h] ?? 0) - (prefix[i + 1] ?? 0) - predicted);
    }
    return errors;
  };
  const { blockDays, draws } = ALLOWANCE_RULES.bandBootstrap;
  const blocks = errorsAt(blockDays);
  const canDraw = blocks.length >= ALLOWANCE_RULES.minBandCuts;
  const measured: Array<{ days: number; low: number; high: number }> = [];
  for (const h of ALLOWANCE_RULES.spreadHorizons) {
    const errors = errorsAt(h);
    const direct = errors.length >= ALLOWANCE_RULES.minBandCuts;
    if (!direct && !(canDraw && h > blockDays)) break;
    // Spending above the prediction lowers the cash flow: p90 of the error is the band's low side.
    const half = direct ? (percentile(errors, pHigh) - percentile(errors, pLow)) / 2 : 0;
    let low = -half;
    let high = half;
    if (canDraw && h > blockDays) {
      const drawn = sumsOfDrawnBlocks(blocks, h / blockDays, draws);
      low = Math.min(low, -percentile(drawn, pHigh));
      high = Math.max(high, -percentile(drawn, pLow));
    }
    measured.push({ days: h, low, high });
  }
  const { min, max, unmeasured } = ALLOWANCE_RULES.bandGrowth;
  const a = measured[measured.length - 2];
  const b = measured[measured.length - 1];
  let growth: number = unmeasured;
  if (a && b && b.high - b.low > 0 && a.high - a.low > 0) {
    const fitted = Math.log((b.high - b.low) / (a.high - a.low)) / Math.log(b.days / a.days);
    growth = Math.min(max, Math.max(min, fitted));
  }
  const out: AllowanceSpread[] = [];
  if (!b) return { spread: out, growth: unmeasured };
  let low = 0;
  let high = 0;
  for (const h of ALLOWANCE_RULES.spreadHorizons) {
    const widen = h <= b.days ? 1 : (h / b.days) ** growth;
    const at = measured.find((m) => m.days === h) ?? { low: b.low * widen, high: b.high * widen };
    low = Math.min(low, roundCents(at.low) || 0);
    high = Math.max(high, roundCents(at.high) || 0);
    out.push({ days: h, low, high });
  }
  return { spread: out, growth: Math.round(growth * 1000) / 1000 };
}

/**
 * `draws` sums of `blocks` (a whole number of them, and the fraction left as a share of one more)
 * errors drawn with replacement, sorted; a fixed-seed generator, so the same errors give the same sums.
 */
function sumsOfDrawnBlocks(errors: readonly number[], blocks: number, draws: number): number[] {
  let state = 0x9e3779b9;
  const next = () => {
    // xorshift32: fast, deterministic, plenty for picking among a few hundred errors.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const pick = () => errors[Math.floor(next() * errors.length)] ?? 0;
  const whole = Math.floor(blocks);
  const part = blocks - whole;
  const sums: number[] = [];
  for (let n = 0; n < draws; n += 1) {
    let sum = 0;
    for (let j = 0; j < whole; j += 1) sum += pick();
    if (part > 0) sum += part * pick();
    sums.push(sum);
  }
  return sums.sort((a, b) => a - b);
}

/**
 * A stream's amounts drift when, over its last 12, at least 80 % of the changes from one occurrence to
 * the next go one way (interest on a growing balance); its slope is then the median change. Bills that
 * vary, seasonal or mixed amounts go both ways and have none.
 */
function driftPerOccurrence(magnitudes: readonly number[]): number {
  const recent = magnitudes.slice(-12);
  const steps: number[] = [];
  for (let i = 1; i < recent.length; i += 1) steps.push((recent[i] ?? 0) - (recent[i - 1] ?? 0));
  if (steps.length < 4) return 0;
  const up = steps.filter((d) => d > 0).length;
  const down = steps.filter((d) => d < 0).length;
  if (Math.max(up, down) < 0.9 * steps.length) return 0;
  return percentile(steps, 0.5);
}

/**
 * The forecasts the plan and the allowance would have made over the band's window, from the account's
 * own history (a band that means what it says). At the end of each day i: everyday spending
 * at the mean of the (capped) half year before, and each stream that had posted
 * `knownStreamOccurrences` times at the amount `expectedAmount` gave then, once per occurrence that
 * followed. Everything else that moved — spending above the mean, the sofa, transfers and income in no
 * stream, a stream's amounts straying or drifting (interest that grows with the balance), a stream not
 * yet known — is the error the band is made of. Held out: each forecast uses only days up to its own.
 */
function heldOutHistory(
  input: AllowanceInput,
  posted: readonly HistoryTransaction[],
  from: DayNumber,
  days: number,
  everyday: Float64Array,
): { history: HeldOutHistory; drift: StreamDrift[] } {
  const excluded = new Set<string>(input.exclude_transaction_ids ?? []);
  const actual = new Float64Array(days);
  for (const tx of posted) {
    const i = parseDay(tx.date) - from;
    if (i >= 0 && i < days && !excluded.has(tx.id)) actual[i] = (actual[i] ?? 0) + tx.amount;
  }
  // Per stream: occurrences up to each day (prefix counts), and after each day the amount the plan
  // expected, the latest amount and its drift per occurrence (magnitudes; `sign` is the direction).
  const byId = new Map(posted.map((tx) => [tx.id, tx]));
  interface StreamDays {
    readonly sign: number;
    readonly count: Int32Array;
    readonly expected: Float64Array;
    readonly latest: Float64Array;
    readonly slope: Float64Array;
    readonly gap: number;
    readonly lastDay: number;
  }
  const streams: StreamDays[] = [];
  for (const stream of input.streams ?? []) {
    const txs = stream.transaction_ids
      .flatMap((id) => {
        const tx = byId.get(id);
        return tx && !excluded.has(id) ? [tx] : [];
      })
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    if (txs.length === 0) continue;
    const magnitudes = txs.map((t) => Math.abs(t.amount));
    const txDays = txs.map((t) => parseDay(t.date) - from);
    const gaps = txDays.slice(1).map((d, j) => d - (txDays[j] ?? d));
    const row: StreamDays = {
      sign: (txs[0]?.amount ?? 0) < 0 ? -1 : 1,
      count: new Int32Array(days + 1),
      expected: new Float64Array(days),
      latest: new Float64Array(days),
      slope: new Float64Array(days),
      gap: Math.max(1, percentile(gaps, 0.5)),
      lastDay: txDays[txDays.length - 1] ?? 0,
    };
    let k = 0;
    let inWindow = 0;
    for (let i = 0; i < days; i += 1) {
      const before = k;
      for (; k < txs.length && (txDays[k] ?? 0) <= i; k += 1) if ((txDays[k] ?? 0) >= 0) inWindow += 1;
      if (k !== before && k >= ALLOWANCE_RULES.knownStreamOccurrences) {
        const known = magnitudes.slice(0, k);
        row.expected[i] = expectedAmount(known);
        row.latest[i] = known[k - 1] ?? 0;
        row.slope[i] = driftPerOccurrence(known);
      } else if (i > 0) {
        row.expected[i] = row.expected[i - 1] ?? 0;
        row.latest[i] = row.latest[i - 1] ?? 0;
        row.slope[i] = row.slope[i - 1] ?? 0;
      }
      row.count[i + 1] = inWindow;
    }
    streams.push(row);
  }
  // n occurrences after day i: at the plan's amount, or following the stream's drift.
  const occurrences = (s: StreamDays, i: number, n: number, trend: boolean): number => {
    const slope = s.slope[i] ?? 0;
    return trend && slope !== 0
      ? s.sign * (n * (s.latest[i] ?? 0) + (slope * n * (n + 1)) / 2)
      : s.sign * n * (s.expected[i] ?? 0);
  };
  // Everyday spending per day over the allowance's own history, for the trailing mean at each day.
  const everydayPrefix = new Float64Array(everyday.length + 1);
  for (let i = 0; i < everyday.length; i += 1)
    everydayPrefix[i + 1] = (everydayPrefix[i] ?? 0) + (everyday[i] ?? 0);
  const lookback = input.lookback_days ?? ALLOWANCE_RULES.lookbackDays;
  const minHistory = input.min_history_days ?? ALLOWANCE_RULES.minHistoryDays;
  // Today's drifting streams, for the forecast line: from the next occurrence on, the amount beyond the
  // plan's level one grows by the stream's step each time.
  const drift: StreamDrift[] = [];
  for (const s of streams) {
    const slope = s.slope[days - 1] ?? 0;
    if (slope === 0) continue;
    drift.push({
      first_day: Math.max(1, s.lastDay + Math.round(s.gap) - days),
      period_days: s.gap,
      amount: -s.sign * ((s.latest[days - 1] ?? 0) + slope - (s.expected[days - 1] ?? 0)) || 0,
      step: -s.sign * slope || 0,
    });
  }
  const history: HeldOutHistory = {
    actual,
    predicted: (i, h) => {
      const end = i + 1;
      const length = Math.min(lookback, end);
      if (length < minHistory || end < ALLOWANCE_RULES.minBandHistoryDays) return null;
      const mean = Math.max(0, ((everydayPrefix[end] ?? 0) - (everydayPrefix[end - length] ?? 0)) / length);
      let planned = 0;
      for (const s of streams) {
        const n = (s.count[Math.min(days, i + 1 + h)] ?? 0) - (s.count[i + 1] ?? 0);
        planned += occurrences(s, i, n, true);
      }
      return mean * h + planned;
    },
  };
  return { history, drift };
}

/**
 * The outflows in no stream and no user's item over days `from`…`to`, each with the net cash flow
 * (Plaid sign turned around: money in is positive) after its day up to today.
 */
function pastWithdrawals(
  posted: readonly HistoryTransaction[],
  excluded: ReadonlySet<string>,
  from: DayNumber,
  to: DayNumber,
  today: DayNumber,
): PastWithdrawals {
  const flowAfter = new Float64Array(today - from + 2);
  for (const tx of posted) {
    const i = parseDay(tx.date) - from;
    if (i >= 0 && i <= today - from) flowAfter[i] = (flowAfter[i] ?? 0) - tx.amount;
  }
  for (let i = flowAfter.length - 2; i >= 0; i -= 1)
    flowAfter[i] = (flowAfter[i] ?? 0) + (flowAfter[i + 1] ?? 0);
  const past: { amount: Cents; after: Cents }[] = [];
  for (const tx of posted) {
    const i = parseDay(tx.date) - from;
    if (tx.amount <= 0 || i < 0 || i > to - from || excluded.has(tx.id)) continue;
    past.push({ amount: tx.amount, after: roundCents(flowAfter[i + 1] ?? 0) || 0 });
  }
  past.sort((a, b) => a.after - b.after || a.amount - b.amount);
  return { years: Math.round(((to - from + 1) / 365) * 1000) / 1000, past };
}

/**
 * The mean spending per weekday over the last `lookback_days` (from the start of history if shorter,
 * up to yesterday: today is not over), after capping each day at the 95th percentile of spending
 * days. A mean, not a median: most days have no spending at all, so per-weekday medians are zero for
 * anyone who shops a few times a week. The cap keeps one large purchase from raising every future day.
 */
export function estimateAllowance(input: AllowanceInput): Allowance {
  const today = parseDay(input.today);
  const lookback = input.lookback_days ?? ALLOWANCE_RULES.lookbackDays;
  const minHistory = input.min_history_days ?? ALLOWANCE_RULES.minHistoryDays;
  const excluded = new Set<string>(input.exclude_transaction_ids ?? []);
  for (const stream of input.streams ?? []) for (const id of stream.transaction_ids) excluded.add(id);

  // Nothing before the band's window counts, however much history is given: a caller may read just
  // the window (functions/lib/money/forecast-store.ts) and get the same allowance and band.
  const windowStart = formatDay(today - ALLOWANCE_RULES.bandLookbackDays);
  const posted = input.transactions.filter((tx) => !tx.pending && tx.date >= windowStart);
  let historyStart = today;
  for (const tx of posted) historyStart = Math.min(historyStart, parseDay(tx.date));
  const from = Math.max(today - lookback, historyStart);
  const to = today - 1;
  const days = to - from + 1;
  if (days < minHistory) return NO_ALLOWANCE;

  // Everyday spending per day over the band's longer window; the allowance reads its last `days`.
  const bandFrom = Math.max(today - ALLOWANCE_RULES.bandLookbackDays, historyStart);
  const bandDays = to - bandFrom + 1;
  const everyday = new Float64Array(bandDays);
  let used = 0;
  for (const tx of posted) {
    const day = parseDay(tx.date);
    if (day < bandFrom || day > to || excluded.has(tx.id) || !isEverydaySpending(tx)) continue;
    everyday[day - bandFrom] = (everyday[day - bandFrom] ?? 0) + tx.amount;
    if (day >= from) used += 1;
  }
  const perDay = everyday.subarray(from - bandFrom);
  const spendingDays = [...perDay].filter((v) => v > 0);
  const cap = roundCents(percentile(spendingDays, ALLOWANCE_RULES.dailyCapPercentile));
  const capped = everyday.map((v) => Math.min(v, cap));
  const heldOut = heldOutHistory(input, posted, bandFrom, bandDays, capped);
  const band = measureSpread(heldOut.history);
  const withdrawals = everyday.some((v) => v !== 0)
    ? undefined
    : pastWithdrawals(posted, excluded, bandFrom, to, today);
  const sums = [0, 0, 0, 0, 0, 0, 0];
  const counts = [0, 0, 0, 0, 0, 0, 0];
  let total = 0;
  for (let i = 0; i < days; i += 1) {
    const spent = Math.min(perDay[i] ?? 0, cap);
    const wd = weekday(from + i);
    sums[wd] = (sums[wd] ?? 0) + spent;
    counts[wd] = (counts[wd] ?? 0) + 1;
    total += spent;
  }
  // Refunds can outweigh purchases on some weekday; the allowance never forecasts money coming in.
  const flow = (sum: number, count: number): Cents =>
    count > 0 ? -Math.max(0, roundCents(sum / count)) || 0 : 0;
  const perWeekday = sums.map((s, wd) => flow(s, counts[wd] ?? 0));
  return {
    per_weekday: [
      perWeekday[0] ?? 0,
      perWeekday[1] ?? 0,
      perWeekday[2] ?? 0,
      perWeekday[3] ?? 0,
      perWeekday[4] ?? 0,
      perWeekday[5] ?? 0,
      perWeekday[6] ?? 0,
    ],
    daily_average: flow(total, days),
    from: formatDay(from),
    to: formatDay(to),
    days,
    transactions_used: used,
    daily_cap: cap,
    method: 'weekday-mean-of-capped-days',
    spread: band.spread,
    spread_growth: band.growth,
    drift: heldOut.drift,
    ...(withdrawals ? { withdrawals } : {}),
    note: null,
  };
}
