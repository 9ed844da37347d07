// Webhooks: signed so stripe.webhooks.constructEvent accepts them, retried with backoff while the
// endpoint fails, and kept as events the API lists.
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox, startWebhookReceiver, subscribe } from './test-support.ts';

const verifier = new Stripe('sk_test_unused');
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function setUp(respond?: (count: number) => number, retryDelaysMs = [5, 10, 20]) {
  const receiver = await startWebhookReceiver(respond);
  const { sandbox, stripe } = await startSandbox({
    webhooks: [{ url: receiver.url, secret: 'whsec_test_secret' }],
    webhookRetryDelaysMs: retryDelaysMs,
  });
  stops.push(
    () => sandbox.stop(),
    () => receiver.close(),
  );
  return { receiver, sandbox, stripe };
}

describe('signatures', () => {
  it('signs each delivery so constructEvent accepts the raw body, and refuses another secret', async () => {
    const { receiver, sandbox, stripe } = await setUp();
    await subscribe(sandbox, stripe);
    await sandbox.webhooks.flush();
    expect(receiver.received.length).toBeGreaterThan(5);
    for (const webhook of receiver.received) {
      const header = String(webhook.headers['stripe-signature']);
      expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const event = verifier.webhooks.constructEvent(webhook.body, header, 'whsec_test_secret');
      expect(event.id).toBe(webhook.event.id);
      expect(() => verifier.webhooks.constructEvent(webhook.body, header, 'whsec_other')).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
      // Re-serialised JSON is not the signed payload: receivers must verify the raw bytes.
      expect(() =>
        verifier.webhooks.constructEvent(
          JSON.stringify(JSON.parse(webhook.body)),
          header,
          'whsec_test_secret',
        ),
      ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    }
    expect(receiver.received[0]?.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('timestamps signatures with the real clock, so they verify after the sandbox clock moved a month', async () => {
    const { receiver, sandbox, stripe } = await setUp();
    await subscribe(sandbox, stripe);
    sandbox.clock.advance({ days: 30 });
    await sandbox.webhooks.flush();
    const last = receiver.received.at(-1);
    if (!last) throw new Error('no webhook');
    expect(() =>
      verifier.webhooks.constructEvent(
        last.body,
        String(last.headers['stripe-signature']),
        'whsec_test_secret',
      ),
    ).not.toThrow();
  });
});

describe('retries', () => {
  it('retries a failing endpoint with backoff until it answers 2xx', async () => {
    // The first two deliveries fail with 500, the rest succeed.
    const { receiver, sandbox, stripe } = await setUp((count) => (count <= 2 ? 500 : 200));
    await stripe.customers.create({ email: 'retry@example.com' });
    await sandbox.webhooks.flush({ retries: true });
    const attempts = sandbox.webhooks.attempts.filter((a) => a.type === 'customer.created');
    expect(attempts.map((a) => [a.attempt, a.status])).toEqual([
      [1, 500],
      [2, 500],
      [3, 200],
    ]);
    expect(attempts[1]!.at.getTime() - attempts[0]!.at.getTime()).toBeGreaterThanOrEqual(5);
    expect(receiver.types()).toEqual(['customer.created']);
    const event = await stripe.events.retrieve(receiver.received[0]?.event.id ?? '');
    expect(event.pending_webhooks).toBe(0);
  });

  it('gives up after the last retry and keeps the event listable', async () => {
    const { sandbox, stripe } = await setUp(() => 503, [1, 1]);
    const customer = await stripe.customers.create({ email: 'down@example.com' });
    await sandbox.webhooks.flush({ retries: true });
    expect(sandbox.webhooks.attempts.map((a) => a.status)).toEqual([503, 503, 503]);
    const { data } = await stripe.events.list({ type: 'customer.created' });
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      type: 'customer.created',
      api_version: Stripe.API_VERSION,
      data: { object: { id: customer.id } },
      request: { id: expect.stringMatching(/^req_/) },
    });
  });

  it('reaches an endpoint that was unreachable at first', async () => {
    const { sandbox, stripe } = await startSandbox({
      webhooks: [{ url: 'http://127.0.0.1:9/nothing-listens-here', secret: 'whsec_x' }],
      webhookRetryDelaysMs: [1],
    });
    stops.push(() => sandbox.stop());
    await stripe.customers.create({ email: 'nobody@example.com' });
    await sandbox.webhooks.flush({ retries: true });
    expect(sandbox.webhooks.attempts.map((a) => [a.attempt, a.status, a.error !== null])).toEqual([
      [1, null, true],
      [2, null, true],
    ]);
  });
});

describe('events API', () => {
  it('lists events newest first, filters by type and wildcard, and pages', async () => {
    const { sandbox, stripe } = await setUp();
    await subscribe(sandbox, stripe);
    const all = await stripe.events.list({ limit: 100 });
    expect(all.data[0]?.type).toBe('checkout.session.completed');
    expect(all.data.at(-1)?.type).toBe('customer.created');
    const subscriptionEvents = await stripe.events.list({ type: 'customer.subscription.*' });
    expect(subscriptionEvents.data.map((e) => e.type)).toEqual(['customer.subscription.created']);
    const paid = await stripe.events.list({ types: ['invoice.paid', 'invoice.payment_failed'] });
    expect(paid.data.map((e) => e.type)).toEqual(['invoice.paid']);
    const page = await stripe.events.list({ limit: 2, starting_after: all.data[1]?.id ?? '' });
    expect(page.data.map((e) => e.id)).toEqual(all.data.slice(2, 4).map((e) => e.id));
    expect(await stripe.events.retrieve(all.data[0]?.id ?? '')).toMatchObject({ id: all.data[0]?.id });
    expect(sandbox.webhooks.endpoints[0]?.secret).toBe('whsec_test_secret');
  });
});
