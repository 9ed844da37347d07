// A faithful local Stripe for subscriptions: an HTTP server the official `stripe` client talks to
// through its host/port/protocol options, with the Tallywise catalog, hosted Checkout and Billing
// Portal pages, a clock that drives trials, renewals and retries, and signed webhooks.
// See docs/stripe-sandbox.md.
import { createHash } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { expand, routes } from './api.ts';
import { Billing, DEFAULT_BILLING_RULES, type BillingRules } from './billing.ts';
import { advanceTo, runDue } from './billing-clock.ts';
import { errors, StripeApiError } from './errors.ts';
import { Params, parseForm, type Form } from './form.ts';
import { newId } from './ids.ts';
import { hostedPage } from './hosted-pages.ts';
import { PAGE_CSP, type PageResponse } from './pages.ts';
import { API_VERSION, renderEvent, type RenderContext } from './render.ts';
import { SandboxClock, SandboxState, type Interval } from './state.ts';
import {
  newWebhookSecret,
  STRIPE_RETRY_DELAYS_MS,
  WebhookSender,
  type DeliveryDisorder,
  type WebhookAttempt,
  type WebhookEndpoint,
} from './webhooks.ts';
import { closeServer, createSandboxServer, listenOn, readBodyText, sendBody } from '../sandbox-http.ts';

export interface CatalogProduct {
  name: string;
  description?: string;
  features?: string[];
  metadata?: Record<string, string>;
  prices: Array<{
    lookupKey: string;
    nickname?: string;
    /** In cents. */
    unitAmount: number;
    currency?: string;
    interval: Interval;
    intervalCount?: number;
  }>;
}

/** The tiers Tallywise sells ("at least a monthly and an annual plan"). */
export const TALLYWISE_CATALOG: readonly CatalogProduct[] = [
  {
    name: 'Tallywise Plus',
    description: 'Every account in one place, the 2-year forecast, the Money Plan and the AI money coach.',
    features: ['Unlimited linked accounts', '2-year balance forecast', 'AI money coach', 'Shared profiles'],
    metadata: { tier: 'plus' },
    prices: [
      { lookupKey: 'plus_monthly', nickname: 'Plus monthly', unitAmount: 999, interval: 'month' },
      { lookupKey: 'plus_annual', nickname: 'Plus annual', unitAmount: 9900, interval: 'year' },
    ],
  },
];

export interface StripeSandboxOptions {
  /** 0 picks a free port; read the bound one from `url`/`port`. */
  port: number;
  host?: '127.0.0.1' | 'localhost' | '::1';
  /** The secret key the API accepts (Bearer or Basic auth). Default `sk_test_local`. */
  secretKey?: string;
  /** Webhook endpoints; each gets a `whsec_` secret unless one is given. */
  webhooks?: Array<{ url: string; secret?: string; events?: string[] }>;
  /** Wait before each webhook retry, in ms; Stripe-like spacing by default (tests pass a few ms). */
  webhookRetryDelaysMs?: readonly number[];
  /** The wall clock the sandbox clock runs from (moved forward by `clock.advance`). */
  now?: () => Date;
  /** Products and prices made at start; the Tallywise catalog by default. */
  catalog?: readonly CatalogProduct[];
  /** Retry schedule and what happens after the last failed retry. */
  billing?: Partial<BillingRules>;
  /** One line per request and per failed webhook; silent by default. */
  log?: (line: string) => void;
}

export interface StripeSandbox {
  url: string;
  port: number;
  secretKey: string;
  /** Price ids by lookup key (`plus_monthly`, `plus_annual`). */
  prices: Record<string, string>;
  stop(): Promise<void>;
  clock: {
    now(): Date;
    /**
     * Moves the sandbox clock forward, running what falls due on the way, in order: trial_will_end,
     * trial ends, renewals and their payments, retries, period-end cancellations, session expiry.
     */
    advance(by: { seconds?: number; days?: number } | { to: Date }): Date;
  };
  webhooks: {
    readonly endpoints: readonly WebhookEndpoint[];
    /** Adds an endpoint (as the Dashboard would) and returns it with its secret. */
    addEndpoint(url: string, options?: { secret?: string; events?: string[] }): WebhookEndpoint;
    /** Resolves once deliveries started so far finished; `{ retries: true }` also waits out retries. */
    flush(options?: { retries?: boolean }): Promise<void>;
    /** Holds deliveries until the next flush, then sends them newest first and/or twice each. */
    disorder(disorder: DeliveryDisorder): void;
    readonly attempts: readonly WebhookAttempt[];
  };
}

const MAX_BODY_BYTES = 256 * 1024;

