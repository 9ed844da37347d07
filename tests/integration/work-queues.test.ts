// Scheduled work fans out on work queues (events/queues.ts), against DynamoDB Local and the local cloud's
// queues with SQS's semantics: a scheduler enqueues one message per due unit found through the sharded
// due index, a worker syncs each, a poisoned unit reaches the dead-letter queue after its tries while
// the others complete, and a duplicate delivery changes nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueShard, queues } from '../../events/queues.ts';
import { createDeps } from '../../functions/lib/deps.ts';
import { createLogger } from '../../functions/lib/logger.ts';
import { enqueueDueItems, syncItem } from '../../functions/lib/plaid/sync.ts';
import { cloud, directData, type TestUser } from './helpers.ts';
import { linkedUser } from './money-helpers.ts';
import { accessTokenOf, sandbox } from './plaid-helpers.ts';

const ops = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
  const response = await fetch(`${cloud().urls.api}/__ops${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return (await response.json()) as T;
};

interface QueueView {
  queue: string;
  queued: number;
  deadLettered: number;
  deadLetters: Array<{ body: { itemId?: string }; receiveCount: number }>;
}
const refreshQueue = async () =>
  (await ops<{ queues: QueueView[] }>('GET', '/queues')).queues.find(
    (q) => q.queue === queues.plaidRefresh.id,
  )!;

/** In-process deps on the suite's table whose queue records what a scheduler enqueues. */
function recordingDeps(now = new Date()) {
  const { urls, tableName } = cloud();
  const enqueued: Array<{ queue: string; message: unknown }> = [];
  const deps = createDeps(
    { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: urls.dynamodb, AWS_REGION: 'us-east-1' },
    {
      clock: () => now,
      logger: createLogger({ service: 'work-queue-test' }, () => undefined),
      events: { publish: async () => undefined },
      queue: {
        send: async (queue, messages) =>
          void enqueued.push(...messages.map((message) => ({ queue, message }))),
      },
    },
  );
  return { deps, enqueued };
}

const past = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** A Plaid item row the refresh can find, whose token cannot be decrypted: its sync throws. */
async function poisonItem(user: TestUser, profileId: string, dueAt: string) {
  const id = `poison-${randomUUID()}`;
  await directData()
    .plaidItems.create({
      id,
      user_id: user.userId,
      profile_id: profileId,
      plaid_item_id: `plaid-${id}`,
      access_token_ciphertext: 'not-a-ciphertext',
      next_refresh_after: dueAt,
      refresh_queue: dueShard(id),
    })
    .go();
  return id;
}

let owner: Awaited<ReturnType<typeof linkedUser>>;
let itemId: string;
const made: string[] = [];

beforeAll(async () => {
  owner = await linkedUser();
  const { data: items } = await directData().plaidItems.query.byUser({ user_id: owner.user.userId }).go();
  itemId = items[0]!.id;
});
afterAll(async () => {
  const data = directData();
  await Promise.all(made.map((id) => data.plaidItems.delete({ id }).go()));
});

describe('the hourly Plaid refresh', () => {
  it('enqueues one message per due item from every shard, and none that is not due', async () => {
    const due = await Promise.all(
      Array.from({ length: 40 }, () => poisonItem(owner.user, owner.profileId, past(2))),
    );
    const later = await Promise.all(
      Array.from({ length: 5 }, () =>
        poisonItem(owner.user, owner.profileId, new Date(Date.now() + 3_600_000).toISOString()),
      ),
    );
    made.push(...due, ...later);
    expect(new Set(due.map(dueShard)).size).toBeGreaterThan(8);
    const { deps, enqueued } = recordingDeps();

    const { enqueued: count } = await enqueueDueItems(deps, directData());

    const ids = enqueued.map((e) => (e.message as { itemId: string }).itemId);
    expect(count).toBe(ids.length);
    expect(enqueued.every((e) => e.queue === 'plaidRefresh')).toBe(true);
    for (const id of due) expect(ids.filter((x) => x === id)).toEqual([id]);
    for (const id of later) expect(ids).not.toContain(id);
  });

  it('syncs each message, and a poisoned item reaches the dead-letter queue while the rest complete', async () => {
    const data = directData();
    await data.plaidItems
      .patch({ id: itemId })
      .set({ next_refresh_after: past(1), refresh_queue: dueShard(itemId) })
      .go();
    const poison = await poisonItem(owner.user, owner.profileId, past(1));
    made.push(poison);
    const before = await refreshQueue();

    await ops('POST', `/queues/${queues.plaidRefresh.id}/messages`, [{ itemId }, { itemId: poison }]);
    await ops('POST', '/drain');

    const after = await refreshQueue();
    const dead = after.deadLetters.filter((m) => m.body.itemId === poison);
    expect(dead).toMatchObject([
      { body: { itemId: poison }, receiveCount: queues.plaidRefresh.maxReceiveCount },
    ]);
    expect(dead).toHaveLength(1);
    expect(after.deadLetters.filter((m) => m.body.itemId === itemId)).toEqual([]);
    expect(after.deadLettered).toBe(before.deadLettered + 1);
    const { data: synced } = await data.plaidItems.get({ id: itemId }).go();
    expect(Date.parse(synced!.last_synced_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(synced!.next_refresh_after! > new Date().toISOString()).toBe(true);

    // Once the cause is gone (here, the row), a redrive empties the dead-letter queue.
    await data.plaidItems.delete({ id: poison }).go();
    const { moved } = await ops<{ moved: number }>('POST', `/queues/${queues.plaidRefresh.id}/redrive`);
    expect(moved).toBeGreaterThanOrEqual(1);
    await ops('POST', '/drain');
    expect((await refreshQueue()).deadLetters.filter((m) => m.body.itemId === poison)).toEqual([]);
  });

  it('changes nothing on a duplicate delivery of an item already synced', async () => {
    const data = directData();
    const { data: first } = await data.plaidItems.get({ id: itemId }).go();

    await ops('POST', `/queues/${queues.plaidRefresh.id}/messages`, [{ itemId }, { itemId }]);
    await ops('POST', '/drain');
    const { deps } = recordingDeps();
    const outcome = await syncItem(deps, data, itemId, { forced: false });

    expect(outcome.status).toBe('skipped');
    const { data: second } = await data.plaidItems.get({ id: itemId }).go();
    expect(second).toEqual(first);
  });
});

describe("Plaid's refusals on the refresh queue", () => {
  it('backs the item off on a rate limit or a Plaid outage, keeping it due, and completes the message', async () => {
    const data = directData();
    const token = await accessTokenOf(itemId);
    const refusal = async (errorCode: string) => {
      await data.plaidItems
        .patch({ id: itemId })
        .set({ next_refresh_after: past(1), refresh_queue: dueShard(itemId) })
        .go();
      await sandbox('/sandbox/fault/inject', {
        endpoint: '/transactions/sync',
        error_code: errorCode,
        access_token: token,
      });
      await ops('POST', `/queues/${queues.plaidRefresh.id}/messages`, [{ itemId }]);
      await ops('POST', '/drain');
      const { data: item } = await data.plaidItems.get({ id: itemId }).go();
      return item!;
    };
    const before = await refreshQueue();

    const limited = await refusal('TRANSACTIONS_SYNC_LIMIT');
    expect(limited).toMatchObject({ status: 'active', backoff_step: 1, refresh_queue: dueShard(itemId) });
    expect(limited.next_refresh_after! > new Date().toISOString()).toBe(true);

    const outage = await refusal('INTERNAL_SERVER_ERROR');
    expect(outage).toMatchObject({ status: 'active', backoff_step: 2, refresh_queue: dueShard(itemId) });
    expect(Date.parse(outage.next_refresh_after!) - Date.now()).toBeGreaterThan(4 * 60_000);

    // Neither is a failed message: nothing more waits in the dead-letter queue.
    expect((await refreshQueue()).deadLettered).toBe(before.deadLettered);
  });
});

describe('the daily forecast upkeep through the local schedule and queue', () => {
  const upkeep = async (generatedAt: string) => {
    const data = directData();
    await data.profileForecasts
      .patch({ profile_id: owner.profileId })
      .set({ next_due_at: past(1), forecast_queue: dueShard(owner.profileId), generated_at: generatedAt })
      .go();
    const { data: before } = await data.profileForecasts.get({ profile_id: owner.profileId }).go();
    await ops('POST', `/queues/${queues.profileMaintenance.id}/messages`, [
      { profileId: owner.profileId },
      { profileId: owner.profileId },
    ]);
    await ops('POST', '/drain');
    const { data: after } = await data.profileForecasts.get({ profile_id: owner.profileId }).go();
    expect(after!.next_due_at! > new Date().toISOString()).toBe(true);
    const queue = (await ops<{ queues: QueueView[] }>('GET', '/queues')).queues.find(
      (q) => q.queue === queues.profileMaintenance.id,
    )!;
    expect(queue.deadLetters).toEqual([]);
    return { before: before!, after: after! };
  };

  it('rebuilds a forecast last built days ago once, moving its next due time to tomorrow', async () => {
    const { before, after } = await upkeep(past(72));
    expect(after.generation_id).not.toBe(before.generation_id);
  });

  it('leaves a forecast rebuilt today to its next reader, and only moves its due time', async () => {
    const { before, after } = await upkeep(past(1));
    expect(after.generation_id).toBe(before.generation_id);
    expect(after.inputs_version).toBeGreaterThan(before.inputs_version ?? 0);
  });
});
