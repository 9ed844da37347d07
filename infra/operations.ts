// What tells an operator: CloudWatch alarms on every function, work queue and dead-letter queue, sent to
// one SNS topic (subscribe an inbox or a pager to it, docs/operations.md), and one dashboard of the
// product's asynchronous work and its API. Each alarm's name says what it watches; docs/operations.md
// says what each means and what to do.
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import {
  Alarm,
  ComparisonOperator,
  Dashboard,
  GraphWidget,
  Metric,
  TextWidget,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { CatalogFunction } from './catalog-function.ts';
import type { WorkQueue } from './work-queues.ts';

/** A function whose p99 duration passes this share of its timeout is close to being cut off. */
export const DURATION_ALARM_SHARE = 0.8;
/** A work queue whose oldest message is older than this is not keeping up with its schedule. */
export const OLDEST_MESSAGE_ALARM = Duration.minutes(30);

export interface OperationsProps {
  functions: ReadonlyMap<string, CatalogFunction>;
  workQueues: readonly WorkQueue[];
  /** Dead-letter queues of asynchronous work besides the work queues' own (Lambda's and EventBridge's). */
  failureQueues: ReadonlyArray<{ name: string; queue: IQueue }>;
  apiId: string;
}

export class Operations extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: OperationsProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Alarms', { displayName: 'money-calendar alarms', enforceSSL: true });
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry metric names and thresholds only; CloudWatch cannot publish to a topic under the AWS-managed SNS key, and a customer key adds cost for no secret.',
    });
    const action = new SnsAction(this.topic);
    const alarm = (name: string, config: ConstructorParameters<typeof Alarm>[2]) => {
      const made = new Alarm(this, name, { alarmName: `${Stack.of(this).stackName}-${name}`, ...config });
      made.addAlarmAction(action);
      this.alarms.push(made);
      return made;
    };
    const fiveMinutes = Duration.minutes(5);

    for (const [name, fn] of props.functions) {
      alarm(`${name}-errors`, {
        alarmDescription: `${name} threw or timed out (docs/operations.md, "Function errors")`,
        metric: fn.function.metricErrors({ period: fiveMinutes, statistic: 'Sum' }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm(`${name}-throttles`, {
        alarmDescription: `${name} was throttled (docs/operations.md, "Throttles")`,
        metric: fn.function.metricThrottles({ period: fiveMinutes, statistic: 'Sum' }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      alarm(`${name}-duration`, {
        alarmDescription: `${name}'s p99 duration is above ${DURATION_ALARM_SHARE * 100}% of its timeout (docs/operations.md, "Near the timeout")`,
        metric: fn.function.metricDuration({ period: fiveMinutes, statistic: 'p99' }),
        threshold: fn.entry.timeoutSeconds * 1000 * DURATION_ALARM_SHARE,
        evaluationPeriods: 3,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    }

    const deadLetterAlarm = (name: string, queue: IQueue) =>
      alarm(`${name}-dead-letters`, {
        alarmDescription: `Messages wait in ${name}'s dead-letter queue (docs/operations.md, "Dead letters")`,
        metric: queue.metricApproximateNumberOfMessagesVisible({ period: fiveMinutes, statistic: 'Maximum' }),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    for (const work of props.workQueues) {
      deadLetterAlarm(work.definition.id, work.deadLetters);
      alarm(`${work.definition.id}-oldest-message`, {
        alarmDescription: `${work.definition.id}'s oldest message is over ${OLDEST_MESSAGE_ALARM.toMinutes()} minutes old: the workers are not keeping up (docs/operations.md, "A queue falls behind")`,
        metric: work.queue.metricApproximateAgeOfOldestMessage({ period: fiveMinutes, statistic: 'Maximum' }),
        threshold: OLDEST_MESSAGE_ALARM.toSeconds(),
        evaluationPeriods: 2,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
    }
    for (const { name, queue } of props.failureQueues) deadLetterAlarm(name, queue);

    const api = (metricName: string, statistic: string) =>
      new Metric({
        namespace: 'AWS/ApiGateway',
        metricName,
        dimensionsMap: { ApiId: props.apiId },
        period: fiveMinutes,
        statistic,
      });
    const jobs = [...props.functions.values()].filter(
      (fn) => fn.entry.schedule || fn.entry.events?.length || fn.entry.queue,
    );
    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: `${Stack.of(this).stackName}-operations`,
      widgets: [
        [
          new TextWidget({
            markdown:
              '# money-calendar operations\nWork queues, dead letters, jobs and the API. What each alarm means and how to redrive: docs/operations.md.',
            width: 24,
            height: 2,
          }),
        ],
        [
          new GraphWidget({
            title: 'Work queues: messages waiting',
            width: 12,
            left: props.workQueues.map((w) =>
              w.queue.metricApproximateNumberOfMessagesVisible({
                label: w.definition.id,
                period: fiveMinutes,
              }),
            ),
          }),
          new GraphWidget({
            title: 'Work queues: age of oldest message (s)',
            width: 12,
            left: props.workQueues.map((w) =>
              w.queue.metricApproximateAgeOfOldestMessage({ label: w.definition.id, period: fiveMinutes }),
            ),
          }),
        ],
        [
          new GraphWidget({
            title: 'Dead letters',
            width: 12,
            left: [
              ...props.workQueues.map((w) =>
                w.deadLetters.metricApproximateNumberOfMessagesVisible({
                  label: `${w.definition.id} DLQ`,
                  period: fiveMinutes,
                }),
              ),
              ...props.failureQueues.map(({ name, queue }) =>
                queue.metricApproximateNumberOfMessagesVisible({ label: name, period: fiveMinutes }),
              ),
            ],
          }),
          new GraphWidget({
            title: 'API: requests, 4xx, 5xx',
            width: 12,
            left: [api('Count', 'Sum'), api('4xx', 'Sum'), api('5xx', 'Sum')],
            right: [api('Latency', 'p95')],
          }),
        ],
        [
          new GraphWidget({
            title: 'Jobs: errors',
            width: 8,
            left: jobs.map((fn) => fn.function.metricErrors({ label: fn.entry.name, period: fiveMinutes })),
          }),
          new GraphWidget({
            title: 'Jobs: throttles',
            width: 8,
            left: jobs.map((fn) =>
              fn.function.metricThrottles({ label: fn.entry.name, period: fiveMinutes }),
            ),
          }),
          new GraphWidget({
            title: 'Jobs: p99 duration (ms)',
            width: 8,
            left: jobs.map((fn) =>
              fn.function.metricDuration({ label: fn.entry.name, period: fiveMinutes, statistic: 'p99' }),
            ),
          }),
        ],
      ],
    });
  }
}
