// The jobs stack: a schedule rule for each scheduled catalog entry and a bus rule for each consumer,
// each targeting the function of its own entry.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from 'aws-cdk-lib/assertions';
import { catalog } from '../../functions/catalog.ts';
import { EVENT_SOURCE } from '../../events/contracts.ts';
import { type Props, resourcesOf, templateOf, testApp } from './test-app.ts';

let jobs: Template;
let rules: Props[];
beforeAll(() => {
  jobs = templateOf(testApp().jobs);
  rules = Object.values(resourcesOf(jobs, 'AWS::Events::Rule')).map((r) => r.Properties);
});

/** The api-stack logical id of an entry's function: cross-stack targets reference it by name. */
const functionLogicalId = (name: string): string => {
  const { api } = testApp();
  return api.getLogicalId(api.functions.get(name)!.function.node.defaultChild as never);
};

const scheduled = catalog.filter((entry) => entry.schedule);
const consumers = catalog.filter((entry) => entry.events?.length);
const awsConsumers = catalog.filter((entry) => entry.awsEvents);

describe('schedules', () => {
  it('has at least one scheduled entry to check', () => {
    expect(scheduled.length).toBeGreaterThan(0);
  });

  it.each(scheduled.map((entry) => [entry.name, entry] as const))('schedules %s', (name, entry) => {
    const rule = rules.find(
      (r) =>
        r.ScheduleExpression === entry.schedule!.expression &&
        JSON.stringify(r.Targets).includes(functionLogicalId(name)),
    );
    expect(rule, name).toBeDefined();
    expect(rule!.State).toBe('ENABLED');
    expect(rule!.EventBusName).toBeUndefined();
  });
});

describe('event consumers', () => {
  it.each(consumers.map((entry) => [entry.name, entry] as const))(
    'routes bus events to %s',
    (name, entry) => {
      const rule = rules.find(
        (r) => r.EventPattern && JSON.stringify(r.Targets).includes(functionLogicalId(name)),
      );
      expect(rule, name).toBeDefined();
      expect(rule!.EventPattern).toEqual({ source: [EVENT_SOURCE], 'detail-type': entry.events });
      expect(rule!.EventBusName).toBeDefined();
    },
  );

  it.each(awsConsumers.map((entry) => [entry.name, entry] as const))(
    'routes AWS service events (default bus) to %s',
    (name, entry) => {
      const rule = rules.find(
        (r) =>
          JSON.stringify(r.EventPattern ?? {}).includes(entry.awsEvents!.source) &&
          JSON.stringify(r.Targets).includes(functionLogicalId(name)),
      );
      expect(rule, name).toBeDefined();
      expect(rule!.EventPattern).toEqual({
        source: [entry.awsEvents!.source],
        'detail-type': entry.awsEvents!.detailTypes,
      });
      expect(rule!.EventBusName).toBeUndefined();
    },
  );

  it('has no rule without a catalog reason, and lets EventBridge invoke every target', () => {
    expect(rules).toHaveLength(scheduled.length + consumers.length + awsConsumers.length);
    const permissions = Object.values(resourcesOf(jobs, 'AWS::Lambda::Permission'));
    expect(permissions).toHaveLength(rules.length);
    for (const permission of permissions)
      expect(permission.Properties.Principal).toBe('events.amazonaws.com');
  });
});
