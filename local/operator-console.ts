// The local operator's console, under /__ops on the local gateway: what an operator does in the AWS
// console for the work queues and schedules (docs/operations.md), for the local cloud:
//   GET  /__ops/queues                   each queue's counts and dead letters, and failed event deliveries
//   POST /__ops/queues/{queue}/messages  puts a JSON array of messages on a queue (aws sqs send-message)
//   POST /__ops/queues/{queue}/redrive   moves a queue's dead letters back to it (SQS StartMessageMoveTask)
//   POST /__ops/schedules/{id}/run       fires a schedule now, as its EventBridge rule would
//   POST /__ops/drain                    waits until every bus delivery and every queue has finished
// Loopback only, as the whole local cloud is; the cloud has no such routes.
import { queues, type QueueKey } from '../events/queues.ts';
import type { CatalogEntry } from '../functions/catalog.ts';
import { scheduledEvent, type DeadLetter, type LocalEventDispatcher } from './triggers.ts';
import { drainLocalWork, type LocalWorkQueues } from './work-queues.ts';

export interface OperatorAnswer {
  status: number;
  payload: unknown;
}

export type OperatorConsole = (
  method: string,
  path: string,
  body: () => Promise<unknown>,
) => Promise<OperatorAnswer | null>;

const queueKeyOf = (id: string): QueueKey | undefined =>
  (Object.keys(queues) as QueueKey[]).find((key) => queues[key].id === id);

export function operatorConsole(options: {
  entries: CatalogEntry[];
  workQueues: LocalWorkQueues;
  events: LocalEventDispatcher;
  deadLetters: DeadLetter[];
  invoke: (entry: CatalogEntry, event: unknown) => Promise<unknown>;
}): OperatorConsole {
  const { entries, workQueues, events, deadLetters, invoke } = options;
  return async (method, path, body) => {
    if (!path.startsWith('/__ops/')) return null;
    if (method === 'GET' && path === '/__ops/queues') {
      return {
        status: 200,
        payload: {
          queues: (Object.keys(queues) as QueueKey[]).map((key) => ({
            queue: queues[key].id,
            ...workQueues.counts(key),
            deadLetters: workQueues.deadLetters(key).map((m) => ({
              messageId: m.messageId,
              body: JSON.parse(m.body) as unknown,
              receiveCount: m.receiveCount,
            })),
          })),
          failedDeliveries: deadLetters,
        },
      };
    }
    const send = /^\/__ops\/queues\/([a-z0-9-]+)\/messages$/.exec(path);
    if (method === 'POST' && send) {
      const key = queueKeyOf(send[1]!);
      if (!key) return { status: 404, payload: { message: `No queue ${send[1]}` } };
      const messages = await body().catch(() => null);
      if (!Array.isArray(messages))
        return { status: 400, payload: { message: 'body must be a JSON array of messages' } };
      try {
        await workQueues.queue.send(key, messages as never[]);
      } catch (error) {
        return { status: 400, payload: { message: (error as Error).message } };
      }
      return { status: 202, payload: { sent: messages.length } };
    }
    const redrive = /^\/__ops\/queues\/([a-z0-9-]+)\/redrive$/.exec(path);
    if (method === 'POST' && redrive) {
      const key = queueKeyOf(redrive[1]!);
      if (!key) return { status: 404, payload: { message: `No queue ${redrive[1]}` } };
      return { status: 200, payload: { moved: workQueues.redrive(key) } };
    }
    const run = /^\/__ops\/schedules\/([a-z0-9-]+)\/run$/.exec(path);
    if (method === 'POST' && run) {
      const scheduled = entries.filter((e) => e.handler && e.schedule?.id === run[1]);
      if (scheduled.length === 0) return { status: 404, payload: { message: `No schedule ${run[1]}` } };
      const results = await Promise.all(
        scheduled.map(async (entry) => ({
          function: entry.name,
          result: await invoke(entry, scheduledEvent(entry, new Date())),
        })),
      );
      return { status: 200, payload: { results } };
    }
    if (method === 'POST' && path === '/__ops/drain') {
      await drainLocalWork(events, workQueues);
      return { status: 200, payload: { drained: true } };
    }
    return { status: 404, payload: { message: 'Not Found' } };
  };
}
