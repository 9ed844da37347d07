// Strong customer authentication and unruly delivery, through the product and the Stripe sandbox:
// a renewal whose card asks for 3-D Secure tells the person (an alert in the app and an e-mail with the
// invoice's hosted page), who authenticates there, and the plan is active again; and webhooks delivered
// newest first and twice each leave the same record a rebuild from Stripe gives.
import { afterEach, describe, expect, it } from 'vitest';
import { api, cloud, directData, signUpAndSignIn, type TestUser } from './helpers.ts';
import { cloudMessagesTo } from './email-helpers.ts';
import {
  advanceClock,
  checkout,
  checkSubscription,
  deliver,
  eventsOf,
  flushWebhooks,
  stripeClient,
  storedRecord,
} from './stripe-helpers.ts';

const ALWAYS_AUTHENTICATE = '4000 0027 6000 3184';

interface AlertView {
  kind: string;
  title: string;
  body: string;
  link: string | null;
}

async function sandboxPost(path: string, form: Record<string, string> | null = null) {
  const url = new URL(path, cloud().urls.stripe);
  const response = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    body: form ? new URLSearchParams(form) : '{}',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

async function person(name: string): Promise<TestUser> {
  const user = await signUpAndSignIn(name);
  await api('GET', '/profiles/me', { token: user.idToken });
  return user;
}

/** Checkout with a card, passing its 3-D Secure challenge if it asks, then the return's start-trial. */
async function subscribeThroughCheckout(user: TestUser, card: string, price = 'plus_monthly') {
  const paid = await checkout(user, { card, price });
  let redirect = paid.redirect;
  if (redirect?.endsWith('/authenticate')) {
    const passed = await sandboxPost(redirect, { outcome: 'complete' });
    expect(passed.status).toBe(303);
    redirect = passed.location;
  }
  expect(redirect).toContain(`session_id=${paid.sessionId}`);
  await flushWebhooks();
  const started = await api('POST', '/functions/start-trial', {
    token: user.idToken,
    body: { sessionId: paid.sessionId },
  });
  expect(started.status).toBe(200);
  return paid;
}

describe('a renewal that needs authentication', () => {
  it('tells the person in the app and by e-mail; authenticating on the hosted page makes the plan active', async () => {
    const user = await person('Sam Secure');
    const { trialDays } = await subscribeThroughCheckout(user, ALWAYS_AUTHENTICATE);
    expect((await checkSubscription(user)).status).toBe('trial');

    // The trial ends: the renewal's charge asks for 3-D Secure, which no one is there to answer.
    await advanceClock({ days: trialDays, seconds: 60 });
    const waiting = await checkSubscription(user);
    expect(waiting).toMatchObject({ status: 'grace', stripe_status: 'past_due', has_access: true });

    const record = await storedRecord(user.userId);
    const stripe = stripeClient();
    const subscription = await stripe.subscriptions.retrieve(record?.stripe_subscription_id ?? '', {
      expand: ['latest_invoice'],
    });
    const invoice = subscription.latest_invoice as { id: string; hosted_invoice_url: string; status: string };
    expect(invoice.status).toBe('open');

    const alerts = (await api<{ items: AlertView[] }>('GET', '/alerts', { token: user.idToken })).body.items;
    const notice = alerts.filter((a) => a.kind === 'payment_action_required');
    expect(notice).toHaveLength(1);
    expect(notice[0]).toMatchObject({ title: 'Confirm your payment', link: invoice.hosted_invoice_url });
    expect(notice[0]?.body).toContain(
      'Your bank asks you to confirm the $9.99 payment for Tallywise Plus (monthly)',
    );

    const mails = cloudMessagesTo(user.email).filter((m) => m.subject === 'Confirm your Tallywise payment');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.html).toContain(`href="${invoice.hosted_invoice_url}"`);
    expect(mails[0]?.text).toContain('Confirm payment');

    // Stripe delivers again: the same event is acknowledged as a replay, and no second notice goes out.
    const action = (await eventsOf(record?.stripe_customer_id ?? '')).find(
      (e) => e.type === 'invoice.payment_action_required',
    );
    expect(action).toBeDefined();
    const replay = await deliver(JSON.stringify(await stripe.events.retrieve(action?.id ?? ''), null, 2));
    expect(replay.body).toMatchObject({ duplicate: true });

    // The person follows the link, pays, and passes the bank's challenge.
    const pay = await sandboxPost(`${new URL(invoice.hosted_invoice_url).pathname}/pay`);
    expect(pay.status).toBe(303);
    const passed = await sandboxPost(pay.location ?? '', { outcome: 'complete' });
    expect(passed.status).toBe(303);
    await flushWebhooks();

    const active = await checkSubscription(user);
    expect(active).toMatchObject({
      status: 'subscribed',
      stripe_status: 'active',
      is_in_grace_period: false,
    });
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe('paid');

    // A delivery of the action event that comes after the payment (lost, then retried) tells no one.
    await directData()
      .stripeEvents.delete({ event_id: action?.id ?? '' })
      .go();
    const late = await deliver(JSON.stringify(await stripe.events.retrieve(action?.id ?? ''), null, 2));
    expect(late.body).toMatchObject({ outcome: 'synced; nothing to confirm' });
    expect(
      cloudMessagesTo(user.email).filter((m) => m.subject === 'Confirm your Tallywise payment'),
    ).toHaveLength(1);
  });
});

