import { describe, expect, it } from 'vitest';
import { countRefreshOutcomes, isFailedRefresh } from './refresh-outcomes.ts';

describe('balance refresh outcomes', () => {
  it('counts accounts by their bank: refreshed or skipped as updated, errors and lost logins as failed', () => {
    const accounts = [
      { item_id: 'a' },
      { item_id: 'a' },
      { item_id: 'b' },
      { item_id: 'c' },
      { item_id: 'd' },
    ];
    const statuses = new Map([
      ['a', 'synced'],
      ['b', 'login_required'],
      ['c', 'rate_limited'],
      ['d', 'skipped'],
    ] as const);
    expect(countRefreshOutcomes(accounts, statuses)).toEqual({ updated: 3, failed: 1 });
    expect(countRefreshOutcomes([{ item_id: 'x' }], new Map())).toEqual({ updated: 0, failed: 1 });
    expect(isFailedRefresh('rate_limited')).toBe(false);
    // A bank Plaid is still preparing neither refreshed nor failed.
    expect(countRefreshOutcomes([{ item_id: 'n' }], new Map([['n', 'not_ready']] as const))).toEqual({
      updated: 0,
      failed: 0,
    });
    expect(isFailedRefresh('error')).toBe(true);
  });
});
