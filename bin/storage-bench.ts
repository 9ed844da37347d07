// What a transaction costs to store and to write, with the table's index projections and with every
// index projecting every attribute: item sizes by DynamoDB's rules and the write units DynamoDB Local
// reports (ReturnConsumedCapacity INDEXES). `npx tsx bin/storage-bench.ts`
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, type ConsumedCapacity } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Transaction as PlaidTransaction } from 'plaid';
import { createData } from '../functions/lib/data/index.ts';
import { tableDesign } from '../functions/lib/data/table-design.ts';
import { rawTransactionRecord, transactionRecord } from '../functions/lib/plaid/mapping.ts';
import { dynamoClient } from '../local/bootstrap.ts';
import { startDynamoDb } from '../local/dynamodb/start.ts';
import { freePort } from '../local/processes.ts';

/** DynamoDB's item size: attribute names plus values (numbers about 1 byte per 2 digits, +1). */
function sizeOf(value: unknown): number {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (typeof value === 'number') return Math.ceil(String(Math.abs(value)).replace('.', '').length / 2) + 1;
  if (Array.isArray(value)) return 3 + value.reduce((n: number, v) => n + sizeOf(v) + 1, 0);
  return (
    3 +
    Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .reduce((n, [k, v]) => n + Buffer.byteLength(k) + sizeOf(v) + 1, 0)
  );
}
const itemSize = (item: Record<string, unknown>) =>
  Object.entries(item)
    .filter(([, v]) => v !== undefined)
    .reduce((n, [k, v]) => n + Buffer.byteLength(k) + sizeOf(v), 0);

type Projection = (typeof tableDesign.globalIndexes)[number]['projection'] | { type: 'ALL' };

/** Bytes the table and each index holding the item store (+100 bytes of overhead each, as billed). */
function stored(item: Record<string, unknown>, projections: Record<string, Projection>) {
  const copies: Record<string, number> = { table: itemSize(item) + 100 };
  for (const index of tableDesign.globalIndexes) {
    if (item[index.partitionKey] === undefined) continue;
    const projection = projections[index.indexName]!;
    const keys = ['pk', 'sk', index.partitionKey, index.sortKey];
    const kept = Object.fromEntries(
      Object.entries(item).filter(
        ([k]) =>
          keys.includes(k) ||
          projection.type === 'ALL' ||
          (projection.nonKeyAttributes as readonly string[]).includes(k),
      ),
    );
    copies[index.indexName] = itemSize(kept) + 100;
  }
  return copies;
}

const units = (c: ConsumedCapacity | undefined) => ({
  table: c?.Table?.CapacityUnits ?? 0,
  ...Object.fromEntries(
    Object.entries(c?.GlobalSecondaryIndexes ?? {}).map(([k, v]) => [k, v.CapacityUnits ?? 0]),
  ),
  total: c?.CapacityUnits ?? 0,
});

const sample: PlaidTransaction = {
  transaction_id: 'lPNjeW1nR6CDn5okmGQ6hEpMo4lLNoSrzqDje',
  account_id: 'BxBXxLj1m4HMXBm9WZZmCWVbPjX16EHwv99vp',
  amount: 72.1,
  iso_currency_code: 'USD',
  unofficial_currency_code: null,
  category: ['Shops', 'Supermarkets and Groceries'],
  category_id: '19047000',
  date: '2026-10-14',
  authorized_date: '2026-10-13',
  name: 'WHOLEFDS MKT 10234 SAN FRANCISCO CA',
  merchant_name: 'Whole Foods',
  pending: false,
  pending_transaction_id: null,
  payment_channel: 'in store',
  personal_finance_category: {
    primary: 'FOOD_AND_DRINK',
    detailed: 'FOOD_AND_DRINK_GROCERIES',
    confidence_level: 'VERY_HIGH',
  },
} as unknown as PlaidTransaction;

