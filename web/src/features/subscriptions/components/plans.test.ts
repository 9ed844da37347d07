import { describe, expect, it } from 'vitest';
import { statusFromCheck, type SubscriptionStatus } from '../utils/subscription-status.ts';
import { currentPlanText } from './plans.tsx';

const NOW = Date.parse('2026-12-01T12:00:00.000Z');
const base: SubscriptionStatus = statusFromCheck(
  {
    subscribed: false,
    trial_end: null,
    is_trialing: false,
    subscription_end: null,
    is_in_grace_period: false,
    grace_started_at: null,
    grace_expires_at: null,
    subscription_tier: null,
    status: 'free',
    next_billing_date: null,
    cancel_at_period_end: false,
    trial_available: false,
    checked_at: '2026-12-01T12:00:00.000Z',
  },
  NOW,
);
const text = (status: Partial<SubscriptionStatus>) => currentPlanText({ ...base, ...status }, new Date(NOW));

describe("/plans speaks to the person's state", () => {
  it('a card-free trial: until when, and nothing to pay before it ends', () => {
    expect(text({ status: 'trial', is_trialing: true, trial_end: '2026-12-05T12:00:00.000Z' })).toEqual({
      title: 'Current plan: free trial',
      line: 'Free trial until December 5, 2026. Choose a plan to keep everything after it; you pay nothing before the trial ends.',
    });
  });

  it('a trial used up: no plan, and no trial offered', () => {
    expect(text({})?.title).toBe('No plan right now');
    expect(text({})?.line).toContain('Your free trial has been used.');
    expect(text({ trial_available: true })).toBeNull();
  });

  it('grace: the time left, not the plan', () => {
    const grace = text({
      status: 'grace',
      subscribed: false,
      in_grace_period: true,
      grace_expires_at: '2026-12-03T12:00:00.000Z',
    });
    expect(grace?.line).toBe(
      'Your last payment failed: 48 hours and 0 minutes left to update your card before access stops.',
    );
  });

  it('subscribed: the renewal; canceled at period end: when it ends', () => {
    const subscribed = {
      status: 'subscribed' as const,
      subscribed: true,
      next_billing_date: '2027-01-01T12:00:00.000Z',
    };
    expect(text(subscribed)).toEqual({
      title: 'Current plan: Tallywise Plus',
      line: 'Renews on January 1, 2027.',
    });
    expect(text({ ...subscribed, next_billing_date: null, cancel_at_period_end: true })?.line).toBe(
      'Your plan is canceled and ends at the end of this billing period.',
    );
  });
});
