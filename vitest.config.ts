// Test projects: unit tests sit beside their code; integration and infra suites live in tests/.
// End-to-end tests run under Playwright (tests/e2e), not Vitest.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import WeightedShards from './bin/vitest-shards.ts';

export default defineConfig({
  // The web app's names for the shared folders (web/tsconfig.json, web/vite.config.ts).
  resolve: {
    alias: {
      '@domain': fileURLToPath(new URL('./domain', import.meta.url)),
      '@events': fileURLToPath(new URL('./events', import.meta.url)),
    },
  },
  test: {
    // Tests run on this machine's Node 20; the AWS SDK's notice about Node 22 concerns deployed code.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    // `--shard` splits by each file's measured seconds, not by file count (bin/vitest-shards.ts).
    sequence: { sequencer: WeightedShards },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{bin,domain,events,functions,local}/**/*.test.{ts,tsx}'],
          environment: 'node',
          // One module registry per worker, in threads: each file in its own fresh process cost ~60 s of
          // start-up over the suite's 30 s of tests (93 → 33 s, measured). The back end's tests hold no
          // module state between files (no vi.mock, no stubbed globals; passes in shuffled orders).
          pool: 'threads',
          isolate: false,
          // The sandboxes' contract tests drive HTTP servers: a loaded 2-core machine needs more than 5 s.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Isolated: the web modules keep module-level state (the Amplify loader, the toast queue)
          // that their tests reset by importing afresh. Threads start faster than processes (38 → 26 s).
          pool: 'threads',
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/integration/global-setup.ts'],
          // As the unit project: the files share the local cloud, not module state. With a fresh process
          // each, a shard spent 65 s importing the SDK and the handlers again and again (now 22–32 s;
          // the Vitest phase 488 → 422 s).
          pool: 'threads',
          isolate: false,
          // Generous: a loaded 2-core machine runs the local cloud, Java and the suites at once.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['tests/infra/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
