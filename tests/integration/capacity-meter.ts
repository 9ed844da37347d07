// Consumed capacity, measured: a data layer on the suite's DynamoDB Local whose every call asks for
// ReturnConsumedCapacity 'TOTAL' and records what it consumed, with the items it wrote or deleted by
// entity, lower-cased (ElectroDB's `__edb_e__` on a put; the sort key's entity prefix on a delete or an
// update).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createData, type Data } from '../../functions/lib/data/index.ts';
import { cloud } from './helpers.ts';

export interface MeteredCall {
  readonly command: string;
  readonly read: number;
  readonly write: number;
  /** Items written (put or updated) per entity name. */
  readonly written: Readonly<Record<string, number>>;
  /** Items deleted per entity name. */
  readonly deleted: Readonly<Record<string, number>>;
}

export interface CapacityMeter {
  /** The metered table client (a deps' `ddb`) and the data layer on it. */
  readonly ddb: DynamoDBDocumentClient;
  readonly data: Data;
  readonly calls: MeteredCall[];
  reset(): void;
  /** Write capacity units consumed since the last reset (by calls that wrote these entities only). */
  writeUnits(entities?: readonly string[]): number;
  readUnits(): number;
  /** Items of `entity` written (put or updated) since the last reset. */
  itemsWritten(entity: string): number;
  itemsDeleted(entity: string): number;
}

type Item = Record<string, unknown>;

/** The entity an item or key belongs to: `__edb_e__` when present, else the sort key's `$name_1#…` prefix. */
function entityOf(item: Item | undefined): string {
  if (!item) return 'unknown';
  // The middleware sees the low-level command: attribute values are marshalled ({ S: … }).
  const text = (value: unknown) =>
    typeof value === 'string' ? value : ((value as { S?: string } | undefined)?.S ?? '');
  const named = text(item.__edb_e__);
  if (named) return named.toLowerCase();
  const sk = text(item.sk);
  const match = /^\$([a-z0-9]+)_\d+/i.exec(sk);
  return match?.[1]?.toLowerCase() ?? 'unknown';
}

function count(into: Record<string, number>, entity: string) {
  into[entity] = (into[entity] ?? 0) + 1;
}

function itemsOf(command: string, input: Item) {
  const written: Record<string, number> = {};
  const deleted: Record<string, number> = {};
  if (command === 'PutItemCommand') count(written, entityOf(input.Item as Item));
  if (command === 'UpdateItemCommand') count(written, entityOf(input.Key as Item));
  if (command === 'DeleteItemCommand') count(deleted, entityOf(input.Key as Item));
  if (command === 'BatchWriteItemCommand') {
    const requests = Object.values((input.RequestItems ?? {}) as Record<string, Item[]>).flat();
    for (const request of requests) {
      const put = request.PutRequest as { Item: Item } | undefined;
      const del = request.DeleteRequest as { Key: Item } | undefined;
      if (put) count(written, entityOf(put.Item));
      if (del) count(deleted, entityOf(del.Key));
    }
  }
  if (command === 'TransactWriteItemsCommand') {
    for (const entry of (input.TransactItems ?? []) as Item[]) {
      const put = entry.Put as { Item: Item } | undefined;
      const update = entry.Update as { Key: Item } | undefined;
      const del = entry.Delete as { Key: Item } | undefined;
      if (put) count(written, entityOf(put.Item));
      if (update) count(written, entityOf(update.Key));
      if (del) count(deleted, entityOf(del.Key));
    }
  }
  return { written, deleted };
}

type Capacity = { CapacityUnits?: number; ReadCapacityUnits?: number; WriteCapacityUnits?: number };

export function capacityMeter(): CapacityMeter {
  const { urls, tableName } = cloud();
  const client = new DynamoDBClient({
    endpoint: urls.dynamodb,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const ddb = DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } });
  const calls: MeteredCall[] = [];
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Item;
      input.ReturnConsumedCapacity = 'TOTAL';
      const command = String(context.commandName);
      // What a batch asked for: a retried remainder is counted again by its own call.
      const { written, deleted } = itemsOf(command, input);
      const result = await next(args);
      const output = result.output as { ConsumedCapacity?: Capacity | Capacity[] };
      const consumed = [output.ConsumedCapacity ?? []].flat();
      const isWrite = /^(Put|Update|Delete|BatchWrite|TransactWrite)/.test(command);
      const units = consumed.reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
      calls.push({
        command,
        read: isWrite ? 0 : units,
        write: isWrite ? units : 0,
        written,
        deleted,
      });
      return result;
    },
    { step: 'initialize', name: 'capacityMeter' },
  );
  const sum = (pick: (call: MeteredCall) => number) => calls.reduce((total, call) => total + pick(call), 0);
  return {
    ddb,
    data: createData({ ddb, tableName }),
    calls,
    reset: () => void calls.splice(0, calls.length),
    writeUnits: (entities) =>
      sum((c) =>
        !entities || [...Object.keys(c.written), ...Object.keys(c.deleted)].some((e) => entities.includes(e))
          ? c.write
          : 0,
      ),
    readUnits: () => sum((c) => c.read),
    itemsWritten: (entity) => sum((c) => c.written[entity] ?? 0),
    itemsDeleted: (entity) => sum((c) => c.deleted[entity] ?? 0),
  };
}
