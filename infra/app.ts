// The CDK app: the five concerns of ARCHITECTURE.md as five stacks, checked by cdk-nag's AwsSolutions
// pack at synth. bin/app.ts builds it for the CLI; tests build it with bundling skipped.
import { existsSync } from 'node:fs';
import { App, Tags, Validations } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CURRENTLY_RECOMMENDED_FLAGS } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack } from './api-stack.ts';
import { AuthStack } from './auth-stack.ts';
import { DataStack } from './data-stack.ts';
import { JobsStack } from './jobs-stack.ts';
import { fromRoot } from './paths.ts';
import { WebStack, type WebDomain } from './web-stack.ts';
import { PRODUCT_NAME } from '../domain/brand.ts';

export interface BuildAppOptions {
  account: string;
  region: string;
  /** Deployment stage, part of every stack and secret name: `dev`, `prod`… */
  stage?: string;
  /** Extra CDK context, e.g. `{ 'aws:cdk:bundling-stacks': [] }` to skip bundling in tests. */
  context?: Record<string, unknown>;
  outdir?: string;
  /** The built SPA. Default: web/dist when it holds an index.html; null deploys no content. */
  webDist?: string | null;
  /** The SPA origin the API's CORS allows, e.g. `https://d111.cloudfront.net`. */
  /** The verified SES sender of the product's e-mails (EMAIL_FROM). */
  emailFrom?: string;
  /** The coach's Bedrock foundation model id (COACH_MODEL_ID). */
  coachModelId?: string;
  webOrigin?: string;
  /** A custom domain for the SPA (also becomes the CORS origin). */
  webDomain?: WebDomain;
  plaidEnvironment?: 'sandbox' | 'production';
  /** Run cdk-nag's AwsSolutions checks at synth (default true). */
  nag?: boolean;
}

export interface MoneyCalendarApp {
  app: App;
  auth: AuthStack;
  data: DataStack;
  api: ApiStack;
  jobs: JobsStack;
  web: WebStack;
}

/** Placeholder account for offline synth; a deploy resolves the real one from the credentials. */
export const OFFLINE_ACCOUNT = '000000000000';
export const DEFAULT_REGION = 'us-east-1';

const logRetention = RetentionDays.THREE_MONTHS;

/** The feature flags `cdk init` would write for this (exactly pinned) aws-cdk-lib, so the CLI and the
 * tests synthesize the same templates; an aws-cdk-lib upgrade is reviewed with `cdk diff`. */
export const FEATURE_FLAGS: Readonly<Record<string, unknown>> = CURRENTLY_RECOMMENDED_FLAGS;

