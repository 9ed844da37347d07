import { describe, expect, it } from 'vitest';
import { REFRESH_PROGRESS } from './constants.ts';
import { cacheAreas } from './react-query.ts';
import { nextRefreshProgress, pickRefreshTip, refreshScopeAreas, refreshTips } from './refresh-progress.ts';

describe('refresh overlay progress (spec §4, §9)', () => {
  it('rises by 4 every tick and stops at 85', () => {
    const steps: number[] = [];
    let progress = 0;
    for (let tick = 0; tick < 30; tick += 1) {
      progress = nextRefreshProgress(progress);
      steps.push(progress);
    }
    expect(steps.slice(0, 4)).toEqual([4, 8, 12, 16]);
    expect(steps[20]).toBe(84);
    expect(steps[21]).toBe(85);
    expect(steps.slice(21).every((p) => p === 85)).toBe(true);
  });

  it('has the spec timings: every 500 ms, cleared 1.5 s after reaching 100', () => {
    expect(REFRESH_PROGRESS).toMatchObject({ step: 4, intervalMs: 500, cap: 85, clearAfterMs: 1500 });
  });

  it('invalidates each scope’s own areas, and every area for "all"', () => {
    expect(refreshScopeAreas.accounts).toContain(cacheAreas.accounts);
    expect(refreshScopeAreas.transactions).toContain(cacheAreas.transactions);
    expect(refreshScopeAreas.balances).toContain(cacheAreas.runningBalances);
    expect(refreshScopeAreas.moneyPlan).toContain(cacheAreas.moneyPlan);
    expect(refreshScopeAreas.calendar).toContain(cacheAreas.transactionsCalendar);
    expect([...refreshScopeAreas.all].sort()).toEqual(Object.values(cacheAreas).sort());
  });

  it('picks a tip', () => {
    expect(refreshTips).toContain(pickRefreshTip(() => 0.99));
    expect(pickRefreshTip(() => 0)).toBe(refreshTips[0]);
  });
});
