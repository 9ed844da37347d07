// The work queues of events/queues.ts in the cloud, and where asynchronous work lands when it fails:
//   - per queue: an SQS queue and its dead-letter queue (redrive after maxReceiveCount receives), the
//     consumer's event source mapping (batch size, maximum concurrency, partial batch responses), and
//     QUEUE_URL_<ID> with send permission on every entry that enqueues to it;
//   - one failure destination for every function EventBridge invokes (schedules, bus and AWS events):
//     Lambda tries an asynchronous event twice more, then sends it here instead of dropping it.
// docs/operations.md says what each alarm on these means and how to redrive.
import { Duration, Validations } from 'aws-cdk-lib';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { queues, queueUrlVariable, type QueueDefinition, type QueueKey } from '../events/queues.ts';
import { catalog } from '../functions/catalog.ts';
import type { CatalogFunction } from './catalog-function.ts';

/** SQS's advice for a Lambda event source: a visibility timeout of six times the function's timeout. */
export const VISIBILITY_FACTOR = 6;
/** Messages no worker took in four days are stale (their schedule has found the work again). */
const QUEUE_RETENTION = Duration.days(4);
/** Dead letters wait two weeks (SQS's most) for an operator to look and redrive. */
const DEAD_LETTER_RETENTION = Duration.days(14);
/** Lambda's retries of an asynchronous event after the first try, and how old an event may get. */
export const ASYNC_RETRY_ATTEMPTS = 2;
export const ASYNC_MAX_EVENT_AGE = Duration.hours(1);

export interface WorkQueue {
  key: QueueKey;
  definition: QueueDefinition;
  queue: Queue;
  deadLetters: Queue;
  consumer: CatalogFunction;
}

const secureQueue = { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true } as const;

export class WorkQueues extends Construct {
  readonly queues: WorkQueue[];
  /** Where EventBridge-invoked functions' failed events land after Lambda's retries. */
  readonly asyncFailures: Queue;

  constructor(scope: Construct, id: string, props: { functions: ReadonlyMap<string, CatalogFunction> }) {
    super(scope, id);

    this.queues = (Object.keys(queues) as QueueKey[]).map((key) => {
      const definition = queues[key];
      const entry = catalog.find((e) => e.queue?.id === definition.id);
      const consumer = entry && props.functions.get(entry.name);
      if (!consumer) throw new Error(`No catalog entry consumes the ${definition.id} queue`);
      const deadLetters = new Queue(this, `${definition.id}-dlq`, {
        ...secureQueue,
        retentionPeriod: DEAD_LETTER_RETENTION,
      });
      const queue = new Queue(this, definition.id, {
        ...secureQueue,
        retentionPeriod: QUEUE_RETENTION,
        visibilityTimeout: Duration.seconds(consumer.entry.timeoutSeconds * VISIBILITY_FACTOR),
        deadLetterQueue: { queue: deadLetters, maxReceiveCount: definition.maxReceiveCount },
      });
      consumer.function.addEventSource(
        new SqsEventSource(queue, {
          batchSize: definition.batchSize,
          maxConcurrency: definition.maxConcurrency,
          reportBatchItemFailures: true,
        }),
      );
      for (const sender of catalog.filter((e) => e.enqueues?.includes(key))) {
        const fn = props.functions.get(sender.name);
        if (!fn) throw new Error(`No function for catalog entry ${sender.name}`);
        fn.function.addEnvironment(queueUrlVariable(definition.id), queue.queueUrl);
        queue.grantSendMessages(fn.role);
      }
      return { key, definition, queue, deadLetters, consumer };
    });

    this.asyncFailures = new Queue(this, 'async-failures', {
      ...secureQueue,
      retentionPeriod: DEAD_LETTER_RETENTION,
    });
    Validations.of(this.asyncFailures).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: "This queue is the functions' failure destination (a dead-letter queue), not a work queue.",
    });
    for (const entry of catalog.filter((e) => e.schedule || e.events?.length || e.awsEvents)) {
      props.functions.get(entry.name)?.function.configureAsyncInvoke({
        retryAttempts: ASYNC_RETRY_ATTEMPTS,
        maxEventAge: ASYNC_MAX_EVENT_AGE,
        onFailure: new SqsDestination(this.asyncFailures),
      });
    }
  }
}
