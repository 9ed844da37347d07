// End-to-end suite: real Chromium (Debian's /usr/bin/chromium) against a throwaway local cloud that the
// global setup starts on free ports and stops afterwards.
//
// Two workers share that cloud: every test makes its own people, so most files run side by side (much of
// a test's time is waiting: the spec's 2 s loading screen, syncs, polling). A test tagged `@serial`
// changes what every user sees or counts (the Stripe sandbox's clock, which is the API's billing clock;
// an all-users notice; the admin dashboard's totals) or measures time and order (the landing page's
// loading order, realtime latency): those run afterwards, one at a time. E2E_WORKERS=1 runs everything
// one after another.
import { defineConfig } from '@playwright/test';

const SERIAL = /@serial/;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.e2e.ts',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: 'side-by-side', grepInvert: SERIAL },
    { name: 'one-at-a-time', grep: SERIAL, workers: 1, dependencies: ['side-by-side'] },
  ],
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  outputDir: '../../test-results/e2e',
  use: {
    browserName: 'chromium',
    headless: true,
    // A failed test keeps its trace (actions, DOM snapshots, network) and a screenshot; the trace
    // records no screencast: filming every test cost more CPU than the tests themselves (GPU and browser
    // processes 760 of 1,510 CPU seconds in a CI run, 200 without it; docs/running-locally.md).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
