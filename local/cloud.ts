// The local cloud: DynamoDB Local, cognito-local, the local API gateway and (optionally) the web server
// (Vite's dev server or its preview of a build, in a process of its own), bootstrapped idempotently,
// with the SPA's config generated from the ids it created. Used by `npm start`, the integration suite
// and the end-to-end suite alike.
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalog } from '../functions/catalog.ts';
import { createDeps, setDeps } from '../functions/lib/deps.ts';
import { inProcessBus } from '../functions/lib/ports/event-bus.ts';
import { outboxEmailSender } from '../functions/lib/ports/email.ts';
import { PRODUCT_NAME } from '../domain/brand.ts';
import { sesEventOf } from './outbox.ts';
import { localAvatarSecret } from '../functions/lib/ports/avatar-store.ts';
import { createLogger } from '../functions/lib/logger.ts';
import { cognitoClient, ensureTable, ensureUserPool, LOCAL_REGION } from './bootstrap.ts';
import { standardClaimsEnricher } from './cognito/id-token-claims.ts';
import { PRE_SIGN_UP_TRIGGER, startCognito } from './cognito/start.ts';
import { handler as preSignUp } from '../functions/auth-pre-sign-up/handler.ts';
import { startDynamoDb } from './dynamodb/start.ts';
import { startGateway, type Gateway } from './gateway.ts';
import { createPlaidSandbox, type PlaidSandbox } from './plaid-sandbox/sandbox.ts';
import { LOCAL_PLAID_KEYS } from './plaid-sandbox-token.ts';
import { newWebhookSecret } from './stripe-sandbox/webhooks.ts';
import { startStripeSandbox, type StripeSandbox } from './stripe-sandbox/sandbox.ts';
import { assertPortFree, freePort } from './processes.ts';
import { buildVersion } from '../infra/build-version.ts';
import { API_PATH_PREFIX } from '../infra/same-origin-api.ts';
import {
  localEventDispatcher,
  startScheduler,
  type DeadLetter,
  type LocalEventDispatcher,
} from './triggers.ts';
import { drainLocalWork, localWorkQueues, type LocalWorkQueues } from './work-queues.ts';
import { operatorConsole } from './operator-console.ts';
import { startWebServer } from './web/start.ts';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Every confirmation and password-reset code is this value locally (cognito-local's CODE). */
export const LOCAL_CONFIRMATION_CODE = '123456';
export const LOCAL_TABLE_NAME = 'moneycal-local';

export interface LocalPorts {
  plaid: number;
  stripe: number;
  dynamodb: number;
  cognito: number;
  api: number;
  web: number;
}

export const defaultPorts: LocalPorts = {
  dynamodb: 8000,
  cognito: 9229,
  api: 3001,
  web: 5173,
  plaid: 8810,
  stripe: 8820,
};

export { LOCAL_PLAID_KEYS, sandboxPublicToken } from './plaid-sandbox-token.ts';

export interface LocalCloudOptions {
  /** Folder for all state (database, pool, logs, generated config). */
  dataDir: string;
  ports: LocalPorts;
  /** Wipe dataDir first. */
  fresh?: boolean;
  /** Keep the database in memory (throwaway test runs). */
  inMemory?: boolean;
  /** Start the Vite dev server for the SPA. */
  web?: boolean;
  /** Serve this production build (`vite build`'s output) instead of the dev server: what CloudFront
   * serves, with the same SPA fallback; the end-to-end suite runs against it. Needs `web`. */
  webDist?: string;
}

/** The SPA's runtime config (web/src/config): generated here, deployed by infra/ in the cloud. */
export interface WebConfig {
  stage: 'local';
  apiUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  cognitoEndpoint: string;
  authFlowType: 'USER_PASSWORD_AUTH';
  /** The Link script: the local sandbox's stand-in here, Plaid's CDN in the cloud. */
  plaidLinkScriptUrl: string;
  /** The local mail outbox viewer. */
  outboxUrl: string;
  /** The realtime WebSocket (the gateway's ws server). */
  realtimeUrl: string;
}

export interface LocalCloud {
  urls: { web: string; api: string; cognito: string; dynamodb: string; plaid: string; stripe: string };
  /** The local Plaid (clock, webhooks, ground truth) for tests and demos. */
  plaid: PlaidSandbox;
  /** The local Stripe (clock, hosted pages, webhooks) for tests and demos; its clock is also the clock
   * the API judges trials and grace periods by (docs/subscriptions.md). */
  stripe: StripeSandbox;
  config: WebConfig;
  tableName: string;
  dataDir: string;
  logDir: string;
  outboxDir: string;
  /** The local event bus: `drain()` waits for every delivery so far (tests). */
  events: LocalEventDispatcher;
  /** The local work queues (SQS's semantics): `drain()` waits until every queue is empty (tests). */
  queues: LocalWorkQueues;
  /** The gateway's ws server (tests drop its sockets to stand in for a network cut). */
  realtime: Gateway['realtime'];
  stop(): Promise<void>;
}

/** The signing secret of the local Stripe webhook endpoint: made once per data folder, as the
 * Dashboard shows one per endpoint. */
function ensureStripeWebhookSecret(file: string): string {
  if (!existsSync(file)) writeFileSync(file, newWebhookSecret(), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/** The local stand-in for the KMS key of Plaid tokens: 32 random bytes, made once per data folder. */
function ensureTokenKey(file: string): string {
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  return file;
}

export async function startLocalCloud(options: LocalCloudOptions): Promise<LocalCloud> {
  const dataDir = resolve(options.dataDir);
  if (options.fresh) rmSync(dataDir, { recursive: true, force: true });
  const logDir = join(dataDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const { ports } = options;

  await assertPortFree(ports.dynamodb, 'DynamoDB Local');
  await assertPortFree(ports.cognito, 'cognito-local');
  await assertPortFree(ports.api, 'local API gateway');
  await assertPortFree(ports.plaid, 'Plaid sandbox');
  await assertPortFree(ports.stripe, 'Stripe sandbox');
  if (options.web) await assertPortFree(ports.web, 'web app (Vite)');

  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    stops.length = 0;
  };

  try {
    const urls = {
      dynamodb: `http://127.0.0.1:${ports.dynamodb}`,
      cognito: `http://127.0.0.1:${ports.cognito}`,
      api: `http://127.0.0.1:${ports.api}`,
      web: `http://127.0.0.1:${ports.web}`,
      plaid: `http://127.0.0.1:${ports.plaid}`,
      stripe: `http://127.0.0.1:${ports.stripe}`,
    };
    const dbDir = join(dataDir, 'dynamodb');
    const outboxDir = join(dataDir, 'outbox');
    if (!options.inMemory) mkdirSync(dbDir, { recursive: true });
    const [dynamo, cognito] = await Promise.all([
      startDynamoDb({
        port: ports.dynamodb,
        ...(options.inMemory ? {} : { dbPath: dbDir }),
        logFile: join(logDir, 'dynamodb.log'),
      }),
      startCognito({
        port: ports.cognito,
        dataDir,
        lambdaEndpoint: urls.api,
        code: LOCAL_CONFIRMATION_CODE,
        logFile: join(logDir, 'cognito.log'),
      }),
    ]);
    stops.push(
      () => dynamo.stop(),
      () => cognito.stop(),
    );

    const plaid = await createPlaidSandbox({
      port: ports.plaid,
      ...LOCAL_PLAID_KEYS,
      webhookUrl: `${urls.api}/webhooks/plaid`,
      ...(options.inMemory ? {} : { dataFile: join(dataDir, 'plaid-sandbox.json') }),
      log: (line) => appendFileSync(join(logDir, 'plaid.log'), `${line}\n`),
    });
    stops.push(() => plaid.close());

    // In memory: customers and subscriptions start afresh with each start (docs/stripe-sandbox.md).
    const stripeWebhookSecret = ensureStripeWebhookSecret(join(dataDir, 'stripe-webhook-secret'));
    const stripe = await startStripeSandbox({
      port: ports.stripe,
      webhooks: [{ url: `${urls.api}/webhooks/stripe`, secret: stripeWebhookSecret }],
      log: (line) => {
        if (existsSync(logDir)) appendFileSync(join(logDir, 'stripe.log'), `${line}\n`);
      },
    });
    stops.push(() => stripe.stop());

    const [ids] = await Promise.all([
      ensureUserPool(urls.cognito, join(dataDir, 'cognito-ids.json')),
      ensureTable(urls.dynamodb, LOCAL_TABLE_NAME),
    ]);

    const tokenKeyFile = ensureTokenKey(join(dataDir, 'token-key'));
    const avatarsDir = join(dataDir, 'avatars');
    // Handlers run in this process, with the environment a deployed Lambda would have.
    const env = {
      ...process.env,
      BUILD_VERSION: `local-${buildVersion()}`,
      TABLE_NAME: LOCAL_TABLE_NAME,
      DYNAMODB_ENDPOINT: urls.dynamodb,
      AWS_REGION: LOCAL_REGION,
      APP_URL: urls.web,
      // One-click unsubscribe links point at the API (the SPA's dev server does not proxy it).
      API_URL: urls.api,
      EMAIL_OUTBOX_DIR: outboxDir,
      LOCAL_TOKEN_KEY_FILE: tokenKeyFile,
      LOCAL_AVATARS_DIR: avatarsDir,
      LOCAL_AVATARS_URL: urls.api,
      PLAID_BASE_PATH: plaid.url,
      PLAID_CLIENT_ID: LOCAL_PLAID_KEYS.clientId,
      PLAID_SECRET: LOCAL_PLAID_KEYS.secret,
      PLAID_WEBHOOK_URL: `${urls.api}/webhooks/plaid`,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(stripe.port),
      STRIPE_API_PROTOCOL: 'http',
      STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
      // The realtime $connect route verifies ID tokens itself (no authorizer in front of it).
      COGNITO_ISSUER: `${urls.cognito}/${ids.userPoolId}`,
      COGNITO_CLIENT_ID: ids.userPoolClientId,
      // The admin area's user actions go to cognito-local (functions/lib/ports/user-directory.ts).
      COGNITO_ENDPOINT: urls.cognito,
      USER_POOL_ID: ids.userPoolId,
      USER_POOL_CLIENT_ID: ids.userPoolClientId,
    };
    const apiLog = join(logDir, 'api.log');
    const writeApiLog = (line: string) => {
      // A delivery finishing while the cloud stops may find its log folder gone; the line is not needed.
      if (existsSync(logDir)) appendFileSync(apiLog, `${line}\n`);
    };
    // The bus delivers through the gateway, which starts after the deps it serves.
    const gatewayRef: { current?: Gateway } = {};
    const invoke = () => {
      if (!gatewayRef.current) throw new Error('the gateway is not started');
      return gatewayRef.current.invoke;
    };
    // Deliveries and scheduled runs that failed every try (Lambda's failure destination in the cloud).
    const deadLetters: DeadLetter[] = [];
    const events = localEventDispatcher(catalog, invoke, writeApiLog, { deadLetters });
    const workQueues = localWorkQueues(catalog, invoke, writeApiLog);
    stops.push(async () => workQueues.stop());
    // The outbox simulates SES's configuration-set events (delivery, bounce, complaint), handed to the
    // same consumer EventBridge invokes in the cloud.
    const deliveryEvents = catalog.find((entry) => entry.name === 'email-delivery-events');
    const email = outboxEmailSender(
      outboxDir,
      `${PRODUCT_NAME} <no-reply@localhost>`,
      undefined,
      (outcome) => {
        if (!deliveryEvents) return;
        setTimeout(() => {
          invoke()(deliveryEvents, sesEventOf(outcome)).catch((error: unknown) =>
            writeApiLog(`email delivery event failed: ${(error as Error).stack ?? String(error)}`),
          );
        }, 250).unref();
      },
    );
    setDeps(
      createDeps(env, {
        email,
        logger: createLogger({ service: 'money-calendar' }, writeApiLog),
        events: inProcessBus((event) => events.deliver(event), LOCAL_REGION),
        queue: workQueues.queue,
        // Trials and grace periods run on the sandbox's clock, so moving it ends them as it ends
        // Stripe's own trials and renewals.
        billingClock: () => stripe.clock.now(),
        // Pushes go to the gateway's ws server, API Gateway's Management API's stand-in.
        realtime: {
          send: (connectionId, message) => {
            if (!gatewayRef.current) throw new Error('the gateway is not started');
            return gatewayRef.current.realtime.send(connectionId, message);
          },
        },
      }),
    );
    stops.push(async () => setDeps(undefined));

    const gateway = await startGateway({
      port: ports.api,
      cognitoEndpoint: urls.cognito,
      userPoolId: ids.userPoolId,
      userPoolClientId: ids.userPoolClientId,
      enrichClaims: standardClaimsEnricher(cognitoClient(urls.cognito), ids.userPoolId),
      allowedOrigins: [urls.web, `http://localhost:${ports.web}`],
      repoRoot,
      outboxDir,
      avatars: { directory: avatarsDir, secret: localAvatarSecret(readFileSync(tokenKeyFile, 'utf8')) },
      onRequest: writeApiLog,
      lambdaTriggers: { [PRE_SIGN_UP_TRIGGER]: preSignUp as (event: unknown) => Promise<unknown> },
      operator: operatorConsole({
        entries: catalog,
        workQueues,
        events,
        deadLetters,
        invoke: (entry, event) => invoke()(entry, event),
      }),
    });
    gatewayRef.current = gateway;
    stops.push(() => gateway.close());
    const stopScheduler = startScheduler(catalog, gateway.invoke, writeApiLog, deadLetters);
    stops.push(async () => stopScheduler());
    // First on stop: let in-flight webhooks and bus deliveries finish while everything still runs.
    stops.push(async () => {
      await plaid.webhooks.flush();
      await stripe.webhooks.flush();
      await drainLocalWork(events, workQueues);
    });

    // The SPA calls the API under its own origin (/api, proxied to the gateway by the web server below),
    // as CloudFront serves it in the cloud: same-origin calls, no CORS preflight.
    const config: WebConfig = {
      stage: 'local',
      apiUrl: options.web ? `${urls.web}${API_PATH_PREFIX}` : urls.api,
      region: LOCAL_REGION,
      userPoolId: ids.userPoolId,
      userPoolClientId: ids.userPoolClientId,
      cognitoEndpoint: urls.cognito,
      authFlowType: 'USER_PASSWORD_AUTH',
      plaidLinkScriptUrl: `${plaid.url}/link/link-initialize.js`,
      outboxUrl: `${urls.api}/__outbox`,
      realtimeUrl: gateway.realtime.url,
    };
    const configPath = join(dataDir, 'web-config.json');
    writeFileSync(configPath, JSON.stringify(config, null, 2));

    if (options.web) {
      // Its own process, as CloudFront is apart from the Lambdas: the pages and scripts do not wait
      // for the API's handlers on one event loop (local/web/child.mjs).
      const web = await startWebServer({
        repoRoot,
        port: ports.web,
        webDist: options.webDist ?? null,
        apiUrl: urls.api,
        prefix: API_PATH_PREFIX,
        configPath,
        logFile: join(logDir, 'web.log'),
      });
      stops.push(() => web.stop());
    }

    return {
      urls,
      config,
      plaid,
      stripe,
      tableName: LOCAL_TABLE_NAME,
      dataDir,
      logDir,
      outboxDir,
      events,
      queues: workQueues,
      realtime: gateway.realtime,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/**
 * A local cloud with throwaway state (database in memory, a fresh temporary folder) on free ports and
 * without the web app: what the integration suite and the benchmarks run against. `stop()` also
 * removes the folder.
 */
export async function startThrowawayCloud(
  prefix: string,
  /** onDisk: DynamoDB Local keeps its tables in the temporary folder, not the JVM's heap (the scale run). */
  { onDisk = false }: { onDisk?: boolean } = {},
): Promise<LocalCloud> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const cloud = await startLocalCloud({
    dataDir,
    inMemory: !onDisk,
    web: false,
    ports: {
      dynamodb: await freePort(),
      cognito: await freePort(),
      api: await freePort(),
      web: 0,
      plaid: await freePort(),
      stripe: await freePort(),
    },
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    ...cloud,
    stop: async () => {
      await cloud.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
