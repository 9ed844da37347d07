// Bank linking and transaction sync against the local Plaid sandbox and DynamoDB Local, through the
// gateway: the initial 24-month sync, clock advances, pending→posted, mutation during pagination,
// concurrent syncs, replayed and forged webhooks, a broken login, and what the browser may see.
import { describe, expect, it } from 'vitest';
import type { Data } from '../../functions/lib/data/index.ts';
import { createDeps } from '../../functions/lib/deps.ts';
import { createLogger } from '../../functions/lib/logger.ts';
import { syncItem } from '../../functions/lib/plaid/sync.ts';
import { syncLeaseHeld } from '../../functions/lib/plaid/sync-lease.ts';
import { handlePlaidWebhook } from '../../functions/lib/plaid/webhook.ts';
import { api, directData, functionEnv, signUpAndSignIn, type TestUser } from './helpers.ts';
import {
  accessTokenOf,
  eventually,
  linkSandboxBank,
  sandbox,
  sandboxTransactionIds,
  storedTransactions,
  type LinkedBank,
} from './plaid-helpers.ts';

const data = directData();

interface Account {
  id: string;
  account_name: string;
  account_type: string;
  current_balance: number | null;
  historical_sync_status: string;
  item_status: string;
}

async function accountsOf(user: TestUser, profileId: string): Promise<Account[]> {
  const { body } = await api<{ accounts: Account[] }>('GET', '/accounts', {
    token: user.idToken,
    headers: { 'x-profile-id': profileId },
  });
  return body.accounts;
}

async function linkedAndSynced(username = 'user_good'): Promise<{ user: TestUser; bank: LinkedBank }> {
  const user = await signUpAndSignIn('Linda Linker');
  const bank = await linkSandboxBank(user, { username });
  // The AccountLinked event runs the initial sync in the gateway process; Plaid's first sync comes in
  // two steps, the last sync (the historical update's) letting go of the bank just after it is in.
  await eventually(
    async () => ({
      accounts: await accountsOf(user, bank.profileId),
      leased: await syncLeaseHeld(data, bank.itemId, new Date()),
    }),
    ({ accounts, leased }) =>
      !leased && accounts.length > 0 && accounts.every((a) => a.historical_sync_status === 'completed'),
  );
  return { user, bank };
}

async function storedIds(bank: LinkedBank): Promise<Set<string>> {
  return new Set((await storedTransactions(bank.accountIds)).map((t) => t.id));
}

async function syncNow(user: TestUser, bank: LinkedBank) {
  return api<{ status: string }>('POST', '/functions/smart-plaid-sync', {
    token: user.idToken,
    body: { itemId: bank.itemId },
  });
}

