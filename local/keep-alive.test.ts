import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { keepConnectionsLongerThanClients } from './keep-alive.ts';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

describe('keepConnectionsLongerThanClients', () => {
  it('keeps idle connections well past a client’s 4 s, with headers allowed longer still', () => {
    server = createServer();
    keepConnectionsLongerThanClients(server);
    expect(server.keepAliveTimeout).toBeGreaterThanOrEqual(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it('answers each request with the keep-alive it keeps', async () => {
    server = createServer((_, response) => response.end('ok'));
    keepConnectionsLongerThanClients(server);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const header = await new Promise<string | undefined>((resolve, reject) => {
      const sent = request({ port, host: '127.0.0.1', headers: { connection: 'keep-alive' } }, (response) => {
        response.resume();
        resolve(String(response.headers['keep-alive']));
      });
      sent.on('error', reject);
      sent.end();
    });
    expect(header).toBe('timeout=65');
  });
});
