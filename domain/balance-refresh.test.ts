import { describe, expect, it } from 'vitest';
import {
  backoffMinutes,
  isRateLimitMessage,
  nextRefreshAt,
  refreshDecision,
  refreshTier,
} from './balance-refresh.ts';

const now = new Date('2026-11-22T12:00:00Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

describe('refreshTier', () => {
  const active = hoursAgo(1);
  it('treats a user idle for over 168 h as inactive, whatever the account', () => {
    expect(
      refreshTier({ accountType: 'depository', balanceCents: 5, userLastActiveAt: hoursAgo(169) }, now),
    ).toBe('inactive');
    expect(
      refreshTier({ accountType: 'depository', balanceCents: 5, userLastActiveAt: hoursAgo(167) }, now),
    ).toBe('critical');
  });
  it('makes a low cash balance and a card near its limit critical', () => {
    expect(
      refreshTier({ accountType: 'depository', balanceCents: 99_99, userLastActiveAt: active }, now),
    ).toBe('critical');
    expect(
      refreshTier({ accountType: 'depository', balanceCents: 100_00, userLastActiveAt: active }, now),
    ).toBe('normal');
    expect(
      refreshTier(
        {
          accountType: 'credit',
          balanceCents: 9_000_00,
          creditLimitCents: 10_000_00,
          userLastActiveAt: active,
        },
        now,
      ),
    ).toBe('critical');
    expect(
      refreshTier(
        {
          accountType: 'credit',
          balanceCents: 8_999_99,
          creditLimitCents: 10_000_00,
          userLastActiveAt: active,
        },
        now,
      ),
    ).toBe('normal');
  });
  it('refreshes investments and loans in the background tier', () => {
    expect(refreshTier({ accountType: 'investment', balanceCents: 1, userLastActiveAt: active }, now)).toBe(
      'background',
    );
    expect(refreshTier({ accountType: 'loan', balanceCents: 1, userLastActiveAt: active }, now)).toBe(
      'background',
    );
  });
});

describe('refreshDecision', () => {
  it.each([
    ['critical', 6],
    ['normal', 24],
    ['background', 48],
    ['inactive', 72],
  ] as const)('waits %s accounts %i h', (tier, hours) => {
    const base = { tier, now, forced: false, backoffUntil: null };
    expect(refreshDecision({ ...base, lastRefresh: hoursAgo(hours - 0.01) })).toBe('skip');
    expect(refreshDecision({ ...base, lastRefresh: hoursAgo(hours) })).toBe('refresh');
  });
  it('refreshes a never-refreshed account, and a forced one at once', () => {
    expect(
      refreshDecision({ lastRefresh: null, tier: 'inactive', now, forced: false, backoffUntil: null }),
    ).toBe('refresh');
    expect(
      refreshDecision({ lastRefresh: hoursAgo(0), tier: 'inactive', now, forced: true, backoffUntil: null }),
    ).toBe('refresh');
  });
  it('honours a rate-limit backoff even when forced', () => {
    const backoffUntil = new Date(now.getTime() + 60_000);
    expect(refreshDecision({ lastRefresh: null, tier: 'normal', now, forced: true, backoffUntil })).toBe(
      'rate_limited',
    );
  });
  it('computes the next refresh time from the tier interval', () => {
    expect(nextRefreshAt(hoursAgo(1), 'critical', now).toISOString()).toBe('2026-11-22T17:00:00.000Z');
  });
});

describe('rate-limit backoff', () => {
  it('steps 2, 5, 10, 30, 60 minutes and stays at 60', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(backoffMinutes)).toEqual([2, 5, 10, 30, 60, 60, 60]);
  });
  it("recognises the spec's rate-limit message", () => {
    expect(isRateLimitMessage('Plaid: RATE LIMIT EXCEEDED for item')).toBe(true);
    expect(isRateLimitMessage('institution down')).toBe(false);
  });
});
