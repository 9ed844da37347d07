import { describe, expect, it } from 'vitest';
import { planCoverage, spendingSummary } from './spending-by-category.tsx';

describe('planCoverage (the plan a month of spending is compared with)', () => {
  it('is the whole month when the plan began on or before its first day, or its start is unknown', () => {
    expect(planCoverage('2026-12', '2026-11-27')).toEqual({ kind: 'whole' });
    expect(planCoverage('2026-12', '2026-12-01')).toEqual({ kind: 'whole' });
    expect(planCoverage('2026-12', null)).toEqual({ kind: 'whole' });
    expect(planCoverage('2026-12', undefined)).toEqual({ kind: 'whole' });
  });

  it('runs from the day the plan began in the month it began, and is none before it', () => {
    expect(planCoverage('2026-11', '2026-11-27')).toEqual({ kind: 'from', day: '2026-11-27' });
    expect(planCoverage('2026-11', '2026-11-30')).toEqual({ kind: 'from', day: '2026-11-30' });
    expect(planCoverage('2026-10', '2026-11-27')).toEqual({ kind: 'none' });
    expect(planCoverage('2025-11', '2026-11-27')).toEqual({ kind: 'none' });
  });
});

describe('spendingSummary', () => {
  const base = { spent: 445_674, planned: 1_399, title: 'November 2026', lastMonth: 546_289 };

  it('sets a whole month beside its plan', () => {
    expect(spendingSummary({ ...base, coverage: { kind: 'whole' } })).toBe(
      '$4,456.74 spent of $13.99 planned in November 2026; $5,462.89 the month before.',
    );
    expect(spendingSummary({ ...base, lastMonth: null, coverage: { kind: 'whole' } })).toBe(
      '$4,456.74 spent of $13.99 planned in November 2026.',
    );
  });

  it('says when a plan began during the month, rather than set the month against part of a plan', () => {
    expect(spendingSummary({ ...base, coverage: { kind: 'from', day: '2026-11-27' } })).toBe(
      '$4,456.74 spent in November 2026; $13.99 planned from Nov 27, when your plan began; $5,462.89 the month before.',
    );
  });

  it('names a month before the plan as such', () => {
    expect(spendingSummary({ ...base, title: 'October 2026', coverage: { kind: 'none' } })).toBe(
      '$4,456.74 spent in October 2026, before your plan began; $5,462.89 the month before.',
    );
  });
});
