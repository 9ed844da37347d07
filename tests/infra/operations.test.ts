// Asynchronous work in the cloud: each work queue of events/queues.ts is an SQS queue with a dead-letter
// queue and its worker's event source mapping; every asynchronous target has somewhere to fail to; and
// the alarms and the dashboard exist for each function and queue.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { queues, queueUrlVariable } from '../../events/queues.ts';
import { catalog } from '../../functions/catalog.ts';
import { VISIBILITY_FACTOR } from '../../infra/work-queues.ts';
import { type Props, resourcesOf, templateOf, testApp } from './test-app.ts';

let api: Template;
let jobs: Template;
beforeAll(() => {
  api = templateOf(testApp().api);
  jobs = templateOf(testApp().jobs);
});

const logicalIdOf = (name: string): string => {
  const stack = testApp().api;
  return stack.getLogicalId(stack.functions.get(name)!.function.node.defaultChild as never);
};
const values = (template: Template, type: string): Props[] =>
  Object.values(resourcesOf(template, type)).map((r) => r.Properties);
const refersTo = (value: unknown, logicalId: string) => JSON.stringify(value).includes(`"${logicalId}"`);

describe('work queues', () => {
  const definitions = Object.values(queues);

  it.each(definitions.map((q) => [q.id, q] as const))(
    '%s: a queue with a dead-letter queue, consumed with partial batch responses and capped concurrency',
    (id, definition) => {
      const consumer = catalog.find((e) => e.queue?.id === id)!;
      expect(consumer, `no consumer of ${id}`).toBeDefined();
      const sqs = resourcesOf(api, 'AWS::SQS::Queue');
      const [queueId, queue] = Object.entries(sqs).find(
        ([logicalId, r]) => logicalId.includes(id.replace(/-/g, '')) && r.Properties.RedrivePolicy,
      )!;
      expect(queue.Properties.RedrivePolicy.maxReceiveCount).toBe(definition.maxReceiveCount);
      expect(queue.Properties.VisibilityTimeout).toBe(consumer.timeoutSeconds * VISIBILITY_FACTOR);
      expect(queue.Properties.SqsManagedSseEnabled).toBe(true);
      const deadLetterId = queue.Properties.RedrivePolicy.deadLetterTargetArn['Fn::GetAtt'][0] as string;
      expect(sqs[deadLetterId]).toBeDefined();

      const mapping = values(api, 'AWS::Lambda::EventSourceMapping').find((m) =>
        refersTo(m.EventSourceArn, queueId),
      )!;
      expect(mapping).toBeDefined();
      expect(refersTo(mapping.FunctionName, logicalIdOf(consumer.name))).toBe(true);
      expect(mapping.FunctionResponseTypes).toEqual(['ReportBatchItemFailures']);
      expect(mapping.BatchSize).toBe(definition.batchSize);
      expect(mapping.ScalingConfig).toEqual({ MaximumConcurrency: definition.maxConcurrency });
    },
  );

  it('gives every entry that enqueues its queue URL, and send permission on that queue only', () => {
    const senders = catalog.filter((e) => e.enqueues?.length);
    expect(senders.length).toBeGreaterThan(0);
    const functions = resourcesOf(api, 'AWS::Lambda::Function');
    for (const sender of senders) {
      const variables = functions[logicalIdOf(sender.name)]!.Properties.Environment.Variables as Props;
      for (const key of sender.enqueues!)
        expect(variables[queueUrlVariable(queues[key].id)], sender.name).toBeDefined();
    }
    const sendGrants = values(api, 'AWS::IAM::Policy')
      .flatMap((p) => p.PolicyDocument.Statement as Props[])
      .filter((s) => [s.Action].flat().includes('sqs:SendMessage'));
    for (const grant of sendGrants) expect(JSON.stringify(grant.Resource)).not.toContain('*');
  });
});

describe('a dead-letter queue on every asynchronous target', () => {
  it('routes failed asynchronous invocations of every scheduled or event-driven function to a queue', () => {
    const configs = values(api, 'AWS::Lambda::EventInvokeConfig');
    const asynchronous = catalog.filter((e) => e.schedule || e.events?.length || e.awsEvents);
    expect(asynchronous.length).toBeGreaterThan(5);
    for (const entry of asynchronous) {
      const config = configs.find((c) => refersTo(c.FunctionName, logicalIdOf(entry.name)));
      expect(config, entry.name).toBeDefined();
      expect(config!.MaximumRetryAttempts).toBe(2);
      expect(JSON.stringify(config!.DestinationConfig.OnFailure.Destination)).toContain('asyncfailures');
    }
  });

  it('gives every EventBridge rule target a dead-letter queue', () => {
    const rules = values(jobs, 'AWS::Events::Rule');
    expect(rules.length).toBeGreaterThan(5);
    for (const rule of rules)
      for (const target of rule.Targets as Props[]) expect(target.DeadLetterConfig?.Arn).toBeDefined();
  });
});

describe('alarms and the dashboard', () => {
  const alarms = () => values(jobs, 'AWS::CloudWatch::Alarm');
  const alarmOf = (suffix: string) => alarms().find((a) => (a.AlarmName as string).endsWith(suffix));

  it('alarms on every function’s errors, throttles and duration near its timeout', () => {
    for (const entry of [...catalog, testApp().auth.preSignUp.entry]) {
      expect(alarmOf(`-${entry.name}-errors`), entry.name).toMatchObject({
        MetricName: 'Errors',
        Threshold: 1,
      });
      expect(alarmOf(`-${entry.name}-throttles`), entry.name).toMatchObject({ MetricName: 'Throttles' });
      expect(alarmOf(`-${entry.name}-duration`), entry.name).toMatchObject({
        MetricName: 'Duration',
        ExtendedStatistic: 'p99',
        Threshold: entry.timeoutSeconds * 1000 * 0.8,
      });
    }
  });

  it('alarms on each work queue’s dead letters and oldest message, and on the failure queues', () => {
    for (const { id } of Object.values(queues)) {
      expect(alarmOf(`-${id}-dead-letters`), id).toMatchObject({
        MetricName: 'ApproximateNumberOfMessagesVisible',
        Threshold: 1,
      });
      expect(alarmOf(`-${id}-oldest-message`), id).toMatchObject({
        MetricName: 'ApproximateAgeOfOldestMessage',
      });
    }
    expect(alarmOf('-async-failures-dead-letters')).toBeDefined();
    expect(alarmOf('-undelivered-events-dead-letters')).toBeDefined();
  });

  it('sends every alarm to the operators’ topic', () => {
    const topics = Object.keys(resourcesOf(jobs, 'AWS::SNS::Topic'));
    expect(topics).toHaveLength(1);
    for (const alarm of alarms()) expect(JSON.stringify(alarm.AlarmActions)).toContain(topics[0]);
  });

  it('has one dashboard showing the queues, dead letters, jobs and the API', () => {
    const dashboards = values(jobs, 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const body = JSON.stringify(dashboards[0]!.DashboardBody);
    for (const title of ['Work queues: messages waiting', 'Dead letters', 'Jobs: errors', 'API: requests'])
      expect(body).toContain(title);
  });
});
