// `npm run bench`, client observability: what the SPA's recorder costs per API call, beside the
// call's own time, and how many bytes its reports send per minute of normal use. The SPA's own modules
// (web/src/lib/api-client.ts, telemetry.ts, report-shipper.ts) are bundled with esbuild for Node, so the
// code measured is the code that ships. docs/observability.md.
//
// - Recorder cost: `recordCall` (timing, the log line, the metrics buffer, the shipper's per-operation sum)
//   per call, median of rounds; beside it, the call's own time through the same API client: a real
//   GET /profiles/me against the local cloud when one is given, else the client over an instant fetch.
// - Bytes per minute: a scripted minute of normal use (6 route loads, 60 API calls over 12 operations,
//   one error report with its history and log lines) shipped as the timers would (one post per 5 s),
//   at the cloud's sample rate; beside it, what a naive recorder would send: every operation and the error
//   posted on its own, unsampled.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { LocalCloud } from '../local/cloud.ts';
import { percentile, type Figure } from './money-bench.ts';

const repoRoot = resolve(import.meta.dirname, '..');

/** The shapes of the bundled SPA modules this bench uses (the bundle is not type-checked here). */
interface FinishedCall {
  method: 'GET' | 'POST';
  path: string;
  ms: number;
  status: number;
  error: unknown;
}
interface SpaModules {
  createApiClient: (options: {
    baseUrl: () => string;
    getToken: () => Promise<string | undefined>;
    fetch?: typeof fetch;
    onCall?: (call: FinishedCall) => void;
  }) => { get: <T>(path: string) => Promise<T> };
  recordCall: (call: FinishedCall) => void;
  telemetry: {
    subscribe: (listener: { metric?: (m: unknown) => void; error?: (r: unknown) => void }) => () => void;
    recordOperation: (op: string, ms: number, ok: boolean) => unknown;
    recordRoute: (route: string) => void;
    reportError: (error: unknown) => unknown;
    log: (level: 'info', message: string) => void;
  };
  createReportShipper: (deps: {
    send: (body: string) => Promise<unknown>;
    beacon: (body: string) => boolean;
    sessionId: string;
    buildVersion: string;
    sampleRate: number;
    random?: () => number;
    now?: () => number;
  }) => {
    addMetric: (m: unknown) => void;
    addError: (r: unknown) => void;
    flush: () => Promise<void>;
    stop: () => void;
    stats: () => { posts: number; bytes: number };
  };
  REPORT_SHIPPING: { sampleRate: { cloud: number } };
  ApiError: new (
    message: string,
    details: { status: number; code?: string; correlationId?: string },
  ) => Error;
}

