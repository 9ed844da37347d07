import { describe, expect, it } from 'vitest';
import type { PlanItem, Stream } from '../../../lib/money-plan-api.ts';
import {
  cadenceLabel,
  categoryLabel,
  groupStreams,
  itemCategoryLabel,
  monthlyTotals,
  oneOffRows,
  undoOfEdit,
} from './plan.ts';

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

const item = (over: Partial<PlanItem>): PlanItem => ({
  id: 'pi_1',
  account_id: null,
  due_date: '2026-12-04',
  amount: -9000,
  description: 'Dentist',
  series_id: null,
  cadence: null,
  is_user_deleted: false,
  category_primary: 'MEDICAL',
  category_detailed: null,
  ...over,
});

describe('oneOffRows', () => {
  it('lists the one-offs that are not deleted, by date', () => {
    const rows = oneOffRows([
      item({ id: 'b', due_date: '2026-12-09', description: 'Tickets' }),
      item({ id: 'series', series_id: 'us_1' }),
      item({ id: 'gone', is_user_deleted: true }),
      item({ id: 'a', due_date: '2026-12-01' }),
    ]);
    expect(rows.map((r) => r.id)).toEqual(['a', 'b']);
  });
});

describe('itemCategoryLabel', () => {
  it('names the detailed category, else the group, else nothing', () => {
    expect(
      itemCategoryLabel(item({ category_primary: 'MEDICAL', category_detailed: 'MEDICAL_DENTAL_CARE' })),
    ).toBe('Dental care');
    expect(itemCategoryLabel(item({ category_primary: 'MEDICAL' }))).toBe('Medical');
    expect(itemCategoryLabel(item({ category_primary: null }))).toBeNull();
  });
});

describe('undoOfEdit', () => {
  const netflix = item({
    id: 'rs_1-2026-12-04',
    series_id: 'rs_1',
    amount: -1549,
    account_id: 'card',
    category_primary: 'ENTERTAINMENT',
    category_detailed: 'ENTERTAINMENT_TV_AND_MOVIES',
  });

  it('restores the replaced item, with its series when it repeats, after a new schedule', () => {
    expect(undoOfEdit(netflix, { due_date: '2026-12-07', scope: 'series' }, 'rs_1-2026-12-04')).toEqual({
      id: 'rs_1-2026-12-04',
      patch: { is_user_deleted: false, scope: 'series' },
    });
    expect(undoOfEdit(item({}), { recurrence: { cadence: 'monthly' }, scope: 'this' }, 'pi_1')).toEqual({
      id: 'pi_1',
      patch: { is_user_deleted: false, scope: 'this' },
    });
  });

  it('writes back exactly the fields an edit in place changed, with its scope', () => {
    expect(
      undoOfEdit(netflix, { amount: -1999, account_id: null, category: null, scope: 'series' }, null),
    ).toEqual({
      id: netflix.id,
      patch: {
        scope: 'series',
        amount: -1549,
        account_id: 'card',
        category: { primary: 'ENTERTAINMENT', detailed: 'ENTERTAINMENT_TV_AND_MOVIES' },
      },
    });
    expect(undoOfEdit(item({}), { description: 'Dentist (check-up)', scope: 'this' }, null)).toEqual({
      id: 'pi_1',
      patch: { scope: 'this', description: 'Dentist' },
    });
  });
});
