import { describe, expect, it, vi } from 'vitest';
import type { SubscriptionCheck } from '../api/subscription.ts';
import {
  isStale,
  readStoredStatus,
  refreshSubscriptionStatus,
  serverNow,
  statusFromCheck,
  throttled,
  withTrialRetries,
  type RefreshDeps,
} from './subscription-status.ts';

const check: SubscriptionCheck = {
  subscribed: false,
  trial_end: '2026-03-17T12:00:00.000Z',
  is_trialing: true,
  subscription_end: '2026-03-17T12:00:00.000Z',
  is_in_grace_period: false,
  grace_started_at: null,
  grace_expires_at: null,
  subscription_tier: null,
  status: 'trial',
  next_billing_date: null,
  cancel_at_period_end: false,
  trial_available: false,
  checked_at: '2026-03-20T12:00:00.000Z',
};
const NOW = Date.parse('2026-03-10T12:00:00.000Z');

const deps = (overrides: Partial<RefreshDeps>): RefreshDeps => ({
  check: vi.fn(async () => check),
  refreshSession: vi.fn(async () => undefined),
  readRecord: vi.fn(async () => ({ subscribed: true, subscription_tier: 'plus', subscription_end: null })),
  now: () => NOW,
  ...overrides,
});

describe('the client subscription status (spec §3, §4)', () => {
  it('maps the check and judges time by the server clock', () => {
    const status = statusFromCheck(check, NOW);
    expect(status).toMatchObject({
      is_trialing: true,
      in_grace_period: false,
      lastUpdated: NOW,
      error: false,
    });
    expect(serverNow(status, NOW).toISOString()).toBe(check.checked_at);
  });

  it('is stale when missing or older than 30 minutes; refreshes are throttled to one per 5 s', () => {
    const status = statusFromCheck(check, NOW);
    expect(isStale(null, NOW)).toBe(true);
    expect(isStale(status, NOW + 30 * 60_000)).toBe(false);
    expect(isStale(status, NOW + 30 * 60_000 + 1)).toBe(true);
    expect(throttled(null, NOW)).toBe(false);
    expect(throttled(NOW, NOW + 4_999)).toBe(true);
    expect(throttled(NOW, NOW + 5_000)).toBe(false);
  });

  it('a failed check is stale at once, so the next mount or visible tab asks again', () => {
    expect(isStale({ ...statusFromCheck(check, NOW), error: true }, NOW)).toBe(true);
  });

  it('before the second factor is given, nothing is concluded (the status stays unknown)', async () => {
    const secondFactor = Object.assign(new Error('Two-factor verification is required'), {
      code: 'two_factor_required',
      status: 403,
    });
    const d = deps({ check: vi.fn().mockRejectedValue(secondFactor) });
    expect(await refreshSubscriptionStatus(d, null)).toBeNull();
    expect(d.readRecord).not.toHaveBeenCalled();
  });

  it('on a session error refreshes the session and retries once', async () => {
    const checkFn = vi.fn().mockRejectedValueOnce(new Error('JWT expired')).mockResolvedValueOnce(check);
    const d = deps({ check: checkFn });
    const status = await refreshSubscriptionStatus(d, null);
    expect(d.refreshSession).toHaveBeenCalledOnce();
    expect(checkFn).toHaveBeenCalledTimes(2);
    expect(status?.is_trialing).toBe(true);
  });

  it('then reads the subscribers record: only subscribed or free, in fallback mode', async () => {
    const status = await refreshSubscriptionStatus(
      deps({ check: vi.fn().mockRejectedValue(new Error('Server error')) }),
      null,
    );
    expect(status).toMatchObject({
      subscribed: true,
      status: 'subscribed',
      fallback_mode: true,
      error: false,
    });
  });

  it('then keeps the previous status marked error, or falls back to free with the error flag', async () => {
    const failing = deps({
      check: vi.fn().mockRejectedValue(new Error('session expired')),
      refreshSession: vi.fn().mockRejectedValue(new Error('no session')),
      readRecord: vi.fn().mockRejectedValue(new Error('offline')),
    });
    const previous = statusFromCheck(check, NOW - 1000);
    expect(await refreshSubscriptionStatus(failing, previous)).toEqual({ ...previous, error: true });
    expect(await refreshSubscriptionStatus(failing, null)).toMatchObject({
      subscribed: false,
      status: 'free',
      error: true,
    });
  });

  it('reads a stored status back and ignores garbage', () => {
    const status = statusFromCheck(check, NOW);
    expect(readStoredStatus({ getItem: () => JSON.stringify(status) })).toEqual(status);
    expect(readStoredStatus({ getItem: () => '{not json' })).toBeNull();
    expect(readStoredStatus({ getItem: () => JSON.stringify({ subscribed: true }) })).toBeNull();
  });
});

describe('trial start after a checkout return (spec §4, §9)', () => {
  it('tries 3 times, 2 s apart, then gives up with the last error', async () => {
    const sleeps: number[] = [];
    const start = vi.fn().mockRejectedValue(new Error('nope'));
    await expect(withTrialRetries(start, async (ms) => void sleeps.push(ms))).rejects.toThrow('nope');
    expect(start).toHaveBeenCalledTimes(3);
    expect(sleeps).toEqual([2000, 2000]);
  });

  it('stops at the first success', async () => {
    const start = vi.fn().mockRejectedValueOnce(new Error('once')).mockResolvedValueOnce('ok');
    await expect(withTrialRetries(start, async () => undefined)).resolves.toBe('ok');
    expect(start).toHaveBeenCalledTimes(2);
  });
});