async function loadSpaModules(): Promise<{ modules: SpaModules; cleanup: () => void }> {
  // Inside the repository, so the bundle's packages (left external) resolve from its node_modules.
  const cache = join(repoRoot, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const dir = mkdtempSync(join(cache, 'observability-bench-'));
  const out = join(dir, 'spa.mjs');
  await build({
    stdin: {
      contents: [
        "export { createApiClient, recordCall, ApiError } from './web/src/lib/api-client.ts';",
        "export { telemetry } from './web/src/lib/telemetry.ts';",
        "export { createReportShipper } from './web/src/lib/report-shipper.ts';",
        "export { REPORT_SHIPPING } from './web/src/lib/constants.ts';",
      ].join('\n'),
      resolveDir: repoRoot,
      loader: 'ts',
    },
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    tsconfig: join(repoRoot, 'web', 'tsconfig.json'),
    define: { 'import.meta.env.VITE_APP_VERSION': '"bench"', 'import.meta.env': '{}' },
    outfile: out,
    logLevel: 'error',
  });
  const modules = (await import(pathToFileURL(out).href)) as SpaModules;
  return { modules, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** A small deterministic random source, so the sampled minute is the same every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const OPERATIONS = [
  'GET /profiles/me',
  'GET /accounts',
  'GET /financial-profiles',
  'POST /functions/get-money-plan-calendar',
  'GET /running-balances',
  'GET /money-plan/items',
  'GET /transactions',
  'GET /alerts',
  'GET /preferences/alerts',
  'POST /functions/check-subscription',
  'GET /money-plan/categories',
  'GET /notifications',
];
const ROUTES = ['/accounts', '/calendar', '/plan', '/accounts/:accountId', '/calendar', '/settings'];

/** Per-call cost of recordCall in µs (median of rounds), with the shipper attached as in the page. */
function recorderCost(spa: SpaModules, calls: number, rounds: number): number {
  const shipper = spa.createReportShipper({
    send: async () => undefined,
    beacon: () => true,
    sessionId: 'bench-session',
    buildVersion: 'bench',
    sampleRate: spa.REPORT_SHIPPING.sampleRate.cloud,
    random: seeded(7),
  });
  const stop = spa.telemetry.subscribe({ metric: shipper.addMetric, error: shipper.addError });
  const perCall: number[] = [];
  try {
    for (let round = 0; round < rounds; round += 1) {
      const started = performance.now();
      for (let i = 0; i < calls; i += 1) {
        const op = OPERATIONS[i % OPERATIONS.length]!;
        const [method, path] = op.split(' ') as ['GET' | 'POST', string];
        spa.recordCall({ method, path, ms: 40 + (i % 50), status: 200, error: null });
      }
      perCall.push(((performance.now() - started) * 1000) / calls);
    }
  } finally {
    stop();
    shipper.stop();
  }
  return median(perCall);
}

/** The API call's own time in µs through the SPA's client: the local cloud's GET /profiles/me, or an instant fetch. */
async function callTime(
  spa: SpaModules,
  cloud: Pick<LocalCloud, 'urls'> | undefined,
  token: string | undefined,
): Promise<{ us: number; label: string }> {
  if (cloud && token) {
    const client = spa.createApiClient({ baseUrl: () => cloud.urls.api, getToken: async () => token });
    await client.get('/profiles/me');
    const times: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const started = performance.now();
      await client.get('/profiles/me');
      times.push((performance.now() - started) * 1000);
    }
    return { us: median(times), label: 'the call itself: GET /profiles/me on the local cloud, p50 (µs)' };
  }
  const client = spa.createApiClient({
    baseUrl: () => 'http://bench.invalid',
    getToken: async () => 'token',
    fetch: (async () => new Response('{"ok":true}', { status: 200 })) as typeof fetch,
  });
  const calls = 2000;
  const started = performance.now();
  for (let i = 0; i < calls; i += 1) await client.get('/profiles/me');
  return {
    us: ((performance.now() - started) * 1000) / calls,
    label: 'the call itself through the SPA client over an instant fetch (µs; no network)',
  };
}

/** Bytes one scripted minute of normal use sends, batched as the shipper does, and one post per operation. */
async function bytesPerMinute(
  spa: SpaModules,
): Promise<{ batched: number; unbatched: number; posts: number }> {
  const sampleRate = spa.REPORT_SHIPPING.sampleRate.cloud;
  let clock = 0;
  const sent: string[] = [];
  const shipper = spa.createReportShipper({
    send: async (body) => sent.push(body),
    beacon: () => true,
    sessionId: '3f2b8c1e-9a4d-4c2e-8b1a-0d9e8f7a6b5c',
    buildVersion: '20260305101112131-abc123',
    sampleRate,
    random: seeded(42),
    now: () => clock,
  });
  const stop = spa.telemetry.subscribe({ metric: shipper.addMetric, error: shipper.addError });
  const single: string[] = [];
  try {
    // 12 windows of 5 s: every window 5 API calls, every other window a route load; one error at 30 s.
    for (let window = 0; window < 12; window += 1) {
      clock = window * 5000;
      if (window % 2 === 0) {
        const route = ROUTES[window / 2]!;
        spa.telemetry.recordRoute(route);
        spa.telemetry.recordOperation(`route:${route}`, 350, true);
        single.push(`route:${route}`);
      }
      for (let i = 0; i < 5; i += 1) {
        const op = OPERATIONS[(window * 5 + i) % OPERATIONS.length]!;
        const [method, path] = op.split(' ') as ['GET' | 'POST', string];
        spa.recordCall({ method, path, ms: 120, status: 200, error: null });
        single.push(`api:${op}`);
      }
      if (window === 6) {
        spa.telemetry.reportError(
          new spa.ApiError('Something went wrong', {
            status: 500,
            code: 'server',
            correlationId: '0d9e8f7a-6b5c-4c2e-8b1a-3f2b8c1e9a4d',
          }),
        );
      }
      // What the 5 s timer does: one post with what the window gathered.
      await shipper.flush();
    }
  } finally {
    stop();
    shipper.stop();
  }
  const envelope = {
    session_id: '3f2b8c1e-9a4d-4c2e-8b1a-0d9e8f7a6b5c',
    build_version: '20260305101112131-abc123',
    sample_rate: 1,
    errors: [],
  };
  // The error reports, each in a post of its own.
  const errorPosts = sent
    .flatMap((body) => (JSON.parse(body) as { errors: unknown[] }).errors)
    .reduce<number>(
      (bytes, error) =>
        bytes + Buffer.byteLength(JSON.stringify({ ...envelope, metrics: [], errors: [error] })),
      0,
    );
  const unbatched =
    errorPosts +
    single.reduce(
      (bytes, op) =>
        bytes +
        Buffer.byteLength(
          JSON.stringify({ ...envelope, metrics: [{ op, count: 1, errors: 0, sum_ms: 120, slow: 0 }] }),
        ),
      0,
    );
  const stats = shipper.stats();
  return { batched: stats.bytes, unbatched, posts: stats.posts };
}

/**
 * The observability figures for `npm run bench`. With the local cloud and a signed-in token, the call's
 * own time is a real API call; without, the SPA client's time over an instant fetch.
 */
export async function benchObservability(
  cloud?: Pick<LocalCloud, 'urls'>,
  token?: string,
): Promise<Figure[]> {
  const { modules: spa, cleanup } = await loadSpaModules();
  try {
    const cost = recorderCost(spa, 5000, 9);
    const call = await callTime(spa, cloud, token);
    const minute = await bytesPerMinute(spa);
    return [
      {
        name: 'client observability: recorder cost per API call (µs)',
        value: Math.round(cost * 100) / 100,
        unit: 'µs',
        baselineName: call.label,
        baseline: Math.round(call.us * 100) / 100,
        budget: 50,
      },
      {
        name: `client observability: bytes sent per minute of normal use (${minute.posts} posts, sample rate ${spa.REPORT_SHIPPING.sampleRate.cloud})`,
        value: minute.batched,
        unit: 'B/min',
        baselineName: 'the same minute with every operation posted on its own, unsampled (B/min)',
        baseline: minute.unbatched,
        budget: 16 * 1024,
      },
    ];
  } finally {
    cleanup();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchObservability();
  for (const f of figures) console.log(`${f.name}: ${f.value} ${f.unit} (${f.baselineName}: ${f.baseline})`);
}
