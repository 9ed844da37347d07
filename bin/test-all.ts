// `npm test`: every check in one run — typecheck and lint, unit, integration and infra suites under
// Vitest, then end-to-end under Playwright — and one closing line "N passed, N failed". Exits non-zero
// if anything failed. TEST_PARALLEL=1 runs the Vitest and Playwright suites side by side (each with its
// own local cloud on free ports), their output kept in test-results/ and printed as each ends: quicker
// on an idle machine with cores to spare, slower and less steady on a busy 2-core one (measured: the
// integration suite took 4× as long beside the browser suite at load 8), so not the default.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { type Failure, formatFailures, playwrightFailures, vitestFailures } from './test-failures.ts';

const root = resolve(import.meta.dirname, '..');
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

/** The machine's CPU time so far, busy and total, in clock ticks (Linux /proc/stat; zeros elsewhere). */
function cpuTicks(): { busy: number; total: number } {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = fields.slice(0, 8).reduce((sum, ticks) => sum + ticks, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0); // idle + iowait
    return { busy: total - idle, total };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/** Runs a phase and prints how busy the whole machine was meanwhile (cores in use on average, of
 * how many): the figures that say whether a phase waits or computes, i.e. whether it could share its
 * time with another phase. */
async function phase<T>(label: string, body: () => Promise<T> | T): Promise<T> {
  const before = cpuTicks();
  const started = Date.now();
  const result = await body();
  const after = cpuTicks();
  const cores = availableParallelism();
  const share = after.total > before.total ? (after.busy - before.busy) / (after.total - before.total) : 0;
  console.log(
    `⏱ ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s, the machine busy ${(share * cores).toFixed(2)} of ${cores} cores on average`,
  );
  return result;
}

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `◀ ${label}: exit ${result.status ?? result.signal} in ${((Date.now() - started) / 1000).toFixed(1)}s`,
  );
  return result.status ?? 1;
}

/** Runs a command with its output in test-results/<name>.log, printed when it ends. */
function runLogged(
  label: string,
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<number> {
  const logFile = join(results, `${name}.log`);
  const log = createWriteStream(logFile);
  const started = Date.now();
  console.log(`\n▶ ${label} (output in test-results/${name}.log)`);
  return new Promise((done) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env, FORCE_COLOR: '0' },
    });
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on('close', (code, signal) => {
      log.end(() => {
        console.log(`\n── ${label} ──\n${readFileSync(logFile, 'utf8')}`);
        console.log(`◀ ${label}: exit ${code ?? signal} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
        done(code ?? 1);
      });
    });
  });
}

/** Runs commands at most `width` at a time, each through runLogged (its output kept in test-results/
 * and printed whole when it ends); the first non-zero exit (or 0). */
async function runPool(
  label: string,
  commands: Array<[name: string, command: string, args: string[]]>,
  width = 2,
): Promise<number> {
  console.log(`\n▶ ${label} (${commands.length} commands, ${width} at a time)`);
  const started = Date.now();
  const queue = [...commands];
  const exits: number[] = [];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const [name, command, args] = next;
      const logName = name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      exits.push(await runLogged(name, logName, command, args));
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  const exit = exits.find((code) => code !== 0) ?? 0;
  console.log(`◀ ${label}: exit ${exit} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return exit;
}

// The static checks are independent single-threaded processes: two at a time on two cores (the
// three typechecks and lint one after another took 121 s in CI; `npm run typecheck`/`lint` are the same
// commands, the import-cycle check included).
const tsc = bin('tsc');
const staticExit = await phase('typecheck and lint', () =>
  runPool('typecheck and lint', [
    ['typecheck (back end)', tsc, ['-p', 'tsconfig.json', '--noEmit']],
    ['typecheck (web)', tsc, ['-p', 'web/tsconfig.json', '--noEmit']],
    ['typecheck (end-to-end tests)', tsc, ['-p', 'tests/e2e/tsconfig.json', '--noEmit']],
    ['eslint', bin('eslint'), ['.', '--max-warnings', '0']],
    ['prettier', bin('prettier'), ['--check', '.', '--log-level', 'warn']],
    ['import cycles', bin('tsx'), ['bin/lint-cycles.ts']],
  ]),
);

// The Vitest suites run as two shards side by side, each with its own local cloud (the integration
// suite's global setup; free ports), so no test sees the other shard's data. The integration suite runs
// its files one at a time and spends much of its time waiting (a serial run used 0.6 of a core), so two
// shards take far less than one run on two cores.
const VITEST_SHARDS = 2;
const vitestJsons = Array.from({ length: VITEST_SHARDS }, (_, index) =>
  join(results, `vitest-${index + 1}.json`),
);
const e2eJson = join(results, 'e2e.json');
const vitestArgs = (index: number) => [
  'run',
  `--shard=${index + 1}/${VITEST_SHARDS}`,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJsons[index]}`,
];
const e2eArgs = ['test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'];
const e2eEnv = { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eJson };
const vitestSuite = async () => {
  const exits = await Promise.all(
    vitestJsons.map((_, index) =>
      runLogged(
        `unit, integration and infra suites (Vitest, shard ${index + 1}/${VITEST_SHARDS})`,
        `vitest-${index + 1}`,
        bin('vitest'),
        vitestArgs(index),
      ),
    ),
  );
  return exits.find((code) => code !== 0) ?? 0;
};
const e2eSuite = () =>
  runLogged('end-to-end suite (Playwright, Chromium)', 'e2e', bin('playwright'), e2eArgs, e2eEnv);
let vitestExit: number;
let e2eExit: number;
if (process.env.TEST_PARALLEL === '1') {
  [vitestExit, e2eExit] = await phase('Vitest and Playwright side by side', () =>
    Promise.all([vitestSuite(), e2eSuite()]),
  );
} else {
  vitestExit = await phase('Vitest', vitestSuite);
  e2eExit = await phase('Playwright', () =>
    run('end-to-end suite (Playwright, Chromium)', bin('playwright'), e2eArgs, e2eEnv),
  );
}

let passed = 0;
let failed = 0;
let skipped = 0;
const failures: Failure[] = [];
for (const file of vitestJsons) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  } & Parameters<typeof vitestFailures>[0];
  failures.push(...vitestFailures(report, root));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}
if (vitestExit !== 0 && !vitestJsons.every((file) => existsSync(file))) failed += 1;
if (existsSync(e2eJson)) {
  const report = JSON.parse(readFileSync(e2eJson, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  } & Parameters<typeof playwrightFailures>[0];
  failures.push(...playwrightFailures(report));
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  skipped += report.stats.skipped;
} else if (e2eExit !== 0) failed += 1;

if (staticExit !== 0) failed += 1;
const ok = staticExit === 0 && vitestExit === 0 && e2eExit === 0 && failed === 0 && passed > 0;
if (!ok && failed === 0) failed = 1; // a suite that crashed before reporting still fails the run
const failureList = formatFailures(failures);
if (failureList) console.log(failureList);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);
