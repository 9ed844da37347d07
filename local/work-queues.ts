// The local stand-in for SQS and its Lambda event source mapping: one in-process queue per work queue
// of events/queues.ts, consumed by the catalog entry whose `queue` it is, with SQS's semantics:
//   - a message may be delayed (DelaySeconds) before it is first visible;
//   - a received message is hidden for the visibility timeout and counts a receive
//     (ApproximateReceiveCount); it is deleted only when its batch answers without naming it in
//     batchItemFailures, so a failed or timed-out message comes back once the timeout passes;
//   - a message received maxReceiveCount times that comes back again moves to the dead-letter queue
//     (the redrive policy), from where `redrive` moves it back (SQS's StartMessageMoveTask);
//   - batches of at most batchSize, at most maxConcurrency invocations at once (the mapping's
//     maximum concurrency).
// State is in memory: a restart forgets queued work, which the schedules find again (their claims expire).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { queues, type QueueDefinition, type QueueKey } from '../events/queues.ts';
import type { CatalogEntry } from '../functions/catalog.ts';
import type { LocalEventDispatcher } from './triggers.ts';
import { validatedMessages, type WorkQueue } from '../functions/lib/ports/work-queue.ts';

type Invoke = (entry: CatalogEntry, event: unknown) => Promise<unknown>;

export interface LocalMessage {
  messageId: string;
  body: string;
  sentAt: number;
  receiveCount: number;
  firstReceivedAt: number | null;
  /** Epoch ms from which the message may be received (delay, then each visibility timeout). */
  visibleAt: number;
  inFlight: boolean;
}

export interface QueueCounts {
  /** Waiting or hidden after a receive (SQS's visible + not visible + delayed). */
  queued: number;
  inFlight: number;
  deadLettered: number;
}

/** What a queue's worker did: batches, messages and the time its invocations ran (Lambda's billed time). */
export interface QueueWork {
  batches: number;
  messages: number;
  busyMs: number;
}

export interface LocalWorkQueues {
  /** The port handlers enqueue through. */
  queue: WorkQueue;
  /** Resolves when every queue is empty and no batch is running (dead letters stay). */
  drain(): Promise<void>;
  /** Whether any queue holds a message or runs a batch. */
  busy(): boolean;
  counts(queue: QueueKey): QueueCounts;
  /** The worker's invocations so far (the benchmark's time per unit). */
  work(queue: QueueKey): QueueWork;
  deadLetters(queue: QueueKey): LocalMessage[];
  /** Moves every dead-lettered message of a queue back to it, with its receive count reset. */
  redrive(queue: QueueKey): number;
  stop(): void;
}

export interface LocalWorkQueueOptions {
  /** The clock of visibility and delays (tests move it). */
  now?: () => number;
  /** Overrides each queue's localVisibilityMs (tests). */
  visibilityMs?: number;
}

interface QueueState {
  key: QueueKey;
  definition: QueueDefinition;
  consumer: CatalogEntry | undefined;
  messages: LocalMessage[];
  dead: LocalMessage[];
  running: number;
  timer: NodeJS.Timeout | null;
  worked: QueueWork;
}

const recordOf = (queueId: string, message: LocalMessage, now: number): SQSRecord => ({
  messageId: message.messageId,
  receiptHandle: `${message.messageId}#${message.receiveCount}`,
  body: message.body,
  attributes: {
    ApproximateReceiveCount: String(message.receiveCount),
    SentTimestamp: String(message.sentAt),
    SenderId: 'local',
    ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt ?? now),
  },
  messageAttributes: {},
  md5OfBody: '',
  eventSource: 'aws:sqs',
  eventSourceARN: `arn:aws:sqs:local:000000000000:${queueId}`,
  awsRegion: 'us-east-1',
});

const failedIds = (result: unknown): Set<string> | null => {
  const failures = (result as { batchItemFailures?: Array<{ itemIdentifier: string }> } | undefined)
    ?.batchItemFailures;
  return Array.isArray(failures) ? new Set(failures.map((f) => f.itemIdentifier)) : null;
};

