// `npm run bench`: performance figures, each printed beside the baseline it is compared with, in one
// run on this machine. Budgets live here, not in tests (machines are noisy): a figure over its budget
// is flagged, and the run exits non-zero only with --strict.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../local/bootstrap.ts';
import { startThrowawayCloud, type LocalCloud } from '../local/cloud.ts';
import { benchForecastComputation, benchMoneyThroughGateway, benchSandboxHistories } from './money-bench.ts';
import { benchCoach } from './coach-bench.ts';
import { benchRealtime } from './realtime-bench.ts';
import { benchInitialSync } from './sync-bench.ts';
import { entryKey, readWebManifest, staticClosure } from './web-manifest.ts';
import { benchObservability } from './observability-bench.ts';
import { benchWeb } from './web-bench.ts';
import { benchUser } from './bench-user.ts';
import { scaleFigures, scaleRun } from './scale-bench.ts';
import { benchCost } from './cost-bench.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const { values: args } = parseArgs({
  options: {
    strict: { type: 'boolean', default: false },
    requests: { type: 'string', default: '300' },
    // Plaid sandbox seeds for detection quality and the forecast backtest (5 banks each).
    seeds: { type: 'string', default: '20' },
    // One group of figures instead of all: `npm run bench -- --only reads` (the calendar and plan reads
    // beside GET /profiles/me, and their cold first calls).
    only: { type: 'string' },
    // The scale run's sizes (people), smallest first: `--scale 200,2000`; `--scale 0` leaves it out.
    scale: { type: 'string', default: '200,2000' },
  },
});
const ONLY = args.only;
if (ONLY !== undefined && ONLY !== 'reads') throw new Error(`--only ${ONLY}: the one group is 'reads'`);
const REQUESTS = Number.parseInt(args.requests, 10);
const SEEDS = Number.parseInt(args.seeds, 10);
const SCALE_SIZES = args.scale
  .split(',')
  .map((size) => Number.parseInt(size, 10))
  .filter((size) => size > 0);

interface Figure {
  name: string;
  value: number;
  unit: string;
  baselineName: string;
  baseline: number;
  /** Largest acceptable value, if the figure has a budget. */
  budget?: number;
  /** Smallest acceptable value, if the figure has a floor (a score). */
  atLeast?: number;
}
const figures: Figure[] = [];

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

async function sample(count: number, fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 20; i++) await fn(); // warm-up: module loading, JIT, connections
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function signedInUser(cloud: LocalCloud): Promise<string> {
  return (await benchUser(cloud)).token;
}