export function buildApp(options: BuildAppOptions): MoneyCalendarApp {
  const stage = options.stage ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,15}$/.test(stage)) {
    throw new Error(
      `Stage "${stage}" must be 1-16 lower-case letters, digits or dashes, starting with a letter`,
    );
  }
  const app = new App({
    ...(options.outdir ? { outdir: options.outdir } : {}),
    context: { ...FEATURE_FLAGS, ...options.context },
  });
  const env = { account: options.account, region: options.region };
  const stackId = (concern: string) => `MoneyCalendar-${stage}-${concern}`;

  const auth = new AuthStack(app, stackId('Auth'), {
    env,
    description: 'money-calendar sign-in: Cognito user pool, admin group, SPA client',
    terminationProtection: stage === 'prod',
    logRetention,
  });
  const webOrigins = options.webDomain
    ? [`https://${options.webDomain.domainName}`]
    : options.webOrigin
      ? [options.webOrigin.replace(/\/+$/, '')]
      : [];
  const data = new DataStack(app, stackId('Data'), {
    env,
    description: 'money-calendar state: table, avatars, KMS keys, provider secrets, event bus',
    namePrefix: `money-calendar/${stage}`,
    webOrigins,
    terminationProtection: stage === 'prod',
  });
  const api = new ApiStack(app, stackId('Api'), {
    env,
    description: 'money-calendar HTTP API: one Lambda per catalog entry',
    userPool: auth.userPool,
    userPoolClient: auth.userPoolClient,
    table: data.table,
    avatars: data.avatars,
    bus: data.bus,
    plaidSecret: data.plaidSecret,
    stripeSecret: data.stripeSecret,
    plaidTokenKey: data.plaidTokenKey,
    plaidEnvironment: options.plaidEnvironment ?? 'sandbox',
    webOrigins,
    emailFrom: options.emailFrom ?? `${PRODUCT_NAME} <no-reply@example.com>`,
    coachModelId: options.coachModelId ?? DEFAULT_COACH_MODEL,
    logRetention,
  });
  const jobs = new JobsStack(app, stackId('Jobs'), {
    env,
    description: 'money-calendar schedules and event-bus rules',
    bus: data.bus,
    functions: api.functions,
    otherFunctions: new Map([[auth.preSignUp.entry.name, auth.preSignUp]]),
    workQueues: api.workQueues.queues,
    asyncFailures: api.workQueues.asyncFailures,
    apiId: api.api.apiId,
  });
  const defaultDist = fromRoot('web', 'dist');
  const webDist =
    options.webDist !== undefined
      ? options.webDist
      : existsSync(`${defaultDist}/index.html`)
        ? defaultDist
        : null;
  const web = new WebStack(app, stackId('Web'), {
    env,
    description: 'money-calendar SPA: private bucket, CloudFront, security headers',
    runtimeConfig: {
      apiUrl: api.apiUrl,
      realtimeUrl: api.realtimeUrl,
      region: options.region,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.userPoolClient.userPoolClientId,
    },
    imageOrigins: [`https://${data.avatars.bucket.bucketRegionalDomainName}`],
    webDist,
    ...(options.webDomain ? { domain: options.webDomain } : {}),
  });

  Tags.of(app).add('app', 'money-calendar');
  Tags.of(app).add('stage', stage);
  if (options.nag ?? true) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, auth, data, api, jobs, web };
}

/** A small, fast model with tool use on Converse; any Converse model with tools can replace it. */
export const DEFAULT_COACH_MODEL = 'amazon.nova-lite-v1:0';

/** Options from the process environment (docs/deploy.md lists every variable). */
export function optionsFromEnvironment(env: NodeJS.ProcessEnv): BuildAppOptions {
  const plaidEnvironment = env.PLAID_ENV;
  if (plaidEnvironment !== undefined && plaidEnvironment !== 'sandbox' && plaidEnvironment !== 'production') {
    throw new Error(`PLAID_ENV must be sandbox or production, not "${plaidEnvironment}"`);
  }
  if (Boolean(env.WEB_DOMAIN) !== Boolean(env.WEB_CERTIFICATE_ARN)) {
    throw new Error('WEB_DOMAIN and WEB_CERTIFICATE_ARN are set together or not at all');
  }
  return {
    account: env.MONEYCAL_ACCOUNT || env.CDK_DEFAULT_ACCOUNT || OFFLINE_ACCOUNT,
    region: env.MONEYCAL_REGION || env.CDK_DEFAULT_REGION || DEFAULT_REGION,
    ...(env.MONEYCAL_STAGE ? { stage: env.MONEYCAL_STAGE } : {}),
    ...(env.WEB_ORIGIN ? { webOrigin: env.WEB_ORIGIN } : {}),
    ...(env.EMAIL_FROM ? { emailFrom: env.EMAIL_FROM } : {}),
    ...(env.COACH_MODEL_ID ? { coachModelId: env.COACH_MODEL_ID } : {}),
    ...(env.WEB_DOMAIN && env.WEB_CERTIFICATE_ARN
      ? { webDomain: { domainName: env.WEB_DOMAIN, certificateArn: env.WEB_CERTIFICATE_ARN } }
      : {}),
    ...(plaidEnvironment ? { plaidEnvironment } : {}),
  };
}
