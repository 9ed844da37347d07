// `npm start` stops when its launcher is signalled: SIGINT or SIGTERM sent to the
// outermost process (npm) stops everything under it — the launcher, DynamoDB Local's Java process and
// cognito-local — and frees every port, within seconds.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = resolve(import.meta.dirname, '..', '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Processes whose command line names `marker` (this run's data folder). */
function processesNaming(marker: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' });
  return out.split('\n').filter((line) => line.includes(marker) && !line.includes('ps -eo'));
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

describe.each(['SIGINT', 'SIGTERM'] as const)('npm start, then %s to npm', (signal) => {
  it('stops every process and frees every port', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'moneycal-signal-'));
    const readyFile = join(dataDir, 'ready.json');
    const npm = spawn(
      'npm',
      [
        'start',
        '--',
        '--free-ports',
        '--in-memory',
        '--no-web',
        '--data-dir',
        dataDir,
        '--ready-file',
        readyFile,
      ],
      { cwd: repoRoot, stdio: 'ignore' },
    );
    try {
      for (let i = 0; i < 240 && !existsSync(readyFile); i += 1) await sleep(250);
      expect(existsSync(readyFile)).toBe(true);
      const { urls } = JSON.parse(readFileSync(readyFile, 'utf8')) as {
        urls: { api: string; dynamodb: string; cognito: string; plaid: string; stripe: string };
      };
      const ports = [urls.api, urls.dynamodb, urls.cognito, urls.plaid, urls.stripe].map((u) =>
        Number(new URL(u).port),
      );
      expect(processesNaming(dataDir).length).toBeGreaterThan(1);

      npm.kill(signal);
      let left = processesNaming(dataDir);
      for (let i = 0; i < 60 && left.length > 0; i += 1) {
        await sleep(250);
        left = processesNaming(dataDir);
      }
      expect(left).toEqual([]);
      for (const port of ports) expect(await portIsFree(port), `port ${port}`).toBe(true);
    } finally {
      for (const line of processesNaming(dataDir)) {
        const pid = Number(line.trim().split(/\s+/)[0]);
        if (pid) process.kill(pid, 'SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
