// The everyday-spending allowance: what an account typically spends on non-recurring
// things (groceries, fuel, eating out) per day of the week, so the forecast does not pretend that
// discretionary spending is zero. Recurring streams and transfers are excluded: the plan has those.
import { percentile, roundCents, type Cents } from './cents.ts';
import { daysInMonth, formatDay, parseDay, toCivil, weekday, type DayNumber } from './dates.ts';
import { normalizeMerchant, payeeName } from './merchant.ts';
import {
  ALLOWANCE_RULES,
  NO_ALLOWANCE,
  type Allowance,
  type AllowanceInput,
  type MonthRest,
  type UnplannedIncome,
} from './allowance-rules.ts';
import { combineSpreads, holdSpreadAfter, lumpProcess, lumpThreshold } from './lumps.ts';
import { heldOutHistory, measureSpread } from './band.ts';
import { findHabits, habitNearTerm, type Habit, type HabitPurchase } from './habits.ts';
import { findSeasonalBills, seasonalCharges, type SeasonalPurchase } from './seasonal.ts';
import { isTransferLike } from './stream-kind.ts';
import type { HistoryTransaction } from './types.ts';
import { pastWithdrawals } from './withdrawals.ts';

export { ALLOWANCE_RULES, NO_ALLOWANCE } from './allowance-rules.ts';
export type {
  Allowance,
  AllowanceInput,
  AllowanceSpread,
  LumpProcess,
  MonthRest,
  PastWithdrawals,
  UnplannedIncome,
  StreamDrift,
} from './allowance-rules.ts';
export { measureSpread, type HeldOutHistory, type MeasuredSpread } from './band.ts';
export { withdrawalRate } from './withdrawals.ts';

const INTEREST_EARNED = 'INCOME_INTEREST_EARNED';
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

  // Rare, large purchases are their own process (lumps.ts): left out of the daily mean and of the
  // held-out errors, so the band's two parts do not count them twice.
  const bandFrom = Math.max(today - ALLOWANCE_RULES.bandLookbackDays, historyStart);
  // Seasonal bills (seasonal.ts) are expected in their own months: out of everything below.
  const seasonalPurchases: SeasonalPurchase[] = [];
  for (const tx of posted)
    if (tx.amount > 0 && !excluded.has(tx.id) && isEverydaySpending(tx))
      seasonalPurchases.push({
        id: tx.id,
        payee: normalizeMerchant(payeeName(tx)),
        day: parseDay(tx.date),
        amount: tx.amount,
      });
  const seasonalBills = findSeasonalBills(seasonalPurchases, bandFrom, today);
  for (const bill of seasonalBills) for (const id of bill.transaction_ids) excluded.add(id);
  const bandDays = to - bandFrom + 1;
  const purchases: number[] = [];
  for (const tx of posted)
    if (tx.amount > 0 && parseDay(tx.date) <= to && !excluded.has(tx.id) && isEverydaySpending(tx))
      purchases.push(tx.amount);
  const threshold = lumpThreshold(purchases, bandDays);
  const lumpIds = new Set<string>();
  const lumpSizes: number[] = [];
  for (const tx of posted) {
    if (tx.amount < threshold || parseDay(tx.date) > to || excluded.has(tx.id) || !isEverydaySpending(tx))
      continue;
    lumpIds.add(tx.id);
    lumpSizes.push(tx.amount);
  }

  // Everyday spending per day over the band's longer window; the allowance reads its last `days`.
  const everyday = new Float64Array(bandDays);
  let used = 0;
  for (const tx of posted) {
    const day = parseDay(tx.date);
    if (day < bandFrom || day > to || excluded.has(tx.id) || !isEverydaySpending(tx)) continue;
    if (day >= from) used += 1;
    if (lumpIds.has(tx.id)) continue;
    everyday[day - bandFrom] = (everyday[day - bandFrom] ?? 0) + tx.amount;
  }
  const perDay = everyday.subarray(from - bandFrom);
  const spendingDays = [...perDay].filter((v) => v > 0);
  const cap = roundCents(percentile(spendingDays, ALLOWANCE_RULES.dailyCapPercentile));
  const capped = everyday.map((v) => Math.min(v, cap));
  const heldOut = heldOutHistory(
    {
      ...input,
      exclude_transaction_ids: [
        ...(input.exclude_transaction_ids ?? []),
        ...lumpIds,
        ...seasonalBills.flatMap((b) => b.transaction_ids),
      ],
    },
    posted,
    bandFrom,
    bandDays,
    capped,
  );
  const spends = everyday.some((v) => v !== 0) || lumpIds.size > 0;
  const band = measureSpread(heldOut.history, !spends);
  const withdrawals = spends ? undefined : pastWithdrawals(posted, excluded, bandFrom, to, today);
  const lumps = spends
    ? lumpProcess(lumpSizes, bandDays / 365, threshold, input.paid_by_statement ? 'expectation' : 'median')
    : undefined;
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
  const spread = lumps ? combineSpreads(band.spread, lumps.spread) : band.spread;
  // Habits (habits.ts): the near term reads each by its last purchase.
  const habitPurchases: HabitPurchase[] = [];
  for (const tx of posted) {
    const day = parseDay(tx.date);
    if (day < from || day > today || tx.amount <= 0 || excluded.has(tx.id) || lumpIds.has(tx.id)) continue;
    if (isEverydaySpending(tx))
      habitPurchases.push({ payee: normalizeMerchant(payeeName(tx)), day, amount: tx.amount });
  }
  const habits = findHabits(habitPurchases, today);
  const nearTerm = habitNearTerm(habitPurchases, today, habits);
  const monthRest = restOfMonth(posted, excluded, lumpIds, cap, perWeekday, today, habits);
  const income = unplannedIncome(posted, excluded, from, to);
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
    spread: input.paid_by_statement ? holdSpreadAfter(spread, ALLOWANCE_RULES.statementCycleDays) : spread,
    spread_growth: band.growth,
    drift: heldOut.drift,
    ...(withdrawals ? { withdrawals } : {}),
    ...(lumps ? { lumps } : {}),
    ...(monthRest ? { month_rest: monthRest } : {}),
    ...(seasonalBills.length > 0
      ? {
          seasonal: {
            bills: seasonalBills.map(({ payee, months }) => ({ payee, months })),
            charges: seasonalCharges(
              seasonalBills,
              seasonalPurchases,
              today,
              today + ALLOWANCE_RULES.spreadHorizons[ALLOWANCE_RULES.spreadHorizons.length - 1]! + 1,
            ).map((c) => ({ date: c.date, amount: -c.amount })),
          },
        }
      : {}),
    ...(posted.some((tx) => tx.amount < 0 && tx.personal_finance_category?.detailed === INTEREST_EARNED)
      ? { earns_interest: true }
      : {}),
    ...(income ? { unplanned_income: income } : {}),
    ...(nearTerm ? { near_term: nearTerm } : {}),
    note: null,
  };
}

