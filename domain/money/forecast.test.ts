import { describe, expect, it } from 'vitest';
import { addDays } from './dates.ts';
import {
  balanceDelta,
  balanceFlags,
  forecastAccount,
  forecastTotal,
  joinMonths,
  lowestPoint,
  splitIntoMonths,
  type BalanceDay,
} from './forecast.ts';
import { TODAY, allowance, card, checking, item } from './forecast-test-kit.ts';

describe('forecastAccount', () => {
  it('starts today from the current balance and carries each close into the next open', () => {
    const { rows } = forecastAccount({
      account: checking,
      today: TODAY,
      planned: [item('2025-01-31', -50_000), item(TODAY, 20_000)],
      transactions: [{ account_id: 'chk', date: TODAY, amount: 2_500 }],
    });
    expect(rows).toHaveLength(731);
    expect(rows[0]).toEqual({
      balance_date: TODAY,
      opening_balance: 102_500,
      closing_balance: 120_000,
      actual_transactions_total: -2_500,
      forecasted_transactions_total: 20_000,
      is_forecast: false,
      closing_low: 120_000,
      closing_high: 120_000,
    });
    expect(rows[1]).toMatchObject({
      balance_date: '2025-01-31',
      opening_balance: 120_000,
      closing_balance: 70_000,
      is_forecast: true,
    });
    expect(rows[730]?.balance_date).toBe(addDays(TODAY, 730));
    expect(rows.slice(1).every((r) => r.is_forecast && r.actual_transactions_total === 0)).toBe(true);
  });

  it('walks the calendar through month ends, a leap day and year ends', () => {
    const { rows } = forecastAccount({ account: checking, today: '2027-12-30', planned: [] });
    const dates = rows.map((r) => r.balance_date);
    expect(dates.slice(0, 4)).toEqual(['2027-12-30', '2027-12-31', '2028-01-01', '2028-01-02']);
    expect(dates).toContain('2028-02-29');
    dates.forEach((d, i) => expect(d).toBe(addDays('2027-12-30', i)));
  });

  it('counts only open items of this account or of no account (spec §5)', () => {
    const planned = [
      item('2025-02-01', -1_000),
      item('2025-02-01', -2_000, null),
      item('2025-02-01', -4_000, 'card'),
      item('2025-02-01', -8_000, 'chk', { is_reconciled: true }),
      item('2025-02-01', -16_000, 'chk', { is_user_deleted: true }),
      item('2025-01-29', -32_000),
      item(addDays(TODAY, 731), -64_000),
    ];
    const { rows } = forecastAccount({ account: checking, today: TODAY, planned });
    expect(rows.map((r) => r.forecasted_transactions_total).reduce((a, b) => a + b, 0)).toBe(-3_000);
  });

  it('treats a credit balance as what is owed: spending raises it, a payment lowers it', () => {
    const { rows } = forecastAccount({
      account: card,
      today: TODAY,
      planned: [item('2025-02-01', -5_000, 'card'), item('2025-02-02', 40_000, 'card')],
      transactions: [{ account_id: 'card', date: TODAY, amount: 1_200 }],
    });
    expect(rows[0]).toMatchObject({
      opening_balance: 38_800,
      actual_transactions_total: 1_200,
      closing_balance: 40_000,
    });
    expect(rows[2]?.closing_balance).toBe(45_000);
    expect(rows[3]?.closing_balance).toBe(5_000);
    expect(balanceDelta('loan', 1_000)).toBe(-1_000);
    expect(balanceDelta('investment', 1_000)).toBe(1_000);
  });

  it("ignores other accounts' and pending transactions and any not dated today", () => {
    const { rows } = forecastAccount({
      account: checking,
      today: TODAY,
      planned: [],
      transactions: [
        { account_id: 'card', date: TODAY, amount: 100 },
        { account_id: 'chk', date: TODAY, amount: 100, pending: true },
        { account_id: 'chk', date: '2025-01-29', amount: 100 },
      ],
    });
    expect(rows[0]).toMatchObject({
      opening_balance: 100_000,
      actual_transactions_total: 0,
      closing_balance: 100_000,
    });
  });

  it('adds the everyday-spending allowance from tomorrow, switchable, always reported separately', () => {
    const on = forecastAccount({ account: checking, today: TODAY, planned: [], allowance });
    const off = forecastAccount({
      account: checking,
      today: TODAY,
      planned: [],
      allowance,
      include_allowance: false,
    });
    // 2025-01-30 is a Thursday.
    expect(on.allowance.slice(0, 4)).toEqual([0, -2_000, -5_000, -3_000]);
    expect(off.allowance).toEqual(on.allowance);
    expect(on.includes_allowance).toBe(true);
    expect(off.includes_allowance).toBe(false);
    expect(on.rows[3]?.closing_balance).toBe(100_000 - 10_000);
    expect(off.rows[3]?.closing_balance).toBe(100_000);
    const week = on.allowance.slice(1, 8).reduce((a, b) => a + b, 0);
    expect(week).toBe(allowance.per_weekday.reduce((a, b) => a + b, 0));
    const onCard = forecastAccount({ account: card, today: TODAY, planned: [], allowance });
    expect(onCard.rows[1]?.closing_balance).toBe(42_000);
  });
});

