// Helpers for the sandbox's tests and for suites that drive it: a started sandbox with the official
// client pointed at it (or a new one for each vitest test, with its own webhook receiver), a webhook
// receiver, the Stripe error of a call that must fail, and the hosted pages' forms posted with fetch.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { beforeEach } from 'vitest';
import { startStripeSandbox, type StripeSandbox, type StripeSandboxOptions } from './sandbox.ts';

/** A fixed wall clock, so dates in assertions do not depend on when the suite runs. */
export const TEST_NOW = new Date('2025-06-15T12:00:00Z');
export const DAY = 86_400;

export function stripeClient(
  sandbox: Pick<StripeSandbox, 'port' | 'secretKey'>,
  key = sandbox.secretKey,
): Stripe {
  return new Stripe(key, {
    host: '127.0.0.1',
    port: sandbox.port,
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

export async function startSandbox(
  options: Partial<StripeSandboxOptions> = {},
): Promise<{ sandbox: StripeSandbox; stripe: Stripe }> {
  const sandbox = await startStripeSandbox({ port: 0, now: () => TEST_NOW, ...options });
  return { sandbox, stripe: stripeClient(sandbox) };
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; data: { object: Record<string, unknown> } };
}

/** A loopback server that records what is POSTed to it; `respond` picks the status per request. */
export async function startWebhookReceiver(respond: (count: number) => number = () => 200) {
  const received: ReceivedWebhook[] = [];
  let count = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      count += 1;
      const status = respond(count);
      if (status >= 200 && status < 300)
        received.push({
          headers: request.headers,
          body,
          event: JSON.parse(body) as ReceivedWebhook['event'],
        });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1' }, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    received,
    types: () => received.map((w) => w.event.type),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/**
 * Before each test of the file, a new sandbox that sends its webhooks to a new receiver, handed to
 * `use`; after the test both are stopped. Each test starts from no customers and no events.
 */
export function sandboxWithReceiverEachTest(
  use: (started: { sandbox: StripeSandbox; stripe: Stripe; receiver: WebhookReceiver }) => void,
): void {
  beforeEach(async () => {
    const receiver = await startWebhookReceiver();
    const { sandbox, stripe } = await startSandbox({ webhooks: [{ url: receiver.url }] });
    use({ sandbox, stripe, receiver });
    return async () => {
      await sandbox.stop();
      await receiver.close();
    };
  });
}

/** The Stripe error a call that must fail fails with; a call that succeeds, or fails otherwise, throws. */
export async function stripeError(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

export const CARDS = {
  succeeds: '4242 4242 4242 4242',
  attachesThenFails: '4000 0000 0000 0341',
  declines: '4000 0000 0000 9995',
  /** 3-D Secure on every payment, renewals included. */
  alwaysAuthenticate: '4000 0027 6000 3184',
  /** 3-D Secure when paying on the page; later off-session charges succeed. */
  authenticateOnSession: '4000 0025 0000 3155',
  /** 3-D Secure 2 required. */
  threeDSecure2: '4000 0000 0000 3220',
} as const;

/** Passes or fails a 3-D Secure challenge page (`…/authenticate`) as a person would. */
export async function answerChallenge(
  challengeUrl: string,
  outcome: 'complete' | 'fail',
): Promise<{ status: number; location: string | null; html: string }> {
  const page = await (await fetch(challengeUrl)).text();
  if (!page.includes('Complete authentication')) throw new Error(`no challenge at ${challengeUrl}:\n${page}`);
  const response = await fetch(challengeUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome }),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

/** Posts the hosted Checkout form as a person would; returns the status, redirect and page text. */
export async function payOnHostedPage(
  url: string,
  card: string,
  extra: Record<string, string> = {},
): Promise<{ status: number; location: string | null; html: string }> {
  const page = await fetch(url);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no checkout form at ${url}:\n${html}`);
  const response = await fetch(new URL(action, url), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardnumber: card, expiry: '12 / 34', cvc: '123', name: 'Pat Doe', ...extra }),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

/** Posts one of the Billing Portal's forms (`payment-method`, `cancel`, `renew`, `switch`). */
export async function postPortal(
  portalUrl: string,
  action: 'payment-method' | 'cancel' | 'renew' | 'switch',
  fields: Record<string, string>,
): Promise<{ status: number; location: string | null; html: string }> {
  const response = await fetch(`${portalUrl}/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
}

/** A subscription started through Checkout with the given card, as the product starts them. */
export async function subscribe(
  sandbox: StripeSandbox,
  stripe: Stripe,
  options: { card?: string; trialDays?: number | null; lookupKey?: string; email?: string } = {},
) {
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: sandbox.prices[options.lookupKey ?? 'plus_monthly'] ?? '', quantity: 1 }],
    ...(options.trialDays === null
      ? {}
      : { subscription_data: { trial_period_days: options.trialDays ?? 7 } }),
    customer_email: options.email ?? 'pat@example.com',
    client_reference_id: 'user-123',
    success_url: 'http://127.0.0.1:5173/plans?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://127.0.0.1:5173/plans',
  });
  let paid = await payOnHostedPage(session.url ?? '', options.card ?? CARDS.succeeds);
  if (paid.status === 303 && paid.location?.endsWith('/authenticate'))
    paid = await answerChallenge(new URL(paid.location, session.url ?? '').toString(), 'complete');
  if (paid.status !== 303) throw new Error(`checkout failed (${paid.status}): ${paid.html}`);
  const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
  const subscription = done.subscription as Stripe.Subscription;
  return { session: done, subscription, customer: subscription.customer as string };
}
