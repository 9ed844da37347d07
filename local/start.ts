// `npm start`: brings up the whole product on this machine and prints where to open it.
//   npm start                     data under .data/, reused between runs
//   npm start -- --fresh          wipe .data/ first
// Test runs add: --data-dir DIR --free-ports --in-memory --no-web --ready-file FILE --stop-on-stdin-close
//   and --web-dist DIR (serve that production build of the SPA instead of the Vite dev server)
// Ports default to 8000 (DynamoDB), 9229 (Cognito), 3001 (API), 5173 (web), 8810 (Plaid), 8820 (Stripe);
// MONEYCAL_PORT_<NAME> overrides.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  defaultPorts,
  LOCAL_CONFIRMATION_CODE,
  repoRoot,
  startLocalCloud,
  type LocalCloud,
  type LocalPorts,
} from './cloud.ts';
import { freePort, PortInUseError } from './processes.ts';
import { PRODUCT_NAME } from '../domain/brand.ts';

// The local tools run on this machine's Node 20; deployed Lambdas run Node 22, so the SDK's notice
// about Node 20 support does not concern them.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const { values: args } = parseArgs({
  options: {
    fresh: { type: 'boolean', default: false },
    'data-dir': { type: 'string' },
    'free-ports': { type: 'boolean', default: false },
    'in-memory': { type: 'boolean', default: false },
    'no-web': { type: 'boolean', default: false },
    'web-dist': { type: 'string' },
    'ready-file': { type: 'string' },
    'stop-on-stdin-close': { type: 'boolean', default: false },
  },
  allowPositionals: false,
});

async function choosePorts(): Promise<LocalPorts> {
  if (args['free-ports']) {
    return {
      dynamodb: await freePort(),
      cognito: await freePort(),
      api: await freePort(),
      web: await freePort(),
      plaid: await freePort(),
      stripe: await freePort(),
    };
  }
  const fromEnv = (name: keyof LocalPorts) => {
    const value = process.env[`MONEYCAL_PORT_${name.toUpperCase()}`];
    return value ? Number.parseInt(value, 10) : defaultPorts[name];
  };
  return {
    dynamodb: fromEnv('dynamodb'),
    cognito: fromEnv('cognito'),
    api: fromEnv('api'),
    web: fromEnv('web'),
    plaid: fromEnv('plaid'),
    stripe: fromEnv('stripe'),
  };
}

// Stopping: whatever a process manager signals — npm, the shell or this process —
// everything stops and the ports are freed. SIGINT, SIGTERM and SIGHUP are handled from the first
// moment (a signal during start-up stops once the pieces are up); if the launcher above us dies
// without passing the signal on (npm killed by SIGTERM takes its shell with it), we are re-parented,
// notice within half a second and stop too; and a stop that hangs ends after 10 s regardless (the
// children exit when their stdin pipe closes with us).
let stopCloud: (() => Promise<void>) | null = null;
let pendingStop: string | null = null;
let stopping = false;
async function stop(reason: string): Promise<void> {
  if (!stopCloud) {
    pendingStop ??= reason;
    return;
  }
  if (stopping) return;
  stopping = true;
  console.log(`\n${reason}: stopping the local cloud...`);
  setTimeout(() => process.exit(1), 10_000).unref();
  await stopCloud().catch((error: unknown) => console.error(error));
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
const launcher = process.ppid;
setInterval(() => {
  if (process.ppid !== launcher) void stop('launcher exited');
}, 500).unref();

async function main(): Promise<void> {
  const started = Date.now();
  const dataDir = args['data-dir'] ?? join(repoRoot, '.data');
  let cloud: LocalCloud;
  try {
    cloud = await startLocalCloud({
      dataDir,
      ports: await choosePorts(),
      fresh: args.fresh,
      inMemory: args['in-memory'],
      web: !args['no-web'],
      ...(args['web-dist'] ? { webDist: args['web-dist'] } : {}),
    });
  } catch (error) {
    console.error(error instanceof PortInUseError ? `✖ ${error.message}` : error);
    process.exit(1);
  }

  stopCloud = () => cloud.stop();
  if (pendingStop) return void stop(pendingStop);
  // Test runners ask us to stop when they close our stdin, so nothing outlives them.
  if (args['stop-on-stdin-close']) {
    process.stdin.on('end', () => void stop('stdin closed'));
    process.stdin.resume();
  }

  if (args['ready-file']) {
    writeFileSync(
      args['ready-file'],
      JSON.stringify({ urls: cloud.urls, config: cloud.config, pid: process.pid }),
    );
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `✔ ${PRODUCT_NAME} is running (${seconds}s): open ${args['no-web'] ? cloud.urls.api : cloud.urls.web}  ·  ` +
      `sign-up confirmation codes are always ${LOCAL_CONFIRMATION_CODE} locally  ·  other e-mails at ` +
      `${cloud.urls.api}/__outbox  ·  Stripe sandbox ${cloud.urls.stripe} (card 4242 4242 4242 4242)  ·  ` +
      `logs in ${cloud.logDir}  ·  Ctrl-C stops everything`,
  );
}

void main();
