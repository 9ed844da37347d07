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

/** Caches keys by kid for the container's life; an expired key is refetched. */
export function cachedKeyFetcher(fetch: KeyFetcher): KeyFetcher {
  const keys = new Map<string, Promise<VerificationKey>>();
  return (kid) => {
    let key = keys.get(kid);
    if (!key) {
      key = fetch(kid);
      keys.set(kid, key);
      key.catch(() => keys.delete(kid));
    }
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
