// What runs without a request: a schedule rule for every catalog entry with a `schedule`, and a rule on
// the product's bus for every entry that consumes `events` (events/contracts.ts). The functions are the
// api stack's; the rules and their invoke permissions live here. Entries with `awsEvents` get a rule on
// the default bus, where AWS services (SES) publish. An event EventBridge cannot deliver lands in the
// rules' dead-letter queue; the alarms and the dashboard (infra/operations.ts) watch it with the rest.
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Rule, Schedule, type IEventBus } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Queue, QueueEncryption, type IQueue } from 'aws-cdk-lib/aws-sqs';
import { Validations } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { catalog } from '../functions/catalog.ts';
import { EVENT_SOURCE } from '../events/contracts.ts';
import type { CatalogFunction } from './catalog-function.ts';
import { Operations } from './operations.ts';
import type { WorkQueue } from './work-queues.ts';

export interface JobsStackProps extends StackProps {
  bus: IEventBus;
  /** The function of every catalog entry, by catalog name. */
  functions: ReadonlyMap<string, CatalogFunction>;
  /** Functions outside the API stack that the alarms watch too (the user pool's trigger). */
  otherFunctions: ReadonlyMap<string, CatalogFunction>;
  workQueues: readonly WorkQueue[];
  /** The functions' asynchronous failure destination (infra/work-queues.ts). */
  asyncFailures: IQueue;
  apiId: string;
}

export class JobsStack extends Stack {
  /** Events EventBridge could not deliver to a rule's target. */
  readonly undeliveredEvents: Queue;
  readonly operations: Operations;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    this.undeliveredEvents = new Queue(this, 'UndeliveredEvents', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    Validations.of(this.undeliveredEvents).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: "This queue is the rules' dead-letter queue, not a work queue.",
    });

    for (const entry of catalog) {
      if (!entry.schedule && !entry.events?.length && !entry.awsEvents) continue;
      const fn = props.functions.get(entry.name)?.function;
      if (!fn) throw new Error(`No function for catalog entry ${entry.name}`);
      // Jobs are idempotent; two retries within an hour cover a throttled or cold dependency.
      const target = () =>
        new LambdaFunction(fn, {
          retryAttempts: 2,
          maxEventAge: Duration.hours(1),
          deadLetterQueue: this.undeliveredEvents,
        });

      if (entry.schedule) {
        // Scheduled rules only exist on the default bus; the event the function receives is the
        // standard "Scheduled Event" (source aws.events), the same shape the local scheduler sends.
        new Rule(this, `${entry.name}-${entry.schedule.id}`, {
          description: `${entry.schedule.description} (${entry.name})`,
          schedule: Schedule.expression(entry.schedule.expression),
          targets: [target()],
        });
      }
      if (entry.events?.length) {
        new Rule(this, `${entry.name}-events`, {
          description: `${entry.events.join(', ')} → ${entry.name}`,
          eventBus: props.bus,
          eventPattern: { source: [EVENT_SOURCE], detailType: [...entry.events] },
          targets: [target()],
        });
      }
      if (entry.awsEvents) {
        // AWS services (SES's configuration-set events) publish to the default bus only.
        new Rule(this, `${entry.name}-aws-events`, {
          description: `${entry.awsEvents.source} ${entry.awsEvents.detailTypes.join(', ')} → ${entry.name}`,
          eventPattern: { source: [entry.awsEvents.source], detailType: [...entry.awsEvents.detailTypes] },
          targets: [target()],
        });
      }
    }

    this.operations = new Operations(this, 'Operations', {
      functions: new Map([...props.functions, ...props.otherFunctions]),
      workQueues: props.workQueues,
      failureQueues: [
        { name: 'async-failures', queue: props.asyncFailures },
        { name: 'undelivered-events', queue: this.undeliveredEvents },
      ],
      apiId: props.apiId,
    });
  }
}
