// /transactions/sync semantics: cursors into the item's change log, paging, the clock's new, posted,
// modified and removed transactions, replays, mutation during pagination, and the ground truth.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Products, RecurringTransactionFrequency, type PlaidApi, type Transaction } from 'plaid';
import { parseIsoDay } from './days.ts';
import type { PlaidSandbox } from './sandbox.ts';
import {
  apply,
  linkItem,
  plaidError,
  startSandbox,
  syncAll,
  TEST_CLIENT_ID,
  TEST_SECRET,
} from './test-support.ts';

let sandbox: PlaidSandbox;
let client: PlaidApi;

beforeAll(async () => {
  ({ sandbox, client } = await startSandbox({ seed: 'sync' }));
});
afterAll(() => sandbox.close());

const ids = (transactions: Array<{ transaction_id: string }>) => transactions.map((t) => t.transaction_id);

describe('initial sync', () => {
  it('pages the whole 24-month history with has_more, adding each transaction once', async () => {
    const item = await linkItem(client);
    const pages: boolean[] = [];
    let cursor: string | undefined;
    const added: Transaction[] = [];
    for (;;) {
      const { data } = await client.transactionsSync({
        access_token: item.access_token,
        count: 500,
        ...(cursor ? { cursor } : {}),
      });
      expect(data.modified).toEqual([]);
      expect(data.removed).toEqual([]);
      expect(data.accounts).toHaveLength(8);
      expect(data.transactions_update_status).toBe('HISTORICAL_UPDATE_COMPLETE');
      added.push(...data.added);
      pages.push(data.has_more);
      cursor = data.next_cursor;
      if (!data.has_more) break;
    }
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.slice(0, -1).every(Boolean)).toBe(true);
    expect(new Set(ids(added)).size).toBe(added.length);
    const dates = added.map((t) => parseIsoDay(t.date));
    const today = parseIsoDay(sandbox.clock.today());
    expect(Math.min(...dates)).toBeLessThanOrEqual(today - 725);
    expect(Math.max(...dates)).toBeLessThanOrEqual(today);
    expect(added.some((t) => t.pending)).toBe(true);
    const truth = sandbox.groundTruth(item.access_token);
    const inTruth = truth.series
      .flatMap((s) => s.transaction_ids)
      .concat(truth.non_recurring_transaction_ids);
    expect(inTruth.sort()).toEqual(ids(added).sort());

    const again = await client.transactionsSync({ access_token: item.access_token, cursor: cursor ?? '' });
    expect(again.data).toMatchObject({
      added: [],
      modified: [],
      removed: [],
      has_more: false,
      next_cursor: cursor,
    });
  });

  it('pages 100 at a time by default and checks count', async () => {
    const item = await linkItem(client);
    const { data } = await client.transactionsSync({ access_token: item.access_token });
    expect(data.added).toHaveLength(100);
    expect(data.has_more).toBe(true);
    for (const count of [0, 501]) {
      expect(
        await plaidError(client.transactionsSync({ access_token: item.access_token, count })),
      ).toMatchObject({
        error_type: 'INVALID_REQUEST',
        error_code: 'INVALID_FIELD',
      });
    }
    expect(
      await plaidError(client.transactionsSync({ access_token: item.access_token, cursor: 'garbage' })),
    ).toMatchObject({
      error_code: 'INVALID_FIELD',
    });
  });

  it('sees 90 days when the link asked for no more, as Plaid defaults', async () => {
    const created = await client.sandboxPublicTokenCreate({
      institution_id: 'ins_109509',
      initial_products: [Products.Transactions],
    });
    const { data } = await client.itemPublicTokenExchange({ public_token: created.data.public_token });
    const { added } = await syncAll(client, data.access_token);
    const oldest = Math.min(...added.map((t) => parseIsoDay(t.authorized_date ?? t.date)));
    expect(oldest).toBeGreaterThanOrEqual(parseIsoDay(sandbox.clock.today()) - 90);
  });

  it('filters by account with options.account_id, and cursor "now" skips the history', async () => {
    const item = await linkItem(client);
    const accounts = (await client.accountsGet({ access_token: item.access_token })).data.accounts;
    const card = accounts.find((a) => a.subtype === 'credit card');
    const { data } = await client.transactionsSync({
      access_token: item.access_token,
      count: 500,
      options: { account_id: card?.account_id ?? '' },
    });
    expect(data.added.length).toBeGreaterThan(0);
    expect(new Set(data.added.map((t) => t.account_id))).toEqual(new Set([card?.account_id]));
    const now = await client.transactionsSync({ access_token: item.access_token, cursor: 'now' });
    expect(now.data).toMatchObject({ added: [], has_more: false });
  });
});

