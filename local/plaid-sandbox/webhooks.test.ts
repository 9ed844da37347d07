// Webhooks: delivered to the item's URL, signed as Plaid signs them (verifiable with jose against
// the key served by /webhook_verification_key/get), and every webhook /sandbox/item/fire_webhook offers.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { WebhookType, SandboxItemFireWebhookRequestWebhookCodeEnum as Code, type PlaidApi } from 'plaid';
import type { PlaidSandbox } from './sandbox.ts';
import {
  linkItem,
  plaidError,
  startSandbox,
  startWebhookReceiver,
  syncAll,
  type ReceivedWebhook,
} from './test-support.ts';

let sandbox: PlaidSandbox;
let client: PlaidApi;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  ({ sandbox, client } = await startSandbox({ seed: 'webhooks', now: () => new Date() }));
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

/** Verifies a received webhook the way Plaid documents it; returns the JWT payload. */
async function verify(webhook: ReceivedWebhook, api: PlaidApi = client) {
  const token = webhook.headers['plaid-verification'];
  if (typeof token !== 'string') throw new Error('no Plaid-Verification header');
  const header = decodeProtectedHeader(token);
  expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  const { data } = await api.webhookVerificationKeyGet({ key_id: header.kid ?? '' });
  const key = await importJWK({ ...data.key }, 'ES256');
  const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'], maxTokenAge: '5 min' });
  expect(payload.request_body_sha256).toBe(createHash('sha256').update(webhook.body).digest('hex'));
  return payload;
}

const latest = async (code: string) => {
  await sandbox.webhooks.flush();
  const found = receiver.received.filter((w) => w.payload.webhook_code === code).at(-1);
  if (!found) throw new Error(`no ${code} webhook received`);
  return found;
};

describe('webhook delivery and signatures', () => {
  it('sends SYNC_UPDATES_AVAILABLE once the public token is exchanged, signed ES256 over the raw body', async () => {
    const item = await linkItem(client, { webhook: receiver.url });
    const webhook = await latest('SYNC_UPDATES_AVAILABLE');
    expect(webhook.payload).toEqual({
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
      item_id: item.item_id,
      initial_update_complete: true,
      historical_update_complete: true,
      environment: 'sandbox',
    });
    expect(webhook.headers['content-type']).toBe('application/json');
    // Plaid pretty-prints: a verifier that re-serialises the JSON would compute the wrong hash.
    expect(webhook.body).toContain('\n  "webhook_type"');
    const payload = await verify(webhook);
    expect(Math.abs((payload.iat ?? 0) - Date.now() / 1000)).toBeLessThan(60);
  });

  it('serves the verification key as a JWK with created_at and expired_at', async () => {
    await linkItem(client, { webhook: receiver.url });
    const webhook = await latest('SYNC_UPDATES_AVAILABLE');
    const kid = decodeProtectedHeader(webhook.headers['plaid-verification'] as string).kid ?? '';
    const { data } = await client.webhookVerificationKeyGet({ key_id: kid });
    expect(data.key).toMatchObject({
      alg: 'ES256',
      crv: 'P-256',
      kty: 'EC',
      use: 'sig',
      kid,
      expired_at: null,
    });
    expect(data.key.created_at).toBeGreaterThan(1_600_000_000);
    expect(await plaidError(client.webhookVerificationKeyGet({ key_id: 'unknown' }))).toMatchObject({
      error_code: 'INVALID_WEBHOOK_VERIFICATION_KEY_ID',
    });
  });

  it('fails verification for an altered body or another sandbox’s key', async () => {
    await linkItem(client, { webhook: receiver.url });
    const webhook = await latest('SYNC_UPDATES_AVAILABLE');
    await expect(verify({ ...webhook, body: webhook.body.replace('true', 'false') })).rejects.toThrow();
    const { sandbox: other, client: otherClient } = await startSandbox();
    try {
      const { data } = await otherClient.webhookVerificationKeyGet({ key_id: other.webhooks.rotateKey() });
      const foreignKey = await importJWK({ ...data.key }, 'ES256');
      await expect(jwtVerify(webhook.headers['plaid-verification'] as string, foreignKey)).rejects.toThrow(
        /signature verification failed/,
      );
    } finally {
      await other.close();
    }
  });

  it('signs with a rotated key from then on; the old key stays retrievable, expired', async () => {
    const item = await linkItem(client, { webhook: receiver.url });
    const before = decodeProtectedHeader(
      (await latest('SYNC_UPDATES_AVAILABLE')).headers['plaid-verification'] as string,
    ).kid;
    const kid = sandbox.webhooks.rotateKey();
    await client.sandboxItemFireWebhook({
      access_token: item.access_token,
      webhook_code: Code.SyncUpdatesAvailable,
    });
    const webhook = await latest('SYNC_UPDATES_AVAILABLE');
    expect(decodeProtectedHeader(webhook.headers['plaid-verification'] as string).kid).toBe(kid);
    await verify(webhook);
    const old = await client.webhookVerificationKeyGet({ key_id: before ?? '' });
    expect(old.data.key.expired_at).toBeGreaterThan(0);
  });

  it('announces the clock’s new activity to every item with a webhook', async () => {
    const item = await linkItem(client, { webhook: receiver.url });
    const count = () => receiver.received.filter((w) => w.payload.item_id === item.item_id).length;
    await sandbox.webhooks.flush();
    const before = count();
    sandbox.clock.advanceDays(1);
    await sandbox.webhooks.flush();
    expect(count()).toBe(before + 1);
  });

  it('delivers only to loopback addresses, and records failures without throwing', async () => {
    const { sandbox: own, client: ownClient } = await startSandbox();
    try {
      await linkItem(ownClient, { webhook: 'https://hooks.example.com/plaid' });
      await linkItem(ownClient, { webhook: 'http://127.0.0.1:9/closed' });
      await own.webhooks.flush();
      const [remote, closed] = own.webhooks.deliveries;
      expect(remote).toMatchObject({ url: 'https://hooks.example.com/plaid', skipped: true, status: null });
      expect(closed).toMatchObject({ skipped: false, status: null });
      expect(closed?.error).toBeTruthy();
    } finally {
      await own.close();
    }
  });
});

