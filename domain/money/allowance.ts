// The everyday-spending allowance: what an account typically spends on non-recurring
// things (groceries, fuel, eating out) per day of the week, so the forecast does not pretend that
// discretionary spending is zero. Recurring streams and transfers are excluded: the plan has those.
import { percentile, roundCents, type Cents } from './cents.ts';
import { formatDay, parseDay, weekday } from './dates.ts';
import { normalizeMerchant, payeeName } from './merchant.ts';
import { ALLOWANCE_RULES, NO_ALLOWANCE, type Allowance, type AllowanceInput } from './allowance-rules.ts';
import { heldOutHistory, measureSpread } from './band.ts';
import { isTransferLike } from './stream-kind.ts';
import type { HistoryTransaction } from './types.ts';
import { pastWithdrawals } from './withdrawals.ts';

export { ALLOWANCE_RULES, NO_ALLOWANCE } from './allowance-rules.ts';
export type {
  Allowance,
  AllowanceInput,
  AllowanceSpread,
  PastWithdrawals,
  StreamDrift,
} from './allowance-rules.ts';
export { measureSpread, type HeldOutHistory, type MeasuredSpread } from './band.ts';
export { withdrawalRate } from './withdrawals.ts';

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
