// Stripe's documented test cards on the hosted pages, 3-D Secure at Checkout and at renewal (the
// hosted invoice page), plan switches with proration, and the webhook delivery disorder switch.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { StripeSandbox } from './sandbox.ts';
import {
  answerChallenge,
  CARDS,
  payOnHostedPage,
  postPortal,
  sandboxWithReceiverEachTest,
  subscribe,
  type WebhookReceiver,
} from './test-support.ts';

let sandbox: StripeSandbox;
let stripe: Stripe;
let receiver: WebhookReceiver;
sandboxWithReceiverEachTest((started) => {
  ({ sandbox, stripe, receiver } = started);
});

async function newSession(trial: boolean) {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: sandbox.prices.plus_monthly ?? '', quantity: 1 }],
    ...(trial ? { subscription_data: { trial_period_days: 7 } } : {}),
    customer_email: 'pat@example.com',
    success_url: 'http://127.0.0.1:5173/plans?session_id={CHECKOUT_SESSION_ID}',
  });
}

describe("Stripe's test cards", () => {
  // https://docs.stripe.com/testing#declined-payments, with the messages of the error codes' pages.
  const refusals: Array<[string, string]> = [
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4100 0000 0000 0019', 'Your card was declined.'],
    ['4000 0000 0000 0069', 'Your card has expired.'],
    ['4000 0000 0000 0127', "Your card's security code is incorrect."],
    ['4000 0000 0000 0119', 'An error occurred while processing your card. Try again in a little bit.'],
  ];
  for (const [card, message] of refusals) {
    it(`${card} is refused on the page with "${message}", and the session stays open`, async () => {
      const session = await newSession(false);
      const refused = await payOnHostedPage(session.url ?? '', card);
      expect(refused.status).toBe(402);
      expect(refused.html).toContain(`<div role="alert">${message.replace("'", '&#39;')}</div>`);
      expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
      expect((await stripe.customers.list()).data).toHaveLength(0);
    });
  }

  it('4000 0000 0000 0259 (disputed later) is charged like any good card', async () => {
    const { subscription } = await subscribe(sandbox, stripe, {
      card: '4000 0000 0000 0259',
      trialDays: null,
    });
    expect(subscription.status).toBe('active');
  });
});

describe('3-D Secure at Checkout', () => {
  it('asks for the challenge; failing it leaves the session open with Stripe’s message', async () => {
    const session = await newSession(false);
    const typed = await payOnHostedPage(session.url ?? '', CARDS.alwaysAuthenticate);
    expect(typed).toMatchObject({ status: 303, location: `/c/pay/${session.id}/authenticate` });
    const challenge = new URL(typed.location ?? '', session.url ?? '').toString();
    const failed = await answerChallenge(challenge, 'fail');
    expect(failed.status).toBe(402);
    expect(failed.html).toContain('We are unable to authenticate your payment method.');
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'open' });
    expect((await stripe.subscriptions.list()).data).toHaveLength(0);
  });

  for (const card of [CARDS.alwaysAuthenticate, CARDS.authenticateOnSession, CARDS.threeDSecure2]) {
    it(`${card}: passing the challenge completes the session and pays the first invoice`, async () => {
      const session = await newSession(false);
      const typed = await payOnHostedPage(session.url ?? '', card);
      const passed = await answerChallenge(
        new URL(typed.location ?? '', session.url ?? '').toString(),
        'complete',
      );
      expect(passed).toMatchObject({
        status: 303,
        location: `http://127.0.0.1:5173/plans?session_id=${session.id}`,
      });
      const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
      expect(done).toMatchObject({ status: 'complete', payment_status: 'paid' });
      expect((done.subscription as Stripe.Subscription).status).toBe('active');
    });
  }
});

