import type { SQSEvent } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { queues } from '../events/queues.ts';
import type { CatalogEntry } from '../functions/catalog.ts';
import { localWorkQueues, type LocalWorkQueues } from './work-queues.ts';

const worker = (extra: Partial<CatalogEntry> = {}): CatalogEntry => ({
  name: 'smart-plaid-sync',
  kind: 'function',
  description: 'worker',
  caller: 'internal',
  routes: [],
  handler: 'functions/smart-plaid-sync/handler.ts',
  timeoutSeconds: 10,
  memoryMb: 128,
  queue: queues.plaidRefresh,
  ...extra,
});

type Batch = Array<{ itemId: string; receiveCount: number }>;
const batchOf = (event: unknown): Batch =>
  (event as SQSEvent).Records.map((r) => ({
    itemId: (JSON.parse(r.body) as { itemId: string }).itemId,
    receiveCount: Number(r.attributes.ApproximateReceiveCount),
  }));

let local: LocalWorkQueues | undefined;
afterEach(() => local?.stop());

function start(handle: (batch: Batch, event: SQSEvent) => Promise<unknown>, visibilityMs = 20) {
  const batches: Batch[] = [];
  local = localWorkQueues(
    [worker()],
    () => async (_entry, event) => {
      batches.push(batchOf(event));
      return handle(batchOf(event), event as SQSEvent);
    },
    () => undefined,
    { visibilityMs },
  );
  return { local, batches };
}

const items = (...ids: string[]) => ids.map((itemId) => ({ itemId }));

describe('local work queue (SQS semantics)', () => {
  it('delivers every message in batches of at most batchSize and deletes what succeeded', async () => {
    const { local, batches } = start(async () => ({ batchItemFailures: [] }));

    await local.queue.send('plaidRefresh', items('a', 'b', 'c', 'd', 'e', 'f', 'g'));
    await local.drain();

    expect(
      batches
        .flat()
        .map((m) => m.itemId)
        .sort(),
    ).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(queues.plaidRefresh.batchSize);
    expect(local.counts('plaidRefresh')).toEqual({ queued: 0, inFlight: 0, deadLettered: 0 });
  });

  it('retries only the messages a batch names as failed, counting receives', async () => {
    const { local, batches } = start(async (batch, event) => ({
      batchItemFailures: event.Records.filter(
        (_, i) => batch[i]!.itemId === 'b' && batch[i]!.receiveCount < 2,
      ).map((r) => ({ itemIdentifier: r.messageId })),
    }));

    await local.queue.send('plaidRefresh', items('a', 'b', 'c'));
    await local.drain();

    const deliveries = batches.flat();
    expect(deliveries.filter((m) => m.itemId === 'a')).toEqual([{ itemId: 'a', receiveCount: 1 }]);
    expect(deliveries.filter((m) => m.itemId === 'b')).toEqual([
      { itemId: 'b', receiveCount: 1 },
      { itemId: 'b', receiveCount: 2 },
    ]);
    expect(local.counts('plaidRefresh').deadLettered).toBe(0);
  });

  it('moves a poison message to the dead-letter queue after maxReceiveCount while the rest complete', async () => {
    const { local, batches } = start(async (batch, event) => ({
      batchItemFailures: event.Records.filter((_, i) => batch[i]!.itemId === 'poison').map((r) => ({
        itemIdentifier: r.messageId,
      })),
    }));

    await local.queue.send('plaidRefresh', items('ok-1', 'poison', 'ok-2'));
    await local.drain();

    const deliveries = batches.flat();
    expect(deliveries.filter((m) => m.itemId === 'poison')).toHaveLength(queues.plaidRefresh.maxReceiveCount);
    expect(deliveries.filter((m) => m.itemId.startsWith('ok'))).toHaveLength(2);
    const dead = local.deadLetters('plaidRefresh');
    expect(dead.map((m) => JSON.parse(m.body))).toEqual([{ itemId: 'poison' }]);
    expect(dead[0]!.receiveCount).toBe(queues.plaidRefresh.maxReceiveCount);
  });

  it('returns a whole batch when the invocation throws, and redrives dead letters on request', async () => {
    let healthy = false;
    const { local, batches } = start(async () => {
      if (!healthy) throw new Error('worker died mid-batch');
      return { batchItemFailures: [] };
    });

    await local.queue.send('plaidRefresh', items('x', 'y'));
    await local.drain();
    expect(local.deadLetters('plaidRefresh')).toHaveLength(2);

    healthy = true;
    expect(local.redrive('plaidRefresh')).toBe(2);
    await local.drain();

    expect(local.counts('plaidRefresh')).toEqual({ queued: 0, inFlight: 0, deadLettered: 0 });
    expect(batches.at(-1)!.map((m) => m.receiveCount)).toEqual([1, 1]);
  });

  it('holds a delayed message until its delay has passed', async () => {
    const { local, batches } = start(async () => ({ batchItemFailures: [] }));
    const sentAt = Date.now();

    await local.queue.send('plaidRefresh', items('later'), { delaySeconds: 0.15 } as never);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(batches).toEqual([]);
    await local.drain();

    expect(batches.flat().map((m) => m.itemId)).toEqual(['later']);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(150);
  });

  it('runs at most maxConcurrency batches at once', async () => {
    let running = 0;
    let most = 0;
    const { local } = start(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return { batchItemFailures: [] };
    });

    await local.queue.send('plaidRefresh', items(...Array.from({ length: 200 }, (_, i) => `item-${i}`)));
    await local.drain();

    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(queues.plaidRefresh.maxConcurrency);
  });

  it('refuses a message its queue does not promise', async () => {
    const { local } = start(async () => ({ batchItemFailures: [] }));
    await expect(local.queue.send('plaidRefresh', [{ item: 'x' } as never])).rejects.toThrow();
  });
});
