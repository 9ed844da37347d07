import { describe, expect, it } from 'vitest';
import {
  gateAllows,
  GRACE_PERIOD_HOURS,
  graceExpiry,
  subscriptionRequiredMessage,
  subscriptionView,
  timeLeft,
  trialEnd,
  type SubscriberFacts,
} from './subscription.ts';

const now = new Date('2026-03-10T12:00:00Z');
const at = (offsetHours: number) => new Date(now.getTime() + offsetHours * 3_600_000).toISOString();

describe('subscriptionView', () => {
  it('a person with no record is free and may start a trial', () => {
    const view = subscriptionView(null, now);
    expect(view).toMatchObject({
      status: 'free',
      has_access: false,
      trial_available: true,
      subscribed: false,
    });
  });

  it('the card-free trial gives access until its end, then free with no second trial', () => {
    const record: SubscriberFacts = {
      status: 'none',
      trial_end: trialEnd(new Date(at(-24))).toISOString(),
      trial_used: true,
    };
    expect(trialEnd(now).getTime() - now.getTime()).toBe(7 * 86_400_000);
    const during = subscriptionView(record, now);
    expect(during).toMatchObject({
      status: 'trial',
      is_trialing: true,
      has_access: true,
      trial_available: false,
    });
    expect(during.subscription_end).toBe(record.trial_end);
    const later = subscriptionView(record, new Date(at(6 * 24 + 1)));
    expect(later).toMatchObject({
      status: 'free',
      is_trialing: false,
      has_access: false,
      trial_available: false,
    });
  });

  it("Stripe's trialing subscription is a trial whose next bill is the trial end", () => {
    const view = subscriptionView(
      { status: 'trialing', trial_end: at(48), current_period_end: at(48), subscription_tier: 'plus' },
      now,
    );
    expect(view).toMatchObject({ status: 'trial', next_billing_date: at(48), subscription_tier: 'plus' });
  });

  it('active is subscribed; a cancellation at period end keeps access to that date, then not', () => {
    const record: SubscriberFacts = {
      status: 'active',
      current_period_end: at(10),
      cancel_at_period_end: true,
      subscription_tier: 'plus',
    };
    expect(subscriptionView(record, now)).toMatchObject({
      status: 'subscribed',
      subscribed: true,
      next_billing_date: null,
      subscription_end: at(10),
    });
    expect(subscriptionView(record, new Date(at(11)))).toMatchObject({ status: 'free', has_access: false });
    expect(subscriptionView({ ...record, cancel_at_period_end: false }, now).next_billing_date).toBe(at(10));
  });

  it(`a failed renewal is grace for ${GRACE_PERIOD_HOURS} h, then free`, () => {
    const started = new Date(at(-1));
    const record: SubscriberFacts = {
      status: 'past_due',
      current_period_end: at(24 * 30),
      grace_started_at: started.toISOString(),
      grace_expires_at: graceExpiry(started).toISOString(),
    };
    expect(graceExpiry(started).getTime() - started.getTime()).toBe(72 * 3_600_000);
    const during = subscriptionView(record, now);
    expect(during).toMatchObject({ status: 'grace', is_in_grace_period: true, has_access: true });
    expect(during.grace_expires_at).toBe(at(71));
    expect(subscriptionView(record, new Date(at(71)))).toMatchObject({
      status: 'free',
      is_in_grace_period: false,
      grace_expires_at: null,
    });
  });

  it('a canceled subscription is free even with its old trial end ahead', () => {
    const view = subscriptionView({ status: 'canceled', trial_end: at(30), ended_at: at(-1) }, now);
    expect(view).toMatchObject({
      status: 'free',
      is_trialing: false,
      trial_end: null,
      subscription_end: at(-1),
    });
    // spec §4's gate reads trial_end too: a trial that no longer counts must not open it.
    expect(gateAllows({ ...view, in_grace_period: view.is_in_grace_period }, now)).toBe(false);
  });
});

describe('subscriptionRequiredMessage (the 402 of a paid feature)', () => {
  const later = new Date(at(24 * 400));
  const messageFor = (record: SubscriberFacts | null, options?: { sharedProfile?: boolean }) =>
    subscriptionRequiredMessage(subscriptionView(record, later), options);

  it('words the refusal by how access lapsed', () => {
    expect(messageFor(null)).toMatch(/^This feature is part of Tallywise Plus\. Start your 7-day free trial/);
    expect(messageFor({ status: 'none', trial_end: at(1), trial_used: true })).toMatch(
      /^Your free trial has ended\./,
    );
    expect(messageFor({ status: 'trialing', trial_end: at(1), trial_used: true })).toMatch(
      /^Your free trial has ended\./,
    );
    const graceOver = messageFor({
      status: 'past_due',
      grace_started_at: at(-1),
      grace_expires_at: at(71),
      trial_used: true,
    });
    expect(graceOver).toMatch(/^Your last payment failed and the 72-hour grace period has ended\./);
    expect(graceOver).toMatch(/Update your card under Manage billing/);
    expect(messageFor({ status: 'canceled', ended_at: at(1), trial_used: true })).toMatch(
      /^Your subscription has ended\./,
    );
    // A cancellation at period end whose date passed before the deletion webhook arrived.
    expect(
      messageFor({
        status: 'active',
        cancel_at_period_end: true,
        current_period_end: at(1),
        trial_used: true,
      }),
    ).toMatch(/^Your subscription has ended\./);
    for (const message of [messageFor(null), graceOver]) expect(message).not.toMatch(/trial has ended/);
  });

  it("tells a member of someone else's profile that the owner's plan does not cover it", () => {
    expect(messageFor({ status: 'none', trial_used: true }, { sharedProfile: true })).toBe(
      "This profile's owner has no Tallywise Plus trial or subscription to cover it. Your free trial has ended. Start a subscription on the Plans page to keep using this feature.",
    );
  });
});

describe('gateAllows (spec §4)', () => {
  const free = { subscribed: false, trial_end: null, is_trialing: false, in_grace_period: false };
  it('lets content through while the status is not loaded', () => expect(gateAllows(null, now)).toBe(true));
  it('blocks a free status', () => expect(gateAllows(free, now)).toBe(false));
  it.each([
    ['trialing', { is_trialing: true }],
    ['trial_end ahead', { trial_end: at(1) }],
    ['subscribed', { subscribed: true }],
    ['in grace', { in_grace_period: true }],
    ['fallback mode', { fallback_mode: true }],
    ["covered by the profile owner's entitlement", { covered_by_owner: true }],
  ])('grants when %s', (_name, change) => expect(gateAllows({ ...free, ...change }, now)).toBe(true));
  it('a trial_end in the past does not grant', () =>
    expect(gateAllows({ ...free, trial_end: at(-1) }, now)).toBe(false));
});

describe('timeLeft', () => {
  it('counts whole hours and minutes, never below zero', () => {
    expect(timeLeft(new Date(now.getTime() + (5 * 60 + 7) * 60_000 + 59_000).toISOString(), now)).toEqual({
      hours: 5,
      minutes: 7,
    });
    expect(timeLeft(at(-2), now)).toEqual({ hours: 0, minutes: 0 });
  });
});
