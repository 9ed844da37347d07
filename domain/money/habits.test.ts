import { describe, expect, it } from 'vitest';
import { estimateAllowance } from './allowance.ts';
import { addDays, parseDay } from './dates.ts';
import { groceriesAtRandom } from './fixtures.ts';
import { forecastAccount } from './forecast.ts';
import { findHabits, renewalDensity } from './habits.ts';
import type { HistoryTransaction } from './types.ts';

const TODAY = '2025-06-14';
const account = { account_id: 'chk', account_type: 'depository' as const, current_balance: 500_000 };
const SUPERSTORE = { primary: 'GENERAL_MERCHANDISE', detailed: 'GENERAL_MERCHANDISE_SUPERSTORES' };

/** Half a year of purchases at random ($20–$80 most days): spending with no phase to know. */
const atRandom = (seed = 5): HistoryTransaction[] =>
  groceriesAtRandom({ today: TODAY, days: 200, chance: 0.5, seed, idPrefix: 'r' });

/**
 * A $150 stock-up about once a month (gaps of 27–33 days; under the lump threshold, so everyday
 * spending), the last one `since` days before today.
 */
function stockUps(since: number): HistoryTransaction[] {
  const gaps = [30, 28, 33, 29, 31, 27];
  const out: HistoryTransaction[] = [];
  let day = -since;
  for (let k = 0; k <= gaps.length; k += 1) {
    out.push({
      id: `s${k}`,
      account_id: 'chk',
      date: addDays(TODAY, day),
      amount: 15_000,
      name: "Sam's Club",
      personal_finance_category: SUPERSTORE,
    });
    day -= gaps[k] ?? 30;
  }
  return out;
}

describe('habits', () => {
  it('are payees that come back at regular gaps, not spending at random', () => {
    const purchases = [...atRandom(), ...stockUps(3)].map((t) => ({
      payee: t.name,
      day: parseDay(t.date),
      amount: t.amount,
    }));
    const habits = findHabits(purchases, parseDay(TODAY));
    expect(habits.map((h) => h.payee)).toEqual(["Sam's Club"]);
    expect(habits[0]?.since).toBe(3);
    expect(habits[0]?.mean_gap).toBeCloseTo(178 / 6, 5);
  });

  it('expect the next purchase a gap after the last, then one per mean gap', () => {
    const gaps = [30, 28, 33, 29, 31, 27];
    const u = renewalDensity(gaps, 3, 200);
    const sum = (from: number, to: number) => u.slice(from, to + 1).reduce((a, b) => a + b, 0);
    // Bought three days ago: none due in the next three weeks, one (for sure) within the gaps seen.
    expect(sum(1, 21)).toBe(0);
    expect(sum(1, 33)).toBeCloseTo(1, 6);
    // Far out it settles at one per mean gap.
    expect(sum(101, 200) / 100).toBeCloseTo(6 / 178, 2);
  });

  it('keep the allowance of the next weeks from counting a stock-up already done', () => {
    // The same history, the stock-up bought 3 days ago or 28 days ago (due now).
    const allowance = (since: number) =>
      estimateAllowance({ transactions: [...atRandom(), ...stockUps(since)], today: TODAY });
    const done = allowance(3);
    const due = allowance(28);
    expect(done.lumps?.threshold).toBeGreaterThan(15_000);
    expect(done.near_term?.length).toBeGreaterThan(0);
    const spend = (a: typeof done, days: number, from = 1) =>
      -forecastAccount({ account, planned: [], allowance: a, today: TODAY, days })
        .allowance.slice(from)
        .reduce((x, y) => x + y, 0);
    // The next two weeks: a stock-up done is not expected again, one due is…
    expect(spend(due, 14) - spend(done, 14)).toBeGreaterThan(12_000);
    // …and no day expects money coming in.
    const days = forecastAccount({
      account,
      planned: [],
      allowance: done,
      today: TODAY,
      days: 120,
    }).allowance;
    for (const v of days) expect(v).toBeLessThanOrEqual(0);
    // Beyond the near term both expect the even share again (one per mean gap), less than a stock-up apart.
    const near = done.near_term?.length ?? 0;
    expect(Math.abs(spend(due, 180, near + 1) - spend(done, 180, near + 1))).toBeLessThan(10_000);
  });
});