/** Gateway → handler → DynamoDB Local, against a raw GetItem and against the gateway alone. */
async function benchProfilesRead(cloud: LocalCloud): Promise<void> {
  const token = await signedInUser(cloud);
  const headers = { authorization: `Bearer ${token}` };
  const me = await fetch(`${cloud.urls.api}/profiles/me`, { headers });
  const { id } = (await me.json()) as { id: string };
  const ddb = DynamoDBDocumentClient.from(dynamoClient(cloud.urls.dynamodb));

  const rawGet = new GetCommand({
    TableName: cloud.tableName,
    Key: { pk: `$moneycal#id_${id}`, sk: '$profile_1' },
  });
  if (!(await ddb.send(rawGet)).Item)
    throw new Error('the raw GetItem baseline does not find the profile item');
  const raw = await sample(REQUESTS, () => ddb.send(rawGet));
  const gatewayOnly = await sample(REQUESTS, async () => {
    // Every handler is built: a body the handler refuses before any read stands for the gateway alone
    // (the code-step route needs no second-factor lookup, and validation comes before its data).
    const response = await fetch(`${cloud.urls.api}/functions/send-2fa-code-secure`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    if (response.status !== 400) throw new Error(`the gateway-only baseline answered ${response.status}`);
    await response.text();
  });
  const profile = await sample(REQUESTS, async () => {
    const response = await fetch(`${cloud.urls.api}/profiles/me`, { headers });
    if (response.status !== 200) throw new Error(`GET /profiles/me answered ${response.status}`);
    await response.text();
  });
  // The subscription check on its hot path (one record read, no Stripe call), for a person
  // on a trial, in the same run as GET /profiles/me; the target is within 1.5× of it.
  const trial = await fetch(`${cloud.urls.api}/functions/start-trial`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: '{}',
  });
  if (trial.status !== 200) throw new Error(`start-trial answered ${trial.status}`);
  const subscription = await sample(REQUESTS, async () => {
    const response = await fetch(`${cloud.urls.api}/functions/check-subscription`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: '{}',
    });
    if (response.status !== 200) throw new Error(`check-subscription answered ${response.status}`);
    await response.text();
  });

  figures.push(
    {
      name: 'GET /profiles/me p50 (gateway + JWT + handler + DynamoDB Local)',
      value: profile.p50,
      unit: 'ms',
      baselineName: 'raw DynamoDB Local GetItem p50',
      baseline: raw.p50,
      budget: 50,
    },
    {
      name: 'GET /profiles/me p95',
      value: profile.p95,
      unit: 'ms',
      baselineName: 'raw DynamoDB Local GetItem p95',
      baseline: raw.p95,
      budget: 100,
    },
    {
      name: 'check-subscription p50 (gateway + JWT + handler + subscriber record)',
      value: subscription.p50,
      unit: 'ms',
      baselineName: 'GET /profiles/me p50, same run (budget 1.5×)',
      baseline: profile.p50,
      budget: 1.5 * profile.p50,
    },
    {
      name: 'check-subscription p95',
      value: subscription.p95,
      unit: 'ms',
      baselineName: 'GET /profiles/me p95, same run (budget 1.5×)',
      baseline: profile.p95,
      budget: 1.5 * profile.p95,
    },
    {
      name: 'gateway alone p50 (JWT check, routing, event, a handler refusing the body: 400)',
      value: gatewayOnly.p50,
      unit: 'ms',
      baselineName: 'raw DynamoDB Local GetItem p50',
      baseline: raw.p50,
      budget: 20,
    },
  );
}

