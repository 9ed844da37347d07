// The one factory of dependencies: reads the environment once and builds the clients. Handlers get
// their dependencies from here; tests and the local gateway pass their own through setDeps(). Parts
// only some functions use are built on first use, so a function is not refused for a variable it never
// needs, and one that needs a missing variable fails naming it.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { KMSClient } from '@aws-sdk/client-kms';
import { SESClient } from '@aws-sdk/client-ses';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { readFileSync } from 'node:fs';
import { optionalEnv, requireEnv } from './env.ts';
import { createLogger, type Logger } from './logger.ts';
import { outboxEmailSender, sesEmailSender, type EmailSender } from './ports/email.ts';
import { outboxSmsSender, snsSmsSender, type SmsSender } from './ports/sms.ts';
import { SNSClient } from '@aws-sdk/client-sns';
import { eventBridgeBus, type EventBus } from './ports/event-bus.ts';
import { SQSClient } from '@aws-sdk/client-sqs';
import { queues, queueUrlVariable } from '../../events/queues.ts';
import { sqsWorkQueue, type WorkQueue } from './ports/work-queue.ts';
import { kmsTokenCipher, localTokenCipher, type TokenCipher } from './ports/token-cipher.ts';
import {
  localAvatarSecret,
  localAvatarStore,
  s3AvatarStore,
  type AvatarStore,
} from './ports/avatar-store.ts';
import { localStatementStore, s3StatementStore, type StatementFileStore } from './import/file-store.ts';
import { S3Client } from '@aws-sdk/client-s3';
import type { PlaidApi } from 'plaid';
import { plaidFromEnvironment } from './plaid/client.ts';
import { stripeFromEnvironment, type StripeAccess } from './stripe/client.ts';
import { PRODUCT_NAME } from '../../domain/brand.ts';
import { cognitoTokenVerifier, type TokenVerifier } from './cognito-token.ts';
import { apiGatewayRealtimeSender, type RealtimeSender } from './ports/realtime.ts';
import { cognitoUserDirectory, type UserDirectory } from './ports/user-directory.ts';

export interface Deps {
  tableName: string;
  ddb: DynamoDBDocumentClient;
  clock: () => Date;
  logger: Logger;
  email: EmailSender;
  /** Texts (two-factor codes): SNS in the cloud, the e-mail outbox locally. */
  sms: SmsSender;
  /** The SPA's origin, for links in e-mails (invitations, verification). */
  appUrl: string;
  /** The API's public base URL (one-click unsubscribe links): API_URL, else the SPA's origin + /api,
   * which CloudFront routes to the API in the cloud. */
  apiUrl: string;
  events: EventBus;
  /** The work queues sweeps enqueue their units on (SQS in the cloud: QUEUE_URL_<ID>). */
  queue: WorkQueue;
  /** Encrypts Plaid access tokens at rest. */
  tokenCipher: TokenCipher;
  /** The Plaid client (keys may come from Secrets Manager, hence async). */
  plaid: () => Promise<PlaidApi>;
  /** The URL Plaid sends webhooks to (PLAID_WEBHOOK_URL); none means no webhooks. */
  plaidWebhookUrl: string | undefined;
  /** Profile photos (AVATARS_BUCKET in the cloud, LOCAL_AVATARS_DIR here). */
  avatars: AvatarStore;
  /** Uploaded statements awaiting import (the avatars bucket's imports/ prefix; the local avatars folder). */
  statementFiles: StatementFileStore;
  /** The Stripe client and webhook secret (keys may come from Secrets Manager, hence async). */
  stripe: () => Promise<StripeAccess>;
  /** The clock trials and grace periods are judged by: the wall clock in the cloud, the Stripe
   * sandbox's (movable) clock locally, so a moved sandbox clock ends our trials as it ends Stripe's. */
  billingClock: () => Date;
  /** Pushes to browsers' WebSocket connections (REALTIME_ENDPOINT in the cloud, the local ws server here). */
  realtime: RealtimeSender;
  /** Verifies a Cognito ID token where no authorizer did (the realtime $connect route). */
  verifyIdToken: TokenVerifier;
  /** The user pool's admin operations (admin area; USER_POOL_ID, COGNITO_ENDPOINT locally). */
  users: UserDirectory;
  /** The server build (BUILD_VERSION, set by infra/build-version.ts), shown on /admin/system. */
  buildVersion: string | null;
}

/** Defines `name` on `target` as a getter that builds the value once, on first read. */
function lazy<T extends object, K extends keyof T>(target: T, name: K, build: () => T[K]): void {
  let value: T[K] | undefined;
  Object.defineProperty(target, name, { enumerable: true, get: () => (value ??= build()) });
}

/** `overrides` replace parts (a test's logger, the local cloud's bus); spread a Deps never, as that
 * would build every lazy part. */
