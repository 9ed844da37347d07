// Webhooks signed the way Plaid signs them: an ES256 JWT in the `Plaid-Verification` header whose
// protected header names the key (`kid`) and whose payload holds `iat` and the SHA-256 (hex) of the
// exact body bytes. The public key is served by /webhook_verification_key/get. Delivery is
// fire-and-forget with a short timeout, to loopback addresses only; tests can await it.
import {
  createHash,
  generateKeyPairSync,
  type KeyObject,
  createPrivateKey,
  createPublicKey,
} from 'node:crypto';
import { SignJWT, type JWK } from 'jose';
import type { JWKPublicKey } from 'plaid';
import { randomUuid } from './random.ts';

export interface StoredWebhookKey {
  kid: string;
  /** Unix seconds. */
  created_at: number;
  expired_at: number | null;
  privateJwk: JWK;
}

export interface WebhookDelivery {
  url: string;
  body: string;
  /** The parsed body, for convenience. */
  payload: Record<string, unknown>;
  headers: Record<string, string>;
  /** HTTP status of the receiver, or null if it could not be reached (see `error`). */
  status: number | null;
  error: string | null;
  /** True when the URL was not a loopback address and nothing was sent. */
  skipped: boolean;
}

const DELIVERY_TIMEOUT_MS = 3000;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

export class WebhookKeys {
  private readonly keys: Array<StoredWebhookKey & { privateKey: KeyObject }>;

  constructor(stored: StoredWebhookKey[] = []) {
    this.keys = stored.map((key) => ({
      ...key,
      privateKey: createPrivateKey({ key: key.privateJwk, format: 'jwk' }),
    }));
    if (!this.keys.some((key) => key.expired_at === null)) this.rotate();
  }

  /** Starts signing with a new key; the previous one stays retrievable, marked expired. */
  rotate(): string {
    const now = Math.floor(Date.now() / 1000);
    for (const key of this.keys) key.expired_at ??= now;
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const kid = randomUuid();
    this.keys.push({
      kid,
      created_at: now,
      expired_at: null,
      privateJwk: privateKey.export({ format: 'jwk' }),
      privateKey,
    });
    return kid;
  }

  get current(): StoredWebhookKey & { privateKey: KeyObject } {
    const key = this.keys.find((k) => k.expired_at === null);
    if (!key) throw new Error('no active webhook signing key');
    return key;
  }

  publicJwk(kid: string): JWKPublicKey | undefined {
    const key = this.keys.find((k) => k.kid === kid);
    if (!key) return undefined;
    const jwk = createPublicKey(key.privateKey).export({ format: 'jwk' });
    return {
      alg: 'ES256',
      crv: String(jwk.crv),
      kid: key.kid,
      kty: String(jwk.kty),
      use: 'sig',
      x: String(jwk.x),
      y: String(jwk.y),
      created_at: key.created_at,
      expired_at: key.expired_at,
    };
  }

  toJSON(): StoredWebhookKey[] {
    return this.keys.map(({ kid, created_at, expired_at, privateJwk }) => ({
      kid,
      created_at,
      expired_at,
      privateJwk,
    }));
  }

  /** The `Plaid-Verification` header value for these exact body bytes. */
  async sign(body: string): Promise<string> {
    const key = this.current;
    return new SignJWT({ request_body_sha256: createHash('sha256').update(body, 'utf8').digest('hex') })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
      .setIssuedAt()
      .sign(key.privateKey);
  }
}

export class WebhookSender {
  readonly deliveries: WebhookDelivery[] = [];
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly keys: WebhookKeys,
    private readonly log: (line: string) => void,
  ) {}

  /** Sends in the background; `flush()` waits for everything sent so far. */
  send(url: string, payload: object): void {
    const delivery = this.deliver(url, payload).finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  async flush(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private async deliver(url: string, payload: object): Promise<void> {
    // Plaid sends pretty-printed JSON; verifiers must hash the raw bytes, not a re-serialisation.
    const body = JSON.stringify(payload, null, 2);
    const record: WebhookDelivery = {
      url,
      body,
      payload: payload as Record<string, unknown>,
      headers: {},
      status: null,
      error: null,
      skipped: false,
    };
    this.deliveries.push(record);
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      record.skipped = true;
      record.error = 'invalid webhook URL';
      return;
    }
    if (!LOOPBACK_HOSTS.has(target.hostname) || !/^https?:$/.test(target.protocol)) {
      record.skipped = true;
      record.error = 'the local sandbox only delivers webhooks to loopback addresses';
      this.log(`webhook to ${url} skipped: not a loopback address`);
      return;
    }
    record.headers = {
      'Content-Type': 'application/json',
      'Plaid-Verification': await this.keys.sign(body),
      'User-Agent': 'Plaid Verifier',
    };
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: record.headers,
        body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      record.status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      record.error = error instanceof Error ? error.message : String(error);
      this.log(`webhook to ${url} failed: ${record.error}`);
    }
  }
}
