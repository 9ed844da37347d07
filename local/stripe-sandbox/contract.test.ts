// The contract: every endpoint the product calls is driven through the official stripe client, and
// each raw JSON response (and each webhook's event and object) is validated against Stripe's published
// OpenAPI schema (openapi-subset.json, cut by openapi-extract.ts), plus the fields the client's current
// API version added since that document (x-current-version). A mutated response must fail, to prove
// the validator bites.
import { openApiToJsonSchema } from '../openapi-json-schema.ts';
import { Ajv, type ValidateFunction } from 'ajv';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from './api.ts';
import fixtureFields from './fixture-fields.json' with { type: 'json' };
import subset from './openapi-subset.json' with { type: 'json' };
import type { StripeSandbox } from './sandbox.ts';
import {
  answerChallenge,
  CARDS,
  DAY,
  payOnHostedPage,
  postPortal,
  startSandbox,
  startWebhookReceiver,
  stripeError,
} from './test-support.ts';

type Json = Record<string, unknown>;

/**
 * Fields of Stripe's example objects that the stripe client's API version (2026-10-28.endive) no longer
 * has: the examples still show them, the client's types do not (each checked in its .d.ts).
 */
const NOT_IN_CURRENT_VERSION: readonly string[] = [
  // The invoice names its subscription in parent.subscription_details.subscription since 2025-03-31.
  'invoice.subscription',
];

const toJsonSchema = (node: unknown) => openApiToJsonSchema(node, 'stripe');

const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
ajv.addSchema(toJsonSchema({ components: subset.components }) as Json, 'stripe');

const schemas = subset.components.schemas as Record<string, Json>;
const validators = new Map<string, ValidateFunction>();
function validatorFor(key: string, schema: unknown): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(toJsonSchema(schema) as Json);
    validators.set(key, validate);
  }
  return validate;
}
const resourceValidator = (name: string) =>
  validatorFor(`#${name}`, { $ref: `#/components/schemas/${name}` });

/** Fields the client's API version requires that the published document predates (x-current-version). */
function missingCurrentFields(value: unknown, path = '$'): string[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => missingCurrentFields(item, `${path}[${index}]`));
  if (!value || typeof value !== 'object') return [];
  const object = value as Json;
  const current =
    typeof object.object === 'string' ? schemas[object.object]?.['x-current-version'] : undefined;
  const added = ((current as { added?: string[] } | undefined)?.added ?? []).filter(
    (field) => !(field in object),
  );
  return [
    ...added.map((field) => `${path}.${field} (${String(object.object)}) is missing`),
    ...Object.entries(object).flatMap(([key, child]) => missingCurrentFields(child, `${path}.${key}`)),
  ];
}

interface Recorded {
  method: string;
  path: string;
  status: number;
  body: Json;
}

const recorded: Recorded[] = [];
/** A fetch that keeps a copy of each raw response the stripe client receives. */
const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  const text = await response.clone().text();
  recorded.push({
    method: (init?.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    status: response.status,
    body: JSON.parse(text) as Json,
  });
  return response;
};

interface Check {
  endpoint: string;
  what: string;
  errors: string[];
}

