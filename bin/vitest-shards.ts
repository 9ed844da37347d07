// Vitest's own `--shard` splits the files into equal counts by a hash of their paths, so one shard can
// draw the three longest integration files (each runs alone: the integration project has no file
// parallelism) and finish minutes after the other. This sequencer splits by weight instead: each file's
// seconds from `tests/test-weights.json`, or a default for a file not in it, dealt longest first to the
// shard with the least so far (deterministic: every shard computes the same split). The snapshot is
// refreshed from a CI run's reports (`npx tsx bin/vitest-shards.ts <vitest-1.json> <vitest-2.json>`,
// from its test-results/), or from this checkout's Vitest results cache (`npx tsx
// bin/vitest-shards.ts`). Stale weights only make the split less even; every file still runs in exactly
// one shard.
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const WEIGHTS_FILE = resolve(import.meta.dirname, '..', 'tests', 'test-weights.json');

/** Seconds for a file no snapshot has timed: integration files talk to the local cloud. */
const DEFAULT_SECONDS: Record<string, number> = { integration: 5, infra: 3 };
const DEFAULT_UNIT_SECONDS = 0.2;

export type Weights = Record<string, number>;

export function weightOf(weights: Weights, key: string): number {
  const known = weights[key];
  if (known !== undefined) return known;
  return DEFAULT_SECONDS[key.slice(0, key.indexOf(':'))] ?? DEFAULT_UNIT_SECONDS;
}

/** The keys of shard `index` (1-based) of `count`: longest first to the lightest shard, ties by key. */
export function shardKeys(keys: string[], weights: Weights, index: number, count: number): Set<string> {
  const ordered = [...new Set(keys)].sort(
    (a, b) => weightOf(weights, b) - weightOf(weights, a) || (a < b ? -1 : 1),
  );
  const loads = Array.from({ length: count }, () => 0);
  const mine = new Set<string>();
  for (const key of ordered) {
    let lightest = 0;
    for (let shard = 1; shard < count; shard += 1) if (loads[shard]! < loads[lightest]!) lightest = shard;
    loads[lightest]! += weightOf(weights, key);
    if (lightest === index - 1) mine.add(key);
  }
  return mine;
}

function readWeights(): Weights {
  try {
    return JSON.parse(readFileSync(WEIGHTS_FILE, 'utf8')) as Weights;
  } catch {
    return {};
  }
}

/**
 * The local Plaid sandbox has one clock for its whole cloud (docs/plaid-sandbox.md): a file that moves it
 * forward leaves every bank linked after it with activity past the product's today. Such files (their
 * source asks for `/sandbox/clock/advance`) run after the rest of their shard, in the order given; the
 * others keep theirs.
 */
export function clockMoversLast<T>(files: T[], sourceOf: (file: T) => string): T[] {
  const moves = (file: T) => sourceOf(file).includes("'/sandbox/clock/advance'");
  return [...files.filter((file) => !moves(file)), ...files.filter(moves)];
}

export default class WeightedShards extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Only the integration files share a local cloud: the others are not read.
    return clockMoversLast(await super.sort(files), (spec) =>
      spec.project.name === 'integration' ? readFileSync(spec.moduleId, 'utf8') : '',
    );
  }

  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { shard, root } = this.ctx.config;
    if (!shard) return files;
    const key = (spec: TestSpecification) => `${spec.project.name}:${relative(root, spec.moduleId)}`;
    const mine = shardKeys(files.map(key), readWeights(), shard.index, shard.count);
    return files.filter((spec) => mine.has(key(spec)));
  }
}

/**
 * A test file's path in the repository. A CI run's reports name files in its own clone (another folder
 * than this checkout), so a path outside `root` is taken from its first top-level folder of the repo.
 */
export function repoPath(file: string, root: string): string {
  const inRoot = relative(root, file);
  if (!inRoot.startsWith('..')) return inRoot;
  const match = /\/((?:tests|web|domain|bin|events|functions|local|infra)\/.*)$/.exec(file);
  if (!match?.[1]) throw new Error(`${file} is in no folder of this repository`);
  return match[1];
}

/** The Vitest project of a test file (vitest.config.ts). */
export function projectOf(path: string): 'integration' | 'infra' | 'web' | 'unit' {
  if (path.startsWith('tests/integration/')) return 'integration';
  if (path.startsWith('tests/infra/')) return 'infra';
  return path.startsWith('web/src/') ? 'web' : 'unit';
}

/**
 * The snapshot from measured files (`project:path` keys, milliseconds): whole seconds, at least 1, sorted
 * by key. A unit or web file under a second is left out: the default weighs it.
 */
function weightsOf(timed: Iterable<[key: string, ms: number]>): Weights {
  const weights: Weights = {};
  for (const [key, ms] of timed) {
    const project = key.slice(0, key.indexOf(':'));
    if ((project !== 'unit' && project !== 'web') || ms >= 1000)
      weights[key] = Math.max(1, Math.round(ms / 1000));
  }
  return Object.fromEntries(Object.entries(weights).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Each file's own time from the JSON reports `npm test` writes (test-results/vitest-*.json), as a CI run
 * measured it. */
function timesFromReports(reports: string[]): Array<[string, number]> {
  const root = resolve(import.meta.dirname, '..');
  return reports.flatMap((report) => {
    const { testResults } = JSON.parse(readFileSync(report, 'utf8')) as {
      testResults: Array<{ name: string; startTime: number; endTime: number }>;
    };
    return testResults.map(({ name, startTime, endTime }): [string, number] => {
      const path = repoPath(name, root);
      return [`${projectOf(path)}:${path}`, endTime - startTime];
    });
  });
}

/** Each file's time from this checkout's Vitest results cache (after a full `npx vitest run`). */
function timesFromCache(): Array<[string, number]> {
  const caches = resolve(import.meta.dirname, '..', 'node_modules', '.vite', 'vitest');
  const cache = existsSync(caches)
    ? readdirSync(caches)
        .map((hash) => join(caches, hash, 'results.json'))
        .find((file) => existsSync(file))
    : undefined;
  if (!cache) throw new Error('no Vitest results cache: run `npx vitest run` first');
  const { results } = JSON.parse(readFileSync(cache, 'utf8')) as {
    results: Array<[string, { duration: number }]>;
  };
  return results.map(([key, { duration }]) => [key, duration]);
}

/** Refreshes the snapshot: from the JSON reports named on the command line (a CI run's, copied from its
 * test-results/), else from this checkout's Vitest results cache. */
function refresh() {
  const reports = process.argv.slice(2);
  const weights = weightsOf(reports.length > 0 ? timesFromReports(reports) : timesFromCache());
  writeFileSync(WEIGHTS_FILE, `${JSON.stringify(weights, null, 2)}\n`);
  console.log(`${Object.keys(weights).length} weights written to ${relative(process.cwd(), WEIGHTS_FILE)}`);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) refresh();