describe('as the clock advances', () => {
  it('returns only what changed each day: new, posted (pending id removed), modified, dropped', async () => {
    // Each kind of change happens a few times a fortnight; this seed's fortnight has all of them.
    const { sandbox: own, client: ownClient } = await startSandbox({ seed: 'a' });
    try {
      const item = await linkItem(ownClient, { days_requested: 60 });
      const initial = await syncAll(ownClient, item.access_token);
      const store = apply(new Map<string, Transaction>(), initial);
      let cursor = initial.cursor;
      const seen = { added: 0, posted: 0, modified: 0, amountChanged: 0, merchantRecognised: 0, dropped: 0 };
      for (let day = 0; day < 14; day++) {
        const [summary] = own.clock.advanceDays(1);
        expect(summary?.item_id).toBe(item.item_id);
        const delta = await syncAll(ownClient, item.access_token, cursor);
        cursor = delta.cursor;
        expect(delta.added.every((t) => !store.has(t.transaction_id))).toBe(true);
        expect(delta.modified.every((t) => store.has(t.transaction_id))).toBe(true);
        expect(delta.removed.every((r) => store.has(r.transaction_id))).toBe(true);
        const removedIds = new Set(ids(delta.removed));
        for (const t of delta.added.filter((a) => a.pending_transaction_id)) {
          const pendingId = t.pending_transaction_id as string;
          expect(t.pending).toBe(false);
          // A pending transaction the client saw is removed in the same sync; one that appeared
          // and posted between two syncs is never reported at all.
          expect(removedIds.has(pendingId)).toBe(store.has(pendingId));
          if (store.has(pendingId)) seen.posted++;
        }
        for (const t of delta.modified) {
          const before = store.get(t.transaction_id);
          if (before?.amount !== t.amount) seen.amountChanged++;
          if (before?.merchant_name !== t.merchant_name) seen.merchantRecognised++;
        }
        const postedPendingIds = new Set(delta.added.map((t) => t.pending_transaction_id));
        seen.dropped += delta.removed.filter((r) => !postedPendingIds.has(r.transaction_id)).length;
        seen.added += delta.added.length;
        seen.modified += delta.modified.length;
        apply(store, delta);
      }
      expect(seen.added).toBeGreaterThan(20);
      expect(seen.posted).toBeGreaterThan(5);
      expect(seen.amountChanged).toBeGreaterThan(0);
      expect(seen.merchantRecognised).toBeGreaterThan(0);
      expect(seen.dropped).toBeGreaterThan(0);

      const pendingIds = new Set([...store.values()].filter((t) => t.pending).map((t) => t.transaction_id));
      expect(
        [...store.values()].some((t) => t.pending_transaction_id && pendingIds.has(t.pending_transaction_id)),
      ).toBe(false);
      const fresh = apply(new Map<string, Transaction>(), await syncAll(ownClient, item.access_token));
      expect([...store.keys()].sort()).toEqual([...fresh.keys()].sort());
      for (const [id, t] of fresh) expect(store.get(id)).toEqual(t);
    } finally {
      await own.close();
    }
  });

  it('replays from an old cursor to the same state as following every step', async () => {
    const { sandbox: own, client: ownClient } = await startSandbox({ seed: 'replay' });
    try {
      const item = await linkItem(ownClient, { days_requested: 60 });
      const initial = await syncAll(ownClient, item.access_token);
      const stepwise = apply(new Map<string, Transaction>(), initial);
      let cursor = initial.cursor;
      for (const days of [1, 3, 2]) {
        own.clock.advanceDays(days);
        const delta = await syncAll(ownClient, item.access_token, cursor, 7);
        apply(stepwise, delta);
        cursor = delta.cursor;
      }
      const replayed = apply(
        apply(new Map<string, Transaction>(), initial),
        await syncAll(ownClient, item.access_token, initial.cursor),
      );
      expect([...replayed.keys()].sort()).toEqual([...stepwise.keys()].sort());
      const replayAgain = await syncAll(ownClient, item.access_token, initial.cursor);
      expect(ids(replayAgain.added).length).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  });

  it('announces each change with SYNC_UPDATES_AVAILABLE, and none when nothing changed', async () => {
    const { sandbox: own, client: ownClient } = await startSandbox({ seed: 'announce' });
    try {
      const item = await linkItem(ownClient, { webhook: 'http://127.0.0.1:9/hook' });
      await own.webhooks.flush();
      const count = () =>
        own.webhooks.deliveries.filter((d) => d.payload.webhook_code === 'SYNC_UPDATES_AVAILABLE').length;
      expect(count()).toBe(1);
      own.clock.advanceDays(1);
      await own.webhooks.flush();
      expect(count()).toBe(2);
      expect(own.webhooks.deliveries.at(-1)?.payload).toMatchObject({
        webhook_type: 'TRANSACTIONS',
        item_id: item.item_id,
        initial_update_complete: true,
        historical_update_complete: true,
        environment: 'sandbox',
      });
      await ownClient.transactionsRefresh({ access_token: item.access_token });
      await own.webhooks.flush();
      expect(count()).toBe(2);
    } finally {
      await own.close();
    }
  });
});

describe('mutation during pagination', () => {
  it('fails the next page after a provoked mutation; restarting from the first cursor completes', async () => {
    const item = await linkItem(client);
    const clean = await syncAll(client, item.access_token);
    const response = await fetch(`${sandbox.url}/sandbox/transactions/mutate_during_pagination`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'PLAID-CLIENT-ID': TEST_CLIENT_ID,
        'PLAID-SECRET': TEST_SECRET,
      },
      body: JSON.stringify({ access_token: item.access_token }),
    });
    expect(response.status).toBe(200);

    const first = await client.transactionsSync({ access_token: item.access_token, count: 500 });
    expect(first.data.has_more).toBe(true);
    const error = await plaidError(
      client.transactionsSync({
        access_token: item.access_token,
        count: 500,
        cursor: first.data.next_cursor,
      }),
    );
    expect(error).toMatchObject({
      status: 400,
      error_type: 'TRANSACTIONS_ERROR',
      error_code: 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION',
      error_message:
        'Underlying transaction data changed since last page was fetched. Please restart pagination from last update.',
    });
    const restarted = await syncAll(client, item.access_token);
    expect(ids(restarted.added).sort()).toEqual(ids(clean.added).sort());
  });

  it('fails when the bank’s data really changes between pages', async () => {
    const { sandbox: own, client: ownClient } = await startSandbox({ seed: 'mutation' });
    try {
      const item = await linkItem(ownClient);
      const first = await ownClient.transactionsSync({ access_token: item.access_token, count: 500 });
      own.clock.advanceDays(1);
      expect(
        await plaidError(
          ownClient.transactionsSync({
            access_token: item.access_token,
            count: 500,
            cursor: first.data.next_cursor,
          }),
        ),
      ).toMatchObject({ error_code: 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION' });
    } finally {
      await own.close();
    }
  });
});

describe('ground truth', () => {
  const gaps: Record<RecurringTransactionFrequency, [number, number]> = {
    [RecurringTransactionFrequency.Weekly]: [7, 7],
    [RecurringTransactionFrequency.Biweekly]: [14, 14],
    [RecurringTransactionFrequency.SemiMonthly]: [12, 19],
    [RecurringTransactionFrequency.Monthly]: [26, 35],
    [RecurringTransactionFrequency.Annually]: [360, 370],
    [RecurringTransactionFrequency.Unknown]: [0, 0],
  };

  it('names each recurring series with its cadence, amounts and transactions', async () => {
    const item = await linkItem(client);
    const synced = new Map(
      (await syncAll(client, item.access_token)).added.map((t) => [t.transaction_id, t]),
    );
    const truth = sandbox.groundTruth(item.access_token);
    expect(truth.today).toBe(sandbox.clock.today());
    const seriesIds = truth.series.map((s) => s.series_id);
    expect(seriesIds).toEqual(
      expect.arrayContaining(['payroll', 'mortgage-payment', 'electricity', 'phone', 'card-payment']),
    );
    expect(seriesIds.some((id) => id.startsWith('subscription-'))).toBe(true);
    const today = parseIsoDay(truth.today);
    for (const series of truth.series) {
      const members = series.transaction_ids.map((id) => synced.get(id));
      expect(members.every(Boolean), series.series_id).toBe(true);
      expect(new Set(members.map((t) => t?.account_id))).toEqual(new Set([series.account_id]));
      const days = members.map((t) => parseIsoDay(t?.authorized_date ?? ''));
      const [min, max] = gaps[series.frequency];
      for (let i = 1; i < days.length; i++) {
        const gap = (days[i] as number) - (days[i - 1] as number);
        expect(gap, `${series.series_id} gap`).toBeGreaterThanOrEqual(min);
        // Card interest is charged only in the months a balance was carried: it may skip months.
        if (series.series_id !== 'card-interest')
          expect(gap, `${series.series_id} gap`).toBeLessThanOrEqual(max);
      }
      const last = members.at(-1);
      if (last && !last.pending) expect(series.expected_amount).toBe(last.amount);
      expect(series.direction).toBe(series.expected_amount < 0 ? 'inflow' : 'outflow');
      if (series.is_active) expect(parseIsoDay(series.predicted_next_date ?? '')).toBeGreaterThan(today);
      else expect(series.predicted_next_date).toBeNull();
    }
    const recurring = new Set(truth.series.flatMap((s) => s.transaction_ids));
    expect(truth.non_recurring_transaction_ids.some((id) => recurring.has(id))).toBe(false);
  });

  it('is the same data for the same seed in another sandbox, and different for another seed', async () => {
    const shape = (t: Transaction) => [
      t.date,
      t.amount,
      t.name,
      t.pending,
      t.personal_finance_category?.detailed,
    ];
    const run = async (seed: string) => {
      const { sandbox: own, client: ownClient } = await startSandbox({ seed });
      try {
        const item = await linkItem(ownClient, { institution_id: 'ins_109511', days_requested: 365 });
        const { added } = await syncAll(ownClient, item.access_token);
        const truth = own.groundTruth(item.access_token);
        return {
          transactions: added.map(shape),
          series: truth.series.map((s) => [
            s.series_id,
            s.expected_amount,
            s.transaction_ids.length,
            s.predicted_next_date,
          ]),
        };
      } finally {
        await own.close();
      }
    };
    const [a, b, c] = await Promise.all([run('same'), run('same'), run('other')]);
    expect(b).toEqual(a);
    expect(c.transactions).not.toEqual(a.transactions);
  });
});