describe('3-D Secure at renewal', () => {
  it('a card that always asks: requires_action, invoice.payment_action_required, then paid on the hosted page', async () => {
    const { subscription } = await subscribe(sandbox, stripe, { card: CARDS.alwaysAuthenticate });
    await sandbox.webhooks.flush();
    const before = receiver.received.length;
    sandbox.clock.advance({ days: 7 });
    await sandbox.webhooks.flush();

    const renewed = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    expect(renewed.status).toBe('past_due');
    const invoice = renewed.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'open', attempt_count: 1, amount_due: 999 });
    expect(invoice.hosted_invoice_url).toMatch(new RegExp(`^${sandbox.url}/i/test_`));
    const events = receiver.received.slice(before).map((w) => w.event);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['invoice.payment_failed', 'invoice.payment_action_required']),
    );
    const action = events.find((e) => e.type === 'invoice.payment_action_required');
    expect(action?.data.object).toMatchObject({
      id: invoice.id,
      hosted_invoice_url: invoice.hosted_invoice_url,
    });

    const paid = await stripe.invoices.retrieve(invoice.id, {
      expand: ['payments.data.payment.payment_intent'],
    });
    const intent = paid.payments?.data[0]?.payment.payment_intent as Stripe.PaymentIntent;
    expect(intent).toMatchObject({
      status: 'requires_action',
      amount: 999,
      next_action: {
        type: 'redirect_to_url',
        redirect_to_url: { url: `${invoice.hosted_invoice_url}/authenticate` },
      },
    });

    const page = await (await fetch(invoice.hosted_invoice_url ?? '')).text();
    expect(page).toContain('Your bank asks you to confirm this payment.');
    const pay = await fetch(`${invoice.hosted_invoice_url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(303);
    const challenge = new URL(pay.headers.get('location') ?? '', sandbox.url).toString();
    const failed = await answerChallenge(challenge, 'fail');
    expect(failed.status).toBe(402);
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe('open');

    const passed = await answerChallenge(challenge, 'complete');
    expect(passed).toMatchObject({
      status: 303,
      location: `/i/${invoice.hosted_invoice_url?.split('/i/')[1]}?done=paid`,
    });
    expect((await stripe.invoices.retrieve(invoice.id)).status).toBe('paid');
    expect(await stripe.paymentIntents.retrieve(intent.id)).toMatchObject({
      status: 'succeeded',
      amount_received: 999,
      next_action: null,
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('a card set up with 3-D Secure at Checkout (3155) renews without asking again', async () => {
    const { subscription } = await subscribe(sandbox, stripe, { card: CARDS.authenticateOnSession });
    sandbox.clock.advance({ days: 7 });
    await sandbox.webhooks.flush();
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect(receiver.types()).not.toContain('invoice.payment_action_required');
  });
});

describe('plan switches', () => {
  it('monthly → annual mid-period: credit for the unused month, a new yearly period billed now', async () => {
    const { subscription } = await subscribe(sandbox, stripe, { trialDays: null });
    const item = subscription.items.data[0];
    sandbox.clock.advance({ days: 15 });
    const now = Math.floor(sandbox.clock.now().getTime() / 1000);
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item?.id ?? '', price: sandbox.prices.plus_annual ?? '' }],
      proration_behavior: 'create_prorations',
      expand: ['latest_invoice'],
    });
    expect(updated.items.data[0]).toMatchObject({
      id: item?.id,
      price: { lookup_key: 'plus_annual' },
      current_period_start: now,
    });
    expect(updated.items.data[0]?.current_period_end).toBe(Date.UTC(2026, 5, 30, 12) / 1000);
    const invoice = updated.latest_invoice as Stripe.Invoice;
    // 15 of June's 30 days unused: half of $9.99 comes off the year's $99.
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_update',
      status: 'paid',
      amount_due: 9900 - 500,
    });
    expect(invoice.lines.data.map((l) => [l.amount, l.parent?.subscription_item_details?.proration])).toEqual(
      [
        [-500, true],
        [9900, false],
      ],
    );
    expect(updated.status).toBe('active');
  });

  it('the portal switches annual → monthly after a confirmation page showing what is due', async () => {
    const { customer, subscription } = await subscribe(sandbox, stripe, {
      trialDays: null,
      lookupKey: 'plus_annual',
    });
    const portal = await stripe.billingPortal.sessions.create({ customer });
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('Switch to $9.99 per month');
    const fields = { subscription: subscription.id, price: sandbox.prices.plus_monthly ?? '' };
    const confirm = await postPortal(portal.url, 'switch', fields);
    expect(confirm.html).toContain('Switch your plan');
    expect(confirm.html).toContain('Due today: $0.00');
    const done = await postPortal(portal.url, 'switch', { ...fields, confirm: 'yes' });
    expect(done).toMatchObject({ status: 303, location: expect.stringContaining('?done=switch') as string });
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.items.data[0]?.price.lookup_key).toBe('plus_monthly');
    await sandbox.webhooks.flush();
    const updated = receiver.received.filter((w) => w.event.type === 'customer.subscription.updated').at(-1);
    expect(updated?.event.data.object).toMatchObject({ id: subscription.id });
  });

  it('refuses an item that is not the subscription’s and an unknown price with 400 naming them', async () => {
    const { subscription } = await subscribe(sandbox, stripe, { trialDays: null });
    const item = subscription.items.data[0]?.id ?? '';
    await expect(
      stripe.subscriptions.update(subscription.id, {
        items: [{ id: 'si_nope', price: sandbox.prices.plus_annual ?? '' }],
      }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'items[0][id]' });
    await expect(
      stripe.subscriptions.update(subscription.id, { items: [{ id: item, price: 'price_nope' }] }),
    ).rejects.toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'items[0][price]' });
  });
});

describe('delivery disorder', () => {
  it('holds deliveries, then sends them newest first and twice each', async () => {
    sandbox.webhooks.disorder({ reorder: true, duplicate: true });
    await stripe.customers.create({ email: 'a@example.com' });
    await stripe.customers.create({ email: 'b@example.com' });
    expect(receiver.received).toHaveLength(0);
    await sandbox.webhooks.flush();
    const emails = receiver.received.map((w) => (w.event.data.object as { email: string }).email);
    expect(emails).toEqual(['b@example.com', 'a@example.com', 'b@example.com', 'a@example.com']);
    const ids = receiver.received.map((w) => w.event.id);
    expect(ids[0]).toBe(ids[2]);
  });
});
