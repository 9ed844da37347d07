// Builds the SPA once (what CloudFront serves: `vite build`, about 3 s), starts `npm start`'s launcher
// as a child process with throwaway state on free ports serving that build, waits until it reports
// ready, and returns the teardown that stops it (and, through it, Java and cognito-local). Testing the
// build rather than the Vite dev server tests what ships, and no page waits on on-demand compiling.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildWeb } from '../../bin/web-manifest.ts';

const repoRoot = resolve(import.meta.dirname, '..', '..');

export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'moneycal-e2e-'));
  const readyFile = join(dataDir, 'ready.json');
  const webDist = join(dataDir, 'web-dist');
  buildWeb(webDist, 'warn');
  // The build's manifest names the chunks (tests of what loads when read it).
  process.env.E2E_WEB_DIST = webDist;
  const child = spawn(
    process.execPath,
    [
      join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      join(repoRoot, 'local', 'start.ts'),
      '--data-dir',
      dataDir,
      '--free-ports',
      '--in-memory',
      '--ready-file',
      readyFile,
      '--stop-on-stdin-close',
      '--web-dist',
      webDist,
    ],
    { cwd: repoRoot, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  const deadline = Date.now() + 120_000;
  while (!existsSync(readyFile)) {
    if (child.exitCode !== null) throw new Error(`local cloud exited early:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`local cloud not ready in 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const ready = JSON.parse(readFileSync(readyFile, 'utf8')) as {
    urls: { web: string; api: string; plaid: string; cognito: string; stripe: string; dynamodb: string };
    config: { userPoolId: string; userPoolClientId: string; region: string };
  };
  process.env.E2E_BASE_URL = ready.urls.web;
  process.env.E2E_API_URL = ready.urls.api;
  // The local Plaid sandbox, for its helper endpoints (fault injection); keys local-client-id / local-secret.
  process.env.E2E_PLAID_URL = ready.urls.plaid;
  // The local Stripe sandbox, for its clock (POST /__sandbox/clock/advance) and webhook flush.
  process.env.E2E_STRIPE_URL = ready.urls.stripe;
  // cognito-local and the pool, for admin steps a person cannot take in the UI (the `admin` group).
  process.env.E2E_COGNITO_URL = ready.urls.cognito;
  process.env.E2E_USER_POOL_ID = ready.config.userPoolId;
  process.env.E2E_USER_POOL_CLIENT_ID = ready.config.userPoolClientId;
  process.env.E2E_REGION = ready.config.region;
  // DynamoDB Local, for making an admin as an operator does (bin/make-admin.ts sets profiles.is_admin).
  process.env.E2E_DYNAMODB_URL = ready.urls.dynamodb;

  return async () => {
    child.kill('SIGTERM');
    const stopped = await Promise.race([
      exited.then(() => true),
      new Promise((r) => setTimeout(() => r(false), 15_000)),
    ]);
    if (!stopped) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
}
