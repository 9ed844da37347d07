// Webhook delivery as Stripe does it: the event as pretty-printed JSON, a `Stripe-Signature` header
// `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the endpoint's whsec_ secret>` (what
// stripe.webhooks.constructEvent checks), and retries with backoff until the endpoint answers 2xx.
// Loopback URLs only. Signatures use the real wall clock, not the sandbox clock, because receivers
// check the timestamp against their own clock.
import { createHmac } from 'node:crypto';
import { randomChars } from './ids.ts';

export interface WebhookEndpoint {
  url: string;
  /** `whsec_…`; generated when not given. */
  secret: string;
  /** Event types to send; `['*']` (the default) sends every event. */
  events: string[];
}

export interface WebhookAttempt {
  eventId: string;
  type: string;
  url: string;
  attempt: number;
  /** HTTP status of the receiver, or null if it could not be reached (see `error`). */
  status: number | null;
  error: string | null;
  at: Date;
}

/** Stripe's retry spacing in live mode, roughly: minutes, then hours, over about three days. */
export const STRIPE_RETRY_DELAYS_MS: readonly number[] = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
  12 * 3_600_000,
  12 * 3_600_000,
];

const DELIVERY_TIMEOUT_MS = 10_000;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export function newWebhookSecret(): string {
  return `whsec_${randomChars(32)}`;
}

/** The `Stripe-Signature` header for this exact body. */
export function signatureHeader(body: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

interface Pending {
  eventId: string;
  type: string;
  body: string;
  endpoint: WebhookEndpoint;
  attempt: number;
}

/**
 * A test switch for what Stripe does not promise: with `reorder`, deliveries are held and sent newest
 * first when flushed; with `duplicate`, each held delivery is sent twice (the same event, signed anew).
 */
export interface DeliveryDisorder {
  reorder: boolean;
  duplicate: boolean;
}

export class WebhookSender {
  readonly attempts: WebhookAttempt[] = [];
  private disorder: DeliveryDisorder = { reorder: false, duplicate: false };
  private held: Pending[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly scheduled = new Map<NodeJS.Timeout, { due: number; pending: Pending }>();
  private retryWaiters: Array<() => void> = [];
  private stopped = false;

  constructor(
    readonly endpoints: WebhookEndpoint[],
    private readonly retryDelaysMs: readonly number[],
    private readonly log: (line: string) => void,
    /** Called when an endpoint has the event (2xx) or it was given up on, to keep pending_webhooks right. */
    private readonly settled: (eventId: string) => void,
  ) {}

  /** Endpoints that will receive this event type. */
  targets(type: string): WebhookEndpoint[] {
    return this.endpoints.filter((e) => e.events.includes('*') || e.events.includes(type));
  }

  send(eventId: string, type: string, payload: object): number {
    const body = JSON.stringify(payload, null, 2);
    const targets = this.stopped ? [] : this.targets(type);
    const holding = this.disorder.reorder || this.disorder.duplicate;
    for (const endpoint of targets) {
      const pending = { eventId, type, body, endpoint, attempt: 1 };
      if (holding) this.held.push(pending);
      else this.start(pending);
    }
    return targets.length;
  }

  /** Turns the disorder switch; turning it off sends what was held, in order. */
  setDisorder(disorder: DeliveryDisorder): void {
    this.disorder = { ...disorder };
  }

  /** Sends the held deliveries one after another, in the order the switch asks for. */
  private async release(): Promise<void> {
    const batch = this.held;
    this.held = [];
    if (batch.length === 0) return;
    const order = this.disorder.reorder ? [...batch].reverse() : batch;
    const copies = this.disorder.duplicate ? [...order, ...order] : order;
    for (const pending of copies) {
      const delivery = this.deliver(pending).finally(() => this.inFlight.delete(delivery));
      this.inFlight.add(delivery);
      await delivery;
    }
  }

  private start(pending: Pending) {
    const delivery = this.deliver(pending).finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  private async deliver(pending: Pending): Promise<void> {
    const record: WebhookAttempt = {
      eventId: pending.eventId,
      type: pending.type,
      url: pending.endpoint.url,
      attempt: pending.attempt,
      status: null,
      error: null,
      at: new Date(),
    };
    this.attempts.push(record);
    let target: URL;
    try {
      target = new URL(pending.endpoint.url);
      if (!LOOPBACK_HOSTS.has(target.hostname) || !/^https?:$/.test(target.protocol))
        throw new Error('the local sandbox only delivers webhooks to loopback http(s) addresses');
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
      this.log(`webhook ${pending.type} to ${pending.endpoint.url} not sent: ${record.error}`);
      this.settled(pending.eventId);
      return;
    }
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': signatureHeader(
            pending.body,
            pending.endpoint.secret,
            Math.floor(Date.now() / 1000),
          ),
        },
        body: pending.body,
        redirect: 'manual',
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      record.status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
    }
    if (record.status !== null && record.status >= 200 && record.status < 300) {
      this.settled(pending.eventId);
      return;
    }
    const delay = this.retryDelaysMs[pending.attempt - 1];
    this.log(
      `webhook ${pending.type} to ${pending.endpoint.url} failed (attempt ${pending.attempt}: ${record.status ?? record.error})` +
        (delay === undefined || this.stopped ? '; giving up' : `; retrying in ${delay} ms`),
    );
    if (delay === undefined || this.stopped) {
      this.settled(pending.eventId);
      return;
    }
    const next = { ...pending, attempt: pending.attempt + 1 };
    const timer = setTimeout(() => {
      this.scheduled.delete(timer);
      this.start(next);
      this.wakeRetryWaiters();
    }, delay);
    timer.unref();
    this.scheduled.set(timer, { due: Date.now() + delay, pending: next });
  }

  private wakeRetryWaiters() {
    const waiters = this.retryWaiters;
    this.retryWaiters = [];
    for (const wake of waiters) wake();
  }

  /**
   * Resolves once every delivery attempt started so far has finished. With `retries: true` it also
   * waits for scheduled retries until each event was delivered or given up on (use short retry delays).
   */
  async flush(options: { retries?: boolean } = {}): Promise<void> {
    await this.release();
    for (;;) {
      while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
      if (!options.retries || this.scheduled.size === 0 || this.stopped) return;
      await new Promise<void>((resolve) => this.retryWaiters.push(resolve));
    }
  }

  /** Cancels scheduled retries; attempts under way finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.scheduled.keys()) clearTimeout(timer);
    this.scheduled.clear();
    this.wakeRetryWaiters();
    await this.flush();
  }
}
