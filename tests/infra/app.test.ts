// The app as a whole: five stacks in dependency order, Lambdas only where the catalog or CDK's own
// site deployment puts them, and configuration from the environment.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Stack } from 'aws-cdk-lib';
import { catalog } from '../../functions/catalog.ts';
import { DEFAULT_REGION, OFFLINE_ACCOUNT, buildApp, optionsFromEnvironment } from '../../infra/app.ts';
import { resourcesOf, templateOf, testApp } from './test-app.ts';

/** aws-cdk-lib's BucketDeployment upload function: a singleton whose id is this fixed UUID. */
const BUCKET_DEPLOYMENT_HANDLER = /^CustomCDKBucketDeployment8693BB64968944B69AAFB0CC9EB8756C[0-9A-F]{8}$/;

describe('stacks', () => {
  let stacks: ReturnType<typeof testApp>;
  beforeAll(() => {
    stacks = testApp();
    // Cross-stack references become stack dependencies while the app synthesizes.
    stacks.app.synth();
  });

  it('are the five concerns of the architecture, named by stage', () => {
    const { auth, data, api, jobs, web } = stacks;
    expect([auth, data, api, jobs, web].map((s) => s.stackName)).toEqual([
      'MoneyCalendar-dev-Auth',
      'MoneyCalendar-dev-Data',
      'MoneyCalendar-dev-Api',
      'MoneyCalendar-dev-Jobs',
      'MoneyCalendar-dev-Web',
    ]);
  });

  it('deploy stateful stacks first and the web last', () => {
    const dependsOn = (stack: Stack) => stack.dependencies.map((s) => s.stackName).sort();
    expect(dependsOn(stacks.auth)).toEqual([]);
    expect(dependsOn(stacks.data)).toEqual([]);
    expect(dependsOn(stacks.api)).toEqual(['MoneyCalendar-dev-Auth', 'MoneyCalendar-dev-Data']);
    // The jobs stack holds the alarms, the user pool's trigger's among them.
    expect(dependsOn(stacks.jobs)).toEqual([
      'MoneyCalendar-dev-Api',
      'MoneyCalendar-dev-Auth',
      'MoneyCalendar-dev-Data',
    ]);
    expect(dependsOn(stacks.web)).toEqual([
      'MoneyCalendar-dev-Api',
      'MoneyCalendar-dev-Auth',
      'MoneyCalendar-dev-Data',
    ]);
  });

  it("holds the catalog Lambdas in the api stack, the user pool's trigger beside it, and only CDK helpers elsewhere", () => {
    const { auth, data, api, jobs, web } = stacks;
    expect(Object.keys(resourcesOf(templateOf(api), 'AWS::Lambda::Function'))).toHaveLength(catalog.length);
    expect(Object.keys(resourcesOf(templateOf(auth), 'AWS::Lambda::Function'))).toEqual([
      expect.stringMatching(/^PreSignUpFunction/),
    ]);
    const elsewhere = [data, jobs, web].flatMap((stack) =>
      Object.keys(resourcesOf(templateOf(stack), 'AWS::Lambda::Function')),
    );
    // The site deployment (the test app has a web build) brings exactly one upload function.
    expect(elsewhere).toHaveLength(1);
    expect(elsewhere[0]).toMatch(BUCKET_DEPLOYMENT_HANDLER);
  });

  it('refuses a stage name that cannot be part of stack and secret names', () => {
    expect(() => buildApp({ account: OFFLINE_ACCOUNT, region: DEFAULT_REGION, stage: 'Prod_1' })).toThrow(
      /Stage/,
    );
  });
});

describe('options from the environment', () => {
  it('synthesizes offline with a placeholder account and the default region', () => {
    expect(optionsFromEnvironment({})).toEqual({ account: OFFLINE_ACCOUNT, region: DEFAULT_REGION });
  });

  it('prefers explicit settings over the CLI defaults', () => {
    const options = optionsFromEnvironment({
      MONEYCAL_ACCOUNT: '222222222222',
      CDK_DEFAULT_ACCOUNT: '333333333333',
      MONEYCAL_REGION: 'eu-central-1',
      MONEYCAL_STAGE: 'prod',
      WEB_ORIGIN: 'https://d111.cloudfront.net',
      PLAID_ENV: 'production',
    });
    expect(options).toEqual({
      account: '222222222222',
      region: 'eu-central-1',
      stage: 'prod',
      webOrigin: 'https://d111.cloudfront.net',
      plaidEnvironment: 'production',
    });
  });

  it('rejects an unknown Plaid environment and a domain without its certificate', () => {
    expect(() => optionsFromEnvironment({ PLAID_ENV: 'development' })).toThrow(/PLAID_ENV/);
    expect(() => optionsFromEnvironment({ WEB_DOMAIN: 'app.example.com' })).toThrow(/WEB_CERTIFICATE_ARN/);
  });
});
