// The work-queue port: a scheduler puts one message per unit of due work on a queue (events/queues.ts).
// SQS in the cloud (SendMessageBatch, ten at a time, each refused entry sent again); the local cloud's
// in-process queues (local/work-queues.ts) here. Every body is validated against its queue's message
// schema before it leaves, so a worker never receives a shape its queue does not promise.
import { SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { queues, type QueueKey, type QueueMessage } from '../../../events/queues.ts';

export interface WorkQueue {
  /** Enqueues every message (in batches); resolves once all are accepted. */
  send<K extends QueueKey>(queue: K, messages: QueueMessage<K>[], options?: SendOptions): Promise<void>;
}

export interface SendOptions {
  /** Seconds before the messages may be received (SQS DelaySeconds, at most 900). */
  delaySeconds?: number;
}

export class WorkQueueError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'WorkQueueError';
  }
}

export const validatedMessages = <K extends QueueKey>(queue: K, messages: QueueMessage<K>[]): string[] =>
  messages.map((message) => JSON.stringify(queues[queue].message.parse(message)));

/** SQS allows ten entries per SendMessageBatch. */
const SQS_BATCH = 10;
/** Batches in flight at once: a sweep of 100k units enqueues in about a minute. */
const PARALLEL_BATCHES = 8;
/** Tries of an entry SQS refused (throttled or internal) before the send fails. */
const ENTRY_TRIES = 3;

export function sqsWorkQueue(client: SQSClient, urlOf: (queue: QueueKey) => string): WorkQueue {
  return {
    async send(queue, messages, options = {}) {
      const bodies = validatedMessages(queue, messages);
      const url = urlOf(queue);
      const batches: string[][] = [];
      for (let i = 0; i < bodies.length; i += SQS_BATCH) batches.push(bodies.slice(i, i + SQS_BATCH));
      const sendBatch = async (batch: string[]) => {
        let entries = batch.map((body, index) => ({
          Id: String(index),
          MessageBody: body,
          ...(options.delaySeconds ? { DelaySeconds: options.delaySeconds } : {}),
        }));
        for (let attempt = 1; entries.length > 0; attempt += 1) {
          const result = await client.send(new SendMessageBatchCommand({ QueueUrl: url, Entries: entries }));
          const failed = new Set((result.Failed ?? []).map((f) => f.Id));
          if (failed.size > 0 && attempt >= ENTRY_TRIES)
            throw new WorkQueueError(
              `SQS refused ${failed.size} message(s) on ${queue}: ${result.Failed?.[0]?.Code} ${result.Failed?.[0]?.Message}`,
            );
          entries = entries.filter((entry) => failed.has(entry.Id));
        }
      };
      for (let i = 0; i < batches.length; i += PARALLEL_BATCHES)
        await Promise.all(batches.slice(i, i + PARALLEL_BATCHES).map(sendBatch));
    },
  };
}
