import { describe, expect, it } from 'vitest';
import type { PlanItem, Stream } from '../../../lib/money-plan-api.ts';
import { checklistSteps, foundPatterns, historySyncing, occurrenceToDrop } from './patterns.ts';

const stream = (over: Partial<Stream>): Stream => ({
  series_id: 's1',
  source: 'detected',
  account_id: 'a1',
  description: 'Payroll',
  kind: 'income',
  cadence: 'biweekly',
  amount: 200_000,
  monthly_amount: 433_333,
  next_date: '2026-12-01',
  status: 'active',
  is_planned: true,
  is_suppressed: false,
  ...over,
});

const item = (over: Partial<PlanItem>): PlanItem => ({
  id: 'i1',
  account_id: 'a1',
  due_date: '2026-12-01',
  amount: -1_000,
  description: 'Rent',
  series_id: 's1',
  ...over,
});

describe('foundPatterns', () => {
  it('groups planned detected income, bills and subscriptions; leaves out transfers, suggestions, dropped and user series', () => {
    const groups = foundPatterns([
      stream({ series_id: 'pay' }),
      stream({ series_id: 'rent', kind: 'bill' }),
      stream({ series_id: 'tv', kind: 'subscription' }),
      stream({ series_id: 'save', kind: 'transfer' }),
      stream({ series_id: 'maybe', kind: 'bill', is_planned: false }),
      stream({ series_id: 'gone', kind: 'bill', is_suppressed: true }),
      stream({ series_id: 'mine', kind: 'bill', source: 'user' }),
      stream({ series_id: 'old', kind: 'bill', status: 'ended' }),
    ]);
    expect(
      Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, v.map((s) => s.series_id)])),
    ).toEqual({
      income: ['pay'],
      bill: ['rent'],
      subscription: ['tv'],
    });
  });
});

describe('occurrenceToDrop', () => {
  it("picks the series' first open occurrence from today on", () => {
    const items = [
      item({ id: 'past', due_date: '2026-11-01' }),
      item({ id: 'later', due_date: '2027-01-01' }),
      item({ id: 'settled', due_date: '2026-11-30', is_reconciled: true }),
      item({ id: 'deleted', due_date: '2026-11-29', is_user_deleted: true }),
      item({ id: 'next', due_date: '2026-12-01' }),
      item({ id: 'other', due_date: '2026-11-28', series_id: 's2' }),
    ];
    expect(occurrenceToDrop(items, 's1', '2026-11-24')?.id).toBe('next');
    expect(occurrenceToDrop(items, 's3', '2026-11-24')).toBeUndefined();
  });
});

describe('historySyncing', () => {
  it('is true until every account has its history, and while there is no account yet', () => {
    expect(historySyncing([])).toBe(true);
    expect(
      historySyncing([{ historical_sync_status: 'completed' }, { historical_sync_status: 'pending' }]),
    ).toBe(true);
    expect(historySyncing([{ historical_sync_status: 'completed' }])).toBe(false);
  });
});

describe('checklistSteps', () => {
  it('marks each step from the data, sharing optional', () => {
    const steps = checklistSteps({
      accounts: 2,
      planGenerated: true,
      onboardingCompleted: false,
      members: 1,
    });
    expect(steps.map((s) => [s.id, s.done])).toEqual([
      ['connect', true],
      ['patterns', true],
      ['calendar', false],
      ['share', false],
    ]);
    expect(steps.find((s) => s.id === 'share')?.optional).toBe(true);
  });
});
