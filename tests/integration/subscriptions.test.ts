// Subscriptions end to end on the local cloud: the card-free trial, checkout
// on the Stripe sandbox's hosted page, renewals, a failed renewal's grace period, the Billing Portal,
// cancellation, and the 402 of the paid API routes once access lapses. The sandbox clock is the API's
// billing clock, so moving it ends our trials as it ends Stripe's; tests move it forward only.
import { describe, expect, it } from 'vitest';
import { GRACE_PERIOD_HOURS, SUBSCRIPTION_REQUIRED_MESSAGES, TRIAL_DAYS } from '../../domain/subscription.ts';
import { sandboxPublicToken } from '../../local/cloud.ts';
import { api, cloud, directData, signUpAndSignIn, type TestUser } from './helpers.ts';
import { defaultProfile } from './plaid-helpers.ts';
import { profileApi } from './money-helpers.ts';
import {
  advanceClock,
  CARDS,
  checkout,
  checkSubscription,
  portal,
  sandboxNow,
  storedRecord,
} from './stripe-helpers.ts';

const HOUR = 3_600_000;

/** The paid routes a lapsed person is refused by the API itself, whatever the screen shows. */
async function paidRoutes(user: TestUser, profileId: string) {
  const farMonth = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 7);
  const call = (method: string, path: string, body?: unknown) =>
    profileApi<{ code?: string; message?: string }>(method, path, { token: user.idToken, profileId, body });
  return {
    ask: await call('POST', '/coach/ask', { question: 'What bills are due this week?' }),
    messages: await call('GET', '/coach/messages'),
    forecast: await call('GET', '/running-balances?days=365'),
    lowest: await call('GET', '/running-balances/lowest?days=730'),
    calendar: await call('POST', '/functions/get-money-plan-calendar', { month: farMonth }),
  };
}

