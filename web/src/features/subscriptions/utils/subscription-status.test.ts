import { describe, expect, it, vi } from 'vitest';
import type { SubscriptionCheck } from '../api/subscription.ts';
import {
  isStale,
  nextStatusEnd,
  refreshSubscriptionStatus,
  serverNow,
  shouldRefresh,
  statusFromCheck,
  throttled,
  withTrialRetries,
  type RefreshDeps,
  type RefreshTrigger,
  type SubscriptionStatus,
} from './subscription-status.ts';
import { readStoredStatus } from './stored-status.ts';

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

describe('shouldRefresh: when the provider checks again (spec §4, §9)', () => {
  const MINUTE = 60_000;
  const fresh = statusFromCheck(check, NOW);
  const stale = statusFromCheck(check, NOW - 31 * MINUTE);
  const free: SubscriptionStatus = { ...fresh, status: 'free', is_trialing: false, trial_end: null };
  const failed: SubscriptionStatus = { ...fresh, error: true };
  /** The decision for `trigger` given the status held and when the last check started. */
  const decide = (trigger: RefreshTrigger, status: SubscriptionStatus | null, lastAttempt: number | null) =>
    shouldRefresh(trigger, { status, lastAttempt, now: NOW });
  const longAgo = NOW - 31 * MINUTE;
  const justNow = NOW - 4_999;

  it('at a start: always, a stored status however fresh included; never throttled', () => {
    const mount: RefreshTrigger = { kind: 'mount' };
    expect(decide(mount, null, null)).toBe(true);
    expect(decide(mount, stale, justNow)).toBe(true);
    expect(decide(mount, failed, justNow)).toBe(true);
    expect(decide(mount, statusFromCheck(check, NOW - 30 * MINUTE), longAgo)).toBe(true);
    expect(decide(mount, fresh, null)).toBe(true);
  });

  it('when the tab becomes visible: only if stale, and at most once per 5 s', () => {
    const visible: RefreshTrigger = { kind: 'visibility', visible: true };
    expect(decide(visible, stale, longAgo)).toBe(true);
    expect(decide(visible, fresh, longAgo)).toBe(false);
    expect(decide(visible, stale, justNow)).toBe(false);
    expect(decide(visible, stale, NOW - 5_000)).toBe(true);
    expect(decide({ kind: 'visibility', visible: false }, stale, longAgo)).toBe(false);
  });

  it('on an active-profile change: when stale or free (the owner may cover this member), throttled', () => {
    const changed: RefreshTrigger = { kind: 'profile-changed' };
    expect(decide(changed, stale, longAgo)).toBe(true);
    expect(decide(changed, free, longAgo)).toBe(true);
    expect(decide(changed, fresh, longAgo)).toBe(false);
    expect(decide(changed, stale, justNow)).toBe(false);
    expect(decide(changed, free, justNow)).toBe(false);
  });

  it('a newly known active profile is asked about at once while free, else not', () => {
    expect(decide({ kind: 'profile-loaded' }, free, justNow)).toBe(true);
    expect(decide({ kind: 'profile-loaded' }, fresh, longAgo)).toBe(false);
    expect(decide({ kind: 'profile-loaded' }, stale, longAgo)).toBe(false);
  });

  it('an account linked, a realtime change or an end passing always checks, even a fresh status within 5 s', () => {
    expect(decide({ kind: 'account-linked' }, fresh, justNow)).toBe(true);
    expect(decide({ kind: 'realtime' }, fresh, justNow)).toBe(true);
    expect(decide({ kind: 'time-passed' }, fresh, justNow)).toBe(true);
  });

  it("a screen's request is throttled to one per 5 s unless forced ('Refresh status', a checkout return)", () => {
    expect(decide({ kind: 'requested', force: false }, fresh, longAgo)).toBe(true);
    expect(decide({ kind: 'requested', force: false }, stale, justNow)).toBe(false);
    expect(decide({ kind: 'requested', force: true }, fresh, justNow)).toBe(true);
  });
});

describe('when the status ends by time alone (billing clock)', () => {
  // Checked at 2026-03-10T12:00Z on the server's clock (the device clock agrees).
  const at = (iso: string) => Date.parse(iso);
  const base = statusFromCheck({ ...check, checked_at: '2026-03-10T12:00:00.000Z' }, NOW);

  it("a trial's end, while the trial gives access", () => {
    expect(nextStatusEnd(base)).toBe(at('2026-03-17T12:00:00.000Z'));
  });

  it('the end of grace, or the sooner of the two', () => {
    const grace: SubscriptionStatus = {
      ...base,
      status: 'grace',
      is_trialing: false,
      trial_end: null,
      in_grace_period: true,
      grace_expires_at: '2026-03-12T09:00:00.000Z',
    };
    expect(nextStatusEnd(grace)).toBe(at('2026-03-12T09:00:00.000Z'));
  });

  it('nothing for a subscription, a free person, or an end the check already answered after', () => {
    expect(nextStatusEnd({ ...base, status: 'subscribed', subscribed: true, is_trialing: false })).toBeNull();
    expect(nextStatusEnd({ ...base, status: 'free', is_trialing: false })).toBeNull();
    // The server's clock had passed the trial's end at the check (e.g. a webhook not in yet).
    expect(
      nextStatusEnd(statusFromCheck({ ...check, checked_at: '2026-03-17T12:00:01.000Z' }, NOW)),
    ).toBeNull();
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
