// Initial-sync throughput for `npm run bench`: a signed-in user links a sandbox
// bank with 8 accounts and 24 months of history through the functions, and the first sync pages
// /transactions/sync from the local Plaid sandbox into DynamoDB Local. The figure is transactions
// stored per second of the sync alone, beside raw DynamoDB Local BatchWrites of the same rows (the
// same items, 25 per request, as many requests in flight as the sync uses), each run right after a sync.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createData, type Data } from '../functions/lib/data/index.ts';
import { WRITE_CONCURRENCY } from '../functions/lib/plaid/sync.ts';
import { syncLeaseHeld } from '../functions/lib/plaid/sync-lease.ts';
import { dynamoClient } from '../local/bootstrap.ts';
import { sandboxPublicToken, type LocalCloud } from '../local/cloud.ts';
import type { Figure } from './money-bench.ts';

/** First Platypus Bank: checking, savings, money market, card, student loan, mortgage, 401k, brokerage. */
const INSTITUTION = 'ins_109508';
const ACCOUNTS = 8;
const RUNS = 5;
/** The sync writes transactions and raw copies side by side, WRITE_CONCURRENCY requests each. */
const IN_FLIGHT = 2 * WRITE_CONCURRENCY;

type Json = Record<string, unknown>;

async function call<T>(cloud: LocalCloud, token: string, path: string, body: Json, profileId?: string) {
  const response = await fetch(`${cloud.urls.api}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(profileId ? { 'x-profile-id': profileId } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Waits for every webhook and bus delivery (initial syncs, plan regeneration) to finish. The sandbox
 * stops waiting for a webhook after 3 s while its sync may still run, so the item's lease is awaited too.
 */
async function settle(cloud: LocalCloud, data: Data, itemId: string): Promise<void> {
  await cloud.plaid.webhooks.flush();
  for (;;) {
    await cloud.events.drain();
    if (!(await syncLeaseHeld(data, itemId, new Date()))) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await cloud.events.drain();
}

/** The link flow the SPA runs, with the sandbox's public-token shortcut standing in for the widget. */
async function linkUser(cloud: LocalCloud, data: Data, token: string) {
  const { profile } = await call<{ profile: { id: string } }>(
    cloud,
    token,
    '/functions/ensure-default-profile',
    {},
  );
  await call(cloud, token, '/functions/plaid-link-token', {}, profile.id);
  const publicToken = await sandboxPublicToken(cloud.urls.plaid, INSTITUTION, {
    webhook: `${cloud.urls.api}/webhooks/plaid`,
  });
  const exchanged = await call<{ item_id: string; account_ids: string[] }>(
    cloud,
    token,
    '/functions/plaid-exchange-token',
    { publicToken },
    profile.id,
  );
  for (const accountId of exchanged.account_ids) {
    await call(cloud, token, '/functions/link-account-to-profile', { accountId, profileId: profile.id });
  }
  if (exchanged.account_ids.length !== ACCOUNTS)
    throw new Error(`expected ${ACCOUNTS} accounts, linked ${exchanged.account_ids.length}`);
  // Linking already ran the initial sync (AccountLinked and the sandbox's webhooks): let it finish.
  // Plaid's first sync comes in two steps, the whole history a moment after the recent transactions;
  // the timed syncs below replay that whole history, so it must be in at Plaid first.
  const deadline = Date.now() + 60_000;
  for (;;) {
    await settle(cloud, data, exchanged.item_id);
    const { data: accounts } = await data.connectedAccounts.query
      .byItem({ item_id: exchanged.item_id })
      .go({ pages: 'all', hydrate: true });
    if (accounts.every((a) => a.historical_sync_status === 'completed')) break;
    if (Date.now() > deadline) throw new Error('the linked bank never brought in its whole history');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { profileId: profile.id, itemId: exchanged.item_id, accountIds: exchanged.account_ids };
}

/** Puts the item back as it was before its first sync: no cursor, no transactions, history pending. */
async function forgetSync(data: Data, itemId: string, accountIds: readonly string[]): Promise<void> {
  for (const accountId of accountIds) {
    const { data: txns } = await data.transactions.query
      .byAccountDate({ account_id: accountId })
      .go({ pages: 'all', attributes: ['id'] });
    if (txns.length > 0) await data.transactions.delete(txns).go({ concurrent: WRITE_CONCURRENCY });
    const { data: raw } = await data.plaidTransactionsRaw.query
      .byAccountDate({ account_id: accountId })
      .go({ pages: 'all', attributes: ['plaid_transaction_id'] });
    if (raw.length > 0) await data.plaidTransactionsRaw.delete(raw).go({ concurrent: WRITE_CONCURRENCY });
    await data.connectedAccounts
      .patch({ id: accountId })
      .set({ historical_sync_status: 'pending' })
      .remove(['historical_sync_completed_at', 'balance_check', 'balance_check_opening'])
      .go();
  }
  await data.plaidItems.patch({ id: itemId }).remove(['plaid_sync_token']).go();
}

async function storedCount(data: Data, accountIds: readonly string[]): Promise<number> {
  let count = 0;
  for (const accountId of accountIds) {
    const { data: rows } = await data.transactions.query
      .byAccountDate({ account_id: accountId })
      .go({ pages: 'all', attributes: ['id'] });
    count += rows.length;
  }
  return count;
}

/** Every stored item (all attributes, index keys included) that a query of `params` reads. */
async function rawItems(ddb: DynamoDBDocumentClient, params: Json): Promise<Json[]> {
  const items: Json[] = [];
  let ExclusiveStartKey: Json | undefined;
  do {
    const page = await ddb.send(
      new QueryCommand({ ...(params as unknown as QueryCommand['input']), ExclusiveStartKey }),
    );
    items.push(...((page.Items ?? []) as Json[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** The rows a sync wrote: each transaction and its raw copy, as stored. */
async function syncedRows(ddb: DynamoDBDocumentClient, data: Data, accountIds: readonly string[]) {
  const rows: Json[] = [];
  for (const account_id of accountIds) {
    rows.push(
      ...(await rawItems(ddb, data.transactions.query.byAccountDate({ account_id }).params())),
      ...(await rawItems(ddb, data.plaidTransactionsRaw.query.byAccountDate({ account_id }).params())),
    );
  }
  return rows;
}

/**
 * The baseline: the sync's rows, re-keyed under a throwaway prefix, written by BatchWriteItem alone
 * (25 a request, as many in flight as the sync has), then deleted again untimed so every run starts
 * from the same table.
 */
async function rawBatchWrite(ddb: DynamoDBDocumentClient, table: string, rows: Json[]): Promise<number> {
  const prefix = `bench-${randomUUID()}#`;
  const copies = rows.map((row) => {
    const copy: Json = { ...row };
    for (const key of ['pk', 'gsi1pk', 'gsi2pk', 'gsi3pk']) {
      if (typeof copy[key] === 'string') copy[key] = `${prefix}${copy[key] as string}`;
    }
    return copy;
  });
  const batches: Json[][] = [];
  for (let i = 0; i < copies.length; i += 25) batches.push(copies.slice(i, i + 25));
  const writeAll = async (requests: (batch: Json[]) => Json[]) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < batches.length) {
          let pending = requests(batches[next++]!);
          while (pending.length > 0) {
            const result = await ddb.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
            pending = (result.UnprocessedItems?.[table] ?? []) as Json[];
          }
        }
      }),
    );
  };
  const started = performance.now();
  await writeAll((batch) => batch.map((Item) => ({ PutRequest: { Item } })));
  const elapsed = performance.now() - started;
  await writeAll((batch) => batch.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })));
  return elapsed;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function benchInitialSync(cloud: LocalCloud, token: string): Promise<Figure[]> {
  const ddb = DynamoDBDocumentClient.from(dynamoClient(cloud.urls.dynamodb), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const data = createData({ ddb, tableName: cloud.tableName });
  const { itemId, accountIds } = await linkUser(cloud, data, token);

  // Each run times the sync, then the baseline right after it, so both see the machine's same load.
  const syncMs: number[] = [];
  const baselineMs: number[] = [];
  let stored = 0;
  let rows: Json[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await forgetSync(data, itemId, accountIds);
    await settle(cloud, data, itemId);
    const started = performance.now();
    const outcome = await call<{ status: string; added: number }>(
      cloud,
      token,
      '/functions/plaid-transactions-sync',
      { accountId: accountIds[0] },
    );
    syncMs.push(performance.now() - started);
    if (outcome.status !== 'synced') throw new Error(`the sync answered ${outcome.status}`);
    stored = await storedCount(data, accountIds);
    if (stored !== outcome.added || stored < 1000)
      throw new Error(`the sync reported ${outcome.added} added, DynamoDB holds ${stored}`);
    await settle(cloud, data, itemId);
    if (run === 0) rows = await syncedRows(ddb, data, accountIds);
    // Each transaction's row, and Plaid's raw copy of those within its retention (a few months).
    if (rows.length <= stored || rows.length > stored * 2)
      throw new Error(`expected ${stored} rows and up to as many raw copies, read ${rows.length}`);
    baselineMs.push(await rawBatchWrite(ddb, cloud.tableName, rows));
  }

  const sync = median(syncMs);
  const baseline = median(baselineMs);
  return [
    {
      name: `initial sync throughput (${ACCOUNTS} accounts, 24 months, ${stored} transactions; plaid-transactions-sync through the gateway)`,
      value: stored / (sync / 1000),
      unit: 'transactions/s',
      baselineName: `raw DynamoDB Local BatchWrite of the same ${rows.length} rows`,
      baseline: stored / (baseline / 1000),
    },
    {
      name: `initial sync duration (median of ${RUNS})`,
      value: sync,
      unit: 'ms',
      baselineName: 'raw BatchWrite of the same rows',
      baseline,
    },
  ];
}
