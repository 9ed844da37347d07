// What the Plaid and Stripe sandboxes share of serving HTTP: the server with its request log, listening
// and closing, reading a request body up to a limit, and sending a whole response body.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { keepConnectionsLongerThanClients } from './keep-alive.ts';

/**
 * A server that hands each request to `handle` and logs a line per answer: method, path (no query),
 * status and time taken. When `handle` fails, the error is logged with its stack and `internalError`
 * answers, or, once the answer has begun, it is ended as it stands.
 */
export function createSandboxServer(
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  log: (line: string) => void,
  internalError: (response: ServerResponse) => void,
): Server {
  return createServer((request, response) => {
    const started = Date.now();
    response.on('finish', () =>
      log(`${request.method} ${request.url?.split('?')[0]} ${response.statusCode} ${Date.now() - started}ms`),
    );
    handle(request, response).catch((error: unknown) => {
      log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (!response.headersSent) internalError(response);
      else response.end();
    });
  });
}

/**
 * Listens on `host` and `port` (0 = any free port) with keep-alive longer than clients keep theirs, and
 * gives the bound port and the base URL on it. Rejects with the listen error (EADDRINUSE: port taken).
 */
export async function listenOn(
  server: Server,
  port: number,
  host: string,
): Promise<{ port: number; url: string }> {
  keepConnectionsLongerThanClients(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return { port: bound, url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}` };
}

/** Stops listening and drops open connections (idle keep-alive ones would otherwise hold it open). */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * The request body's bytes. Past `maxBytes` it rejects with `tooLarge()` and drops the connection
 * instead of reading the rest.
 */
export function readBodyBytes(
  request: IncomingMessage,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        reject(tooLarge());
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/**
 * The request body as UTF-8 text, read as `readBodyBytes` reads it; `tooLarge` is each sandbox's own
 * API error, so the client sees the error its real service would send.
 */
export async function readBodyText(
  request: IncomingMessage,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<string> {
  return (await readBodyBytes(request, maxBytes, tooLarge)).toString('utf8');
}

/** Sends `body` whole, with its type and length, never to be sniffed as another type; `headers` add to
 * these or replace them. */
export function sendBody(
  response: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  response.end(body);
}