describe('webhooks delivered out of order and twice', () => {
  afterEach(async () => {
    await fetch(new URL('/__sandbox/webhooks/disorder', cloud().urls.stripe), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reorder: false, duplicate: false }),
    });
    await flushWebhooks();
  });

  it('converge on the record a rebuild from Stripe gives: checkout, renewal, a switch to annual', async () => {
    const disorder = await fetch(new URL('/__sandbox/webhooks/disorder', cloud().urls.stripe), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reorder: true, duplicate: true }),
    });
    expect(await disorder.json()).toEqual({ reorder: true, duplicate: true });

    const user = await person('Dee Livery');
    const { trialDays } = await subscribeThroughCheckout(user, '4242 4242 4242 4242');
    await advanceClock({ days: trialDays, seconds: 60 });
    const portal = await api<{ url: string }>('POST', '/billing/portal-session', {
      token: user.idToken,
      body: {},
    });
    const record = await storedRecord(user.userId);
    const switched = await sandboxPost(`${portal.body.url}/switch`, {
      subscription: record?.stripe_subscription_id ?? '',
      price: (await stripeClient().prices.list({ lookup_keys: ['plus_annual'] })).data[0]?.id ?? '',
      confirm: 'yes',
    });
    expect(switched.status).toBe(303);
    await flushWebhooks();

    const afterDisorder = await storedRecord(user.userId);
    expect(afterDisorder).toMatchObject({ status: 'active', plan: 'plus_annual', subscribed: true });
    const check = await checkSubscription(user);
    expect(check).toMatchObject({ status: 'subscribed', plan: 'plus_annual' });
    // A year from the switch, not a month: the new plan's period.
    expect(Date.parse(check.next_billing_date ?? '') - Date.now()).toBeGreaterThan(300 * 86_400_000);

    // Every event the customer's changes caused is in the event log, handled once.
    const events = await eventsOf(record?.stripe_customer_id ?? '');
    const logged = await Promise.all(
      events.map(async (e) => (await directData().stripeEvents.get({ event_id: e.id }).go()).data),
    );
    expect(logged.every((entry) => entry?.outcome !== undefined)).toBe(true);

    // What the disorder left is what reading Stripe now gives.
    await checkSubscription(user, true);
    const rebuilt = await storedRecord(user.userId);
    expect(afterDisorder).toEqual(rebuilt);
  });
});
