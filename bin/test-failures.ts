// The closing list of what failed, read from the suites' JSON reports: CI keeps only the end of a long
// run's output, and a failure printed in the middle (one Vitest shard's log before the other's) was
// lost from it. Each line names the file, the test and the first lines of its error.
import { relative } from 'node:path';

/** How many lines of each error the list keeps. */
const ERROR_LINES = 6;

interface VitestReport {
  testResults?: Array<{
    name: string;
    status?: string;
    message?: string;
    assertionResults?: Array<{
      fullName?: string;
      title?: string;
      status: string;
      failureMessages?: string[];
    }>;
  }>;
}

interface PlaywrightSuite {
  title?: string;
  file?: string;
  specs?: Array<{
    title: string;
    file?: string;
    line?: number;
    tests?: Array<{
      projectName?: string;
      status?: string;
      results?: Array<{
        status?: string;
        error?: { message?: string };
        errors?: Array<{ message?: string }>;
      }>;
    }>;
  }>;
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  suites?: PlaywrightSuite[];
  errors?: Array<{ message?: string }>;
}

export interface Failure {
  /** "file › test". */
  readonly where: string;
  readonly error: string;
}

// eslint-disable-next-line no-control-regex -- terminal colour codes in the reporters' messages
const ANSI = /\u001b\[[0-9;]*m/g;

/** Stack frames in libraries and Node itself: they push the test's own lines out of the excerpt. */
const LIBRARY_FRAME = /^\s*at .*(node_modules|node:internal|<anonymous>)/;

function excerpt(message: string | undefined): string {
  return (message ?? '')
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !LIBRARY_FRAME.test(line))
    .slice(0, ERROR_LINES)
    .join('\n');
}

export function vitestFailures(report: VitestReport, root: string): Failure[] {
  const out: Failure[] = [];
  for (const file of report.testResults ?? []) {
    const name = relative(root, file.name);
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const test of failedTests)
      out.push({
        where: `${name} › ${test.fullName ?? test.title ?? ''}`,
        error: excerpt(test.failureMessages?.[0]),
      });
    // A file that failed outside its tests (an import, a hook, the suite's setup).
    if (failedTests.length === 0 && file.status === 'failed')
      out.push({ where: name, error: excerpt(file.message) });
  }
  return out;
}

export function playwrightFailures(report: PlaywrightReport): Failure[] {
  const out: Failure[] = [];
  const visit = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        const message = last?.error?.message ?? last?.errors?.[0]?.message;
        out.push({
          where: `${spec.file ?? suite.file ?? ''}:${spec.line ?? ''} › ${spec.title}${test.projectName ? ` [${test.projectName}]` : ''}`,
          error: excerpt(message),
        });
      }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites ?? []) visit(suite);
  for (const error of report.errors ?? []) out.push({ where: 'Playwright', error: excerpt(error.message) });
  return out;
}

export function formatFailures(failures: readonly Failure[]): string {
  if (failures.length === 0) return '';
  const blocks = failures.map(
    (f) =>
      `✘ ${f.where}\n${f.error
        .split('\n')
        .map((line) => `    ${line}`)
        .join('\n')}`,
  );
  return `\nWhat failed (${failures.length}):\n${blocks.join('\n')}`;
}
