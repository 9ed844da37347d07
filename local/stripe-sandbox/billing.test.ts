// Subscriptions through time: the three test cards on the hosted Checkout page, the trial's end,
// renewals, failed payments and retries, the Billing Portal's card update and cancel at period end.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { StripeSandbox } from './sandbox.ts';
import {
  CARDS,
  DAY,
  payOnHostedPage,
  postPortal,
  sandboxWithReceiverEachTest,
  subscribe,
  type WebhookReceiver,
  TEST_NOW,
} from './test-support.ts';

let sandbox: StripeSandbox;
let stripe: Stripe;
let receiver: WebhookReceiver;
sandboxWithReceiverEachTest((started) => {
  ({ sandbox, stripe, receiver } = started);
});

const T0 = TEST_NOW.getTime() / 1000;

/** Event types received since `from` (an index into the receiver's list). */
async function typesSince(from: number): Promise<string[]> {
  await sandbox.webhooks.flush();
  return receiver.types().slice(from);
}

describe('hosted Checkout with the test cards', () => {
  it('4242 4242 4242 4242 starts a 7-day trial and redirects to success_url with the session id', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: sandbox.prices.plus_monthly ?? '', quantity: 1 }],
      subscription_data: { trial_period_days: 7 },
      customer_email: 'pat@example.com',
      client_reference_id: 'user-1',
      success_url: 'http://127.0.0.1:5173/plans?session_id={CHECKOUT_SESSION_ID}',
    });
    const page = await (await fetch(session.url ?? '')).text();
    expect(page).toContain('<label for="cardnumber">Card number</label>');
    expect(page).toContain('7 days free, then $9.99 per month');
    expect(page).toContain('Start trial');

    const paid = await payOnHostedPage(session.url ?? '', CARDS.succeeds);
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`http://127.0.0.1:5173/plans?session_id=${session.id}`);

    const done = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription', 'customer'],
    });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'no_payment_required', url: null });
    const subscription = done.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({
      status: 'trialing',
      trial_start: T0,
      trial_end: T0 + 7 * DAY,
      cancel_at_period_end: false,
    });
    expect(subscription.items.data[0]).toMatchObject({
      current_period_start: T0,
      current_period_end: T0 + 7 * DAY,
      price: { id: sandbox.prices.plus_monthly },
    });
    expect((done.customer as Stripe.Customer).email).toBe('pat@example.com');
    expect(await typesSince(0)).toEqual([
      'customer.created',
      'payment_method.attached',
      'customer.subscription.created',
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'checkout.session.completed',
    ]);
    const completed = receiver.received.find((w) => w.event.type === 'checkout.session.completed');
    expect(completed?.event.data.object).toMatchObject({
      client_reference_id: 'user-1',
      subscription: subscription.id,
    });
  });

  it('4000 0000 0000 9995 is declined on the page, and nothing is created', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: sandbox.prices.plus_monthly ?? '', quantity: 1 }],
      subscription_data: { trial_period_days: 7 },
      customer_email: 'pat@example.com',
      success_url: 'http://127.0.0.1:5173/plans?session_id={CHECKOUT_SESSION_ID}',
    });
    const declined = await payOnHostedPage(session.url ?? '', CARDS.declines);
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('<div role="alert">Your card has insufficient funds.</div>');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect((await stripe.subscriptions.list({ status: 'all' })).data).toEqual([]);
    expect(await typesSince(0)).toEqual([]);
  });

  it('4000 0000 0000 0341 is saved for the trial, then the first charge fails: past_due', async () => {
    const { subscription } = await subscribe(sandbox, stripe, { card: CARDS.attachesThenFails });
    expect(subscription.status).toBe('trialing');

    sandbox.clock.advance({ days: 7 });
    const after = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(after.status).toBe('past_due');
    const invoice = after.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      status: 'open',
      billing_reason: 'subscription_cycle',
      amount_due: 999,
      amount_paid: 0,
      attempt_count: 1,
      next_payment_attempt: T0 + 7 * DAY + 3 * DAY,
    });
    await sandbox.webhooks.flush();
    const failed = receiver.received.find((w) => w.event.type === 'invoice.payment_failed');
    expect(failed?.event.data.object).toMatchObject({ id: invoice.id, attempt_count: 1 });
  });

  it('without a trial, 0341 fails at checkout as Stripe charges before creating anything', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: sandbox.prices.plus_monthly ?? '', quantity: 1 }],
      customer_email: 'pat@example.com',
      success_url: 'http://127.0.0.1:5173/plans',
    });
    const declined = await payOnHostedPage(session.url ?? '', CARDS.attachesThenFails);
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('Your card was declined.');
    const paid = await payOnHostedPage(session.url ?? '', CARDS.succeeds);
    expect(paid.status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(done.payment_status).toBe('paid');
    expect((done.subscription as Stripe.Subscription).status).toBe('active');
  });
});

