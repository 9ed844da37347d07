import { describe, expect, it } from 'vitest';
import type { Stream } from '../../../lib/money-plan-api.ts';
import { cadenceLabel, categoryLabel, groupStreams, monthlyTotals } from './plan.ts';

const stream = (over: Partial<Stream>): Stream => ({
  series_id: 'rs_1',
  source: 'detected',
  account_id: 'a',
  description: 'X',
  kind: 'bill',
  cadence: 'monthly',
  amount: -1000,
  monthly_amount: -1000,
  next_date: '2026-12-01',
  status: 'active',
  is_planned: true,
  is_suppressed: false,
  ...over,
});

describe('monthlyTotals', () => {
  it('adds income, bills, subscriptions and transfers and works out what is left', () => {
    const totals = monthlyTotals([
      stream({ kind: 'income', amount: 250000, monthly_amount: 541666.67 }),
      stream({ kind: 'bill', monthly_amount: -180000 }),
      stream({ kind: 'subscription', monthly_amount: -1549 }),
      stream({ kind: 'transfer', monthly_amount: -50000 }),
      stream({ kind: 'transfer', monthly_amount: 2000 }),
    ]);
    expect(totals).toEqual({
      income: 541667,
      bills: 180000,
      subscriptions: 1549,
      transfers_in: 2000,
      transfers_out: 50000,
      left_after_bills: 541667 - 180000 - 1549,
    });
  });

  it('leaves out suggestions, removed and ended streams', () => {
    const totals = monthlyTotals([
      stream({ is_planned: false }),
      stream({ is_suppressed: true }),
      stream({ status: 'ended' }),
    ]);
    expect(totals.bills).toBe(0);
    expect(totals.left_after_bills).toBe(0);
  });
});

describe('groupStreams', () => {
  it('groups by kind, soonest first, without removed or ended streams', () => {
    const groups = groupStreams([
      stream({ series_id: 'b2', next_date: '2026-12-15' }),
      stream({ series_id: 'b1', next_date: '2026-12-01' }),
      stream({ series_id: 'i', kind: 'income' }),
      stream({ series_id: 'gone', is_suppressed: true }),
      stream({ series_id: 'old', status: 'ended' }),
    ]);
    expect(groups.bill.map((s) => s.series_id)).toEqual(['b1', 'b2']);
    expect(groups.income).toHaveLength(1);
    expect(groups.subscription).toHaveLength(0);
  });

  it('words cadences', () => {
    expect(cadenceLabel('biweekly')).toBe('Every two weeks');
    expect(cadenceLabel('odd')).toBe('odd');
  });
});

describe('categoryLabel', () => {
  it('shortens Plaid categories', () => {
    expect(categoryLabel({ primary: 'INCOME', detailed: 'INCOME_WAGES' })).toBe('Wages');
    expect(categoryLabel({ primary: 'RENT_AND_UTILITIES', detailed: 'RENT_AND_UTILITIES_RENT' })).toBe(
      'Rent',
    );
    expect(categoryLabel(null)).toBeNull();
  });
});