describe('/sandbox/item/fire_webhook and /sandbox/item/reset_login', () => {
  it('fires each webhook Plaid’s sandbox offers, with Plaid’s payloads', async () => {
    const item = await linkItem(client, { webhook: receiver.url });
    const fire = (webhook_code: Code, webhook_type?: WebhookType) =>
      client.sandboxItemFireWebhook({
        access_token: item.access_token,
        webhook_code,
        ...(webhook_type ? { webhook_type } : {}),
      });

    expect((await fire(Code.DefaultUpdate, WebhookType.Transactions)).data.webhook_fired).toBe(true);
    expect((await latest('DEFAULT_UPDATE')).payload).toMatchObject({
      webhook_type: 'TRANSACTIONS',
      item_id: item.item_id,
      new_transactions: 0,
    });

    await fire(Code.NewAccountsAvailable);
    expect((await latest('NEW_ACCOUNTS_AVAILABLE')).payload).toMatchObject({
      webhook_type: 'ITEM',
      item_id: item.item_id,
    });

    await fire('PENDING_EXPIRATION' as Code);
    const expiring = await latest('PENDING_EXPIRATION');
    expect(expiring.payload).toMatchObject({ webhook_type: 'ITEM', item_id: item.item_id });
    const itemGet = await client.itemGet({ access_token: item.access_token });
    expect(itemGet.data.item.consent_expiration_time).toBe(expiring.payload.consent_expiration_time);

    await fire(Code.PendingDisconnect);
    expect((await latest('PENDING_DISCONNECT')).payload).toMatchObject({ reason: 'INSTITUTION_MIGRATION' });

    await fire(Code.Error);
    expect((await latest('ERROR')).payload).toMatchObject({
      webhook_type: 'ITEM',
      error: { error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED', status: 400 },
    });
    expect((await plaidError(client.transactionsSync({ access_token: item.access_token }))).error_code).toBe(
      'ITEM_LOGIN_REQUIRED',
    );

    await fire(Code.LoginRepaired);
    expect((await latest('LOGIN_REPAIRED')).payload).toMatchObject({
      webhook_type: 'ITEM',
      item_id: item.item_id,
    });
    await client.transactionsSync({ access_token: item.access_token, count: 1 });

    await fire(Code.UserPermissionRevoked);
    expect((await latest('USER_PERMISSION_REVOKED')).payload).toMatchObject({
      error: { error_code: 'USER_PERMISSION_REVOKED' },
    });
    expect((await plaidError(client.accountsGet({ access_token: item.access_token }))).error_code).toBe(
      'USER_PERMISSION_REVOKED',
    );

    for (const webhook of receiver.received.filter((w) => w.payload.item_id === item.item_id))
      await verify(webhook);
  });

  it('refuses items without a webhook and webhooks of products the item lacks', async () => {
    const bare = await linkItem(client);
    expect(
      await plaidError(
        client.sandboxItemFireWebhook({
          access_token: bare.access_token,
          webhook_code: Code.SyncUpdatesAvailable,
        }),
      ),
    ).toMatchObject({ error_type: 'SANDBOX_ERROR', error_code: 'SANDBOX_WEBHOOK_INVALID' });
    const item = await linkItem(client, { webhook: receiver.url });
    expect(
      await plaidError(
        client.sandboxItemFireWebhook({ access_token: item.access_token, webhook_code: Code.ProductReady }),
      ),
    ).toMatchObject({ error_code: 'SANDBOX_PRODUCT_NOT_ENABLED' });
  });

  it('holds SYNC_UPDATES_AVAILABLE while the login is broken, and sends it after the repair', async () => {
    const { sandbox: own, client: ownClient } = await startSandbox({ seed: 'repair' });
    try {
      const item = await linkItem(ownClient, { webhook: 'http://127.0.0.1:9/hook' });
      const initial = await syncAll(ownClient, item.access_token);
      await ownClient.sandboxItemResetLogin({ access_token: item.access_token });
      own.clock.advanceDays(3);
      await own.webhooks.flush();
      const codes = () => own.webhooks.deliveries.map((d) => d.payload.webhook_code);
      expect(codes()).toEqual(['SYNC_UPDATES_AVAILABLE', 'ERROR']);
      await ownClient.sandboxItemFireWebhook({
        access_token: item.access_token,
        webhook_code: Code.LoginRepaired,
      });
      await own.webhooks.flush();
      expect(codes()).toEqual([
        'SYNC_UPDATES_AVAILABLE',
        'ERROR',
        'LOGIN_REPAIRED',
        'SYNC_UPDATES_AVAILABLE',
      ]);
      const delta = await syncAll(ownClient, item.access_token, initial.cursor);
      expect(delta.added.length).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  });

  it('reset_login sends ITEM ERROR with ITEM_LOGIN_REQUIRED', async () => {
    const item = await linkItem(client, { webhook: receiver.url });
    await client.sandboxItemResetLogin({ access_token: item.access_token });
    const webhook = await latest('ERROR');
    expect(webhook.payload).toMatchObject({
      webhook_type: 'ITEM',
      item_id: item.item_id,
      error: { error_code: 'ITEM_LOGIN_REQUIRED', error_type: 'ITEM_ERROR' },
      environment: 'sandbox',
    });
    await verify(webhook);
  });
});