describe('the clock', () => {
  it('trial_will_end 3 days before the end, then the trial ends with a paid invoice and renews monthly', async () => {
    const { subscription } = await subscribe(sandbox, stripe);
    await sandbox.webhooks.flush();
    const start = receiver.received.length;

    sandbox.clock.advance({ days: 4 });
    expect(await typesSince(start)).toEqual(['customer.subscription.trial_will_end']);
    const warning = receiver.received.at(-1);
    expect(warning?.event).toMatchObject({
      created: T0 + 4 * DAY,
      data: { object: { id: subscription.id } },
    });

    sandbox.clock.advance({ days: 3 });
    expect(await typesSince(start + 1)).toEqual([
      'invoice.created',
      'invoice.finalized',
      'invoice.paid',
      'invoice.payment_succeeded',
      'customer.subscription.updated',
    ]);
    const updated = receiver.received.at(-1)?.event as unknown as Stripe.Event;
    expect(updated.data.previous_attributes).toMatchObject({ status: 'trialing' });
    const active = await stripe.subscriptions.retrieve(subscription.id);
    expect(active.status).toBe('active');
    const trialEnd = T0 + 7 * DAY;
    expect(active.items.data[0]).toMatchObject({
      current_period_start: trialEnd,
      current_period_end: Date.UTC(2025, 6, 22, 12) / 1000,
    });

    sandbox.clock.advance({ to: new Date('2025-09-30T00:00:00Z') });
    const invoices = await stripe.invoices.list({ subscription: subscription.id });
    // The trial's end (June 22), then July, August and September 22.
    expect(invoices.data.map((i) => [i.billing_reason, i.status, i.amount_paid])).toEqual([
      ['subscription_cycle', 'paid', 999],
      ['subscription_cycle', 'paid', 999],
      ['subscription_cycle', 'paid', 999],
      ['subscription_cycle', 'paid', 999],
      ['subscription_create', 'paid', 0],
    ]);
    expect(invoices.data[0]?.parent?.subscription_details?.subscription).toBe(subscription.id);
  });

  it('retries a failed renewal on days 3, 5 and 7, then cancels the subscription', async () => {
    const { subscription } = await subscribe(sandbox, stripe, { card: CARDS.attachesThenFails });
    sandbox.clock.advance({ days: 7 });
    const attempts = async () => {
      const latest = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
      const invoice = latest.latest_invoice as Stripe.Invoice;
      return [latest.status, invoice.attempt_count, invoice.next_payment_attempt];
    };
    const failedAt = T0 + 7 * DAY;
    expect(await attempts()).toEqual(['past_due', 1, failedAt + 3 * DAY]);
    sandbox.clock.advance({ days: 3 });
    expect(await attempts()).toEqual(['past_due', 2, failedAt + 5 * DAY]);
    sandbox.clock.advance({ days: 2 });
    expect(await attempts()).toEqual(['past_due', 3, failedAt + 7 * DAY]);
    sandbox.clock.advance({ days: 2 });
    expect(await attempts()).toEqual(['canceled', 4, null]);
    await sandbox.webhooks.flush();
    expect(
      receiver.received.find((w) => w.event.type === 'customer.subscription.deleted')?.event.data.object,
    ).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'payment_failed' } });
    expect(receiver.types().filter((t) => t === 'invoice.payment_failed')).toHaveLength(4);
  });

  it('a card updated in the Billing Portal pays the open invoice at once: past_due → active', async () => {
    const { subscription, customer } = await subscribe(sandbox, stripe, { card: CARDS.attachesThenFails });
    sandbox.clock.advance({ days: 7 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');

    const portal = await stripe.billingPortal.sessions.create({
      customer,
      return_url: 'http://127.0.0.1:5173/plans',
    });
    expect(portal.url).toMatch(new RegExp(`^${sandbox.url}/p/session/test_`));
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Payment failed. We will try again on');
    expect(page).toContain('Visa •••• 0341');
    expect(page).toContain('href="http://127.0.0.1:5173/plans"');

    const declined = await postPortal(portal.url, 'payment-method', {
      cardnumber: CARDS.declines,
      expiry: '12 / 34',
      cvc: '123',
    });
    expect(declined.status).toBe(402);
    expect(declined.html).toContain('<div role="alert">Your card has insufficient funds.</div>');

    await sandbox.webhooks.flush();
    const start = receiver.received.length;
    const updated = await postPortal(portal.url, 'payment-method', {
      cardnumber: CARDS.succeeds,
      expiry: '12 / 34',
      cvc: '123',
    });
    expect(updated).toMatchObject({
      status: 303,
      location: `/p/session/${portal.url.split('/').pop()}?done=card`,
    });
    const after = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(after.status).toBe('active');
    expect((after.latest_invoice as Stripe.Invoice).status).toBe('paid');
    expect(await typesSince(start)).toEqual(
      expect.arrayContaining(['payment_method.attached', 'invoice.paid', 'customer.subscription.updated']),
    );
    expect(await (await fetch(`${portal.url}?done=card`)).text()).toContain('Visa •••• 4242');
  });

  it('cancel at period end in the portal keeps the subscription until the period ends, then deletes it', async () => {
    const { subscription, customer } = await subscribe(sandbox, stripe, { trialDays: null });
    expect(subscription.status).toBe('active');
    const periodEnd = subscription.items.data[0]?.current_period_end ?? 0;
    const portal = await stripe.billingPortal.sessions.create({ customer });
    // As in Stripe's portal, cancelling asks first; nothing changes until it is confirmed.
    const asked = await postPortal(portal.url, 'cancel', { subscription: subscription.id });
    expect(asked.status).toBe(200);
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({
      cancel_at_period_end: false,
    });
    const cancel = await postPortal(portal.url, 'cancel', { subscription: subscription.id, confirm: 'yes' });
    expect(cancel.status).toBe(303);
    expect(await (await fetch(`${portal.url}?done=cancel`)).text()).toContain('Cancels on July 15, 2025.');

    const scheduled = await stripe.subscriptions.retrieve(subscription.id);
    expect(scheduled).toMatchObject({ status: 'active', cancel_at_period_end: true, cancel_at: periodEnd });

    sandbox.clock.advance({ to: new Date((periodEnd - 60) * 1000) });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    sandbox.clock.advance({ seconds: 60 });
    const ended = await stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: periodEnd });
    expect(await typesSince(0)).toContain('customer.subscription.deleted');
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
  });

  it('cancel_at_period_end through the API can be undone before the period ends', async () => {
    const { subscription } = await subscribe(sandbox, stripe);
    const set = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    expect(set).toMatchObject({ cancel_at_period_end: true, cancel_at: T0 + 7 * DAY });
    const undone = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false });
    expect(undone).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    sandbox.clock.advance({ days: 8 });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    await sandbox.webhooks.flush();
    const updates = receiver.received
      .filter((w) => w.event.type === 'customer.subscription.updated')
      .map((w) => (w.event as unknown as Stripe.Event).data.previous_attributes);
    expect(updates[0]).toMatchObject({ cancel_at_period_end: false });
    expect(updates[1]).toMatchObject({ cancel_at_period_end: true });
  });
});