export async function startStripeSandbox(options: StripeSandboxOptions): Promise<StripeSandbox> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => undefined);
  const secretKey = options.secretKey ?? 'sk_test_local';
  const clock = new SandboxClock(options.now ?? (() => new Date()));
  const endpoints: WebhookEndpoint[] = (options.webhooks ?? []).map((endpoint) => ({
    url: endpoint.url,
    secret: endpoint.secret ?? newWebhookSecret(),
    events: endpoint.events ?? ['*'],
  }));
  const state: SandboxState = new SandboxState(clock, (event) => {
    event.pendingWebhooks = sender.targets(event.type).length;
    sender.send(event.id, event.type, renderEvent(event));
  });
  const sender = new WebhookSender(
    endpoints,
    options.webhookRetryDelaysMs ?? STRIPE_RETRY_DELAYS_MS,
    log,
    (eventId) => {
      const event = state.events.get(eventId);
      if (event && event.pendingWebhooks > 0) event.pendingWebhooks -= 1;
    },
  );
  const ctx: RenderContext = { state, baseUrl: '' };
  const billing = new Billing(state, ctx, { ...DEFAULT_BILLING_RULES, ...options.billing });
  const prices = seed(state, options.catalog ?? TALLYWISE_CATALOG);
  const idempotency = new Map<string, { fingerprint: string; status: number; body: string }>();

  const server: Server = createSandboxServer(handle, log, (response) =>
    sendError(response, errors.internal(), newId('request')),
  );

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', ctx.baseUrl);
    const path = url.pathname;
    const method = request.method ?? 'GET';
    // Work that fell due while the clock ran (or was moved) happens before anything is read.
    runDue(billing, state, ctx, clock.now());

    if (path.startsWith('/v1/')) return api(request, response, method, path, url);
    if (path.startsWith('/__sandbox/')) return helper(request, response, method, path);

    const hosted = await hostedPage(
      { state, billing },
      method,
      url,
      async () => new URLSearchParams(await readBody(request)),
    );
    if (hosted) return sendPage(response, hosted);
    if (path === '/' && method === 'GET') {
      return send(
        response,
        200,
        'text/plain; charset=utf-8',
        `Local Stripe sandbox (docs/stripe-sandbox.md). Sandbox time: ${new Date(clock.now() * 1000).toISOString()}.\n`,
      );
    }
    return send(response, 404, 'text/plain; charset=utf-8', 'Not found.\n');
  }

  async function api(
    request: IncomingMessage,
    response: ServerResponse,
    method: string,
    path: string,
    url: URL,
  ): Promise<void> {
    const requestId = newId('request');
    const idempotencyKey = header(request, 'idempotency-key');
    try {
      authenticate(request);
      const route = routes.find((r) => r.method === method && r.pattern.test(path));
      if (!route) throw errors.unrecognizedUrl(method, path);
      const body = method === 'GET' ? '' : await readBody(request);
      const form: Form = { ...parseForm(url.search.slice(1)), ...parseForm(body) };

      const replayable = idempotencyKey !== undefined && method !== 'GET';
      const fingerprint = createHash('sha256').update(`${method} ${path}\n${body}`).digest('hex');
      if (replayable) {
        const stored = idempotency.get(idempotencyKey);
        if (stored) {
          if (stored.fingerprint !== fingerprint) throw errors.idempotencyMismatch(idempotencyKey);
          return send(response, stored.status, 'application/json', stored.body, {
            'Request-Id': requestId,
            'Idempotent-Replayed': 'true',
            'Idempotency-Key': idempotencyKey,
            'Stripe-Version': API_VERSION,
          });
        }
      }
      let status = 200;
      let result: unknown;
      state.currentRequest = { id: requestId, idempotency_key: idempotencyKey ?? null };
      try {
        const params = new Params(form);
        const ids = [...(route.pattern.exec(path) ?? [])].slice(1);
        result = expand(ctx, route.handler({ ...ctx, billing, params }, ids), params.strings('expand'));
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        status = error.status;
        result = { error: error.body };
      } finally {
        state.currentRequest = { id: null, idempotency_key: null };
      }
      const text = JSON.stringify(result, null, 2);
      if (replayable && status < 500) idempotency.set(idempotencyKey, { fingerprint, status, body: text });
      return send(response, status, 'application/json', text, {
        'Request-Id': requestId,
        'Stripe-Version': API_VERSION,
        ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      });
    } catch (error) {
      if (error instanceof StripeApiError) return sendError(response, error, requestId);
      throw error;
    }
  }

  function authenticate(request: IncomingMessage): void {
    const authorization = header(request, 'authorization');
    if (!authorization) throw errors.noApiKey();
    let key: string | undefined;
    if (/^bearer /i.test(authorization)) key = authorization.slice(7).trim();
    else if (/^basic /i.test(authorization))
      key = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8').split(':')[0];
    if (!key) throw errors.noApiKey();
    if (key !== secretKey) throw errors.invalidApiKey(key);
  }

  async function helper(request: IncomingMessage, response: ServerResponse, method: string, path: string) {
    const nowBody = () => ({ now: clock.now(), iso: new Date(clock.now() * 1000).toISOString() });
    if (method === 'GET' && path === '/__sandbox/clock') return sendJson(response, 200, nowBody());
    if (method === 'POST' && path === '/__sandbox/clock/advance') {
      const input = await readInput(request);
      if (!input)
        return sendJson(response, 400, {
          error: { type: 'invalid_request_error', message: 'Body is not JSON.' },
        });
      try {
        const to = input.to;
        if (to !== undefined) {
          const date =
            typeof to === 'number' || /^\d+$/.test(String(to))
              ? new Date(Number(to) * 1000)
              : new Date(String(to));
          advance({ to: date });
        } else advance({ seconds: Number(input.seconds ?? 0), days: Number(input.days ?? 0) });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return sendJson(response, 400, { error: { type: 'invalid_request_error', message } });
      }
      return sendJson(response, 200, nowBody());
    }
    if (method === 'POST' && path === '/__sandbox/webhooks/disorder') {
      const input = await readInput(request);
      if (!input)
        return sendJson(response, 400, {
          error: { type: 'invalid_request_error', message: 'Body is not JSON.' },
        });
      const flag = (name: string) => input[name] === true || input[name] === 'true';
      sender.setDisorder({ reorder: flag('reorder'), duplicate: flag('duplicate') });
      return sendJson(response, 200, { reorder: flag('reorder'), duplicate: flag('duplicate') });
    }
    if (method === 'POST' && path === '/__sandbox/webhooks/flush') {
      await sender.flush();
      return sendJson(response, 200, { attempts: sender.attempts.length });
    }
    return sendJson(response, 404, {
      error: { type: 'invalid_request_error', message: `Unknown sandbox helper: ${method} ${path}` },
    });
  }

  function advance(by: { seconds?: number; days?: number } | { to: Date }): Date {
    const target =
      'to' in by
        ? Math.floor(by.to.getTime() / 1000)
        : clock.now() + Math.round((by.seconds ?? 0) + (by.days ?? 0) * 86_400);
    if (!Number.isFinite(target))
      throw new RangeError('advance needs a number of seconds or days, or a date');
    if (target < clock.now()) throw new RangeError('the sandbox clock only moves forward');
    advanceTo(billing, state, ctx, target);
    return new Date(clock.now() * 1000);
  }

  const { port, url } = await listenOn(server, options.port, host);
  ctx.baseUrl = url;

  return {
    url: ctx.baseUrl,
    port,
    secretKey,
    prices,
    async stop() {
      await sender.stop();
      await closeServer(server);
    },
    clock: {
      now: () => new Date(clock.now() * 1000),
      advance,
    },
    webhooks: {
      endpoints,
      addEndpoint(url, endpointOptions = {}) {
        const endpoint = {
          url,
          secret: endpointOptions.secret ?? newWebhookSecret(),
          events: endpointOptions.events ?? ['*'],
        };
        endpoints.push(endpoint);
        return endpoint;
      },
      flush: (flushOptions) => sender.flush(flushOptions),
      disorder: (disorder) => sender.setDisorder(disorder),
      get attempts() {
        return sender.attempts;
      },
    },
  };
}