export function createDeps(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Deps> = {}): Deps {
  const endpoint = optionalEnv('DYNAMODB_ENDPOINT', env);
  const client = new DynamoDBClient({
    ...(endpoint
      ? {
          endpoint,
          region: optionalEnv('AWS_REGION', env) ?? 'us-east-1',
          // DynamoDB Local accepts any credentials; fixed ones keep the SDK off the credential chain.
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {}),
  });
  const deps = {
    tableName: requireEnv('TABLE_NAME', env),
    ddb: DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }),
    clock: () => new Date(),
    logger: createLogger({ service: 'money-calendar' }),
  } as Deps;
  const lazyUnlessGiven = <K extends keyof Deps>(name: K, build: () => Deps[K]) =>
    name in overrides ? undefined : lazy(deps, name, build);
  lazyUnlessGiven('email', () => {
    const from = optionalEnv('EMAIL_FROM', env) ?? `${PRODUCT_NAME} <no-reply@localhost>`;
    const outbox = optionalEnv('EMAIL_OUTBOX_DIR', env);
    return outbox
      ? outboxEmailSender(outbox, from)
      : sesEmailSender(new SESClient({}), from, optionalEnv('EMAIL_CONFIGURATION_SET', env));
  });
  lazyUnlessGiven('sms', () =>
    optionalEnv('EMAIL_OUTBOX_DIR', env)
      ? outboxSmsSender(deps.email)
      : snsSmsSender(new SNSClient({}), PRODUCT_NAME),
  );
  lazyUnlessGiven('appUrl', () => requireEnv('APP_URL', env).replace(/\/$/, ''));
  lazyUnlessGiven('buildVersion', () => optionalEnv('BUILD_VERSION', env) ?? null);
  lazyUnlessGiven('apiUrl', () =>
    (optionalEnv('API_URL', env) ?? `${requireEnv('APP_URL', env).replace(/\/$/, '')}/api`).replace(
      /\/$/,
      '',
    ),
  );
  lazyUnlessGiven('events', () =>
    eventBridgeBus(new EventBridgeClient({}), requireEnv('EVENT_BUS_NAME', env)),
  );
  lazyUnlessGiven('queue', () =>
    sqsWorkQueue(new SQSClient({}), (queue) => requireEnv(queueUrlVariable(queues[queue].id), env)),
  );
  lazyUnlessGiven('tokenCipher', () => {
    const localKeyFile = optionalEnv('LOCAL_TOKEN_KEY_FILE', env);
    return localKeyFile
      ? localTokenCipher(Buffer.from(readFileSync(localKeyFile, 'utf8').trim(), 'base64'))
      : kmsTokenCipher(new KMSClient({}), requireEnv('PLAID_TOKEN_KEY_ARN', env));
  });
  lazyUnlessGiven('avatars', () => {
    const localDir = optionalEnv('LOCAL_AVATARS_DIR', env);
    if (!localDir) return s3AvatarStore(new S3Client({}), requireEnv('AVATARS_BUCKET', env));
    const secret = localAvatarSecret(readFileSync(requireEnv('LOCAL_TOKEN_KEY_FILE', env), 'utf8'));
    return localAvatarStore(localDir, requireEnv('LOCAL_AVATARS_URL', env), secret);
  });
  lazyUnlessGiven('statementFiles', () => {
    const localDir = optionalEnv('LOCAL_AVATARS_DIR', env);
    if (!localDir) return s3StatementStore(new S3Client({}), requireEnv('AVATARS_BUCKET', env));
    const secret = localAvatarSecret(readFileSync(requireEnv('LOCAL_TOKEN_KEY_FILE', env), 'utf8'));
    return localStatementStore(localDir, requireEnv('LOCAL_AVATARS_URL', env), secret);
  });
  lazyUnlessGiven('plaid', () => plaidFromEnvironment(env));
  lazyUnlessGiven('plaidWebhookUrl', () => optionalEnv('PLAID_WEBHOOK_URL', env));
  lazyUnlessGiven('stripe', () => stripeFromEnvironment(env));
  lazyUnlessGiven('billingClock', () => () => deps.clock());
  lazyUnlessGiven('realtime', () => apiGatewayRealtimeSender(requireEnv('REALTIME_ENDPOINT', env)));
  lazyUnlessGiven('verifyIdToken', () =>
    cognitoTokenVerifier({
      issuer: requireEnv('COGNITO_ISSUER', env),
      clientId: requireEnv('COGNITO_CLIENT_ID', env),
    }),
  );
  lazyUnlessGiven('users', () => {
    const endpoint = optionalEnv('COGNITO_ENDPOINT', env);
    return cognitoUserDirectory({
      userPoolId: requireEnv('USER_POOL_ID', env),
      clientId: requireEnv('USER_POOL_CLIENT_ID', env),
      ...(endpoint ? { endpoint, region: optionalEnv('AWS_REGION', env) ?? 'us-east-1' } : {}),
    });
  });
  return Object.assign(deps, overrides);
}

let current: Deps | undefined;

export function getDeps(): Deps {
  current ??= createDeps();
  return current;
}

/** Replace the dependencies (tests, the local gateway). */
export function setDeps(deps: Deps | undefined): void {
  current = deps;
}
