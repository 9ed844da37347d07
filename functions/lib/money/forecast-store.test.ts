import { describe, expect, it } from 'vitest';
import { forecastAccount, splitIntoMonths } from '../../../domain/money/forecast.ts';
import { NO_ALLOWANCE } from '../../../domain/money/allowance.ts';
import {
  historyFrom,
  monthEndBalances,
  monthRange,
  packMonth,
  unpackMonth,
  withAllowance,
  type StoredBalanceDay,
} from './forecast-store.ts';
import { monthlySummary, seriesSourceOf, type PublicStream } from './plan.ts';

const tx = (id: string, date: string, amount: number, pending = false) => ({
  id,
  account_id: 'a',
  date,
  amount,
  name: id,
  pending,
});

describe('monthEndBalances (the calendar history, walked back from the current balance)', () => {
  const history = [
    tx('pay', '2026-10-30', -200_000), // money in
    tx('rent', '2026-11-01', 150_000), // money out
    tx('coffee', '2026-11-21', 500),
    tx('pending', '2026-11-21', 9_999, true), // not in the current balance
  ];

  it('undoes each later posted transaction in a held account', () => {
    const ends = monthEndBalances(history, 'depository', 100_000, '2026-11-22');
    expect(ends['2026-10']).toBe(100_000 + 150_000 + 500);
    expect(ends['2026-09']).toBe(100_000 + 150_000 + 500 - 200_000);
    expect(Object.keys(ends)).toHaveLength(24);
    expect(ends['2024-11']).toBe(ends['2026-09']);
  });

  it('undoes them the other way for an owed balance', () => {
    const ends = monthEndBalances(history, 'credit', 40_000, '2026-11-22');
    expect(ends['2026-10']).toBe(40_000 - 150_000 - 500);
  });
});

describe('historyFrom (the history a regeneration reads)', () => {
  it('reaches back two years, or to the first month whose end balance the calendar keeps if earlier', () => {
    expect(historyFrom('2026-11-22')).toBe('2024-11-22');
    expect(historyFrom('2026-03-31')).toBe('2024-03-31');
    // Both the same day: the first of the 23rd month back is exactly 730 days back.
    expect(historyFrom('2026-01-31')).toBe('2024-02-01');
  });

  it('holds every transaction the month-end balances walk back through', () => {
    const today = '2026-01-31';
    const history = [tx('old', '2024-02-01', 5_000), tx('older', '2024-01-31', 7_000)];
    const inWindow = history.filter((t) => t.date >= historyFrom(today));
    expect(monthEndBalances(inWindow, 'depository', 0, today)).toEqual(
      monthEndBalances(history, 'depository', 0, today),
    );
  });
});

describe('withAllowance (the stored plan-only row, with or without the allowance)', () => {
  const allowance = {
    ...NO_ALLOWANCE,
    per_weekday: [-100, -200, -300, -400, -500, -600, -700] as const,
    spread: [{ days: 7, low: -2_000, high: 900 }],
    note: null,
  };
  const forecast = (include: boolean) =>
    forecastAccount({
      account: { account_id: 'a', account_type: 'depository', current_balance: 10_000 },
      planned: [{ account_id: null, due_date: '2026-11-25', amount: -1_000 }],
      allowance,
      today: '2026-11-22',
      days: 10,
      include_allowance: include,
    });

  it('gives back exactly what the engine computes with the allowance included', () => {
    const plain = forecast(false);
    let toDate = 0;
    const stored: StoredBalanceDay[] = plain.rows.map((row, i) => {
      toDate += plain.allowance[i] ?? 0;
      return {
        ...row,
        allowance: plain.allowance[i] ?? 0,
        allowance_to_date: toDate,
        band_low: plain.band_low[i] ?? 0,
        band_high: plain.band_high[i] ?? 0,
      };
    });
    const included = forecast(true).rows;
    expect(stored.map((d) => withAllowance(d, true))).toEqual(included);
    expect(stored.map((d) => withAllowance(d, false))).toEqual(plain.rows);
    // The band is there with the allowance (widening), and collapses onto the line without it.
    expect(included[10]!.closing_high - included[10]!.closing_low).toBeGreaterThan(
      included[1]!.closing_high - included[1]!.closing_low,
    );
    expect(
      plain.rows.every((r) => r.closing_low === r.closing_balance && r.closing_high === r.closing_balance),
    ).toBe(true);
  });
});

