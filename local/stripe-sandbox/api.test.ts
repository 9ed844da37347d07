// The API as the official client sees it: keys, Stripe's errors, idempotency, lists and expand[].
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeSandbox } from './sandbox.ts';
import { startSandbox, stripeClient, stripeError } from './test-support.ts';

let sandbox: StripeSandbox;
let stripe: Stripe;

beforeAll(async () => {
  ({ sandbox, stripe } = await startSandbox());
});
afterAll(() => sandbox.stop());

describe('authentication', () => {
  it('refuses a wrong key with 401 and a missing key with Stripe’s message', async () => {
    const wrong = await stripeError(stripeClient(sandbox, 'sk_test_wrongwrongwrong1234').prices.list());
    expect(wrong).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.message).toMatch(/^Invalid API Key provided: sk_test_\*+1234$/);

    const missing = await fetch(`${sandbox.url}/v1/prices`);
    expect(missing.status).toBe(401);
    const body = (await missing.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/^You did not provide an API key/);
  });

  it('accepts the key as Basic auth, as curl -u sends it', async () => {
    const response = await fetch(`${sandbox.url}/v1/prices`, {
      headers: { Authorization: `Basic ${Buffer.from(`${sandbox.secretKey}:`).toString('base64')}` },
    });
    expect(response.status).toBe(200);
  });
});

describe('catalog', () => {
  it('serves the Tallywise Plus prices by lookup key with the product expanded', async () => {
    const { data } = await stripe.prices.list({
      lookup_keys: ['plus_monthly', 'plus_annual'],
      active: true,
      expand: ['data.product'],
    });
    const byKey = Object.fromEntries(data.map((price) => [price.lookup_key, price]));
    expect(byKey.plus_monthly).toMatchObject({
      id: sandbox.prices.plus_monthly,
      unit_amount: 999,
      currency: 'usd',
      recurring: { interval: 'month', interval_count: 1 },
      product: { object: 'product', name: 'Tallywise Plus' },
    });
    expect(byKey.plus_annual).toMatchObject({ unit_amount: 9900, recurring: { interval: 'year' } });
    expect(sandbox.prices.plus_monthly).toMatch(/^price_/);
  });

  it('pages lists with limit and starting_after, newest first, never losing an item', async () => {
    const created = [];
    for (let i = 0; i < 5; i += 1)
      created.push(await stripe.customers.create({ email: `page${i}@example.com` }));
    const first = await stripe.customers.list({ limit: 2 });
    expect(first).toMatchObject({ object: 'list', has_more: true, url: '/v1/customers' });
    expect(first.data.map((c) => c.email)).toEqual(['page4@example.com', 'page3@example.com']);
    const seen: string[] = [];
    for await (const customer of stripe.customers.list({ limit: 2 })) seen.push(customer.id);
    expect(seen.slice(0, 5)).toEqual(created.map((c) => c.id).reverse());
  });
});

describe('errors', () => {
  it('answers an unknown id with 404 resource_missing naming the parameter', async () => {
    const error = await stripeError(stripe.customers.retrieve('cus_missing'));
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'id' });
    expect(error.message).toBe("No such customer: 'cus_missing'");
  });

  it('refuses unknown parameters and an unknown price in a checkout with 400', async () => {
    const unknown = await stripeError(
      stripe.customers.create({ email: 'x@example.com', colour: 'blue' } as Stripe.CustomerCreateParams),
    );
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'colour' });

    const price = await stripeError(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_nope', quantity: 1 }],
        success_url: 'http://127.0.0.1:5173/plans',
      }),
    );
    // An unknown id inside a parameter is the request's fault: 400 naming it (404 is for the URL's object).
    expect(price).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'line_items[0][price]' });
    expect(price.message).toBe("No such price: 'price_nope'");
    const customer = await stripeError(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: 'cus_nope',
        line_items: [{ price: sandbox.prices.plus_monthly ?? '', quantity: 1 }],
        success_url: 'http://127.0.0.1:5173/plans',
      }),
    );
    expect(customer).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
    const portal = await stripeError(stripe.billingPortal.sessions.create({ customer: 'cus_nope' }));
    expect(portal).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'customer' });
  });

  it('refuses an expansion of a field that is not expandable', async () => {
    const error = await stripeError(stripe.prices.list({ expand: ['data.currency'] }));
    expect(error).toMatchObject({ statusCode: 400, param: 'expand' });
  });

  it('answers an unrecognized URL with 404', async () => {
    const response = await fetch(`${sandbox.url}/v1/charges`, {
      headers: { Authorization: `Bearer ${sandbox.secretKey}` },
    });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /^Unrecognized request URL \(GET: \/v1\/charges\)/,
    );
  });
});

describe('idempotency', () => {
  it('replays the first response for the same key and body, without creating twice', async () => {
    const before = (await stripe.customers.list({ limit: 100 })).data.length;
    const first = await stripe.customers.create(
      { email: 'once@example.com' },
      { idempotencyKey: 'key-once' },
    );
    const again = await stripe.customers.create(
      { email: 'once@example.com' },
      { idempotencyKey: 'key-once' },
    );
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.customers.list({ limit: 100 })).data.length).toBe(before + 1);
  });

  it('refuses the same key with a different body: 400 idempotency_error', async () => {
    await stripe.customers.create({ email: 'a@example.com' }, { idempotencyKey: 'key-reused' });
    const error = await stripeError(
      stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'key-reused' }),
    );
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/Keys for idempotent requests can only be used with the same parameters/);
  });
});

describe('checkout sessions', () => {
  it('creates a subscription-mode session with a trial, a reference and a hosted URL', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: sandbox.prices.plus_annual ?? '', quantity: 1 }],
      subscription_data: { trial_period_days: 7 },
      customer_email: 'new@example.com',
      client_reference_id: 'user-9',
      metadata: { user_id: 'user-9' },
      success_url: 'http://127.0.0.1:5173/plans?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1:5173/plans',
    });
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: 'user-9',
      customer_email: 'new@example.com',
      metadata: { user_id: 'user-9' },
      amount_total: 0,
      url: `${sandbox.url}/c/pay/${session.id}`,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.success_url).toContain('{CHECKOUT_SESSION_ID}');
  });

  it('refuses a customer and a customer_email together', async () => {
    const customer = await stripe.customers.create({ email: 'both@example.com' });
    const error = await stripeError(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        customer_email: 'both@example.com',
        line_items: [{ price: sandbox.prices.plus_monthly ?? '', quantity: 1 }],
        success_url: 'http://127.0.0.1:5173/plans',
      }),
    );
    expect(error).toMatchObject({ statusCode: 400, param: 'customer' });
  });
});

describe('sandbox helpers', () => {
  it('moves the clock through POST /__sandbox/clock/advance', async () => {
    const before = sandbox.clock.now().getTime();
    const response = await fetch(`${sandbox.url}/__sandbox/clock/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ days: 2 }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { now: number };
    expect(body.now * 1000 - before).toBe(2 * 86_400_000);
    expect(sandbox.clock.now().getTime()).toBe(body.now * 1000);
  });
});