function seed(state: SandboxState, catalog: readonly CatalogProduct[]): Record<string, string> {
  const prices: Record<string, string> = {};
  const now = state.now();
  for (const entry of catalog) {
    const product = {
      id: newId('product'),
      name: entry.name,
      description: entry.description ?? null,
      active: true,
      metadata: { ...entry.metadata },
      marketingFeatures: [...(entry.features ?? [])],
      defaultPrice: null as string | null,
      created: now,
      updated: now,
    };
    state.products.set(product.id, product);
    for (const price of entry.prices) {
      const id = newId('price');
      state.prices.set(id, {
        id,
        product: product.id,
        unitAmount: price.unitAmount,
        currency: price.currency ?? 'usd',
        interval: price.interval,
        intervalCount: price.intervalCount ?? 1,
        lookupKey: price.lookupKey,
        nickname: price.nickname ?? null,
        active: true,
        metadata: {},
        created: now,
      });
      product.defaultPrice ??= id;
      prices[price.lookupKey] = id;
    }
  }
  return prices;
}

/** A helper's body, JSON or form-encoded; null when it is neither. */
async function readInput(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  const text = await readBody(request);
  try {
    return (header(request, 'content-type') ?? '').includes('json')
      ? (JSON.parse(text || '{}') as Record<string, unknown>)
      : Object.fromEntries(new URLSearchParams(text));
  } catch {
    return null;
  }
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

function readBody(request: IncomingMessage): Promise<string> {
  return readBodyText(request, MAX_BODY_BYTES, () => errors.invalidRequest('The request body is too large.'));
}

/** Nothing the sandbox sends may be cached: its answers change as its state and clock move. */
function send(
  response: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Record<string, string> = {},
) {
  sendBody(response, status, type, body, { 'Cache-Control': 'no-store', ...headers });
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  send(response, status, 'application/json', JSON.stringify(body, null, 2));
}

function sendError(response: ServerResponse, error: StripeApiError, requestId: string) {
  send(response, error.status, 'application/json', JSON.stringify({ error: error.body }, null, 2), {
    'Request-Id': requestId,
  });
}

function sendPage(response: ServerResponse, page: PageResponse) {
  if (page.location) {
    response.writeHead(page.status, { Location: page.location, 'Cache-Control': 'no-store' });
    response.end();
    return;
  }
  send(response, page.status, 'text/html; charset=utf-8', page.html ?? '', {
    'Content-Security-Policy': PAGE_CSP,
  });
}
