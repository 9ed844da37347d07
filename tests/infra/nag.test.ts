// cdk-nag's AwsSolutions pack over the whole app: synth fails on any finding that is not acknowledged,
// and every acknowledgement names a rule and gives a reason.
import { describe, expect, it } from 'vitest';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { buildTestApp, testApp } from './test-app.ts';

const findings = (root: IConstruct) =>
  new AwsSolutionsChecks()
    .validateScope(root)
    .violations.flatMap((violation) =>
      violation.violatingResources.map((resource) => `${violation.ruleName} at ${resource.constructPath}`),
    );

describe('cdk-nag AwsSolutions', () => {
  it('fails synth on an unacknowledged finding (the check below can fail)', () => {
    const app = new App();
    new Bucket(new Stack(app, 'Careless'), 'Bucket');
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    expect(() => app.synth()).toThrow(/AwsSolutions-S1/);
  });

  it('reports nothing unacknowledged for the app', () => {
    const { app } = testApp();
    expect(() => app.synth()).not.toThrow();
    expect(findings(app)).toEqual([]);
  });

  it('reports nothing unacknowledged with the first-deploy defaults (no pinned origin, no web build)', () => {
    const { app } = buildTestApp({ webOrigin: undefined, webDist: null });
    expect(() => app.synth()).not.toThrow();
    expect(findings(app)).toEqual([]);
  });

  it('gives every acknowledgement a rule id and a reason', () => {
    const { app } = testApp();
    const acknowledged = app.node
      .findAll()
      .flatMap((construct) => construct.node.metadata)
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as Record<string, unknown>));
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const [id, reason] of acknowledged) {
      expect(id).toMatch(/^(Annotation::)?AwsSolutions-[A-Z]+\d+(\[.+\])?$/);
      expect(String(reason).length, id).toBeGreaterThanOrEqual(40);
    }
  });
});