describe('packMonth / unpackMonth (the stored columns)', () => {
  it('round-trips 731 days month by month, today the only actual day', () => {
    const allowance = {
      ...NO_ALLOWANCE,
      per_weekday: [-150, -250, -50, 0, -900, -1200, -75] as const,
      spread: [
        { days: 7, low: -4_000, high: 2_000 },
        { days: 30, low: -9_000, high: 5_000 },
      ],
      note: null,
    };
    const forecast = forecastAccount({
      account: { account_id: 'a', account_type: 'credit', current_balance: 123_456 },
      planned: [
        { account_id: null, due_date: '2026-12-24', amount: -20_000 },
        { account_id: 'a', due_date: '2027-03-01', amount: 40_000 },
      ],
      transactions: [{ account_id: 'a', date: '2026-11-22', amount: 999 }],
      allowance,
      today: '2026-11-22',
      include_allowance: false,
    });
    let toDate = 0;
    const days: StoredBalanceDay[] = forecast.rows.map((row, i) => {
      toDate += forecast.allowance[i] ?? 0;
      return {
        ...row,
        allowance: forecast.allowance[i] ?? 0,
        allowance_to_date: toDate,
        band_low: forecast.band_low[i] ?? 0,
        band_high: forecast.band_high[i] ?? 0,
      };
    });
    const months = splitIntoMonths('a', days);
    expect(months).toHaveLength(25);
    const packed = months.map((m) => packMonth(m.days as StoredBalanceDay[]));
    expect(packed[0]).toMatchObject({ first_date: '2026-11-22', first_is_today: true, actual_first: 999 });
    expect(packed[1]).toMatchObject({ first_date: '2026-12-01', first_is_today: false, actual_first: 0 });
    expect(packed.flatMap((p) => unpackMonth(p))).toEqual(days);
    expect(days[400]!.band_high).toBeGreaterThan(0);
  });

  it('reads a month stored before the band existed as a band equal to the closing balance', () => {
    const {
      band_low: _low,
      band_high: _high,
      ...old
    } = packMonth([
      {
        balance_date: '2026-12-01',
        opening_balance: 5_000,
        closing_balance: 4_000,
        actual_transactions_total: 0,
        forecasted_transactions_total: -1_000,
        is_forecast: true,
        closing_low: 4_000,
        closing_high: 4_000,
        allowance: -300,
        allowance_to_date: -3_000,
        band_low: -900,
        band_high: 400,
      },
    ]);
    const [day] = unpackMonth(old);
    expect(day).toMatchObject({ band_low: 0, band_high: 0 });
    expect(withAllowance(day!, true)).toMatchObject({
      closing_balance: 1_000,
      closing_low: 1_000,
      closing_high: 1_000,
    });
  });
});

describe('helpers', () => {
  it('monthRange lists months across a year end', () => {
    expect(monthRange('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthRange('2027-02', '2026-11')).toEqual([]);
  });

  it('seriesSourceOf tells detected streams, user series and one-offs apart', () => {
    expect(seriesSourceOf('rs_0123')).toBe('detected');
    expect(seriesSourceOf('us_abc')).toBe('user');
    expect(seriesSourceOf('pi_abc')).toBeNull();
    expect(seriesSourceOf(undefined)).toBeNull();
  });

  it('monthlySummary counts planned streams only; left after bills excludes transfers', () => {
    const stream = (kind: PublicStream['kind'], monthly: number, planned = true) =>
      ({ kind, monthly_amount: monthly, amount: monthly, is_planned: planned }) as PublicStream;
    expect(
      monthlySummary([
        stream('income', 500_000),
        stream('bill', -200_000),
        stream('subscription', -1_500),
        stream('transfer', -50_000),
        stream('bill', -99_999, false),
      ]),
    ).toEqual({
      income: 500_000,
      bills: 200_000,
      subscriptions: 1_500,
      transfers_in: 0,
      transfers_out: 50_000,
      left_after_bills: 298_500,
    });
  });
});
