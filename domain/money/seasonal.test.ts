import { describe, expect, it } from 'vitest';
import { estimateAllowance } from './allowance.ts';
import { parseDay } from './dates.ts';
import { groceriesAtRandom } from './fixtures.ts';
import { forecastAccount } from './forecast.ts';
import { findSeasonalBills, seasonalCharges, type SeasonalPurchase } from './seasonal.ts';
import type { HistoryTransaction } from './types.ts';

const TODAY = '2026-06-15';
const UTILITIES = { primary: 'RENT_AND_UTILITIES', detailed: 'RENT_AND_UTILITIES_OTHER_UTILITIES' };

/** Heating oil on the 12th of November to March, two winters, $300 + $10 a month into the winter. */
function heatingOil(): HistoryTransaction[] {
  const out: HistoryTransaction[] = [];
  for (const year of [2024, 2025])
    for (const [k, month] of [11, 12, 1, 2, 3].entries()) {
      const y = month >= 11 ? year : year + 1;
      out.push({
        id: `oil-${y}-${month}`,
        account_id: 'chk',
        date: `${y}-${String(month).padStart(2, '0')}-12`,
        amount: 30_000 + k * 1_000,
        name: 'Northeast Heating Oil',
        personal_finance_category: UTILITIES,
      });
    }
  return out;
}

const purchase = (tx: HistoryTransaction): SeasonalPurchase => ({
  id: tx.id,
  payee: tx.name,
  day: parseDay(tx.date),
  amount: tx.amount,
});

describe('seasonal bills', () => {
  it('finds a bill of the cold months, not a year-round grocer nor two purchases a year apart', () => {
    const groceries = groceriesAtRandom({ today: TODAY, days: 730, chance: 0.5, seed: 4, idPrefix: 'g' });
    const twice = ['2024-08-03', '2024-09-20', '2025-08-10', '2025-09-02'].map(
      (date, k): HistoryTransaction => ({
        id: `tv${k}`,
        account_id: 'chk',
        date,
        amount: 90_000,
        name: 'Best Buy',
      }),
    );
    const bills = findSeasonalBills(
      [...heatingOil(), ...groceries, ...twice].map(purchase),
      parseDay(TODAY) - 730,
      parseDay(TODAY),
    );
    expect(bills.map((b) => b.payee)).toEqual(['Northeast Heating Oil']);
    expect(bills[0]).toMatchObject({
      day_of_month: 12,
      months: [
        { month: 1, amount: 32_000 },
        { month: 2, amount: 33_000 },
        { month: 3, amount: 34_000 },
        { month: 11, amount: 30_000 },
        { month: 12, amount: 31_000 },
      ],
    });
    expect(bills[0]?.transaction_ids).toHaveLength(10);
  });

  it('needs a year and a half of history to tell a season', () => {
    const oil = heatingOil().filter((t) => t.date >= '2025-11-01');
    expect(findSeasonalBills(oil.map(purchase), parseDay(TODAY) - 300, parseDay(TODAY))).toEqual([]);
  });

  it('expects each month of its season on its usual day: not this month once bought, tomorrow if late', () => {
    const oil = heatingOil();
    const bills = findSeasonalBills(oil.map(purchase), parseDay(TODAY) - 730, parseDay(TODAY));
    const charges = seasonalCharges(bills, oil.map(purchase), parseDay(TODAY), parseDay(TODAY) + 365);
    expect(charges).toEqual([
      { date: '2026-11-12', amount: 30_000 },
      { date: '2026-12-12', amount: 31_000 },
      { date: '2027-01-12', amount: 32_000 },
      { date: '2027-02-12', amount: 33_000 },
      { date: '2027-03-12', amount: 34_000 },
    ]);
    // In a December not yet bought, after its usual day: tomorrow.
    const december = parseDay('2025-12-20');
    const before = oil.filter((t) => t.date < '2025-12-01').map(purchase);
    const late = seasonalCharges(bills, before, december, december + 40);
    expect(late[0]).toEqual({ date: '2025-12-21', amount: 31_000 });
    // …and not again once bought this month.
    const bought = seasonalCharges(bills, oil.map(purchase), december, december + 40);
    expect(bought[0]?.date).toBe('2026-01-12');
  });

  it('leaves the summer without the winter bill, and puts it in the winter months', () => {
    const groceries = groceriesAtRandom({ today: TODAY, days: 730, chance: 0.6, seed: 3, idPrefix: 'g' });
    const withOil = estimateAllowance({ transactions: [...groceries, ...heatingOil()], today: TODAY });
    const without = estimateAllowance({ transactions: groceries, today: TODAY });
    expect(withOil.seasonal?.bills.map((b) => b.payee)).toEqual(['northeast heating oil']);
    // The weekday mean is the groceries' alone: the oil is not spread over the year.
    expect(withOil.per_weekday).toEqual(without.per_weekday);
    const account = { account_id: 'chk', account_type: 'depository' as const, current_balance: 1_000_000 };
    const spent = (allowance: typeof without, from: string, to: string) => {
      const rows = forecastAccount({ account, planned: [], allowance, today: TODAY, days: 300 }).rows;
      const at = (date: string) => rows.find((r) => r.balance_date === date)?.closing_balance ?? 0;
      return at(from) - at(to);
    };
    // July–September: the same as without the oil; November: one bill more.
    expect(spent(withOil, '2026-06-30', '2026-09-30')).toBe(spent(without, '2026-06-30', '2026-09-30'));
    expect(spent(withOil, '2026-10-31', '2026-11-30') - spent(without, '2026-10-31', '2026-11-30')).toBe(
      30_000,
    );
  });
});