async function measure(endpoint: string, name: string, projections: Record<string, Projection>) {
  const client = dynamoClient(endpoint);
  const { partitionKey, sortKey, globalIndexes } = tableDesign;
  const keyNames = [partitionKey, sortKey, ...globalIndexes.flatMap((i) => [i.partitionKey, i.sortKey])];
  await client.send(
    new CreateTableCommand({
      TableName: name,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: keyNames.map((n) => ({ AttributeName: n, AttributeType: 'S' })),
      KeySchema: [
        { AttributeName: partitionKey, KeyType: 'HASH' },
        { AttributeName: sortKey, KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: globalIndexes.map((index) => {
        const p = projections[index.indexName]!;
        return {
          IndexName: index.indexName,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection:
            p.type === 'INCLUDE'
              ? { ProjectionType: 'INCLUDE', NonKeyAttributes: [...p.nonKeyAttributes] }
              : { ProjectionType: 'ALL' },
        };
      }),
    }),
  );
  const ddb = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  const data = createData({ ddb, tableName: name });
  const context = {
    userId: 'us_0f3c2b9e-5d1a-4c8e-9a77-1b2c3d4e5f60',
    accountId: 'ac_7d1e8f20-3b4c-4d5e-8f90-a1b2c3d4e5f6',
  };
  const txn = data.transactions
    .put(
      transactionRecord(sample, { ...context, profileId: 'default-us_0f3c2b9e-5d1a-4c8e-9a77-1b2c3d4e5f60' }),
    )
    .params() as { Item: Record<string, unknown> };
  const raw = data.plaidTransactionsRaw.put(rawTransactionRecord(sample, context)).params() as {
    Item: Record<string, unknown>;
  };
  const put = async (item: Record<string, unknown>) =>
    units(
      (await ddb.send(new PutCommand({ TableName: name, Item: item, ReturnConsumedCapacity: 'INDEXES' })))
        .ConsumedCapacity,
    );
  const newTxn = await put(txn.Item);
  const newRaw = await put(raw.Item);
  // A sync's "modified" row: the same transaction put again with a new updated_at only.
  const modified = await put({ ...txn.Item, updated_at: new Date(Date.now() + 1000).toISOString() });
  // A balance refresh of an account: current balance and refresh time, as every sync writes them.
  const account = data.connectedAccounts
    .put({
      id: context.accountId,
      user_id: context.userId,
      profile_id: 'default-' + context.userId,
      item_id: 'it_1',
      account_name: 'Plaid Checking',
      account_type: 'depository',
      plaid_account_id: sample.account_id,
      current_balance: 110_00,
    })
    .params() as { Item: Record<string, unknown> };
  await put(account.Item);
  const refresh = units(
    (
      await ddb.send(
        new UpdateCommand({
          TableName: name,
          Key: { pk: account.Item.pk, sk: account.Item.sk },
          UpdateExpression: 'SET current_balance = :b, last_balance_refresh = :t, updated_at = :t',
          ExpressionAttributeValues: { ':b': 12_345, ':t': new Date().toISOString() },
          ReturnConsumedCapacity: 'INDEXES',
        }),
      )
    ).ConsumedCapacity,
  );
  return {
    bytes: { transaction: stored(txn.Item, projections), raw: stored(raw.Item, projections) },
    wcu: { newTransaction: newTxn, newRaw, modifiedTransaction: modified, accountBalanceRefresh: refresh },
  };
}

const dir = mkdtempSync(join(tmpdir(), 'storage-bench-'));
const port = await freePort();
const db = await startDynamoDb({ port, logFile: join(dir, 'dynamodb.log') });
try {
  const endpoint = `http://127.0.0.1:${port}`;
  const all = Object.fromEntries(
    tableDesign.globalIndexes.map((g) => [g.indexName, { type: 'ALL' as const }]),
  );
  const design = Object.fromEntries(tableDesign.globalIndexes.map((g) => [g.indexName, g.projection]));
  const before = await measure(endpoint, 'every-attribute', all);
  const after = await measure(endpoint, 'as-designed', design);
  console.log(JSON.stringify({ before, after }, null, 2));
} finally {
  await db.stop();
  rmSync(dir, { recursive: true, force: true });
}
