// `npm test`: every check in one run — typecheck and lint, unit, integration and infra suites under
// Vitest, then end-to-end under Playwright — and one closing line "N passed, N failed". Exits non-zero
// if anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

function run(label: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): number {
  console.log(`\n▶ ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `◀ ${label}: exit ${result.status ?? result.signal} in ${((Date.now() - started) / 1000).toFixed(1)}s`,
  );
  return result.status ?? 1;
}

const staticExit =
  run('typecheck', 'npm', ['run', '--silent', 'typecheck']) ||
  run('lint', 'npm', ['run', '--silent', 'lint']);

const vitestJson = join(results, 'vitest.json');
const e2eJson = join(results, 'e2e.json');
const vitestExit = run('unit, integration and infra suites (Vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const e2eExit = run(
  'end-to-end suite (Playwright, Chromium)',
  bin('playwright'),
  ['test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'],
  { PLAYWRIGHT_JSON_OUTPUT_FILE: e2eJson },
);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
} else if (vitestExit !== 0) failed += 1;
if (existsSync(e2eJson)) {
  const report = JSON.parse(readFileSync(e2eJson, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  skipped += report.stats.skipped;
} else if (e2eExit !== 0) failed += 1;

if (staticExit !== 0) failed += 1;
const ok = staticExit === 0 && vitestExit === 0 && e2eExit === 0 && failed === 0 && passed > 0;
if (!ok && failed === 0) failed = 1; // a suite that crashed before reporting still fails the run
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);
