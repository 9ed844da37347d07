// Lambdas that answer HTTP and also run on an EventBridge event, a schedule or a work queue (catalog
// `events`, `schedule` and `queue`): the HTTP path goes through the handler stack; the others get the
// deps and the event. A queue's batch is answered with SQS's partial batch response, so one unit that
// fails is tried again (and at last dead-lettered) while the rest of its batch completes.
import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSEvent, SQSRecord } from 'aws-lambda';
import type { EventDetailType } from '../../events/contracts.ts';
import { queues, type QueueKey, type QueueMessage } from '../../events/queues.ts';
import { catalogByName } from '../catalog.ts';
import { recordRequest, recordScheduleRun } from './admin/metrics.ts';
import { getDeps, type Deps } from './deps.ts';
import type { ApiEvent, ApiResult } from './caller.ts';
import type { BusEvent } from './ports/event-bus.ts';

type HttpLambda = (event: ApiEvent, context: Context) => Promise<ApiResult | void>;

export interface Triggers {
  onEvent?: (event: BusEvent<EventDetailType>, deps: Deps, context: Context) => Promise<unknown>;
  onSchedule?: (deps: Deps, context: Context) => Promise<unknown>;
  onMessage?: QueueWorker;
}

/** One unit of a work queue: the message is parsed against its queue's schema before `handle` runs. */
export interface QueueWorker {
  queue: QueueKey;
  handle(body: string, deps: Deps, record: SQSRecord): Promise<unknown>;
}

export function queueWorker<K extends QueueKey>(
  queue: K,
  handle: (message: QueueMessage<K>, deps: Deps, record: SQSRecord) => Promise<unknown>,
): QueueWorker {
  return {
    queue,
    handle: (body, deps, record) =>
      handle(queues[queue].message.parse(JSON.parse(body)) as QueueMessage<K>, deps, record),
  };
}

const isEventBridge = (event: unknown): event is { 'detail-type': string; source: string } =>
  typeof event === 'object' && event !== null && 'detail-type' in event && 'source' in event;

const isSqs = (event: unknown): event is SQSEvent =>
  typeof event === 'object' &&
  event !== null &&
  Array.isArray((event as { Records?: unknown }).Records) &&
  (event as SQSEvent).Records.every((record) => record.eventSource === 'aws:sqs');

/** Runs a batch of queue messages; failed messages are named in batchItemFailures, the rest complete. */
async function runBatch(worker: QueueWorker, event: SQSEvent, context: Context, name: string) {
  const deps = getDeps();
  const log = deps.logger.child({ fn: name, queue: queues[worker.queue].id });
  const started = Date.now();
  const processor = new BatchProcessor(EventType.SQS);
  const response = await processPartialResponse(
    event,
    async (record: SQSRecord) => {
      try {
        return await worker.handle(record.body, deps, record);
      } catch (error) {
        log.error('queue message failed', {
          messageId: record.messageId,
          receiveCount: record.attributes.ApproximateReceiveCount,
          error: (error as Error).message,
        });
        throw error;
      }
    },
    processor,
    { context, throwOnFullBatchFailure: false },
  );
  const failed = response.batchItemFailures.length;
  log.info('queue batch', { messages: event.Records.length, failed });
  await recordRequest(
    deps,
    `queue:${queues[worker.queue].id}:${name}`,
    failed > 0 ? 500 : 200,
    Date.now() - started,
  );
  return response;
}

export function withTriggers(http: HttpLambda, triggers: Triggers) {
  return async (event: unknown, context: Context) => {
    // In the cloud the Lambda's environment names its entry; the local gateway names it `local-<name>`.
    const entryName = () => process.env.CATALOG_NAME ?? context.functionName.replace(/^local-/, '');
    if (isSqs(event)) {
      if (!triggers.onMessage) throw new Error('this function consumes no work queue');
      return runBatch(triggers.onMessage, event, context, entryName());
    }
    if (!isEventBridge(event)) return http(event as ApiEvent, context);
    const deps = getDeps();
    const log = deps.logger.child({ fn: process.env.CATALOG_NAME, trigger: event['detail-type'] });
    const name = entryName();
    const started = Date.now();
    if (event.source === 'aws.events' && event['detail-type'] === 'Scheduled Event') {
      if (!triggers.onSchedule) throw new Error('this function has no schedule');
      const scheduleId = catalogByName.get(name)?.schedule?.id;
      try {
        const result = await triggers.onSchedule(deps, context);
        log.info('scheduled run', { result });
        await recordScheduleRun(deps, name, scheduleId, { ok: true, durationMs: Date.now() - started });
        return result;
      } catch (error) {
        const message = (error as Error).message;
        await recordScheduleRun(deps, name, scheduleId, {
          ok: false,
          error: message,
          durationMs: Date.now() - started,
        });
        throw error;
      }
    }
    if (!triggers.onEvent) throw new Error(`this function consumes no ${event['detail-type']} events`);
    // Event deliveries count on the system screen as `event:<detail-type>:<consumer>`; a throw is a failure.
    const metric = `event:${event['detail-type']}:${name}`;
    try {
      const result = await triggers.onEvent(event as BusEvent, deps, context);
      log.info('event handled', { result });
      await recordRequest(deps, metric, 200, Date.now() - started);
      return result;
    } catch (error) {
      await recordRequest(deps, metric, 500, Date.now() - started);
      throw error;
    }
  };
}