/** The scripts, module preloads and style sheets a built index.html makes the browser fetch at once. */
function htmlAssets(html: string): { js: string[]; css: string[] } {
  const refs = (pattern: RegExp) =>
    [...html.matchAll(pattern)].map((match) => (match[1] ?? '').replace(/^\//, ''));
  return {
    js: [
      ...refs(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
      ...refs(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    ],
    css: refs(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g),
  };
}

/**
 * The landing page's weight: the JavaScript and CSS a browser fetches for a signed-out
 * visitor's '/'. The page itself is prerendered into index.html, so it paints with the HTML and its
 * style sheet; the JavaScript is the small entry that drives it (web/src/main.tsx with
 * app/static-landing.ts: typing, links, theme, update check), everything built index.html loads at once
 * (its module script, module preloads and style sheets) together with the entry's static imports from
 * the manifest. Also: the largest chunk loaded later, and for comparison what the full app needs to
 * show /login (entry, app/boot.tsx and the route, each with their static imports). Targets: the landing
 * page's JavaScript ≤ 120 KB gzip, /login's ≤ 150 KB.
 */
function benchLandingBundle(): Figure[] {
  const root = resolve(import.meta.dirname, '..');
  execFileSync(
    process.execPath,
    [
      join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--config',
      'web/vite.config.ts',
      '--logLevel',
      'error',
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  const dist = join(root, 'web', 'dist');
  const manifest = readWebManifest(dist);
  const gzipKb = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
  const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gzipKb(file), 0);
  const entry = entryKey(manifest);
  const bootKey = 'src/app/boot.tsx';
  const loginKey = 'src/app/routes/auth/login.tsx';
  if (!manifest[bootKey] || !manifest[loginKey])
    throw new Error('the build manifest has no app/boot.tsx or no /login route module');

  const js = new Set<string>();
  const css = new Set<string>();
  staticClosure(manifest, entry, js, css);
  const html = htmlAssets(readFileSync(join(dist, 'index.html'), 'utf8'));
  html.js.forEach((file) => js.add(file));
  html.css.forEach((file) => css.add(file));

  const loginJs = new Set<string>();
  for (const key of [entry, bootKey, loginKey]) staticClosure(manifest, key, loginJs, new Set());

  const lazy = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith('.js') && !js.has(file));
  const largestLazy = Math.max(0, ...lazy.map(gzipKb));
  // Each line beside what the build before the signed-in screens were made faster weighed (gzip KB).
  const before = { baselineName: 'before' };
  return [
    {
      name: 'landing page JS (gzip; the page itself is in index.html)',
      value: sum(js),
      unit: 'KB',
      ...before,
      baseline: 8.4,
      budget: 120,
    },
    { name: 'landing CSS before first render (gzip)', value: sum(css), unit: 'KB', ...before, baseline: 9.2 },
    { name: 'largest lazy JS chunk (gzip)', value: largestLazy, unit: 'KB', ...before, baseline: 104.8 },
    {
      name: 'full app JS to show /login: entry, boot and the route with their static imports (gzip)',
      value: sum(loginJs),
      unit: 'KB',
      ...before,
      baseline: 150.1,
      budget: 150,
    },
  ];
}

async function main(): Promise<void> {
  await measure();
  printFigures();
}

async function measure(): Promise<void> {
  const started = performance.now();
  const cloud = await startThrowawayCloud('moneycal-bench-');
  const startup = performance.now() - started;
  try {
    figures.push({
      name: 'local cloud start (DynamoDB Local, cognito-local, bootstrap, gateway)',
      value: startup,
      unit: 'ms',
      baselineName: 'budget',
      baseline: 15_000,
      budget: 15_000,
    });
    await benchProfilesRead(cloud);
    figures.push(...(await benchMoneyThroughGateway(cloud, await signedInUser(cloud), REQUESTS)));
    if (ONLY === 'reads') return;
    figures.push(...(await benchInitialSync(cloud, await signedInUser(cloud))));
    figures.push(...(await benchCoach(cloud, await signedInUser(cloud))));
    figures.push(...(await benchRealtime(cloud, await signedInUser(cloud), Math.min(REQUESTS, 100))));
    figures.push(...(await benchObservability(cloud, await signedInUser(cloud))));
  } finally {
    await cloud.stop();
  }

  figures.push(...benchLandingBundle());
  figures.push(...(await benchWeb()));
  figures.push(...benchForecastComputation());
  figures.push(...(await benchSandboxHistories(SEEDS)));
  const costs = await benchCost();
  costLines.push(...costs.lines);
  figures.push(...costs.figures);
  if (SCALE_SIZES.length >= 2) figures.push(...scaleFigures(await scaleRun(SCALE_SIZES)));
}

/** The cost model's breakdown, printed before the figures. */
const costLines: string[] = [];

function printFigures(): void {
  if (costLines.length > 0) console.log(`\n${costLines.join('\n')}`);
  console.log(`\nBenchmarks (${REQUESTS} sequential requests each, after 20 warm-up requests)\n`);
  let over = 0;
  for (const f of figures) {
    const ratio = f.baseline > 0 ? ` (${(f.value / f.baseline).toFixed(1)}× baseline)` : '';
    const flag =
      f.budget !== undefined && f.value > f.budget
        ? `  ✖ over budget ${f.budget} ${f.unit}`
        : f.atLeast !== undefined && f.value < f.atLeast
          ? `  ✖ under target ${f.atLeast} ${f.unit}`
          : '';
    const target =
      f.budget !== undefined
        ? `  ·  target ≤ ${f.budget}`
        : f.atLeast !== undefined
          ? `  ·  target ≥ ${f.atLeast}`
          : '';
    if (flag) over += 1;
    console.log(
      `${f.name}: ${f.value.toFixed(2)} ${f.unit}${ratio}  ·  baseline ${f.baselineName}: ${f.baseline.toFixed(2)} ${f.unit}${target}${flag}`,
    );
  }
  if (args.strict && over > 0) process.exit(1);
}

await main();