export function localWorkQueues(
  entries: CatalogEntry[],
  invoke: () => Invoke,
  log: (line: string) => void,
  options: LocalWorkQueueOptions = {},
): LocalWorkQueues {
  const now = options.now ?? Date.now;
  let stopped = false;
  const states = new Map<QueueKey, QueueState>(
    (Object.keys(queues) as QueueKey[]).map((key) => [
      key,
      {
        key,
        definition: queues[key],
        consumer: entries.find((e) => e.handler && e.queue?.id === queues[key].id),
        messages: [],
        dead: [],
        running: 0,
        timer: null,
        worked: { batches: 0, messages: 0, busyMs: 0 },
      },
    ]),
  );
  const stateOf = (key: QueueKey) => {
    const state = states.get(key);
    if (!state) throw new Error(`no local queue ${key}`);
    return state;
  };
  const visibilityOf = (state: QueueState) => options.visibilityMs ?? state.definition.localVisibilityMs;

  /** Wakes the queue when its next hidden or delayed message becomes visible. */
  const wakeLater = (state: QueueState) => {
    if (state.timer) clearTimeout(state.timer);
    state.timer = null;
    const waiting = state.messages.filter((m) => !m.inFlight).map((m) => m.visibleAt);
    if (stopped || waiting.length === 0) return;
    state.timer = setTimeout(() => pump(state), Math.max(0, Math.min(...waiting) - now()) + 1);
    state.timer.unref();
  };

  const settle = (state: QueueState, batch: LocalMessage[], failed: Set<string>) => {
    for (const message of batch) {
      message.inFlight = false;
      if (!failed.has(message.messageId))
        state.messages = state.messages.filter((m) => m.messageId !== message.messageId);
    }
  };

  function pump(state: QueueState) {
    if (stopped || !state.consumer) return;
    const consumer = state.consumer;
    const { maxConcurrency, batchSize, maxReceiveCount } = state.definition;
    while (state.running < maxConcurrency) {
      const at = now();
      // The redrive policy: a message that comes back after its last allowed receive is dead-lettered.
      for (const message of state.messages.filter(
        (m) => !m.inFlight && m.visibleAt <= at && m.receiveCount >= maxReceiveCount,
      )) {
        state.messages = state.messages.filter((m) => m !== message);
        state.dead.push(message);
        log(
          `queue ${state.definition.id}: message ${message.messageId} dead-lettered after ${message.receiveCount} receives: ${message.body}`,
        );
      }
      const batch = state.messages.filter((m) => !m.inFlight && m.visibleAt <= at).slice(0, batchSize);
      if (batch.length === 0) break;
      for (const message of batch) {
        message.inFlight = true;
        message.receiveCount += 1;
        message.firstReceivedAt ??= at;
        message.visibleAt = at + visibilityOf(state);
      }
      state.running += 1;
      const event: SQSEvent = { Records: batch.map((m) => recordOf(state.definition.id, m, at)) };
      const started = performance.now();
      void invoke()(consumer, event)
        .then(
          (result) => {
            const failed = failedIds(result) ?? new Set<string>();
            settle(state, batch, failed);
            if (failed.size > 0)
              log(
                `queue ${state.definition.id} → ${consumer.name}: ${failed.size} of ${batch.length} failed`,
              );
          },
          (error: unknown) => {
            // The invocation failed as a whole (a throw, a timeout): every message of the batch comes back.
            settle(state, batch, new Set(batch.map((m) => m.messageId)));
            log(`queue ${state.definition.id} → ${consumer.name} failed: ${(error as Error).stack ?? error}`);
          },
        )
        .finally(() => {
          state.running -= 1;
          state.worked = {
            batches: state.worked.batches + 1,
            messages: state.worked.messages + batch.length,
            busyMs: state.worked.busyMs + (performance.now() - started),
          };
          pump(state);
        });
    }
    wakeLater(state);
  }

  const queue: WorkQueue = {
    async send(key, messages, sendOptions = {}) {
      const state = stateOf(key);
      const bodies = validatedMessages(key, messages);
      const at = now();
      for (const body of bodies)
        state.messages.push({
          messageId: randomUUID(),
          body,
          sentAt: at,
          receiveCount: 0,
          firstReceivedAt: null,
          visibleAt: at + (sendOptions.delaySeconds ?? 0) * 1000,
          inFlight: false,
        });
      // SQS accepts at once; the event source mapping polls on its own time.
      setImmediate(() => pump(state));
    },
  };

  const busy = () => [...states.values()].some((s) => s.consumer && (s.messages.length > 0 || s.running > 0));

  return {
    queue,
    async drain() {
      while (!stopped && busy()) await new Promise((resolve) => setTimeout(resolve, 10));
    },
    busy,
    counts(key) {
      const state = stateOf(key);
      return {
        queued: state.messages.length,
        inFlight: state.messages.filter((m) => m.inFlight).length,
        deadLettered: state.dead.length,
      };
    },
    deadLetters: (key) => [...stateOf(key).dead],
    work: (key) => ({ ...stateOf(key).worked }),
    redrive(key) {
      const state = stateOf(key);
      const moved = state.dead.splice(0);
      const at = now();
      for (const message of moved)
        state.messages.push({ ...message, receiveCount: 0, visibleAt: at, inFlight: false });
      setImmediate(() => pump(state));
      return moved.length;
    },
    stop() {
      stopped = true;
      for (const state of states.values()) if (state.timer) clearTimeout(state.timer);
    },
  };
}

/**
 * Waits until every bus delivery and every queue is done: a worker may publish events whose consumers
 * enqueue more work, and the other way round, so it drains both until neither is busy.
 */
export async function drainLocalWork(events: LocalEventDispatcher, workQueues: LocalWorkQueues) {
  do {
    await events.drain();
    await workQueues.drain();
  } while (workQueues.busy() || events.busy());
}