describe('linking and the initial sync', () => {
  it('stores every account and the whole 24-month history, in cents, and never exposes the token', async () => {
    const { user, bank } = await linkedAndSynced();

    const accounts = await accountsOf(user, bank.profileId);
    const token = await accessTokenOf(bank.itemId);
    const expected = await sandboxTransactionIds(token);
    const stored = await storedTransactions(bank.accountIds);

    expect(accounts.map((a) => a.account_type).sort()).toEqual(
      ['credit', 'depository', 'depository', 'depository', 'investment', 'investment', 'loan', 'loan']
        .slice(0, accounts.length)
        .sort(),
    );
    expect(accounts.length).toBeGreaterThanOrEqual(7);
    expect(expected.size).toBeGreaterThan(500);
    expect(new Set(stored.map((t) => t.id))).toEqual(expected);
    expect(stored.every((t) => Number.isInteger(t.amount))).toBe(true);
    const dates = stored.map((t) => t.date).sort();
    expect(Date.parse(dates.at(-1)!) - Date.parse(dates[0]!)).toBeGreaterThan(700 * 86_400_000);
    const { data: item } = await data.plaidItems.get({ id: bank.itemId }).go();
    expect(item?.access_token_ciphertext.startsWith('v1.local.')).toBe(true);
    expect(item?.access_token_ciphertext).not.toContain(token);
    const everything = JSON.stringify([
      accounts,
      await api('GET', `/accounts/${bank.accountIds[0]}`, { token: user.idToken }),
    ]);
    expect(everything).not.toContain('access-sandbox');
  });

  it('answers the transactions of an account by date range, classified, newest first', async () => {
    const { user, bank } = await linkedAndSynced();
    const checking = (await accountsOf(user, bank.profileId)).find(
      (a) => a.account_name === 'Plaid Checking',
    )!;

    const { status, body } = await api<{
      transactions: Array<{ date: string; classification: { direction: string; displayAmount: string } }>;
    }>('GET', `/transactions?accountId=${checking.id}&from=2000-01-01&limit=50`, {
      token: user.idToken,
      headers: { 'x-profile-id': bank.profileId },
    });

    expect(status).toBe(200);
    expect(body.transactions).toHaveLength(50);
    const dates = body.transactions.map((t) => t.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(body.transactions.map((t) => t.classification.direction)).size).toBeGreaterThan(1);
    expect(body.transactions[0]?.classification.displayAmount).toMatch(/^\$[\d,]+\.\d\d$/);
  });

  it('names each transaction as a person reads it, keeping the bank’s own string beside it', async () => {
    const { user, bank } = await linkedAndSynced();
    const checking = (await accountsOf(user, bank.profileId)).find(
      (a) => a.account_name === 'Plaid Checking',
    )!;

    const { status, body } = await api<{
      transactions: Array<{ name: string; merchant_name: string | null; display_name: string }>;
    }>('GET', `/transactions?accountId=${checking.id}&from=2000-01-01&limit=1000`, {
      token: user.idToken,
      headers: { 'x-profile-id': bank.profileId },
    });

    expect(status).toBe(200);
    expect(body.transactions.every((t) => t.display_name.trim().length > 0)).toBe(true);
    // Plaid's cleaned merchant name when it has one.
    const withMerchant = body.transactions.filter((t) => t.merchant_name);
    expect(withMerchant.length).toBeGreaterThan(0);
    expect(withMerchant.every((t) => t.display_name === t.merchant_name)).toBe(true);
    // Without one, the bank's shouting description is made readable, and kept as it was in `name`.
    const toSavings = body.transactions.filter((t) => t.name.startsWith('ONLINE TRANSFER TO SAV XXXXXX'));
    expect(toSavings.length).toBeGreaterThan(0);
    for (const t of toSavings) {
      expect(t.display_name).toMatch(/^Online Transfer to Savings ••\d{4}$/);
      expect(t.name).toMatch(/^ONLINE TRANSFER TO SAV XXXXXX\d{4}$/);
    }
  });
});