describe('the uncertainty band (closing_low … closing_high)', () => {
  const width = (r: BalanceDay | undefined) => (r ? r.closing_high - r.closing_low : NaN);
  const simple = { ...allowance, spread: [{ days: 7, low: -7_000, high: 7_000 }] };

  it('is the closing balance today, interpolates to the measured horizon, then widens by √(h / 7)', () => {
    const { rows, band_low, band_high } = forecastAccount({
      account: checking,
      today: TODAY,
      planned: [item('2025-02-10', -30_000)],
      allowance: simple,
    });
    expect(rows[0]).toMatchObject({ closing_low: 100_000, closing_high: 100_000 });
    expect(band_low.slice(0, 8)).toEqual([0, -1_000, -2_000, -3_000, -4_000, -5_000, -6_000, -7_000]);
    expect(band_high[3]).toBe(3_000);
    // 28 days = 4 weeks: √4 = 2 × the weekly spread, around the line (planned items move both sides).
    expect(rows[28]).toMatchObject({
      closing_low: (rows[28]?.closing_balance ?? 0) - 14_000,
      closing_high: (rows[28]?.closing_balance ?? 0) + 14_000,
    });
    expect(band_high[700]).toBe(Math.round(7_000 * Math.sqrt(100)));
  });

  it('flips for an owed balance: more spending is the high side', () => {
    const skewed = { ...allowance, spread: [{ days: 7, low: -7_000, high: 2_000 }] };
    const held = forecastAccount({ account: checking, today: TODAY, planned: [], allowance: skewed });
    const owed = forecastAccount({ account: card, today: TODAY, planned: [], allowance: skewed });
    const at = (f: typeof held) => {
      const r = f.rows[7];
      return [
        (r?.closing_low ?? 0) - (r?.closing_balance ?? 0),
        (r?.closing_high ?? 0) - (r?.closing_balance ?? 0),
      ];
    };
    expect(at(held)).toEqual([-7_000, 2_000]);
    expect(at(owed)).toEqual([-2_000, 7_000]);
  });

  it('collapses onto the line without the allowance, and is reported either way', () => {
    const off = forecastAccount({
      account: checking,
      today: TODAY,
      planned: [],
      allowance,
      include_allowance: false,
    });
    expect(
      off.rows.every((r) => r.closing_low === r.closing_balance && r.closing_high === r.closing_balance),
    ).toBe(true);
    expect(off.band_low[90]).toBe(-45_000);
    expect(width(forecastAccount({ account: checking, today: TODAY, planned: [] }).rows[500])).toBe(0);
  });

  it("adds the accounts' bands in the total (net position)", () => {
    const total = forecastTotal({
      accounts: [checking, card],
      today: TODAY,
      planned: [],
      allowances: new Map([
        ['chk', simple],
        ['card', { ...allowance, spread: [{ days: 7, low: -1_000, high: 500 }] }],
      ]),
    });
    expect(total.band_low[7]).toBe(-8_000);
    expect(total.band_high[7]).toBe(7_500);
    expect(width(total.rows[0])).toBe(0);
  });
});

describe('forecastTotal', () => {
  it('is the net position: held minus owed, each planned item once', () => {
    const { rows } = forecastTotal({
      accounts: [checking, card],
      today: TODAY,
      planned: [
        item('2025-01-31', -10_000, null),
        item('2025-01-31', 40_000, 'card'),
        item('2025-01-31', -40_000, 'chk'),
        item('2025-01-31', -1, 'elsewhere'),
      ],
      transactions: [{ account_id: 'card', date: TODAY, amount: 500 }],
    });
    expect(rows[0]).toMatchObject({
      opening_balance: 60_500,
      actual_transactions_total: -500,
      closing_balance: 60_000,
    });
    expect(rows[1]).toMatchObject({ forecasted_transactions_total: -10_000, closing_balance: 50_000 });
  });

  it("sums the accounts' allowances", () => {
    const { rows, allowance: series } = forecastTotal({
      accounts: [checking, card],
      today: TODAY,
      planned: [],
      allowances: new Map([
        ['chk', allowance],
        ['card', allowance],
      ]),
    });
    // Friday: both accounts spend $20; spending on the card adds to what is owed, so both lower the total.
    expect(series[1]).toBe(-4_000);
    expect(rows[1]?.closing_balance).toBe(60_000 - 4_000);
  });
});

describe('storage and calendar helpers', () => {
  const { rows } = forecastAccount({
    account: checking,
    today: TODAY,
    planned: [item('2025-03-10', -150_000), item('2025-03-12', 100_000)],
  });

  it('stores 731 rows as one item per month and reads them back unchanged', () => {
    const months = splitIntoMonths('chk', rows);
    expect(months).toHaveLength(25);
    expect(months[0]).toMatchObject({ account_id: 'chk', month: '2025-01' });
    expect(months[0]?.days).toHaveLength(2);
    for (const m of months) for (const d of m.days) expect(d.balance_date.startsWith(m.month)).toBe(true);
    expect(joinMonths([...months].reverse())).toEqual(rows);
  });

  it('finds the lowest projected balance and flags low and negative days', () => {
    expect(lowestPoint(rows)).toEqual({ balance_date: '2025-03-10', closing_balance: -50_000 });
    expect(lowestPoint([])).toBeNull();
    const flags = balanceFlags(rows.slice(0, 60), 10_000);
    const march10 = flags.find((f) => f.balance_date === '2025-03-10');
    expect(march10).toEqual({ balance_date: '2025-03-10', is_low: true, is_negative: true, is_lowest: true });
    expect(flags.find((f) => f.balance_date === '2025-03-12')).toEqual({
      balance_date: '2025-03-12',
      is_low: false,
      is_negative: false,
      is_lowest: false,
    });
    expect(flags.filter((f) => f.is_lowest)).toHaveLength(1);
  });
});
