import { createHash } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { cachedKeyFetcher, verifyPlaidWebhook, WebhookVerificationError } from './webhook-verification.ts';

const body = JSON.stringify({
  webhook_type: 'TRANSACTIONS',
  webhook_code: 'SYNC_UPDATES_AVAILABLE',
  item_id: 'item-1',
});
const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const now = new Date('2026-11-22T12:00:00Z');
const nowSeconds = Math.floor(now.getTime() / 1000);

async function keyPair() {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  return { publicJwk: { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' } as JWK, privateKey };
}

async function sign(
  privateKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'],
  payload: Record<string, unknown>,
  header: Record<string, unknown> = {},
) {
  return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: 'k1', ...header }).sign(privateKey);
}

describe('verifyPlaidWebhook', () => {
  it('accepts a fresh ES256 token over the exact body', async () => {
    const { publicJwk, privateKey } = await keyPair();
    const token = await sign(privateKey, { iat: nowSeconds - 10, request_body_sha256: sha(body) });
    await expect(verifyPlaidWebhook(token, body, async () => publicJwk, now)).resolves.toBeUndefined();
  });

  it.each([
    [
      'an altered body',
      async (k: Awaited<ReturnType<typeof keyPair>>) => ({
        token: await sign(k.privateKey, { iat: nowSeconds, request_body_sha256: sha(body) }),
        body: body.replace('item-1', 'item-2'),
        key: k.publicJwk,
      }),
    ],
    [
      'a token older than 5 minutes',
      async (k: Awaited<ReturnType<typeof keyPair>>) => ({
        token: await sign(k.privateKey, { iat: nowSeconds - 301, request_body_sha256: sha(body) }),
        body,
        key: k.publicJwk,
      }),
    ],
    [
      'another key',
      async (k: Awaited<ReturnType<typeof keyPair>>) => ({
        token: await sign((await keyPair()).privateKey, { iat: nowSeconds, request_body_sha256: sha(body) }),
        body,
        key: k.publicJwk,
      }),
    ],
    [
      'an HS256 token',
      async (k: Awaited<ReturnType<typeof keyPair>>) => ({
        token: await new SignJWT({ iat: nowSeconds, request_body_sha256: sha(body) })
          .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
          .sign(new TextEncoder().encode('0123456789abcdef0123456789abcdef')),
        body,
        key: k.publicJwk,
      }),
    ],
    [
      'no token at all',
      async (k: Awaited<ReturnType<typeof keyPair>>) => ({ token: undefined, body, key: k.publicJwk }),
    ],
    [
      'an expired key',
      async (k: Awaited<ReturnType<typeof keyPair>>) => ({
        token: await sign(k.privateKey, { iat: nowSeconds, request_body_sha256: sha(body) }),
        body,
        key: { ...k.publicJwk, expired_at: nowSeconds - 1 },
      }),
    ],
  ])('refuses %s', async (_name, make) => {
    const k = await keyPair();
    const { token, body: sent, key } = await make(k);
    await expect(verifyPlaidWebhook(token, sent, async () => key, now)).rejects.toBeInstanceOf(
      WebhookVerificationError,
    );
  });
});

describe('cachedKeyFetcher', () => {
  it('fetches a kid once, and again only after a failure has aged', async () => {
    let calls = 0;
    let clock = 0;
    const fetcher = cachedKeyFetcher(
      async (kid) => {
        calls += 1;
        if (calls === 1) throw new Error('network');
        return { kty: 'EC', kid };
      },
      { now: () => clock },
    );
    await expect(fetcher('k')).rejects.toThrow('network');
    await expect(fetcher('k')).rejects.toThrow('unknown verification key');
    expect(calls).toBe(1);
    clock += 61_000;
    await fetcher('k');
    await fetcher('k');
    expect(calls).toBe(2);
  });

  it('ten forged kids a minute at most reach Plaid; implausible kids never do', async () => {
    let calls = 0;
    let clock = 0;
    const fetcher = cachedKeyFetcher(
      async () => {
        calls += 1;
        throw new Error('INVALID_WEBHOOK_VERIFICATION_KEY_ID');
      },
      { now: () => clock },
    );
    for (let i = 0; i < 50; i += 1) await expect(fetcher(`forged${i}`)).rejects.toThrow();
    expect(calls).toBe(10);
    await expect(fetcher('x'.repeat(101))).rejects.toThrow('implausible');
    await expect(fetcher('../../etc')).rejects.toThrow('implausible');
    clock += 60_001;
    await expect(fetcher('forged-late')).rejects.toThrow();
    expect(calls).toBe(11);
  });
});
