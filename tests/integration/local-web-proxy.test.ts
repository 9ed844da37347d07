// The local web server's /api proxy stands in for CloudFront: the API learns the visitor's address from
// x-viewer-address, which the proxy sets from the connection whatever the browser sent, so rotating the
// header does not make one visitor many (the anonymous client-report limit counts by it).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type ManagedProcess } from '../../local/processes.ts';
import { startWebServer } from '../../local/web/start.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
let dir: string;
let api: Server;
let web: ManagedProcess | undefined;
let webUrl: string;
const seen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'web-proxy-'));
  const dist = join(dir, 'dist');
  writeFileSync(join(dir, 'config.json'), '{}');
  mkdirSync(dist);
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
  // The API: answers every request with 204 and remembers its headers.
  api = createServer((req, res) => {
    seen.push(req.headers);
    res.statusCode = 204;
    res.end();
  });
  await new Promise<void>((done) => api.listen(0, '127.0.0.1', done));
  const address = api.address();
  const apiPort = typeof address === 'object' && address ? address.port : 0;
  const port = await freePort();
  web = await startWebServer({
    repoRoot,
    port,
    webDist: dist,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    prefix: '/api',
    configPath: join(dir, 'config.json'),
    logFile: join(dir, 'web.log'),
  });
  webUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await web?.stop();
  await new Promise((done) => api?.close(done));
  rmSync(dir, { recursive: true, force: true });
});

describe('the local web proxy', () => {
  it('sets x-viewer-address from the connection, over whatever the browser sent', async () => {
    for (const forged of ['198.51.100.1', '198.51.100.2', '203.0.113.9, 10.0.0.1']) {
      const response = await fetch(`${webUrl}/api/client-reports`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-viewer-address': forged },
        body: '{}',
      });
      expect(response.status).toBe(204);
    }
    const plain = await fetch(`${webUrl}/api/profiles/me`);
    expect(plain.status).toBe(204);
    expect(seen.map((headers) => headers['x-viewer-address'])).toEqual([
      '127.0.0.1',
      '127.0.0.1',
      '127.0.0.1',
      '127.0.0.1',
    ]);
  });
});
