// The allowance's band: held-out forecasts replayed over the account's own past, and the spread of
// their errors per horizon (docs/money-engine.md "Uncertainty band").
import { percentile, roundCents } from './cents.ts';
import { parseDay, type DayNumber } from './dates.ts';
import {
  ALLOWANCE_RULES,
  type AllowanceInput,
  type AllowanceSpread,
  type StreamDrift,
} from './allowance-rules.ts';
import { RECURRING_RULES } from './recurring-rules.ts';
import { expectedAmount } from './stream-amount.ts';
import type { HistoryTransaction } from './types.ts';

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
export function measureSpread(
  history: HeldOutHistory,
  /**
   * An account that holds money (savings): beyond a month each side is its own percentile of the
   * errors (p90 below the line, p10 above) instead of the half-range on both. Its surprises are
   * one-sided (a withdrawal; deposits come as planned), and the half-range put a withdrawal's width
   * above the line too, where nothing comes.
   */
  sided = false,
): MeasuredSpread {
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
    if (sided && direct && h > blockDays) {
      low = Math.min(0, -percentile(errors, pHigh));
      high = Math.max(0, -percentile(errors, pLow));
    }
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
export function heldOutHistory(
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
    /** A statement-planned payment's occurrences: day and amount each, and how many before the window. */
    readonly known?: {
      readonly days: readonly number[];
      readonly amounts: readonly number[];
      before: number;
    };
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
      ...(stream.from_statement
        ? { known: { days: txDays, amounts: magnitudes, before: txDays.filter((d) => d < 0).length } }
        : {}),
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
    if (s.known && n > 0) {
      // The next payment, due within a statement's gap, is the issued statement's: known to the cent.
      const k = s.known.before + (s.count[i + 1] ?? 0);
      const day = s.known.days[k];
      if (day !== undefined && day - i <= ALLOWANCE_RULES.statementGapDays)
        return s.sign * ((s.known.amounts[k] ?? 0) + (n - 1) * (s.expected[i] ?? 0));
    }
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
  // plan's level one grows by the stream's step each time. Not a stream that has ended (silent for
  // more periods than detection allows): the plan no longer plans it, and nothing more is to come of
  // it (interest paid at the old rate before a withdrawal, detected apart from the interest since).
  const drift: StreamDrift[] = [];
  for (const s of streams) {
    const slope = s.slope[days - 1] ?? 0;
    if (slope === 0) continue;
    if (days - 1 - s.lastDay > RECURRING_RULES.endedAfterPeriods * s.gap) continue;
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