function checkResponse(entry: Recorded): Check {
  const route = routes.find((r) => r.method === entry.method && r.pattern.test(entry.path));
  const endpoint = route ? `${entry.method} ${route.openapiPath}` : `${entry.method} ${entry.path}`;
  const spec = subset.endpoints.find((e) => e.method === entry.method && e.path === route?.openapiPath);
  if (!spec) return { endpoint, what: entry.path, errors: ['not an endpoint of the subset'] };
  const ok = entry.status === 200;
  const validate = validatorFor(`${endpoint} ${ok ? 200 : 'error'}`, ok ? spec.response : spec.error);
  const valid = validate(entry.body);
  return {
    endpoint,
    what: `${entry.status} ${entry.path}`,
    errors: [
      ...(valid
        ? []
        : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`)),
      ...(ok ? missingCurrentFields(entry.body) : []),
    ],
  };
}

function checkEvent(event: Json): Check {
  const validate = resourceValidator('event');
  const errors = validate(event) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
  const object = (event.data as { object: Json }).object;
  const objectValidator = resourceValidator(String(object.object));
  if (!objectValidator(object))
    errors.push(...(objectValidator.errors ?? []).map((e) => `data.object${e.instancePath} ${e.message}`));
  errors.push(...missingCurrentFields(event));
  return { endpoint: `webhook ${String(event.type)}`, what: String(event.id), errors };
}

let sandbox: StripeSandbox;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ({ sandbox } = await startSandbox({ webhooks: [{ url: receiver.url }] }));
  stripe = new Stripe(sandbox.secretKey, {
    host: '127.0.0.1',
    port: sandbox.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
    httpClient: Stripe.createFetchHttpClient(recordingFetch),
  });
});
afterAll(async () => {
  await sandbox.stop();
  await receiver.close();
});

describe('Stripe OpenAPI contract', () => {
  it('every endpoint the product calls answers in the published schema, through the official client', async () => {
    // The product's flows, end to end: plans, checkout with a trial, renewal, a failed payment, the portal, cancellation.
    const prices = await stripe.prices.list({
      lookup_keys: ['plus_monthly', 'plus_annual'],
      expand: ['data.product'],
    });
    await stripe.prices.list({ active: true, limit: 1 });
    const monthly = prices.data.find((p) => p.lookup_key === 'plus_monthly');
    if (!monthly) throw new Error('no plus_monthly price');
    await stripe.prices.retrieve(monthly.id, { expand: ['product'] });
    await stripe.products.list({ active: true });
    await stripe.products.retrieve(
      typeof monthly.product === 'string' ? monthly.product : monthly.product.id,
    );

    const customer = await stripe.customers.create({
      email: 'pat@example.com',
      metadata: { user_id: 'user-1' },
    });
    await stripe.customers.update(customer.id, { name: 'Pat Doe', metadata: { profile: 'p-1' } });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: monthly.id, quantity: 1 }],
      subscription_data: { trial_period_days: 7, metadata: { user_id: 'user-1' } },
      client_reference_id: 'user-1',
      metadata: { user_id: 'user-1' },
      success_url: 'http://127.0.0.1:5173/plans?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1:5173/plans',
    });
    expect((await payOnHostedPage(session.url ?? '', CARDS.attachesThenFails)).status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription', 'customer'],
    });
    const subscriptionId = (done.subscription as Stripe.Subscription).id;

    sandbox.clock.advance({ days: 8 }); // trial ends; the 0341 card fails: past_due
    await stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['latest_invoice', 'default_payment_method'],
    });
    await stripe.subscriptions.list({
      customer: customer.id,
      status: 'all',
      expand: ['data.latest_invoice'],
    });
    const invoices = await stripe.invoices.list({ customer: customer.id, limit: 2 });
    const failed = await stripe.invoices.retrieve(invoices.data[0]?.id ?? '', {
      expand: ['payments.data.payment.payment_intent'],
    });
    const intent = failed.payments?.data[0]?.payment.payment_intent as Stripe.PaymentIntent | undefined;
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined' },
    });
    await stripe.paymentIntents.retrieve(intent?.id ?? '');
    await stripe.invoices.list({
      customer: customer.id,
      limit: 1,
      starting_after: invoices.data[0]?.id ?? '',
    });

    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://127.0.0.1:5173/plans',
    });
    await postPortal(portal.url, 'payment-method', {
      cardnumber: CARDS.succeeds,
      expiry: '12/34',
      cvc: '123',
    });
    const methods = await stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
    await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    await stripe.paymentMethods.retrieve(methods.data[0]?.id ?? '');
    await stripe.customers.retrieve(customer.id, { expand: ['invoice_settings.default_payment_method'] });

    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    await stripe.subscriptions.update(subscriptionId, {
      cancel_at_period_end: false,
      metadata: { note: 'stays' },
    });
    await stripe.subscriptions.cancel(subscriptionId);
    sandbox.clock.advance({ seconds: DAY });

    const events = await stripe.events.list({ limit: 100 });
    await stripe.events.list({ type: 'customer.subscription.*', limit: 3 });
    await stripe.events.retrieve(events.data[0]?.id ?? '');

    // Error bodies are part of the contract too.
    await stripeError(stripe.customers.retrieve('cus_doesnotexist'));
    await stripeError(
      stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: 'price_nope' }] }),
    );
    await stripeError(stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }));
    await stripeError(stripe.prices.list({ limit: 1000 }));
    await stripeError(
      stripe.customers
        .create({ email: 'a@example.com' }, { idempotencyKey: 'contract-1' })
        .then(() => stripe.customers.create({ email: 'b@example.com' }, { idempotencyKey: 'contract-1' })),
    );

    await sandbox.webhooks.flush();
    const checks = [
      ...recorded.map(checkResponse),
      ...receiver.received.map((w) => checkEvent(w.event as unknown as Json)),
    ];
    const failures = checks.filter((check) => check.errors.length > 0);
    const endpoints = new Set(checks.filter((c) => !c.endpoint.startsWith('webhook')).map((c) => c.endpoint));
    console.log(
      `stripe contract: ${endpoints.size} endpoints, ${checks.length} responses checked, ${failures.length} failures ` +
        `(${recorded.length} API responses, ${receiver.received.length} webhook events)`,
    );
    expect(failures).toEqual([]);
    // Every endpoint of the subset was exercised.
    expect([...endpoints].sort()).toEqual(subset.endpoints.map((e) => `${e.method} ${e.path}`).sort());
    expect(new Set(receiver.types())).toEqual(
      new Set([
        'customer.created',
        'customer.updated',
        'payment_method.attached',
        'customer.subscription.created',
        'customer.subscription.updated',
        'customer.subscription.deleted',
        'customer.subscription.trial_will_end',
        'invoice.created',
        'invoice.finalized',
        'invoice.paid',
        'invoice.payment_succeeded',
        'invoice.payment_failed',
        'checkout.session.completed',
      ]),
    );
  });

  it('3-D Secure, a renewal needing authentication, a plan switch and 400s for ids in parameters', async () => {
    const fromResponse = recorded.length;
    const fromEvent = receiver.received.length;
    const [monthly, annual] = (
      await stripe.prices.list({ lookup_keys: ['plus_monthly', 'plus_annual'] })
    ).data.sort((a, b) => (a.unit_amount ?? 0) - (b.unit_amount ?? 0));
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'sam@example.com',
      line_items: [{ price: monthly?.id ?? '', quantity: 1 }],
      subscription_data: { trial_period_days: 7 },
      success_url: 'http://127.0.0.1:5173/plans?session_id={CHECKOUT_SESSION_ID}',
    });
    const typed = await payOnHostedPage(session.url ?? '', CARDS.alwaysAuthenticate);
    await answerChallenge(new URL(typed.location ?? '', session.url ?? '').toString(), 'complete');
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    const subscription = done.subscription as Stripe.Subscription;

    sandbox.clock.advance({ days: 8 }); // the renewal asks for 3-D Secure: requires_action
    const waiting = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice'] });
    const invoice = waiting.latest_invoice as Stripe.Invoice;
    const withPayments = await stripe.invoices.retrieve(invoice.id, { expand: ['payments'] });
    const intentId = withPayments.payments?.data[0]?.payment.payment_intent as string;
    const requiresAction = await stripe.paymentIntents.retrieve(intentId);
    expect(requiresAction).toMatchObject({
      status: 'requires_action',
      next_action: { type: 'redirect_to_url' },
    });
    const pay = await fetch(`${invoice.hosted_invoice_url}/pay`, { method: 'POST', redirect: 'manual' });
    await answerChallenge(new URL(pay.headers.get('location') ?? '', sandbox.url).toString(), 'complete');
    await stripe.invoices.retrieve(invoice.id);
    expect(await stripe.paymentIntents.retrieve(intentId)).toMatchObject({
      status: 'succeeded',
      amount_received: 999,
    });

    const item = waiting.items.data[0]?.id ?? '';
    await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item, price: annual?.id ?? '' }],
      proration_behavior: 'create_prorations',
      expand: ['latest_invoice'],
    });
    await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item, price: monthly?.id ?? '' }],
      proration_behavior: 'none',
    });

    const price = await stripeError(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_nope' }],
        success_url: 'http://127.0.0.1:5173/plans',
      }),
    );
    const customer = await stripeError(stripe.billingPortal.sessions.create({ customer: 'cus_nope' }));
    const itemId = await stripeError(
      stripe.subscriptions.update(subscription.id, { items: [{ id: 'si_nope', price: annual?.id ?? '' }] }),
    );
    expect([price, customer, itemId].map((e) => [e.statusCode, e.code, e.param])).toEqual([
      [400, 'resource_missing', 'line_items[0][price]'],
      [400, 'resource_missing', 'customer'],
      [400, 'resource_missing', 'items[0][id]'],
    ]);

    await sandbox.webhooks.flush();
    const events = receiver.received.slice(fromEvent).map((w) => w.event as unknown as Json);
    const checks = [...recorded.slice(fromResponse).map(checkResponse), ...events.map(checkEvent)];
    console.log(
      `stripe contract (3-D Secure, plan switch): ${checks.length} responses checked, ` +
        `${checks.filter((c) => c.errors.length > 0).length} failures`,
    );
    expect(checks.filter((c) => c.errors.length > 0)).toEqual([]);
    const types = events.map((e) => e.type);
    expect(types).toContain('invoice.payment_action_required');
    const action = events.find((e) => e.type === 'invoice.payment_action_required');
    expect((action?.data as { object: Json }).object).toMatchObject({
      status: 'open',
      hosted_invoice_url: invoice.hosted_invoice_url,
      attempted: true,
    });
    const update = recorded
      .slice(fromResponse)
      .find(
        (r) =>
          r.status === 200 &&
          (r.body.latest_invoice as Json | null)?.billing_reason === 'subscription_update',
      );
    expect(update).toBeDefined();
  });

  it("has every field of Stripe's current example objects (fixtures3.json), in every response and event", () => {
    const expected = fixtureFields.fields as Record<string, string[]>;
    const missing = new Set<string>();
    let seen = 0;
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(walk);
      if (!value || typeof value !== 'object') return;
      const object = value as Json;
      const fields = typeof object.object === 'string' ? expected[object.object] : undefined;
      if (fields) {
        seen += 1;
        for (const field of fields) if (!(field in object)) missing.add(`${String(object.object)}.${field}`);
      }
      Object.values(object).forEach(walk);
    };
    recorded.filter((r) => r.status === 200).forEach((r) => walk(r.body));
    receiver.received.forEach((w) => walk(w.event));
    console.log(`stripe fixtures (${fixtureFields.source}): ${seen} objects, ${missing.size} fields missing`);
    expect([...missing].sort()).toEqual([...NOT_IN_CURRENT_VERSION].sort());
    // Every resource the sandbox renders was seen at least once.
    const kinds = new Set<string>();
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(collect);
      if (!value || typeof value !== 'object') return;
      const object = value as Json;
      if (typeof object.object === 'string') kinds.add(object.object);
      Object.values(object).forEach(collect);
    };
    recorded.forEach((r) => collect(r.body));
    receiver.received.forEach((w) => collect(w.event));
    expect(Object.keys(expected).filter((k) => !kinds.has(k))).toEqual([]);
  });

  it('fails a response that breaks the schema (the validator bites)', () => {
    const subscription = recorded.find((r) => r.status === 200 && r.body.object === 'subscription');
    if (!subscription) throw new Error('no subscription recorded');
    const withoutStatus = structuredClone(subscription);
    delete withoutStatus.body.status;
    expect(checkResponse(withoutStatus).errors.join('\n')).toMatch(/status/);

    const wrongType = structuredClone(subscription);
    (wrongType.body.cancel_at_period_end as unknown) = 'no';
    expect(checkResponse(wrongType).errors.join('\n')).toMatch(/cancel_at_period_end/);

    const oldShape = structuredClone(subscription);
    const items = oldShape.body.items as { data: Json[] };
    delete items.data[0]?.current_period_end;
    expect(checkResponse(oldShape).errors.join('\n')).toMatch(/current_period_end/);

    const badEnum = structuredClone(subscription);
    badEnum.body.status = 'expired';
    expect(checkResponse(badEnum).errors.length).toBeGreaterThan(0);

    const action = receiver.received.find((w) => w.event.type === 'invoice.payment_action_required');
    if (!action) throw new Error('no invoice.payment_action_required received');
    expect(checkEvent(structuredClone(action.event) as unknown as Json).errors).toEqual([]);
    const unattempted = structuredClone(action.event) as unknown as { data: { object: Json } };
    unattempted.data.object.attempted = 'yes';
    delete unattempted.data.object.hosted_invoice_url;
    expect(checkEvent(unattempted as unknown as Json).errors.join('\n')).toMatch(/attempted/);
  });
});
