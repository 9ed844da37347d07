// Plaid's two-step first sync, through the official client: NOT_READY and an empty page before the
// initial update, the recent transactions and SYNC_UPDATES_AVAILABLE (initial) after it, the rest of the
// history exactly once and a second SYNC_UPDATES_AVAILABLE (historical) after that. Every response and
// webhook body is validated against Plaid's published OpenAPI schemas, and a mutated one must fail.
import { Products, type PlaidApi, type Transaction } from 'plaid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plaidSchemaErrors } from './openapi-validator.ts';
import type { PlaidSandbox } from './sandbox.ts';
import {
  apply,
  linkItem,
  plaidError,
  startSandbox,
  startWebhookReceiver,
  syncAll,
  TEST_NOW,
} from './test-support.ts';

let sandbox: PlaidSandbox;
let client: PlaidApi;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // Long enough that the test observes each step before the next; the steps are awaited, not timed.
  ({ sandbox, client } = await startSandbox({
    seed: 'first-sync',
    firstSync: { initialMs: 400, historicalMs: 1200 },
  }));
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
const today = day(TEST_NOW.toISOString().slice(0, 10));

async function webhooks(count: number) {
  for (let i = 0; i < 200 && receiver.received.length < count; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await sandbox.webhooks.flush();
  return receiver.received.map((r) => r.payload);
}

describe('the first sync in two steps', () => {
  it('is NOT_READY, then recent transactions, then the whole history once, with two webhooks', async () => {
    const { access_token, item_id } = await linkItem(client, {
      institution_id: 'ins_109508',
      webhook: receiver.url,
      products: [Products.Transactions],
      waitForHistory: false,
    });

    const first = await client.transactionsSync({ access_token, count: 500 });
    expect(plaidSchemaErrors('TransactionsSyncResponse', first.data)).toEqual([]);
    expect(first.data).toMatchObject({
      added: [],
      modified: [],
      removed: [],
      has_more: false,
      transactions_update_status: 'NOT_READY',
    });
    expect(receiver.received).toHaveLength(0);

    const [initial] = await webhooks(1);
    expect(initial).toMatchObject({
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
      item_id,
      initial_update_complete: true,
      historical_update_complete: false,
    });
    expect(plaidSchemaErrors('SyncUpdatesAvailableWebhook', initial)).toEqual([]);

    const recent = await syncAll(client, access_token);
    const page = await client.transactionsSync({ access_token, cursor: recent.cursor });
    expect(page.data.transactions_update_status).toBe('INITIAL_UPDATE_COMPLETE');
    expect(plaidSchemaErrors('TransactionsSyncResponse', page.data)).toEqual([]);
    expect(recent.added.length).toBeGreaterThan(0);
    // Only the last 30 days or so.
    expect(Math.min(...recent.added.map((t) => day(t.date)))).toBeGreaterThanOrEqual(today - 31);

    const [, historical] = await webhooks(2);
    expect(historical).toMatchObject({
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
      initial_update_complete: true,
      historical_update_complete: true,
    });
    expect(plaidSchemaErrors('SyncUpdatesAvailableWebhook', historical)).toEqual([]);

    const rest = await syncAll(client, access_token, recent.cursor);
    const store = apply(apply(new Map<string, Transaction>(), recent), rest);
    // The rest arrives as additions, none of them a repeat of the window's.
    const windowIds = new Set(recent.added.map((t) => t.transaction_id));
    expect(rest.added.some((t) => windowIds.has(t.transaction_id))).toBe(false);
    expect(Math.min(...rest.added.map((t) => day(t.date)))).toBeLessThan(today - 600);
    // The client now holds exactly what a full replay holds.
    const replay = await syncAll(client, access_token);
    expect([...store.keys()].sort()).toEqual(replay.added.map((t) => t.transaction_id).sort());
    const done = await client.transactionsSync({ access_token, cursor: rest.cursor });
    expect(done.data.transactions_update_status).toBe('HISTORICAL_UPDATE_COMPLETE');
    expect(done.data.added).toEqual([]);
  });

  it('the validator bites: a status outside the enum or a missing cursor fails', async () => {
    const { access_token } = await linkItem(client, { institution_id: 'ins_109509' });
    const { data } = await client.transactionsSync({ access_token });
    expect(data.transactions_update_status).toBe('HISTORICAL_UPDATE_COMPLETE');
    const wrong = { ...structuredClone(data), transactions_update_status: 'ALMOST_READY' };
    expect(plaidSchemaErrors('TransactionsSyncResponse', wrong).join('\n')).toMatch(
      /transactions_update_status/,
    );
    const { next_cursor: _cursor, ...missing } = data;
    expect(plaidSchemaErrors('TransactionsSyncResponse', missing).join('\n')).toMatch(/next_cursor/);
  });

  it('transactions carry the category icon; error bodies carry error_code_reason', async () => {
    const { access_token } = await linkItem(client, {
      institution_id: 'ins_109509',
      webhook: receiver.url,
      waitForHistory: false,
    });
    const before = receiver.received.length;
    // The history is in once the second webhook for this item arrived.
    await webhooks(before + 2);
    const { added } = await syncAll(client, access_token);
    const sample = added[0] as Transaction;
    expect(sample.personal_finance_category_icon_url).toBe(
      `https://plaid-category-icons.plaid.com/PFC_${sample.personal_finance_category?.primary}.png`,
    );
    const refused = await plaidError(client.transactionsSync({ access_token: 'access-sandbox-unknown' }));
    expect(refused).toMatchObject({ error_code: 'INVALID_ACCESS_TOKEN', error_code_reason: null });
    const { status: _status, ...body } = refused;
    expect(plaidSchemaErrors('PlaidError', body)).toEqual([]);
  });
});