describe('incremental sync', () => {
  it('after the clock advances, only new and changed rows change; pending→posted leaves no duplicate', async () => {
    const { user, bank } = await linkedAndSynced();
    const before = await storedTransactions(bank.accountIds);

    await sandbox('/sandbox/clock/advance', { days: 12 });
    const token = await accessTokenOf(bank.itemId);
    const expected = await sandboxTransactionIds(token);
    // The sandbox's SYNC_UPDATES_AVAILABLE webhook, verified by the gateway, runs the sync.
    const after = await eventually(
      () => storedIds(bank),
      (ids) => ids.size === expected.size && [...expected].every((id) => ids.has(id)),
    );

    expect(after).toEqual(expected);
    const stored = await storedTransactions(bank.accountIds);
    const storedById = new Map(stored.map((t) => [t.id, t]));
    // Only the sync's delta was written: every other row is exactly as it was.
    const rewritten = before.filter(
      (t) => expected.has(t.id) && storedById.get(t.id)?.updated_at !== t.updated_at,
    );
    expect(rewritten.length).toBeLessThan(before.length / 10);
    const postedFromPending = stored.filter((t) => t.pending_transaction_id);
    expect(postedFromPending.length).toBeGreaterThan(0);
    expect(postedFromPending.every((t) => !storedById.has(t.pending_transaction_id!))).toBe(true);
    // The webhook's sync stores the rows before it lets go of the bank: a refresh asks once it has.
    await eventually(
      () => syncLeaseHeld(data, bank.itemId, new Date()),
      (held) => !held,
    );
    expect((await syncNow(user, bank)).body.status).toBe('synced');
  });

  it('restarts after TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION without losing or duplicating anything', async () => {
    const { user, bank } = await linkedAndSynced();
    const token = await accessTokenOf(bank.itemId);
    // A fresh full replay pages (500 at a time), so the mutation hits mid-pagination.
    await data.plaidItems.patch({ id: bank.itemId }).remove(['plaid_sync_token']).go();
    await sandbox('/sandbox/transactions/mutate_during_pagination', { access_token: token });

    const result = await syncNow(user, bank);

    expect(result.body.status).toBe('synced');
    expect(await storedIds(bank)).toEqual(await sandboxTransactionIds(token));
  });

  it('two concurrent syncs of one item give the same result as one', async () => {
    const { user, bank } = await linkedAndSynced();
    const advancedAt = new Date().toISOString();
    await sandbox('/sandbox/clock/advance', { days: 3 });
    // Let the advance's own webhook-driven sync finish, so only the two calls below race.
    await eventually(
      async () => ({
        item: (await data.plaidItems.get({ id: bank.itemId }).go()).data,
        leased: await syncLeaseHeld(data, bank.itemId, new Date()),
      }),
      ({ item, leased }) => !leased && (item?.last_synced_at ?? '') > advancedAt,
    );
    await data.plaidItems.patch({ id: bank.itemId }).remove(['plaid_sync_token']).go();

    const results = await Promise.all([syncNow(user, bank), syncNow(user, bank)]);
    const settled = await eventually(
      async () => (await syncNow(user, bank)).body.status,
      (status) => status === 'synced',
    );

    expect(results.map((r) => r.body.status).sort()).toContain('synced');
    expect(results.every((r) => ['synced', 'already_running'].includes(r.body.status))).toBe(true);
    expect(settled).toBe('synced');
    expect(await storedIds(bank)).toEqual(await sandboxTransactionIds(await accessTokenOf(bank.itemId)));
  });
});

/** The deps a deployed sync function has, in this process, on the suite's table and sandbox. */
function syncDeps() {
  return createDeps(functionEnv(), {
    logger: createLogger({ service: 'plaid-sync-test' }, () => undefined),
    events: { publish: async () => undefined },
  });
}

/**
 * The table with one seam: just before the next sync lease is taken, `meanwhile` runs. A sync that
 * read its item and then waited for the bank is overtaken there, as a first-sync job is by a webhook's.
 */
function overtakenData(meanwhile: () => Promise<unknown>): Data {
  let pending: (() => Promise<unknown>) | undefined = meanwhile;
  const leases = Object.create(data.syncLeases) as Data['syncLeases'];
  // The lease's put, as sync-lease.ts chains it: put(record).where(condition).go(options).
  type Put = (record: unknown) => {
    where: (condition: unknown) => { go: (options: unknown) => Promise<unknown> };
  };
  const original = data.syncLeases.put.bind(data.syncLeases) as unknown as Put;
  const put: Put = (record) => {
    const chain = original(record);
    return {
      where: (condition) => {
        const guarded = chain.where(condition);
        return {
          go: async (options) => {
            const run = pending;
            pending = undefined;
            await run?.();
            return guarded.go(options);
          },
        };
      },
    };
  };
  Object.assign(leases, { put });
  return { ...data, syncLeases: leases };
}

