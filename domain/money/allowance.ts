// The everyday-spending allowance (issue 5 item 4): what an account typically spends on non-recurring
// things (groceries, fuel, eating out) per day of the week, so the forecast does not pretend that
// discretionary spending is zero. Recurring streams and transfers are excluded: the plan has those.
import { percentile, roundCents, type Cents } from './cents.ts';
import { formatDay, parseDay, weekday, type DayNumber } from './dates.ts';
import { normalizeMerchant, payeeName } from './merchant.ts';
import { expectedAmount, type HistoryTransaction, type RecurringStream } from './recurring.ts';

export const ALLOWANCE_RULES = {
  /** About 26 weeks: long enough for 26 samples per weekday, short enough to follow a change of habit. */
  lookbackDays: 180,
  /** Less history than four weeks gives no estimate: one week's shopping would set it. */
  minHistoryDays: 28,
  /** Each day's spending is capped at this percentile of spending days (a sofa is not everyday). */
  dailyCapPercentile: 0.95,
  /** Horizons (days) at which the spread of everyday spending is measured, as far as the window allows. */
  spreadHorizons: [7, 30, 90],
  /** The spread is the p10–p90 range of rolling sums: an 80 % band. */
  spreadPercentiles: [0.1, 0.9],
} as const;

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
const TRANSFER_WORDS =
  /\b(?:transfer|xfer|savings|checking|payment thank you|thank you payment|card payment|autopay)\b/;

/**
 * Transfers, income and loan payments are not everyday spending, whatever their schedule. Money coming
 * in counts (as a refund) only when its category says it is one: an uncategorised deposit may be pay.
 */
function isEverydaySpending(tx: HistoryTransaction): boolean {
  const primary = tx.personal_finance_category?.primary;
  if (primary) return !NOT_SPENDING_PRIMARIES.has(primary);
  return tx.amount > 0 && !TRANSFER_WORDS.test(normalizeMerchant(payeeName(tx)));
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
 * The p10/p90 spread of rolling sums of daily unplanned flows (Plaid sign) around `mean` × h, for each
 * horizon h that fits twice into the window (so there are at least h + 1 sums). Days are not capped:
 * the sofa the allowance leaves out is exactly what the band must allow for. Each horizon is widened to
 * at least the previous one's width, so the band never narrows with distance.
 */
export function measureSpread(perDay: ArrayLike<number>, mean: number): AllowanceSpread[] {
  const days = perDay.length;
  const [pLow, pHigh] = ALLOWANCE_RULES.spreadPercentiles;
  const prefix = new Float64Array(days + 1);
  for (let i = 0; i < days; i += 1) prefix[i + 1] = (prefix[i] ?? 0) + (perDay[i] ?? 0);
  const out: AllowanceSpread[] = [];
  let low = 0;
  let high = 0;
  for (const h of ALLOWANCE_RULES.spreadHorizons) {
    if (days < 2 * h) break;
    const sums = new Array<number>(days - h + 1);
    for (let i = 0; i + h <= days; i += 1) sums[i] = (prefix[i + h] ?? 0) - (prefix[i] ?? 0);
    // Spending above the mean lowers the cash flow: p90 of spending is the band's low side.
    low = Math.min(low, -roundCents(percentile(sums, pHigh) - mean * h) || 0);
    high = Math.max(high, -roundCents(percentile(sums, pLow) - mean * h) || 0);
    out.push({ days: h, low, high });
  }
  return out;
}

/**
 * What the forecast does not know in advance, per day of the window (Plaid sign: positive = out): every
 * posted transaction that is in no recurring stream and not otherwise excluded — everyday spending
 * uncapped (the sofa the allowance leaves out), but also transfers, irregular income, fees and interest
 * the plan has no stream for — plus each stream transaction's difference from what the plan would
 * have expected from the ones before it (a utility bill at ±30 %, a card payment that follows the
 * statement, interest that grows with the balance). Everyday spending alone
 * gave a band that held far fewer of the backtest's actual balances (docs/money-engine.md).
 */
function unplannedFlows(
  input: AllowanceInput,
  posted: readonly HistoryTransaction[],
  from: DayNumber,
  days: number,
): Float64Array {
  const out = new Float64Array(days);
  const excluded = new Set<string>(input.exclude_transaction_ids ?? []);
  const planned = new Map<string, number>();
  const streams = input.streams ?? [];
  if (streams.length > 0) {
    const byId = new Map(posted.map((tx) => [tx.id, tx]));
    for (const stream of streams) {
      const txs = stream.transaction_ids
        .flatMap((id) => {
          const tx = byId.get(id);
          return tx ? [tx] : [];
        })
        .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      // What the plan would have expected from the occurrences before (recurring.ts expectedAmount).
      txs.forEach((tx, k) =>
        planned.set(tx.id, k === 0 ? tx.amount : expectedAmount(txs.slice(0, k).map((t) => t.amount))),
      );
    }
  }
  for (const tx of posted) {
    const i = parseDay(tx.date) - from;
    if (i < 0 || i >= days || excluded.has(tx.id)) continue;
    out[i] = (out[i] ?? 0) + tx.amount - (planned.get(tx.id) ?? 0);
  }
  return out;
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

  const posted = input.transactions.filter((tx) => !tx.pending);
  let historyStart = today;
  for (const tx of posted) historyStart = Math.min(historyStart, parseDay(tx.date));
  const from = Math.max(today - lookback, historyStart);
  const to = today - 1;
  const days = to - from + 1;
  if (days < minHistory) return NO_ALLOWANCE;

  const perDay = new Float64Array(days);
  const unplanned = unplannedFlows(input, posted, from, days);
  let used = 0;
  for (const tx of posted) {
    const day = parseDay(tx.date);
    if (day < from || day > to || excluded.has(tx.id) || !isEverydaySpending(tx)) continue;
    perDay[day - from] = (perDay[day - from] ?? 0) + tx.amount;
    used += 1;
  }
  const spendingDays = [...perDay].filter((v) => v > 0);
  const cap = roundCents(percentile(spendingDays, ALLOWANCE_RULES.dailyCapPercentile));
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
    spread: measureSpread(unplanned, Math.max(0, total / days)),
    note: null,
  };
}