/**
 * The rest of today's month from what it has already spent: the usual everyday spending of its
 * remaining days, less `monthCarry` times this month's spending so far (today included; capped days,
 * lumps apart) above the usual for those days, never below zero nor above twice the usual. Null on a
 * month's last day or when nothing is spent.
 */
function restOfMonth(
  posted: readonly HistoryTransaction[],
  excluded: ReadonlySet<string>,
  lumpIds: ReadonlySet<string>,
  cap: Cents,
  perWeekday: readonly Cents[],
  today: DayNumber,
  habits: readonly Habit[],
): MonthRest | undefined {
  const { year, month, day } = toCivil(today);
  const first = today - day + 1;
  const rest = daysInMonth(year, month) - day;
  const usualOf = (a: DayNumber, b: DayNumber) => {
    let sum = 0;
    for (let d = a; d <= b; d += 1) sum -= perWeekday[weekday(d)] ?? 0;
    return sum;
  };
  const usual = usualOf(today + 1, today + rest);
  if (rest <= 0 || usual <= 0) return undefined;
  const habitPayees = new Set(habits.map((h) => h.payee));
  const byDay = new Map<DayNumber, number>();
  for (const tx of posted) {
    const d = parseDay(tx.date);
    if (d < first || d > today || excluded.has(tx.id) || lumpIds.has(tx.id) || !isEverydaySpending(tx))
      continue;
    if (habitPayees.has(normalizeMerchant(payeeName(tx)))) continue;
    byDay.set(d, (byDay.get(d) ?? 0) + tx.amount);
  }
  let spent = 0;
  for (const v of byDay.values()) spent += Math.min(v, cap);
  // The habits' own share of the usual is theirs: the near term reads them by their last purchase.
  const habitShare = habits.reduce((s, h) => s + h.amount / h.mean_gap, 0) * (today - first + 1);
  const usualSoFar = Math.max(0, usualOf(first, today) - habitShare);
  const expected = Math.min(
    2 * usual,
    Math.max(0, usual - ALLOWANCE_RULES.monthCarry * (spent - usualSoFar)),
  );
  return {
    days: rest,
    usual: -roundCents(usual) || 0,
    expected: -roundCents(expected) || 0,
    spent: roundCents(Math.max(0, spent)),
    usual_so_far: roundCents(usualSoFar),
  };
}

/**
 * Income in no stream over days `from`…`to` (deposits categorised as income, not a transfer and not
 * excluded), as a mean per day, when it is a habit (`ALLOWANCE_RULES.unplannedIncome`).
 */
function unplannedIncome(
  posted: readonly HistoryTransaction[],
  excluded: ReadonlySet<string>,
  from: DayNumber,
  to: DayNumber,
): UnplannedIncome | undefined {
  let sum = 0;
  let count = 0;
  const months = new Set<string>();
  for (const tx of posted) {
    const d = parseDay(tx.date);
    if (tx.amount >= 0 || d < from || d > to || excluded.has(tx.id)) continue;
    if (tx.personal_finance_category?.primary !== 'INCOME') continue;
    sum -= tx.amount;
    count += 1;
    months.add(tx.date.slice(0, 7));
  }
  const { minCount, minMonths } = ALLOWANCE_RULES.unplannedIncome;
  if (count < minCount || months.size < minMonths) return undefined;
  return { per_day: roundCents(sum / (to - from + 1)), count, months: months.size };
}
