// Plaid webhook verification (Plaid's documented scheme): the `Plaid-Verification` header is a JWT
// signed ES256 with a key fetched by its `kid` from /webhook_verification_key/get (cached); its payload
// carries `iat` (at most 5 minutes old) and `request_body_sha256`, compared in constant time with the
// SHA-256 of the exact body bytes. Anything else is refused.
import { createHash, timingSafeEqual } from 'node:crypto';
import { decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';

export const WEBHOOK_MAX_AGE_SECONDS = 5 * 60;

export class WebhookVerificationError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'WebhookVerificationError';
  }
}

export interface VerificationKey extends JWK {
  expired_at?: number | null;
}

export type KeyFetcher = (kid: string) => Promise<VerificationKey>;

export interface KeyCacheOptions {
  /** How long a kid Plaid did not know stays unknown before it may be asked for again. */
  readonly missTtlMs?: number;
  /** Key fetches allowed per minute, across kids: forged webhooks cannot make us call out more. */
  readonly maxFetchesPerMinute?: number;
  /** Keys held at most (Plaid rotates a handful); the oldest goes first. */
  readonly maxKeys?: number;
  readonly now?: () => number;
}

/** A kid as Plaid issues them (hex or base64url), bounded; anything else is never looked up. */
const PLAUSIBLE_KID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * Caches keys by kid for the container's life: a known kid is fetched once; a kid the
 * fetch failed for is remembered as unknown for `missTtlMs`; fetches are capped per minute, so each
 * forged webhook with a random kid no longer costs an outbound call; an implausible kid is refused
 * without one.
 */
export function cachedKeyFetcher(fetch: KeyFetcher, options: KeyCacheOptions = {}): KeyFetcher {
  const { missTtlMs = 60_000, maxFetchesPerMinute = 10, maxKeys = 50, now = Date.now } = options;
  const keys = new Map<string, Promise<VerificationKey>>();
  const misses = new Map<string, number>();
  let fetches: number[] = [];
  return (kid) => {
    const known = keys.get(kid);
    if (known) return known;
    const at = now();
    if (!PLAUSIBLE_KID.test(kid)) return Promise.reject(new WebhookVerificationError('implausible key id'));
    const missedAt = misses.get(kid);
    if (missedAt !== undefined && at - missedAt < missTtlMs)
      return Promise.reject(new WebhookVerificationError('unknown verification key'));
    fetches = fetches.filter((t) => at - t < 60_000);
    if (fetches.length >= maxFetchesPerMinute)
      return Promise.reject(new WebhookVerificationError('too many verification key lookups; try later'));
    fetches.push(at);
    const key = fetch(kid);
    keys.set(kid, key);
    if (keys.size > maxKeys) keys.delete(keys.keys().next().value as string);
    key.then(
      () => misses.delete(kid),
      () => {
        keys.delete(kid);
        misses.set(kid, now());
        if (misses.size > 1_000) misses.delete(misses.keys().next().value as string);
      },
    );
    return key;
  };
}

export async function verifyPlaidWebhook(
  verificationHeader: string | undefined,
  rawBody: string,
  fetchKey: KeyFetcher,
  now: Date,
): Promise<void> {
  if (!verificationHeader) throw new WebhookVerificationError('missing Plaid-Verification header');
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(verificationHeader);
  } catch (error) {
    throw new WebhookVerificationError('malformed verification token', { cause: error });
  }
  if (header.alg !== 'ES256')
    throw new WebhookVerificationError(`algorithm ${String(header.alg)} is not ES256`);
  if (!header.kid) throw new WebhookVerificationError('verification token has no kid');
  const jwk = await fetchKey(header.kid);
  if (jwk.expired_at && jwk.expired_at * 1000 < now.getTime()) {
    throw new WebhookVerificationError('verification key has expired');
  }
  let payload: { iat?: number; request_body_sha256?: unknown };
  try {
    const key = await importJWK({ ...jwk, alg: 'ES256' }, 'ES256');
    ({ payload } = await jwtVerify(verificationHeader, key, {
      algorithms: ['ES256'],
      currentDate: now,
      maxTokenAge: WEBHOOK_MAX_AGE_SECONDS,
    }));
  } catch (error) {
    throw new WebhookVerificationError('signature or age check failed', { cause: error });
  }
  const claimed = typeof payload.request_body_sha256 === 'string' ? payload.request_body_sha256 : '';
  const actual = createHash('sha256').update(rawBody, 'utf8').digest('hex');
  const a = Buffer.from(claimed, 'utf8');
  const b = Buffer.from(actual, 'utf8');
  if (a.length !== b.length || !timingSafeEqual(a, b))
    throw new WebhookVerificationError('body hash mismatch');
}
