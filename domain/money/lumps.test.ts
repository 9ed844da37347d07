import { describe, expect, it } from 'vitest';
import { estimateAllowance } from './allowance.ts';
import { lumpsCarried } from './allowance-series.ts';
import { addDays } from './dates.ts';
import { groceriesAtRandom, seededRandom } from './fixtures.ts';
import { forecastAccount, type ForecastPlanned } from './forecast.ts';
import { lumpProcess } from './lumps.ts';
import { generatePlan, streamFlow } from './plan.ts';
import { detectRecurring } from './recurring.ts';
import { seasonalAmounts } from './stream-amount.ts';
import type { HistoryTransaction } from './types.ts';

const TODAY = '2025-06-14';
const GROCERIES = { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES' };
const SHOPPING = { primary: 'GENERAL_MERCHANDISE', detailed: 'GENERAL_MERCHANDISE_ELECTRONICS' };
const account = { account_id: 'chk', account_type: 'depository' as const, current_balance: 500_000 };

/** Two years of groceries most days ($20–$80), the same draw every time. */
const everyday = (seed = 3): HistoryTransaction[] =>
  groceriesAtRandom({ today: TODAY, days: 730, chance: 0.6, seed, idPrefix: 'g' });

/** A $600–$1,000 purchase about every two months over the same two years. */
function largePurchases(): HistoryTransaction[] {
  return Array.from({ length: 12 }, (_, k) => ({
    id: `big${k}`,
    account_id: 'chk',
    date: addDays(TODAY, -20 - k * 59),
    amount: 60_000 + ((k * 37) % 5) * 10_000,
    name: 'Best Buy',
    personal_finance_category: SHOPPING,
  }));
}

const width = (rows: ReturnType<typeof forecastAccount>['rows'], day: number) =>
  (rows[day]?.closing_high ?? 0) - (rows[day]?.closing_low ?? 0);

describe('rare large spending', () => {
  it('widens the 180-day band and lowers the line by what it is expected to take', () => {
    const calm = estimateAllowance({ transactions: everyday(), today: TODAY });
    const lumpy = estimateAllowance({ transactions: [...everyday(), ...largePurchases()], today: TODAY });
    // The purchases are not everyday spending: the daily mean is the groceries' alone.
    expect(lumpy.daily_average).toBe(calm.daily_average);
    expect(lumpy.lumps?.count).toBe(12);
    expect(calm.lumps?.count).toBe(0);
    const forecast = (allowance: typeof calm) =>
      forecastAccount({ account, planned: [], allowance, today: TODAY, days: 180 }).rows;
    const calmRows = forecast(calm);
    const lumpyRows = forecast(lumpy);
    // Six a year of about $800 add up: the band a half year out is over a thousand dollars wider.
    expect(width(lumpyRows, 180) - width(calmRows, 180)).toBeGreaterThan(100_000);
    // …and the line carries what half of the futures exceed by then: with about three expected, near
    // their expectation (180 / 365 × 6 × $800).
    const expected = (-(lumpy.lumps?.per_day ?? 0) * 180) / 100;
    expect(expected).toBeGreaterThan(1_500);
    expect(expected).toBeLessThan(3_500);
    const carried = (a: typeof calm) => lumpsCarried(a)(180) / 100;
    expect(Math.abs(carried(lumpy) - expected)).toBeLessThan(0.25 * expected);
    const lower = (calmRows[180]?.closing_balance ?? 0) - (lumpyRows[180]?.closing_balance ?? 0);
    expect(lower / 100).toBeCloseTo(carried(lumpy) - carried(calm), -1);
  });

  it('carries on the line what half of the futures exceed: none next month, most of them in a year', () => {
    // About six a year: the next month has none more often than not, so its line carries none and the
    // band's low side holds the one that may come; a card paid by its statements carries their
    // expectation, as the payments the plan takes from its statements do.
    const sizes = Array.from({ length: 12 }, (_, k) => 60_000 + ((k * 37) % 5) * 10_000);
    const median = lumpProcess(sizes, 2, 20_000);
    const mean = lumpProcess(sizes, 2, 20_000, 'expectation');
    const at = (p: typeof median, days: number) => ({
      line: p.line?.find((x) => x.days === days)?.sum ?? Number.NaN,
      spread: p.spread.find((x) => x.days === days),
    });
    expect(at(median, 30).line).toBe(0);
    expect(at(median, 30).spread?.low).toBeLessThan(-50_000);
    expect(at(median, 30).spread?.high).toBe(0);
    expect(Math.abs(at(mean, 30).line - median.per_day * 30)).toBeLessThan(50);
    for (const days of [365, 730]) {
      const expectation = median.per_day * days;
      expect(Math.abs(at(median, days).line - expectation)).toBeLessThan(0.2 * Math.abs(expectation));
    }
    // The band's reach is the same whichever line it is around.
    for (const days of [30, 90, 180, 365])
      expect(at(median, days).line + (at(median, days).spread?.low ?? 0)).toBeCloseTo(
        at(mean, days).line + (at(mean, days).spread?.low ?? 0),
        -2,
      );
  });

  it('takes an account that only now and then buys something large for rare large spending', () => {
    // No everyday shopping: its usual purchase is itself a large one, so "three times the usual" would
    // leave them in the daily mean, a slice of a sofa every day. Two weeks of its spending is the bar.
    const allowance = estimateAllowance({ transactions: largePurchases(), today: TODAY });
    expect(allowance.lumps?.count).toBe(12);
    expect(allowance.daily_average).toBe(0);
    const rows = forecastAccount({ account, planned: [], allowance, today: TODAY, days: 30 }).rows;
    expect(rows[30]?.closing_balance).toBe(account.current_balance);
    expect(rows[30]?.closing_low).toBeLessThan(account.current_balance - 50_000);
  });

  it('pools a short history with the prior, and gives the same spread for the same history', () => {
    const none = lumpProcess([], 0, 20_000);
    expect(none.per_year).toBeCloseTo(3.6, 3);
    const own = lumpProcess([90_000, 90_000, 90_000, 90_000], 1, 20_000);
    expect(own.per_year).toBeCloseTo((3.6 + 4) / 2, 3);
    expect(own.mean_size).toBeGreaterThan(none.mean_size);
    expect(lumpProcess([90_000, 90_000, 90_000, 90_000], 1, 20_000)).toEqual(own);
    for (const s of own.spread) expect(s.low).toBeLessThanOrEqual(0);
  });

  it('does not count a large purchase the person planned themselves twice', () => {
    const allowance = estimateAllowance({ transactions: [...everyday(), ...largePurchases()], today: TODAY });
    const threshold = allowance.lumps?.threshold ?? 0;
    const sofa: ForecastPlanned = {
      account_id: 'chk',
      due_date: addDays(TODAY, 40),
      amount: -(threshold * 2),
      is_generated: false,
    };
    const run = (planned: ForecastPlanned[]) =>
      forecastAccount({ account, planned, allowance, today: TODAY, days: 90 });
    const without = run([]);
    const withSofa = run([sofa]);
    const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
    // The sofa takes the place of its month's expected large spending (up to all of it), so the line
    // falls by less than the sofa and the allowance by as much as it gives way.
    const fall = (without.rows[90]?.closing_balance ?? 0) - (withSofa.rows[90]?.closing_balance ?? 0);
    expect(fall).toBeLessThan(threshold * 2);
    expect(fall).toBeGreaterThan(0);
    expect(sum(withSofa.allowance)).toBeGreaterThan(sum(without.allowance));
    // A generated item (a stream's) takes nothing's place.
    const generated = run([{ ...sofa, is_generated: true }]);
    expect(generated.allowance).toEqual(without.allowance);
  });
});

describe('the near term', () => {
  it('does not count again what this month has already spent', () => {
    // The 14th: one household has bought $70 more groceries every day this month, the other has not.
    const base = everyday();
    const more: HistoryTransaction[] = Array.from({ length: 13 }, (_, i) => ({
      id: `more${i}`,
      account_id: 'chk',
      date: addDays('2025-06-01', i),
      amount: 7_000,
      name: 'Farmers Market',
      personal_finance_category: GROCERIES,
    }));
    const quiet = estimateAllowance({ transactions: base, today: TODAY });
    const spent = estimateAllowance({ transactions: [...base, ...more], today: TODAY });
    expect(spent.month_rest?.days).toBe(16);
    expect(spent.month_rest?.spent).toBeGreaterThan(quiet.month_rest?.spent ?? 0);
    // The rest of June expects less after the stock-up…
    expect(spent.month_rest?.expected ?? 0).toBeGreaterThan(quiet.month_rest?.expected ?? 0);
    const rest = (a: typeof quiet) =>
      forecastAccount({ account, planned: [], allowance: a, today: TODAY, days: 60 }).allowance;
    const sum = (values: readonly number[], from: number, to: number) =>
      values.slice(from, to + 1).reduce((x, y) => x + y, 0);
    expect(sum(rest(spent), 1, 16)).toBeGreaterThan(sum(rest(quiet), 1, 16));
    const carried = lumpsCarried(spent);
    expect(Math.abs(sum(rest(spent), 1, 16) + carried(16) - (spent.month_rest?.expected ?? 0))).toBeLessThan(
      16,
    );
    // …and July is a usual month again: its weekdays' allowance and what the line carries of the large
    // spending on those days.
    let usualJuly = 0;
    for (let i = 17; i <= 47; i += 1)
      usualJuly += Math.round(
        (spent.per_weekday[(6 + i) % 7] ?? 0) - (Math.round(carried(i)) - Math.round(carried(i - 1))),
      );
    expect(sum(rest(spent), 17, 47)).toBe(usualJuly);
  });

  it('lets the person’s own planned spending of a month take the place of its everyday allowance', () => {
    const allowance = estimateAllowance({ transactions: everyday(), today: TODAY });
    const shop: ForecastPlanned = {
      account_id: 'chk',
      due_date: '2025-07-10',
      amount: -15_000,
      is_generated: false,
    };
    const run = (planned: ForecastPlanned[]) =>
      forecastAccount({ account, planned, allowance, today: TODAY, days: 60 });
    const july = (values: readonly number[]) => values.slice(17, 48).reduce((x, y) => x + y, 0);
    // July's everyday allowance gives way by the planned $150; July's balance ends where it would
    // have without the plan's item.
    expect(allowance.lumps?.threshold).toBeGreaterThan(15_000);
    expect(july(run([shop]).allowance) - july(run([]).allowance)).toBeCloseTo(15_000, -2);
    expect(run([shop]).rows[47]?.closing_balance).toBeCloseTo(run([]).rows[47]?.closing_balance ?? 0, -2);
  });
});

describe('variable bills', () => {
  it('are planned at their recent amounts and say that they vary', () => {
    // A water bill at $40–$47 for ten months, then $58.87 and $52.54.
    const amounts = [4_318, 4_012, 4_656, 3_990, 4_433, 4_118, 4_702, 4_088, 4_310, 4_545, 5_887, 5_254];
    const transactions: HistoryTransaction[] = amounts.map((amount, k) => ({
      id: `w${k}`,
      account_id: 'chk',
      date: addDays('2024-06-09', Math.round(k * 30.44)),
      amount,
      name: 'City Water Dept',
      personal_finance_category: {
        primary: 'RENT_AND_UTILITIES',
        detailed: 'RENT_AND_UTILITIES_WATER',
      },
    }));
    const [stream] = detectRecurring(transactions, { today: TODAY });
    expect(stream?.kind).toBe('bill');
    // A year's median is still about $43…
    expect(stream?.amount.expected).toBeLessThan(4_400);
    const plan = generatePlan({ profile_id: 'p', streams: stream ? [stream] : [], today: TODAY });
    const next = -(plan[0]?.amount ?? 0);
    expect(next).toBeGreaterThanOrEqual(5_254);
    expect(next).toBeLessThanOrEqual(5_887);
    expect(stream?.explanation.join(' ')).toContain(
      `planned at about $${Math.round(next / 100)}, last three $45–$59`,
    );
  });
  // Two years of monthly electricity from mid-June 2023: dear in January and July, cheap in April and
  // October, a few percent of noise; or the same bill at random around one level.
  const electricity = (seasonal: boolean): HistoryTransaction[] =>
    Array.from({ length: 24 }, (_, k) => {
      const date = addDays('2023-06-20', Math.round(k * 30.44));
      const month = Number(date.slice(5, 7));
      const noise = 1 + 0.05 * Math.sin(k * 2.3);
      const level = seasonal
        ? 1 + 0.4 * Math.cos((2 * Math.PI * (month - 1)) / 6)
        : 1 + 0.3 * Math.sin(k * 1.7);
      return {
        id: `e${k}`,
        account_id: 'chk',
        date,
        amount: Math.round(12_000 * level * noise),
        name: 'Duke Energy',
        personal_finance_category: {
          primary: 'RENT_AND_UTILITIES',
          detailed: 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY',
        },
      };
    });

  it('that follow the seasons are planned at each month’s own level', () => {
    const transactions = electricity(true);
    const [stream] = detectRecurring(transactions, { today: TODAY });
    expect(stream?.kind).toBe('bill');
    expect(stream?.amount.by_month).toBeDefined();
    const plan = generatePlan({ profile_id: 'p', streams: stream ? [stream] : [], today: TODAY });
    const planned = (month: string) => -(plan.find((i) => i.due_date.startsWith(month))?.amount ?? 0);
    const past = (month: string) => transactions.filter((t) => t.date.startsWith(month))[0]?.amount ?? 0;
    // July near last July's bill, October near last October's: not the spring's level for both.
    expect(planned('2025-07')).toBeGreaterThan(past('2024-07') * 0.9);
    expect(planned('2025-07')).toBeLessThan(past('2024-07') * 1.1);
    expect(planned('2025-10')).toBeGreaterThan(past('2024-10') * 0.9);
    expect(planned('2025-10')).toBeLessThan(past('2024-10') * 1.1);
    expect(planned('2025-07')).toBeGreaterThan(planned('2025-10') * 1.5);
    // The series is shown at its next occurrence's amount.
    expect(-streamFlow(stream!)).toBe(planned('2025-06'));
    expect(stream?.explanation.join(' ')).toContain(
      `Varies with the seasons from $${((stream?.amount.min ?? 0) / 100).toFixed(2)}`,
    );
    expect(stream?.explanation.join(' ')).toContain(
      `about $${(planned('2025-06') / 100).toFixed(2)} for June`,
    );
  });

  it('are seldom taken for seasonal when they vary at random', () => {
    // 400 bills at random between $28 and $65, 18 to 24 months of them.
    const random = seededRandom(36);
    let seasonal = 0;
    for (let b = 0; b < 400; b += 1) {
      const start = Math.floor(random() * 12);
      const occurrences = Array.from({ length: 18 + (b % 7) }, (_, k) => ({
        month: (start + k) % 12,
        amount: Math.round(2_800 + random() * 3_700),
      }));
      if (seasonalAmounts(occurrences)) seasonal += 1;
    }
    expect(seasonal / 400).toBeLessThan(0.05);
  });

  it('that vary at random keep their recent amounts', () => {
    const [stream] = detectRecurring(electricity(false), { today: TODAY });
    expect(stream?.kind).toBe('bill');
    expect(stream?.amount.by_month).toBeUndefined();
    const plan = generatePlan({ profile_id: 'p', streams: stream ? [stream] : [], today: TODAY });
    expect(new Set(plan.map((i) => i.amount)).size).toBe(1);
  });
});
