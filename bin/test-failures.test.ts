import { describe, expect, it } from 'vitest';
import { formatFailures, playwrightFailures, vitestFailures } from './test-failures.ts';

describe('the closing list of failures', () => {
  it("names a Vitest shard's failed tests and a file that failed outside its tests", () => {
    const failures = vitestFailures(
      {
        testResults: [
          {
            name: '/repo/domain/a.test.ts',
            status: 'failed',
            assertionResults: [
              { fullName: 'a passes', status: 'passed' },
              {
                fullName: 'a adds',
                status: 'failed',
                failureMessages: [
                  '\u001b[31mAssertionError: expected 3 to be 4\u001b[39m\n\n  at a.test.ts:9\n  at file:///r/node_modules/@vitest/runner/x.js:3:1\n1\n2\n3\n4\n5',
                ],
              },
            ],
          },
          {
            name: '/repo/domain/b.test.ts',
            status: 'failed',
            message: 'Cannot find module x',
            assertionResults: [],
          },
          {
            name: '/repo/domain/c.test.ts',
            status: 'passed',
            assertionResults: [{ fullName: 'c', status: 'passed' }],
          },
        ],
      },
      '/repo',
    );
    expect(failures).toEqual([
      {
        where: 'domain/a.test.ts › a adds',
        error: 'AssertionError: expected 3 to be 4\n  at a.test.ts:9\n1\n2\n3\n4',
      },
      { where: 'domain/b.test.ts', error: 'Cannot find module x' },
    ]);
  });

  it("names Playwright's unexpected results in nested suites, not its flaky or passed ones", () => {
    const failures = playwrightFailures({
      suites: [
        {
          file: 'coach.e2e.ts',
          specs: [
            { title: 'passes', line: 3, tests: [{ status: 'expected', results: [{ status: 'passed' }] }] },
          ],
          suites: [
            {
              title: 'inner',
              file: 'coach.e2e.ts',
              specs: [
                {
                  title: 'asks',
                  file: 'coach.e2e.ts',
                  line: 41,
                  tests: [
                    {
                      projectName: 'side-by-side',
                      status: 'unexpected',
                      results: [{ error: { message: 'Expected $1' } }],
                    },
                    { projectName: 'other', status: 'flaky', results: [{ error: { message: 'once' } }] },
                  ],
                },
              ],
            },
          ],
        },
      ],
      errors: [{ message: 'global setup failed' }],
    });
    expect(failures).toEqual([
      { where: 'coach.e2e.ts:41 › asks [side-by-side]', error: 'Expected $1' },
      { where: 'Playwright', error: 'global setup failed' },
    ]);
    expect(formatFailures(failures)).toBe(
      '\nWhat failed (2):\n✘ coach.e2e.ts:41 › asks [side-by-side]\n    Expected $1\n✘ Playwright\n    global setup failed',
    );
    expect(formatFailures([])).toBe('');
  });
});
