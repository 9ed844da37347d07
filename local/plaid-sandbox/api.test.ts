// Contract tests: the official `plaid` client against the sandbox, endpoint by endpoint, success and
// error paths, with Plaid's HTTP statuses and error bodies.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountSubtype, AccountType, CountryCode, Products, type PlaidApi, type Transaction } from 'plaid';
import type { PlaidSandbox } from './sandbox.ts';
import {
  apply,
  linkItem,
  plaidClient,
  plaidError,
  startSandbox,
  syncAll,
  TEST_CLIENT_ID,
  TEST_NOW,
  TEST_SECRET,
} from './test-support.ts';

let sandbox: PlaidSandbox;
let client: PlaidApi;

beforeAll(async () => {
  ({ sandbox, client } = await startSandbox());
});
afterAll(() => sandbox.close());

/** A sandbox-only helper endpoint (the plaid client has no method for it). */
async function post(path: string, body: object, headers: Record<string, string> = {}) {
  const response = await fetch(`${sandbox.url}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'PLAID-CLIENT-ID': TEST_CLIENT_ID,
      'PLAID-SECRET': TEST_SECRET,
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const linkTokenRequest = {
  client_name: 'Money Calendar',
  language: 'en',
  country_codes: [CountryCode.Us],
  user: { client_user_id: 'user-1' },
  products: [Products.Transactions],
};

describe('API keys and request checks', () => {
  it('refuses wrong API keys with INVALID_API_KEYS', async () => {
    const wrong = plaidClient(sandbox.url, { clientId: TEST_CLIENT_ID, secret: 'wrong' });
    const error = await plaidError(
      wrong.institutionsGetById({ institution_id: 'ins_109508', country_codes: [CountryCode.Us] }),
    );
    expect(error).toMatchObject({
      status: 400,
      error_type: 'INVALID_INPUT',
      error_code: 'INVALID_API_KEYS',
      error_message: 'invalid client_id or secret provided',
      display_message: null,
    });
    expect(error.request_id).toMatch(/^[A-Za-z0-9]{15}$/);
  });

  it('accepts the keys in the body too, and names missing ones', async () => {
    const request = (body: object) =>
      fetch(`${sandbox.url}/institutions/get_by_id`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ institution_id: 'ins_109508', country_codes: ['US'], ...body }),
      });
    expect((await request({ client_id: TEST_CLIENT_ID, secret: TEST_SECRET })).status).toBe(200);
    expect(await (await request({})).json()).toMatchObject({
      error_code: 'MISSING_FIELDS',
      error_message: 'the following required fields are missing: client_id, secret',
    });
  });

  it('answers unknown endpoints with a Plaid-style 404', async () => {
    const response = await post('/transactions/teleport', {});
    expect(response).toMatchObject({
      status: 404,
      body: { error_type: 'INVALID_REQUEST', error_code: 'NOT_FOUND' },
    });
  });

  it('refuses bodies that are not JSON, unknown fields and missing fields', async () => {
    const notJson = await fetch(`${sandbox.url}/item/get`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'PLAID-CLIENT-ID': TEST_CLIENT_ID,
        'PLAID-SECRET': TEST_SECRET,
      },
      body: '{nope',
    });
    expect(await notJson.json()).toMatchObject({ error_code: 'INVALID_BODY' });
    expect((await post('/item/get', { access_token: 'x', extra: 1 })).body).toMatchObject({
      error_type: 'INVALID_REQUEST',
      error_code: 'UNKNOWN_FIELDS',
      error_message: 'the following fields are not recognized by this endpoint: extra',
    });
    expect((await post('/transactions/sync', {})).body).toMatchObject({
      error_code: 'MISSING_FIELDS',
      error_message: 'the following required fields are missing: access_token',
    });
  });
});

describe('/link/token/create and /link/token/get', () => {
  it('creates a link token that expires in 4 hours, and reads it back', async () => {
    const { data } = await client.linkTokenCreate({
      ...linkTokenRequest,
      webhook: 'http://127.0.0.1:9/hook',
    });
    expect(data.link_token).toMatch(/^link-sandbox-[0-9a-f-]{36}$/);
    expect(Date.parse(data.expiration) - TEST_NOW.getTime()).toBe(4 * 3_600_000);
    expect(data.hosted_link_url).toBeUndefined();
    const { data: got } = await client.linkTokenGet({ link_token: data.link_token });
    expect(got).toMatchObject({
      link_token: data.link_token,
      expiration: data.expiration,
      metadata: {
        client_name: 'Money Calendar',
        webhook: 'http://127.0.0.1:9/hook',
        initial_products: ['transactions'],
      },
      link_sessions: [],
    });
  });

  it('returns a hosted link URL that serves the Link page', async () => {
    const { data } = await client.linkTokenCreate({
      ...linkTokenRequest,
      hosted_link: { completion_redirect_uri: 'http://127.0.0.1:5173/accounts' },
    });
    expect(data.hosted_link_url).toMatch(new RegExp(`^${sandbox.url}/hl/[A-Za-z0-9]+$`));
    const page = await fetch(data.hosted_link_url as string);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await page.text()).toContain(`data-token="${data.link_token}"`);
  });

  it('creates update-mode tokens for an item, valid 30 minutes', async () => {
    const item = await linkItem(client);
    const { data } = await client.linkTokenCreate({
      ...linkTokenRequest,
      products: undefined,
      access_token: item.access_token,
    });
    expect(Date.parse(data.expiration) - TEST_NOW.getTime()).toBe(30 * 60_000);
    const error = await plaidError(
      client.linkTokenCreate({ ...linkTokenRequest, access_token: 'access-sandbox-nope' }),
    );
    expect(error).toMatchObject({ status: 400, error_code: 'INVALID_ACCESS_TOKEN' });
  });

  it('checks products, redirect URIs and unknown link tokens', async () => {
    expect(await plaidError(client.linkTokenCreate({ ...linkTokenRequest, products: [] }))).toMatchObject({
      error_code: 'INVALID_FIELD',
    });
    expect(
      await plaidError(
        client.linkTokenCreate({ ...linkTokenRequest, redirect_uri: 'https://example.com/oauth' }),
      ),
    ).toMatchObject({
      error_type: 'INVALID_REQUEST',
      error_code: 'INVALID_FIELD',
      error_message: expect.stringContaining('OAuth redirect URI must be configured'),
    });
    await client.linkTokenCreate({ ...linkTokenRequest, redirect_uri: 'http://127.0.0.1:5173/plaid-oauth' });
    expect(await plaidError(client.linkTokenGet({ link_token: 'link-sandbox-unknown' }))).toMatchObject({
      error_code: 'INVALID_LINK_TOKEN',
    });
  });

  it('accepts only registered redirect URIs when a list is configured', async () => {
    const { sandbox: strict, client: strictClient } = await startSandbox({
      redirectUris: ['https://app.example/oauth'],
    });
    try {
      await strictClient.linkTokenCreate({ ...linkTokenRequest, redirect_uri: 'https://app.example/oauth' });
      const error = await plaidError(
        strictClient.linkTokenCreate({ ...linkTokenRequest, redirect_uri: 'http://127.0.0.1/x' }),
      );
      expect(error.error_code).toBe('INVALID_FIELD');
    } finally {
      await strict.close();
    }
  });
});

describe('/sandbox/public_token/create and /item/public_token/exchange', () => {
  it('exchanges a public token once for an access token', async () => {
    const { data } = await client.sandboxPublicTokenCreate({
      institution_id: 'ins_109508',
      initial_products: [Products.Transactions],
    });
    expect(data.public_token).toMatch(/^public-sandbox-/);
    const exchanged = await client.itemPublicTokenExchange({ public_token: data.public_token });
    expect(exchanged.data.access_token).toMatch(/^access-sandbox-[0-9a-f-]{36}$/);
    expect(exchanged.data.item_id).toMatch(/^[A-Za-z0-9]{37}$/);
    expect(
      await plaidError(client.itemPublicTokenExchange({ public_token: data.public_token })),
    ).toMatchObject({
      error_type: 'INVALID_INPUT',
      error_code: 'INVALID_PUBLIC_TOKEN',
    });
  });

  it('refuses public tokens after 30 minutes', async () => {
    let now = TEST_NOW.getTime();
    const { sandbox: timed, client: timedClient } = await startSandbox({ now: () => new Date(now) });
    try {
      const { data } = await timedClient.sandboxPublicTokenCreate({
        institution_id: 'ins_109508',
        initial_products: [Products.Transactions],
      });
      now += 31 * 60_000;
      expect(
        await plaidError(timedClient.itemPublicTokenExchange({ public_token: data.public_token })),
      ).toMatchObject({
        error_code: 'INVALID_PUBLIC_TOKEN',
        error_message: expect.stringContaining('expired'),
      });
    } finally {
      await timed.close();
    }
  });

  it('fails with the errors of Plaid’s sandbox credentials', async () => {
    const attempt = (
      override_username: string,
      override_password = 'pass_good',
      institution_id = 'ins_109508',
    ) =>
      plaidError(
        client.sandboxPublicTokenCreate({
          institution_id,
          initial_products: [Products.Transactions],
          options: { override_username, override_password },
        }),
      );
    expect(await attempt('user_bad')).toMatchObject({
      status: 400,
      error_type: 'ITEM_ERROR',
      error_code: 'INVALID_CREDENTIALS',
      display_message: 'The provided credentials were not correct. Please try again.',
    });
    expect(await attempt('user_good', 'wrong')).toMatchObject({ error_code: 'INVALID_CREDENTIALS' });
    expect(await attempt('user_institution_down')).toMatchObject({
      error_type: 'INSTITUTION_ERROR',
      error_code: 'INSTITUTION_DOWN',
    });
    expect(await attempt('user_good', 'error_ITEM_LOCKED')).toMatchObject({ error_code: 'ITEM_LOCKED' });
    expect(await attempt('user_good', 'pass_good', 'ins_404')).toMatchObject({
      error_code: 'INVALID_INSTITUTION',
    });
  });
});

describe('/accounts/get and /accounts/balance/get', () => {
  it('lists the institution’s accounts with Plaid types, subtypes and balances', async () => {
    const item = await linkItem(client);
    const { data } = await client.accountsGet({ access_token: item.access_token });
    expect(data.item).toMatchObject({ item_id: item.item_id, institution_id: 'ins_109508', error: null });
    expect(data.accounts.map((a) => [a.type, a.subtype])).toEqual([
      [AccountType.Depository, AccountSubtype.Checking],
      [AccountType.Depository, AccountSubtype.Savings],
      [AccountType.Depository, AccountSubtype.MoneyMarket],
      [AccountType.Credit, AccountSubtype.CreditCard],
      [AccountType.Loan, AccountSubtype.Student],
      [AccountType.Loan, AccountSubtype.Mortgage],
      [AccountType.Investment, AccountSubtype._401k],
      [AccountType.Investment, AccountSubtype.Brokerage],
    ]);
    const card = data.accounts.find((a) => a.subtype === AccountSubtype.CreditCard);
    expect(card?.balances.limit).toBeGreaterThan(0);
    expect(card?.balances.available).toBeLessThanOrEqual(
      (card?.balances.limit ?? 0) - (card?.balances.current ?? 0),
    );
    expect(data.accounts[0]).toMatchObject({
      name: 'Plaid Checking',
      mask: '0000',
      balances: { iso_currency_code: 'USD' },
    });

    const only = await client.accountsGet({
      access_token: item.access_token,
      options: { account_ids: [card?.account_id ?? ''] },
    });
    expect(only.data.accounts.map((a) => a.account_id)).toEqual([card?.account_id]);
    expect(
      await plaidError(
        client.accountsGet({ access_token: item.access_token, options: { account_ids: ['nope'] } }),
      ),
    ).toMatchObject({
      error_code: 'INVALID_ACCOUNT_ID',
    });

    const balances = await client.accountsBalanceGet({ access_token: item.access_token });
    expect(balances.data.accounts[0]?.balances.last_updated_datetime).toBe(TEST_NOW.toISOString());
  });

  it('keeps balances consistent with the transactions as days pass', async () => {
    const { sandbox: own, client: ownClient } = await startSandbox({ seed: 'balances' });
    try {
      const item = await linkItem(ownClient, { days_requested: 30 });
      const initial = await syncAll(ownClient, item.access_token);
      const store = apply(new Map<string, Transaction>(), initial);
      const postedCents = (accountId: string) =>
        [...store.values()]
          .filter((t) => t.account_id === accountId && !t.pending)
          .reduce((sum, t) => sum + Math.round(t.amount * 100), 0);
      const before = (await ownClient.accountsGet({ access_token: item.access_token })).data.accounts;
      // A loan's interest raises what is owed with no transaction of its own.
      const interestPaid = async () => {
        const { liabilities } = (await ownClient.liabilitiesGet({ access_token: item.access_token })).data;
        return new Map(
          [...(liabilities.student ?? []), ...(liabilities.mortgage ?? [])].map((loan) => [
            loan.account_id,
            Math.round((loan.ytd_interest_paid ?? 0) * 100),
          ]),
        );
      };
      const interestBefore = await interestPaid();
      const postedBefore = new Map(before.map((a) => [a.account_id, postedCents(a.account_id)]));

      own.clock.advanceDays(9);
      apply(store, await syncAll(ownClient, item.access_token, initial.cursor));
      const after = (await ownClient.accountsGet({ access_token: item.access_token })).data.accounts;
      const interestAfter = await interestPaid();
      let accrued = 0;
      for (const account of after) {
        const old = before.find((a) => a.account_id === account.account_id);
        if (account.type === AccountType.Investment || !old) continue;
        const spent = postedCents(account.account_id) - (postedBefore.get(account.account_id) ?? 0);
        const moved = Math.round(((account.balances.current ?? 0) - (old.balances.current ?? 0)) * 100);
        // Plaid sign: money out is positive; depository balances fall by it, debts rise by it.
        const interest =
          (interestAfter.get(account.account_id) ?? 0) - (interestBefore.get(account.account_id) ?? 0);
        accrued += interest;
        const expected = account.type === AccountType.Depository ? -spent : spent + interest;
        expect(moved - expected, account.name).toBe(0);
      }
      // The window holds a loan payment day, so the loans' interest is part of the check.
      expect(accrued).toBeGreaterThan(0);
      expect(after[0]?.balances.current).not.toBe(before[0]?.balances.current);
    } finally {
      await own.close();
    }
  });
});

describe('/item/get, /item/webhook/update, /item/remove', () => {
  it('describes the item and its update status', async () => {
    const item = await linkItem(client, { webhook: 'http://127.0.0.1:9/hook' });
    const { data } = await client.itemGet({ access_token: item.access_token });
    expect(data.item).toMatchObject({
      item_id: item.item_id,
      institution_id: 'ins_109508',
      institution_name: 'First Platypus Bank',
      webhook: 'http://127.0.0.1:9/hook',
      error: null,
      billed_products: ['transactions', 'liabilities'],
      consented_products: ['transactions', 'liabilities'],
      update_type: 'background',
    });
    expect(data.status?.transactions?.last_successful_update).toBe(TEST_NOW.toISOString());
    const updated = await client.itemWebhookUpdate({
      access_token: item.access_token,
      webhook: 'http://127.0.0.1:9/other',
    });
    expect(updated.data.item.webhook).toBe('http://127.0.0.1:9/other');
    await sandbox.webhooks.flush();
    expect(sandbox.webhooks.deliveries.at(-1)?.payload).toMatchObject({
      webhook_type: 'ITEM',
      webhook_code: 'WEBHOOK_UPDATE_ACKNOWLEDGED',
      new_webhook_url: 'http://127.0.0.1:9/other',
    });
  });

  it('removes an item: its access token then finds nothing', async () => {
    const item = await linkItem(client);
    await client.itemRemove({ access_token: item.access_token });
    expect(await plaidError(client.accountsGet({ access_token: item.access_token }))).toMatchObject({
      error_type: 'ITEM_ERROR',
      error_code: 'ITEM_NOT_FOUND',
    });
    expect(await plaidError(client.itemGet({ access_token: 'access-sandbox-never-issued' }))).toMatchObject({
      error_type: 'INVALID_INPUT',
      error_code: 'INVALID_ACCESS_TOKEN',
      error_message: 'could not find matching access token',
    });
  });
});

describe('/institutions/get_by_id', () => {
  it('describes sandbox institutions and refuses unknown ones', async () => {
    const { data } = await client.institutionsGetById({
      institution_id: 'ins_109508',
      country_codes: [CountryCode.Us],
      options: { include_optional_metadata: true },
    });
    expect(data.institution).toMatchObject({
      institution_id: 'ins_109508',
      name: 'First Platypus Bank',
      oauth: false,
    });
    expect(data.institution.products).toContain(Products.Transactions);
    expect(data.institution.primary_color).toMatch(/^#/);
    expect(
      await plaidError(
        client.institutionsGetById({ institution_id: 'ins_1', country_codes: [CountryCode.Us] }),
      ),
    ).toMatchObject({ error_code: 'INVALID_INSTITUTION' });
  });
});

describe('login errors', () => {
  it('puts an item in ITEM_LOGIN_REQUIRED after /sandbox/item/reset_login', async () => {
    const item = await linkItem(client);
    const { data } = await client.sandboxItemResetLogin({ access_token: item.access_token });
    expect(data.reset_login).toBe(true);
    const error = await plaidError(client.transactionsSync({ access_token: item.access_token }));
    expect(error).toMatchObject({ status: 400, error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED' });
    expect(await plaidError(client.accountsGet({ access_token: item.access_token }))).toMatchObject({
      error_code: 'ITEM_LOGIN_REQUIRED',
    });
    const itemGet = await client.itemGet({ access_token: item.access_token });
    expect(itemGet.data.item.error).toMatchObject({ error_code: 'ITEM_LOGIN_REQUIRED', status: 400 });
  });

  it('links user_login_required, whose item needs a new login right away', async () => {
    const item = await linkItem(client, { username: 'user_login_required' });
    expect(await plaidError(client.transactionsSync({ access_token: item.access_token }))).toMatchObject({
      error_code: 'ITEM_LOGIN_REQUIRED',
    });
  });
});

describe('the sandbox’s own helpers', () => {
  it('reads and advances the clock over HTTP', async () => {
    const { sandbox: own } = await startSandbox();
    const call = (path: string, body: object) =>
      fetch(`${own.url}${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'PLAID-CLIENT-ID': TEST_CLIENT_ID,
          'PLAID-SECRET': TEST_SECRET,
        },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<Record<string, unknown>>);
    try {
      expect(await call('/sandbox/clock/get', {})).toMatchObject({ today: '2025-06-15' });
      expect(await call('/sandbox/clock/advance', { days: 3 })).toMatchObject({
        today: '2025-06-18',
        items: [],
      });
      expect(await call('/sandbox/clock/advance', { days: 0 })).toMatchObject({
        error_code: 'INVALID_FIELD',
      });
      expect(own.clock.today()).toBe('2025-06-18');
    } finally {
      await own.close();
    }
  });

  it('injects faults: the next call fails with the chosen error, then calls succeed again', async () => {
    const item = await linkItem(client);
    const injected = await post('/sandbox/fault/inject', {
      endpoint: '/accounts/balance/get',
      error_code: 'ACCOUNTS_BALANCE_GET_LIMIT',
      access_token: item.access_token,
    });
    expect(injected.status).toBe(200);
    expect(await plaidError(client.accountsBalanceGet({ access_token: item.access_token }))).toMatchObject({
      status: 429,
      error_type: 'RATE_LIMIT_EXCEEDED',
      error_code: 'ACCOUNTS_BALANCE_GET_LIMIT',
    });
    await client.accountsBalanceGet({ access_token: item.access_token });
  });

  it('skews an account balance away from its transactions, everywhere balances are reported, until reset', async () => {
    const item = await linkItem(client);
    const { data: before } = await client.accountsGet({ access_token: item.access_token });
    const checking = before.accounts.find((a) => a.subtype === AccountSubtype.Checking)!;
    const others = before.accounts.filter((a) => a !== checking);
    const current = (accounts: typeof before.accounts, id: string) =>
      accounts.find((a) => a.account_id === id)?.balances;

    const skewed = await post('/sandbox/accounts/balance/skew', {
      access_token: item.access_token,
      account_id: checking.account_id,
      amount: 25.5,
    });
    const { data: after } = await client.accountsBalanceGet({ access_token: item.access_token });
    const { data: synced } = await client.transactionsSync({ access_token: item.access_token, count: 1 });

    expect(skewed.status).toBe(200);
    for (const accounts of [after.accounts, synced.accounts]) {
      expect(current(accounts, checking.account_id)?.current).toBeCloseTo(
        checking.balances.current! + 25.5,
        2,
      );
      expect(current(accounts, checking.account_id)?.available).toBeCloseTo(
        checking.balances.available! + 25.5,
        2,
      );
      for (const other of others)
        expect(current(accounts, other.account_id)?.current).toBe(other.balances.current);
    }
    await post('/sandbox/accounts/balance/skew', {
      access_token: item.access_token,
      account_id: checking.account_id,
      amount: 0,
    });
    const { data: reset } = await client.accountsGet({ access_token: item.access_token });
    expect(current(reset.accounts, checking.account_id)?.current).toBe(checking.balances.current);
    expect(
      (
        await post('/sandbox/accounts/balance/skew', {
          access_token: item.access_token,
          account_id: 'not-an-account',
          amount: 1,
        })
      ).body,
    ).toMatchObject({ error_code: 'INVALID_ACCOUNT_ID' });
  });

  it('serves the ground truth over HTTP as from the sandbox object', async () => {
    const item = await linkItem(client);
    const { status, body } = await post('/sandbox/ground_truth', { access_token: item.access_token });
    expect(status).toBe(200);
    const { request_id: _requestId, ...truth } = body;
    expect(truth).toEqual(JSON.parse(JSON.stringify(sandbox.groundTruth(item.access_token))));
  });
});

describe('persistence', () => {
  it('keeps items, cursors, the clock and the webhook key across restarts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'plaid-sandbox-'));
    const dataFile = join(dir, 'plaid.json');
    try {
      const first = await startSandbox({ dataFile });
      const item = await linkItem(first.client);
      const kid = first.sandbox.webhooks.rotateKey();
      first.sandbox.clock.advanceDays(2);
      const drained = await syncAll(first.client, item.access_token);
      await first.sandbox.close();

      const second = await startSandbox({ dataFile });
      try {
        expect(second.sandbox.clock.today()).toBe('2025-06-17');
        const { data } = await second.client.webhookVerificationKeyGet({ key_id: kid });
        expect(data.key).toMatchObject({ kid, alg: 'ES256', expired_at: null });
        const again = await syncAll(second.client, item.access_token, drained.cursor);
        expect(again.added.length + again.modified.length + again.removed.length).toBe(0);
        const replay = await syncAll(second.client, item.access_token);
        expect(replay.added.map((t) => t.transaction_id).sort()).toEqual(
          drained.added.map((t) => t.transaction_id).sort(),
        );
      } finally {
        await second.sandbox.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