describe('a sync overtaken while it waited for the bank', () => {
  it('starts from the cursor the sync before it left: nothing replayed, nothing lost, no failure', async () => {
    const { bank } = await linkedAndSynced();
    const deps = syncDeps();
    // Both syncs read an item with no cursor (a first sync); the first to take the bank replays it all.
    await data.plaidItems.patch({ id: bank.itemId }).remove(['plaid_sync_token']).go();
    let first: Awaited<ReturnType<typeof syncItem>> | undefined;
    const waited = overtakenData(async () => {
      first = await syncItem(deps, data, bank.itemId);
    });

    const outcome = await syncItem(deps, waited, bank.itemId);

    expect(first).toMatchObject({ status: 'synced' });
    expect(outcome).toMatchObject({ status: 'synced', added: 0, removed: 0 });
    const { data: item } = await data.plaidItems.get({ id: bank.itemId }).go();
    expect(item?.plaid_sync_token).toBeTruthy();
    expect(item?.status).toBe('active');
    expect(await storedIds(bank)).toEqual(await sandboxTransactionIds(await accessTokenOf(bank.itemId)));
  });
});

describe('webhooks', () => {
  it('a webhook fired five times changes nothing after the first', async () => {
    const { bank } = await linkedAndSynced();
    const token = await accessTokenOf(bank.itemId);
    const snapshot = async () =>
      JSON.stringify(
        (await storedTransactions(bank.accountIds))
          .map((t) => [t.id, t.amount, t.date, t.pending, t.updated_at])
          .sort(),
      );
    const before = await snapshot();

    for (let i = 0; i < 5; i++) {
      await sandbox('/sandbox/item/fire_webhook', {
        access_token: token,
        webhook_code: 'SYNC_UPDATES_AVAILABLE',
      });
    }
    await eventually(
      async () => ({
        item: (await data.plaidItems.get({ id: bank.itemId }).go()).data,
        leased: await syncLeaseHeld(data, bank.itemId, new Date()),
      }),
      ({ item, leased }) => !leased && Boolean(item?.last_webhook_at),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));

    expect(await snapshot()).toBe(before);
  });

  it('acknowledges a transactions webhook at once and leaves the sync to the bus', async () => {
    const { bank } = await linkedAndSynced();
    const { data: before } = await data.plaidItems.get({ id: bank.itemId }).go();
    const published: Array<{ type: string; detail: unknown }> = [];
    const deps = {
      clock: () => new Date(),
      events: { publish: async (type: string, detail: unknown) => void published.push({ type, detail }) },
      logger: { info: () => undefined },
    } as never;

    const answer = await handlePlaidWebhook(deps, data, {
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
      item_id: before?.plaid_item_id ?? '',
    } as never);
    const { data: after } = await data.plaidItems.get({ id: bank.itemId }).go();

    expect(answer).toEqual({ handled: true, kind: 'TRANSACTIONS:SYNC_UPDATES_AVAILABLE', outcome: 'queued' });
    expect(published).toEqual([
      {
        type: 'SyncRequested',
        detail: { itemId: bank.itemId, reason: 'TRANSACTIONS:SYNC_UPDATES_AVAILABLE' },
      },
    ]);
    // Nothing was synced in the webhook's own call.
    expect(after?.last_synced_at).toBe(before?.last_synced_at);

    // Through the real bus, the requested sync runs and finishes.
    const since = new Date().toISOString();
    await sandbox('/sandbox/item/fire_webhook', {
      access_token: await accessTokenOf(bank.itemId),
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
    });
    await eventually(
      async () => ({
        item: (await data.plaidItems.get({ id: bank.itemId }).go()).data,
        leased: await syncLeaseHeld(data, bank.itemId, new Date()),
      }),
      ({ item, leased }) => !leased && (item?.last_synced_at ?? '') > since,
    );
  });

  it('refuses unsigned, forged and non-ES256 webhooks with 401 and does nothing', async () => {
    const body = JSON.stringify({
      webhook_type: 'ITEM',
      webhook_code: 'USER_PERMISSION_REVOKED',
      item_id: 'x',
    });
    const forgedHeader = (alg: string) =>
      `${Buffer.from(JSON.stringify({ alg, kid: 'nope', typ: 'JWT' })).toString('base64url')}.${Buffer.from(
        JSON.stringify({ iat: Math.floor(Date.now() / 1000) }),
      ).toString('base64url')}.c2ln`;

    const results = await Promise.all([
      api('POST', '/webhooks/plaid', { rawBody: body }),
      api('POST', '/webhooks/plaid', {
        rawBody: body,
        headers: { 'plaid-verification': forgedHeader('ES256') },
      }),
      api('POST', '/webhooks/plaid', {
        rawBody: body,
        headers: { 'plaid-verification': forgedHeader('HS256') },
      }),
      api('POST', '/webhooks/plaid', { rawBody: body, headers: { 'plaid-verification': 'garbage' } }),
    ]);

    expect(results.map((r) => r.status)).toEqual([401, 401, 401, 401]);
  });

  it('ITEM_LOGIN_REQUIRED marks the bank for reconnection, and update mode gets a link token for it', async () => {
    const { user, bank } = await linkedAndSynced();
    const token = await accessTokenOf(bank.itemId);

    await sandbox('/sandbox/item/reset_login', { access_token: token });
    const accounts = await eventually(
      () => accountsOf(user, bank.profileId),
      (list) => list.every((a) => a.item_status === 'login_required'),
    );
    const sync = await syncNow(user, bank);
    const relink = await api<{ link_token: string }>('POST', '/functions/plaid-link-token', {
      token: user.idToken,
      body: { updateMode: true, itemId: bank.itemId },
    });

    expect(accounts.length).toBeGreaterThan(0);
    expect(sync.body.status).toBe('login_required');
    expect(relink.status).toBe(200);
    expect(relink.body.link_token).toMatch(/^link-/);
  });

  it('USER_PERMISSION_REVOKED deletes the bank and its transactions', async () => {
    const { user, bank } = await linkedAndSynced();
    const token = await accessTokenOf(bank.itemId);

    await sandbox('/sandbox/item/fire_webhook', {
      access_token: token,
      webhook_code: 'USER_PERMISSION_REVOKED',
    });
    await eventually(
      async () => (await data.plaidItems.get({ id: bank.itemId }).go()).data?.status,
      (status) => status === 'removed',
    );

    expect(await accountsOf(user, bank.profileId)).toEqual([]);
    expect(await storedTransactions(bank.accountIds)).toEqual([]);
  });
});

