// Helpers for suites that drive the local Stripe sandbox through the product: its clock and webhook
// flush (the sandbox's `/__sandbox/` helpers, as the Plaid sandbox's clock is reached), its hosted
// Checkout and Billing Portal pages filled in as a person would, and signed webhook deliveries.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Stripe from 'stripe';
import { api, cloud, directData, type TestUser } from './helpers.ts';

export const CARDS = {
  ok: '4242 4242 4242 4242',
  /** Attaches, then every charge fails. */
  failsLater: '4000 0000 0000 0341',
  declined: '4000 0000 0000 9995',
} as const;

async function helper<T>(path: string, body: unknown = {}): Promise<T> {
  const response = await fetch(`${cloud().urls.stripe}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path} → ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Waits for every webhook delivery started so far (they reach our /webhooks/stripe). */
export const flushWebhooks = () => helper('/__sandbox/webhooks/flush');

/** Moves the sandbox clock (which is also the API's billing clock) and waits for the webhooks. */
export async function advanceClock(by: { days?: number; seconds?: number }): Promise<Date> {
  const { iso } = await helper<{ iso: string }>('/__sandbox/clock/advance', by);
  await flushWebhooks();
  return new Date(iso);
}

export async function sandboxNow(): Promise<Date> {
  const response = await fetch(`${cloud().urls.stripe}/__sandbox/clock`);
  return new Date(((await response.json()) as { iso: string }).iso);
}

/** The official client on the sandbox, for reading what Stripe holds (tests only). */
export function stripeClient(): Stripe {
  const url = new URL(cloud().urls.stripe);
  return new Stripe('sk_test_local', {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

export const webhookSecret = () =>
  readFileSync(join(cloud().dataDir, 'stripe-webhook-secret'), 'utf8').trim();

/** Posts a payload to /webhooks/stripe with a signature made by `secret` at `timestamp` (seconds). */
export function deliver(
  payload: string,
  options: { secret?: string; timestamp?: number; signature?: string | null } = {},
) {
  const header =
    options.signature === null
      ? undefined
      : (options.signature ??
        stripeClient().webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? webhookSecret(),
          ...(options.timestamp === undefined ? {} : { timestamp: options.timestamp }),
        }));
  return api<{ received?: boolean; duplicate?: boolean; outcome?: string; code?: string }>(
    'POST',
    '/webhooks/stripe',
    { rawBody: payload, ...(header ? { headers: { 'stripe-signature': header } } : {}) },
  );
}

/** Checkout on the sandbox's hosted page: the session from our API, then the card form. */
export async function checkout(
  user: TestUser,
  options: { price?: string; card?: string } = {},
): Promise<{ sessionId: string; trialDays: number; redirect: string | null; status: number }> {
  const created = await api<{ url: string; session_id: string; trial_days: number }>(
    'POST',
    '/billing/checkout-session',
    { token: user.idToken, body: { price: options.price ?? 'plus_monthly' } },
  );
  if (created.status !== 200) throw new Error(`checkout → ${created.status} ${JSON.stringify(created.body)}`);
  const page = await fetch(created.body.url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      email: user.email,
      name: user.fullName,
      cardnumber: options.card ?? CARDS.ok,
      expiry: '12 / 40',
      cvc: '123',
    }),
  });
  await flushWebhooks();
  return {
    sessionId: created.body.session_id,
    trialDays: created.body.trial_days,
    redirect: page.headers.get('location'),
    status: page.status,
  };
}

/** A Billing Portal action as the person would take it: update the card, or cancel at period end. */
export async function portal(user: TestUser, action: { card: string } | 'cancel'): Promise<number> {
  const session = await api<{ url: string }>('POST', '/billing/portal-session', {
    token: user.idToken,
    body: {},
  });
  if (session.status !== 200) throw new Error(`portal → ${session.status} ${JSON.stringify(session.body)}`);
  let response: Response;
  if (action === 'cancel') {
    const { data: record } = await directData().subscribers.get({ user_id: user.userId }).go();
    response = await fetch(`${session.body.url}/cancel`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      // The portal's confirmation page's own form: the subscription, and `confirm`.
      body: new URLSearchParams({ subscription: record?.stripe_subscription_id ?? '', confirm: 'yes' }),
    });
  } else {
    response = await fetch(`${session.body.url}/payment-method`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ cardnumber: action.card, expiry: '12 / 40', cvc: '123' }),
    });
  }
  await flushWebhooks();
  return response.status;
}

export interface SubscriptionCheck {
  subscribed: boolean;
  trial_end: string | null;
  is_trialing: boolean;
  subscription_end: string | null;
  is_in_grace_period: boolean;
  grace_started_at: string | null;
  grace_expires_at: string | null;
  subscription_tier: string | null;
  status: 'trial' | 'subscribed' | 'grace' | 'free';
  has_access: boolean;
  next_billing_date: string | null;
  cancel_at_period_end: boolean;
  trial_available: boolean;
  stripe_status: string;
}

export async function checkSubscription(user: TestUser, force = false): Promise<SubscriptionCheck> {
  const response = await api<SubscriptionCheck>('POST', '/functions/check-subscription', {
    token: user.idToken,
    body: force ? { force: true } : {},
  });
  if (response.status !== 200) throw new Error(`check → ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** The stored record without the fields that say when it was written. */
export async function storedRecord(userId: string) {
  const { data } = await directData().subscribers.get({ user_id: userId }).go();
  if (!data) return null;
  const { created_at: _c, updated_at: _u, synced_at: _s, ...rest } = data;
  return rest;
}

/** Every event the sandbox sent about a customer, oldest first. */
export async function eventsOf(customerId: string): Promise<Stripe.Event[]> {
  const all = await stripeClient().events.list({ limit: 100 }).autoPagingToArray({ limit: 10_000 });
  // Stripe lists newest first.
  return all
    .reverse()
    .filter((event) => (event.data.object as { customer?: unknown }).customer === customerId);
}
