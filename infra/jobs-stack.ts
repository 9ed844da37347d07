// What runs without a request: a schedule rule for every catalog entry with a `schedule`, and a rule on
// the product's bus for every entry that consumes `events` (events/contracts.ts). The functions are the
// api stack's; the rules and their invoke permissions live here. Entries with `awsEvents` get a rule on
// the default bus, where AWS services (SES) publish.
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Rule, Schedule, type IEventBus } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';
import { catalog } from '../functions/catalog.ts';
import { EVENT_SOURCE } from '../events/contracts.ts';

export interface JobsStackProps extends StackProps {
  bus: IEventBus;
  /** The function of every catalog entry, by catalog name. */
  functions: ReadonlyMap<string, { function: IFunction }>;
}

export class JobsStack extends Stack {
  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);

    for (const entry of catalog) {
      if (!entry.schedule && !entry.events?.length && !entry.awsEvents) continue;
      const fn = props.functions.get(entry.name)?.function;
      if (!fn) throw new Error(`No function for catalog entry ${entry.name}`);
      // Jobs are idempotent; two retries within an hour cover a throttled or cold dependency.
      const target = () => new LambdaFunction(fn, { retryAttempts: 2, maxEventAge: Duration.hours(1) });

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
  }
}