describe('who may link and see banks', () => {
  it('a stranger cannot see, sync or relink another user’s bank', async () => {
    const { bank } = await linkedAndSynced();
    const stranger = await signUpAndSignIn();

    const results = await Promise.all([
      api('GET', '/accounts', { token: stranger.idToken, headers: { 'x-profile-id': bank.profileId } }),
      api('GET', `/accounts/${bank.accountIds[0]}`, { token: stranger.idToken }),
      api('POST', '/functions/smart-plaid-sync', { token: stranger.idToken, body: { itemId: bank.itemId } }),
      api('POST', '/functions/plaid-link-token', {
        token: stranger.idToken,
        body: { updateMode: true, itemId: bank.itemId },
      }),
    ]);

    expect(results.map((r) => r.status)).toEqual([404, 404, 404, 404]);

    // One answer for another's id and for an id that does not exist: nothing tells a
    // stranger that the account or the linked bank exists.
    const missing = await Promise.all([
      api('GET', '/accounts/acc_does_not_exist', { token: stranger.idToken }),
      api('POST', '/functions/smart-plaid-sync', { token: stranger.idToken, body: { itemId: 'item_nope' } }),
    ]);
    expect(results[1]?.body).toEqual(missing[0]?.body);
    expect(results[2]?.body).toEqual(missing[1]?.body);
  });

  it('refuses an invalid public token with a Plaid-shaped failure and stores nothing', async () => {
    const user = await signUpAndSignIn();
    const { body: profile } = await api<{ profile: { id: string } }>(
      'POST',
      '/functions/ensure-default-profile',
      {
        token: user.idToken,
        body: {},
      },
    );

    const result = await api('POST', '/functions/plaid-exchange-token', {
      token: user.idToken,
      body: { publicToken: 'public-sandbox-not-a-real-token' },
      headers: { 'x-profile-id': profile.profile.id },
    });

    expect(result.status).toBeGreaterThanOrEqual(400);
    expect(await accountsOf(user, profile.profile.id)).toEqual([]);
  });
});