describe('the card-free trial and the gate on the server', () => {
  it('a new person is free; a first account connection starts one 7-day trial; after it the paid routes answer 402', async () => {
    const user = await signUpAndSignIn('Trial Person');
    const before = await checkSubscription(user);
    expect(before).toMatchObject({
      status: 'free',
      has_access: false,
      trial_available: true,
      subscribed: false,
    });

    const profileId = await defaultProfile(user);
    const connect = async (institution: string) =>
      api<{ trial_started: boolean }>('POST', '/functions/plaid-exchange-token', {
        token: user.idToken,
        body: { publicToken: await sandboxPublicToken(cloud().urls.plaid, institution) },
        headers: { 'x-profile-id': profileId },
      });
    // The first connection says it started the trial (the SPA's 'Trial Started!'); a second does not.
    expect((await connect('ins_109508')).body.trial_started).toBe(true);
    expect((await connect('ins_109509')).body.trial_started).toBe(false);
    const during = await checkSubscription(user);
    const now = await sandboxNow();
    expect(during).toMatchObject({
      status: 'trial',
      is_trialing: true,
      has_access: true,
      trial_available: false,
    });
    const length = Date.parse(during.trial_end!) - now.getTime();
    expect(length).toBeGreaterThan(TRIAL_DAYS * 24 * HOUR - 60_000);
    expect(length).toBeLessThanOrEqual(TRIAL_DAYS * 24 * HOUR);

    // Open during the trial.
    const open = await paidRoutes(user, profileId);
    for (const [name, response] of Object.entries(open)) expect(response.status, name).toBe(200);

    // Starting again while it runs changes nothing (a retry of the SPA's start).
    const again = await api<{ trial_started: boolean; trial_end: string }>('POST', '/functions/start-trial', {
      token: user.idToken,
      body: {},
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ trial_started: false, trial_end: during.trial_end });

    await advanceClock({ days: TRIAL_DAYS, seconds: 60 });
    expect(await checkSubscription(user)).toMatchObject({
      status: 'free',
      has_access: false,
      trial_available: false,
    });
    const lapsed = await paidRoutes(user, profileId);
    for (const [name, response] of Object.entries(lapsed)) {
      expect(response.status, name).toBe(402);
      expect(response.body.code, name).toBe('subscription_required');
      expect(response.body.message, name).toBe(SUBSCRIPTION_REQUIRED_MESSAGES.trial_ended);
    }
    // The free level keeps the 90-day forecast and this month's calendar.
    const free = await profileApi('GET', '/running-balances?days=90', { token: user.idToken, profileId });
    expect(free.status).toBe(200);
    const thisMonth = await profileApi('POST', '/functions/get-money-plan-calendar', {
      token: user.idToken,
      profileId,
      body: { month: new Date().toISOString().slice(0, 7) },
    });
    expect(thisMonth.status).toBe(200);

    // One trial per person, ever.
    const second = await api<{ code: string; message: string }>('POST', '/functions/start-trial', {
      token: user.idToken,
      body: {},
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/already used your free trial/);
    expect(await checkSubscription(user)).toMatchObject({ status: 'free' });
  });

  it("a member of a shared profile is covered by the owner's trial, and refused with the owner once it lapses", async () => {
    const [owner, member] = await Promise.all([signUpAndSignIn('Owner'), signUpAndSignIn('Member')]);
    const profileId = await defaultProfile(owner);
    const invitation = await api<{ invite_url: string }>(
      'POST',
      `/financial-profiles/${profileId}/invitations`,
      {
        token: owner.idToken,
        body: { email: member.email, role: 'viewer' },
      },
    );
    const token = new URL(invitation.body.invite_url).searchParams.get('token');
    expect(
      (await api('POST', `/invitations/${token}/accept`, { token: member.idToken, body: {} })).status,
    ).toBe(200);

    const ask = () =>
      profileApi('POST', '/coach/ask', {
        token: member.idToken,
        profileId,
        body: { question: 'How much is in my accounts?' },
      });
    const refused = await ask();
    expect(refused.status).toBe(402);
    // Neither has started a trial: the member is told the owner's plan does not cover the profile.
    expect(refused.body.message).toBe(
      `This profile's owner has no Tallywise Plus trial or subscription to cover it. ${SUBSCRIPTION_REQUIRED_MESSAGES.never_started}`,
    );
    expect((await api('POST', '/functions/start-trial', { token: owner.idToken, body: {} })).status).toBe(
      200,
    );
    expect((await ask()).status).toBe(200);
    // The member's own status is free; asked about the shared profile, the check says it is covered.
    const covered = () =>
      api<{ status: string; covered_by_owner: boolean }>('POST', '/functions/check-subscription', {
        token: member.idToken,
        body: {},
        headers: { 'x-profile-id': profileId },
      });
    expect(await checkSubscription(member)).toMatchObject({ status: 'free', covered_by_owner: false });
    expect((await covered()).body).toMatchObject({ status: 'free', covered_by_owner: true });
    await advanceClock({ days: TRIAL_DAYS, seconds: 60 });
    expect((await ask()).status).toBe(402);
    expect((await covered()).body.covered_by_owner).toBe(false);
  });
});

describe('checkout, renewal, grace and cancellation through the Stripe sandbox', () => {
  it('checkout with 4242 → trial; the trial converts on the clock; cancel keeps access to the period end', async () => {
    const user = await signUpAndSignIn('Card Person');
    const paid = await checkout(user, { price: 'plus_annual' });
    expect(paid.trialDays).toBe(TRIAL_DAYS);
    expect(paid.status).toBe(303);
    expect(paid.redirect).toMatch(new RegExp(`/accounts\\?session_id=${paid.sessionId}$`));

    // The SPA's start-trial after the return (its webhooks may or may not have arrived yet).
    const started = await api<{ trial_started: boolean; status: string }>('POST', '/functions/start-trial', {
      token: user.idToken,
      body: { sessionId: paid.sessionId },
    });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ trial_started: true, status: 'trial' });
    const trialing = await storedRecord(user.userId);
    expect(trialing).toMatchObject({
      status: 'trialing',
      subscribed: false,
      trial_used: true,
      trial_source: 'checkout',
      subscription_tier: 'plus',
      plan: 'plus_annual',
      cancel_at_period_end: false,
    });
    expect(trialing?.stripe_customer_id).toMatch(/^cus_/);
    expect(trialing?.stripe_subscription_id).toMatch(/^sub_/);

    // Stripe's trial_will_end comes 3 days before the end; then the trial ends and the card is charged.
    await advanceClock({ days: TRIAL_DAYS - 2 });
    expect((await storedRecord(user.userId))?.trial_will_end_notified_at).toBeTruthy();
    await advanceClock({ days: 3 });
    const active = await checkSubscription(user);
    expect(active).toMatchObject({ status: 'subscribed', subscribed: true, subscription_tier: 'plus' });
    const periodEnd = Date.parse(active.next_billing_date!);
    expect(periodEnd - Date.parse(active.trial_end!)).toBeGreaterThan(364 * 24 * HOUR);
    expect(await storedRecord(user.userId)).toMatchObject({ status: 'active', subscribed: true });

    // A second checkout while subscribed is refused; billing is managed in the portal.
    const twice = await api('POST', '/billing/checkout-session', {
      token: user.idToken,
      body: { price: 'plus_monthly' },
    });
    expect(twice.status).toBe(409);

    // Cancel at period end: still subscribed until then, and the next bill is gone.
    expect(await portal(user, 'cancel')).toBe(303);
    expect(await checkSubscription(user)).toMatchObject({
      status: 'subscribed',
      cancel_at_period_end: true,
      next_billing_date: null,
    });
    const now = await sandboxNow();
    await advanceClock({ seconds: Math.ceil((periodEnd - now.getTime()) / 1000) + 60 });
    expect(await checkSubscription(user)).toMatchObject({
      status: 'free',
      subscribed: false,
      has_access: false,
    });
    expect(await storedRecord(user.userId)).toMatchObject({ status: 'canceled', subscribed: false });
    // The paid routes say the subscription ended, not that a trial did.
    const ended = await profileApi<{ code: string; message: string }>('GET', '/coach/messages', {
      token: user.idToken,
      profileId: await defaultProfile(user),
    });
    expect(ended.status).toBe(402);
    expect(ended.body.message).toBe(SUBSCRIPTION_REQUIRED_MESSAGES.subscription_ended);
    // A canceled subscriber pays at once next time: the trial was used.
    const back = await api<{ trial_days: number }>('POST', '/billing/checkout-session', {
      token: user.idToken,
      body: { price: 'plus_monthly' },
    });
    expect(back.body.trial_days).toBe(0);
  });

  it(`a failed renewal opens a ${GRACE_PERIOD_HOURS} h grace period; a card updated in the portal pays and ends it; unpaid, access stops`, async () => {
    const [user, other] = await Promise.all([signUpAndSignIn('Failing Card'), signUpAndSignIn('Unpaid')]);
    const profileId = await defaultProfile(user);
    await checkout(user, { card: CARDS.failsLater });
    await checkout(other, { card: CARDS.failsLater });
    await advanceClock({ days: TRIAL_DAYS, seconds: 60 });

    const grace = await checkSubscription(user);
    expect(grace).toMatchObject({
      status: 'grace',
      is_in_grace_period: true,
      has_access: true,
      stripe_status: 'past_due',
    });
    const started = Date.parse(grace.grace_started_at!);
    expect(Date.parse(grace.grace_expires_at!) - started).toBe(GRACE_PERIOD_HOURS * HOUR);
    // Content still open during grace.
    const ask = await profileApi('POST', '/coach/ask', {
      token: user.idToken,
      profileId,
      body: { question: 'How much is in my accounts?' },
    });
    expect(ask.status).toBe(200);

    // The card updated in the portal pays the open invoice: subscribed, grace over.
    expect(await portal(user, { card: CARDS.ok })).toBe(303);
    const fixed = await checkSubscription(user);
    expect(fixed).toMatchObject({ status: 'subscribed', is_in_grace_period: false, grace_expires_at: null });
    const stored = await storedRecord(user.userId);
    expect(stored?.grace_started_at).toBeUndefined();

    // The other person never pays: past the grace period the paid routes answer 402 while Stripe retries.
    expect(await checkSubscription(other)).toMatchObject({ status: 'grace' });
    await advanceClock({ seconds: GRACE_PERIOD_HOURS * 3600 });
    expect(await checkSubscription(other)).toMatchObject({
      status: 'free',
      has_access: false,
      stripe_status: 'past_due',
    });
    const otherProfile = await defaultProfile(other);
    const refused = await profileApi<{ code: string; message: string }>('POST', '/coach/ask', {
      token: other.idToken,
      profileId: otherProfile,
      body: { question: 'Anything?' },
    });
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('subscription_required');
    expect(refused.body.message).toBe(SUBSCRIPTION_REQUIRED_MESSAGES.payment_failed);
  });
});

