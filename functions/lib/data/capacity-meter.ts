// Consumed capacity, measured where the data layer calls DynamoDB: a middleware on a deps' table client
// that asks every item and query call for ReturnConsumedCapacity 'TOTAL' and adds up what DynamoDB
// reports. The benchmark's cost model and scale run read it (bin/cost-bench.ts, bin/scale-bench.ts);
// DynamoDB Local reports capacity as the service computes it (4 KB read units, 1 KB write units).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** The commands that take ReturnConsumedCapacity (others, like DescribeTable, refuse it). */
const METERED = new Set([
  'GetItemCommand',
  'PutItemCommand',
  'UpdateItemCommand',
  'DeleteItemCommand',
  'QueryCommand',
  'BatchGetItemCommand',
  'BatchWriteItemCommand',
  'TransactGetItemsCommand',
  'TransactWriteItemsCommand',
  // The document client's names for the same calls.
  'GetCommand',
  'PutCommand',
  'UpdateCommand',
  'DeleteCommand',
  'BatchGetCommand',
  'BatchWriteCommand',
  'TransactGetCommand',
  'TransactWriteCommand',
]);

export interface Capacity {
  /** Read capacity units (on-demand: read request units). */
  read: number;
  /** Write capacity units (on-demand: write request units). */
  write: number;
  /** Calls made. */
  calls: number;
}

export interface CapacityMeter {
  /** What was consumed since the meter was made or last reset. */
  total(): Capacity;
  reset(): void;
  /** Runs `fn` and returns what it consumed (calls that overlap it from elsewhere count too). */
  measure<T>(fn: () => Promise<T>): Promise<{ result: T; capacity: Capacity }>;
}

interface ConsumedCapacity {
  CapacityUnits?: number;
  ReadCapacityUnits?: number;
  WriteCapacityUnits?: number;
}

const WRITES = /Put|Update|Delete|BatchWrite|TransactWrite/;

/** Adds the meter to `ddb`'s middleware stack; every later call through it is counted. */
export function meterCapacity(ddb: DynamoDBDocumentClient): CapacityMeter {
  let totals: Capacity = { read: 0, write: 0, calls: 0 };
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? '';
      if (!METERED.has(command)) return next(args);
      (args.input as { ReturnConsumedCapacity?: string }).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: ConsumedCapacity | ConsumedCapacity[] })
        .ConsumedCapacity;
      const units = [consumed ?? []].flat();
      const write = WRITES.test(command);
      for (const unit of units) {
        const read = unit.ReadCapacityUnits ?? (write ? 0 : (unit.CapacityUnits ?? 0));
        const written = unit.WriteCapacityUnits ?? (write ? (unit.CapacityUnits ?? 0) : 0);
        totals = { ...totals, read: totals.read + read, write: totals.write + written };
      }
      totals = { ...totals, calls: totals.calls + 1 };
      return result;
    },
    { step: 'initialize', name: 'capacityMeter', override: true },
  );
  const meter: CapacityMeter = {
    total: () => ({ ...totals }),
    reset: () => {
      totals = { read: 0, write: 0, calls: 0 };
    },
    async measure(fn) {
      const before = meter.total();
      const result = await fn();
      const after = meter.total();
      return {
        result,
        capacity: {
          read: after.read - before.read,
          write: after.write - before.write,
          calls: after.calls - before.calls,
        },
      };
    },
  };
  return meter;
}
