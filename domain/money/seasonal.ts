// Bills that come only in some seasons: heating oil in the cold months, lawn and pool care in summer.
// They are no stream (a month's gap, then half a year's), so without this the weekday mean would spread
// them over every day of the year: too much in the months they never come, too little in the months they
// do. Each is expected instead in the calendar months it came in past years, at its amount then, on its
// usual day of the month (docs/money-engine.md "Rare large spending, unplanned income and the near
// term").
import { median, roundCents, type Cents } from './cents.ts';
import { ALLOWANCE_RULES } from './allowance-rules.ts';
import { daysInMonth, formatDay, fromCivil, toCivil, type DayNumber } from './dates.ts';

/** One everyday purchase (lumps and streams apart): its transaction, payee, day and amount (cents > 0). */
export interface SeasonalPurchase {
  readonly id: string;
  readonly payee: string;
  readonly day: DayNumber;
  readonly amount: Cents;
}

export interface SeasonalBill {
  readonly payee: string;
  /** Its usual day of the month (the median of its purchases'). */
  readonly day_of_month: number;
  /** What it is expected to cost in each calendar month it comes in (1 = January), cents > 0. */
  readonly months: readonly { readonly month: number; readonly amount: Cents }[];
  /** Its transactions in the window: not everyday spending. */
  readonly transaction_ids: readonly string[];
}

/**
 * The payees among `purchases` (days `from`…`today`, at least a year and a half of them) that are
 * seasonal bills: bought in at least two seasons (runs of purchases more than `seasonGapDays` apart),
 * each season no longer than `maxSeasonMonths`, in at most `maxMonths` different calendar months, at
 * most `maxPerMonth` purchases in a month. A calendar month's expected amount is its mean total in the
 * years the payee was being bought from then, counting a year it skipped as zero.
 */
export function findSeasonalBills(
  purchases: readonly SeasonalPurchase[],
  from: DayNumber,
  today: DayNumber,
): SeasonalBill[] {
  const { minHistoryDays, seasonGapDays, minSeasonMonths, maxSeasonMonths, maxMonths, maxPerMonth } =
    ALLOWANCE_RULES.seasonalBills;
  if (today - from < minHistoryDays) return [];
  const byPayee = new Map<string, SeasonalPurchase[]>();
  for (const p of purchases) {
    if (!p.payee || p.amount <= 0 || p.day < from || p.day > today) continue;
    const list = byPayee.get(p.payee);
    if (list) list.push(p);
    else byPayee.set(p.payee, [p]);
  }
  const bills: SeasonalBill[] = [];
  for (const [payee, list] of byPayee) {
    const sorted = [...list].sort((a, b) => a.day - b.day);
    // Seasons: runs of purchases with no gap over `seasonGapDays`.
    const seasons: SeasonalPurchase[][] = [];
    for (const p of sorted) {
      const last = seasons[seasons.length - 1];
      const lastDay = last?.[last.length - 1]?.day;
      if (last && lastDay !== undefined && p.day - lastDay <= seasonGapDays) last.push(p);
      else seasons.push([p]);
    }
    // Two seasons at least of `minSeasonMonths` months or more each, sharing that many calendar months:
    // purchases that came close together twice (two rare large ones, twice) are not a bill.
    const monthsOf = (season: readonly SeasonalPurchase[]) =>
      new Set(season.map((p) => toCivil(p.day).month));
    const full = seasons.map(monthsOf).filter((m) => m.size >= minSeasonMonths);
    const shared = full
      .slice(1)
      .some((m, k) => [...m].filter((x) => full[k]?.has(x)).length >= minSeasonMonths);
    if (!shared) continue;
    if (seasons.some((s) => (s[s.length - 1]?.day ?? 0) - (s[0]?.day ?? 0) > maxSeasonMonths * 31)) continue;
    // Totals per (year, month), and the months it came in.
    const totals = new Map<string, number>();
    for (const p of sorted) {
      const { year, month } = toCivil(p.day);
      totals.set(`${year}-${month}`, (totals.get(`${year}-${month}`) ?? 0) + p.amount);
    }
    const months = [...new Set([...totals.keys()].map((k) => Number(k.split('-')[1])))].sort((a, b) => a - b);
    if (months.length > maxMonths) continue;
    const perMonth = sorted.length / totals.size;
    if (perMonth > maxPerMonth) continue;
    // Each month's mean over the years the window saw it in season (between the first and the last
    // season's months, both ends included), a year without it counting as zero.
    const first = toCivil(sorted[0]?.day ?? from);
    const last = toCivil(sorted[sorted.length - 1]?.day ?? today);
    const expected = months.map((month) => {
      let sum = 0;
      let years = 0;
      for (let year = first.year; year <= last.year; year += 1) {
        const day = fromCivil(year, month, 1);
        if (day < fromCivil(first.year, first.month, 1) || day > fromCivil(last.year, last.month, 1))
          continue;
        years += 1;
        sum += totals.get(`${year}-${month}`) ?? 0;
      }
      return { month, amount: roundCents(sum / Math.max(1, years)) };
    });
    bills.push({
      payee,
      day_of_month: Math.round(median(sorted.map((p) => toCivil(p.day).day))),
      months: expected.filter((m) => m.amount > 0),
      transaction_ids: sorted.map((p) => p.id),
    });
  }
  return bills.sort((a, b) => (a.payee < b.payee ? -1 : a.payee > b.payee ? 1 : 0));
}

/**
 * The seasonal bills' expected charges from tomorrow through `until`: one per calendar month each comes
 * in, on its usual day (the month's last if shorter). This month's is left out when it has already been
 * bought this month; when not, and its usual day has passed, it is expected tomorrow.
 */
export function seasonalCharges(
  bills: readonly SeasonalBill[],
  purchases: readonly SeasonalPurchase[],
  today: DayNumber,
  until: DayNumber,
): { date: string; amount: Cents }[] {
  const charges: { date: string; amount: Cents }[] = [];
  const now = toCivil(today);
  for (const bill of bills) {
    const amounts = new Map(bill.months.map((m) => [m.month, m.amount]));
    const boughtThisMonth = purchases.some(
      (p) => p.payee === bill.payee && p.day <= today && p.day >= fromCivil(now.year, now.month, 1),
    );
    for (let year = now.year, month = now.month; ; month += 1) {
      if (month > 12) {
        month = 1;
        year += 1;
      }
      if (fromCivil(year, month, 1) > until) break;
      const amount = amounts.get(month);
      if (!amount) continue;
      let day = fromCivil(year, month, Math.min(bill.day_of_month, daysInMonth(year, month)));
      if (year === now.year && month === now.month) {
        if (boughtThisMonth) continue;
        day = Math.max(day, today + 1);
      }
      if (day > today && day <= until) charges.push({ date: formatDay(day), amount });
    }
  }
  return charges.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