describe('a renewal after a card change', () => {
  it('a failing card put on file in the portal makes the next monthly renewal fail into grace', async () => {
    const user = await signUpAndSignIn('Card Swap');
    await checkout(user, { price: 'plus_monthly' });
    await advanceClock({ days: TRIAL_DAYS, seconds: 60 });
    expect(await checkSubscription(user)).toMatchObject({ status: 'subscribed' });
    expect(await portal(user, { card: CARDS.failsLater })).toBe(303);
    await advanceClock({ days: 32 });
    const check = await checkSubscription(user);
    expect(check).toMatchObject({ status: 'grace', stripe_status: 'past_due', is_in_grace_period: true });
  });
});

describe('bad input changes nothing', () => {
  it('an unknown price is a 400 naming price; a malformed session id a 400 naming sessionId', async () => {
    const user = await signUpAndSignIn('Bad Input');
    const price = await api<{ code: string; issues: Array<{ field: string }> }>(
      'POST',
      '/billing/checkout-session',
      { token: user.idToken, body: { price: 'gold_weekly' } },
    );
    expect(price.status).toBe(400);
    expect(price.body.issues.map((i) => i.field)).toEqual(['price']);
    const session = await api<{ issues: Array<{ field: string }> }>('POST', '/functions/start-trial', {
      token: user.idToken,
      body: { sessionId: 'not-a-session' },
    });
    expect(session.status).toBe(400);
    expect(session.body.issues.map((i) => i.field)).toEqual(['sessionId']);
    expect(await storedRecord(user.userId)).toBeNull();
  });

  it("someone else's customer or checkout session is refused, and nothing changes", async () => {
    const [victim, attacker] = await Promise.all([signUpAndSignIn('Victim'), signUpAndSignIn('Attacker')]);
    const paid = await checkout(victim);
    const victimRecord = await storedRecord(victim.userId);
    const customerId = victimRecord!.stripe_customer_id!;

    const forCustomer = await api<{ code: string; message: string }>('POST', '/billing/checkout-session', {
      token: attacker.idToken,
      body: { price: 'plus_monthly', customerId },
    });
    expect(forCustomer.status).toBe(403);
    expect(forCustomer.body.message).toMatch(/customerId/);
    const portalFor = await api('POST', '/billing/portal-session', {
      token: attacker.idToken,
      body: { customerId },
    });
    expect(portalFor.status).toBe(403);
    const session = await api('POST', '/functions/start-trial', {
      token: attacker.idToken,
      body: { sessionId: paid.sessionId },
    });
    expect(session.status).toBe(404);
    const check = await api('POST', '/functions/check-subscription', {
      token: attacker.idToken,
      body: { userId: victim.userId },
    });
    expect(check.status).toBe(403);
    expect(await storedRecord(attacker.userId)).toBeNull();
    expect(await storedRecord(victim.userId)).toEqual(victimRecord);
    const { data: mapping } = await directData().stripeCustomers.get({ customer_id: customerId }).go();
    expect(mapping?.user_id).toBe(victim.userId);
  });

  it('GET /subscribers/me answers the caller’s own spec §3 record', async () => {
    const user = await signUpAndSignIn('Fallback Reader');
    const empty = await api('GET', '/subscribers/me', { token: user.idToken });
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ user_id: user.userId, subscribed: false, subscription_tier: null });
    await api('POST', '/functions/start-trial', { token: user.idToken, body: {} });
    const trial = await api<{ trial_end: string | null; subscribed: boolean }>('GET', '/subscribers/me', {
      token: user.idToken,
    });
    expect(trial.body.subscribed).toBe(false);
    expect(trial.body.trial_end).toBeTruthy();
    expect((await api('GET', '/subscribers/me')).status).toBe(401);
  });
});
