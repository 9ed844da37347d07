// The local gateway's WebSocket side (spec §7 realtime, §9 heartbeat and buffer): connections on
// REALTIME_PATH, authenticated like the HTTP routes, with the $connect/$disconnect/message routes of the
// catalog and the sender the product's realtime pushes through.
import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { catalog, type CatalogEntry, type WebSocketRouteKey } from '../functions/catalog.ts';
import type { RealtimeSender } from '../functions/lib/ports/realtime.ts';
import { headerRecord, lambdaContext } from './gateway-requests.ts';
import type { Handler } from './gateway-routes.ts';

/** The realtime WebSocket's path on the gateway (the cloud's is its own API Gateway WebSocket API). */
export const REALTIME_PATH = '/realtime';
/** API Gateway WebSocket's message limit (128 KB): a longer message closes the socket (1009). The
 * $default route refuses far shorter ones (events/realtime.ts). */
export const MAX_WEBSOCKET_MESSAGE_BYTES = 128 * 1024;

/** The local stand-in for API Gateway's WebSocket API and its Management API (`@connections`). */
export interface LocalRealtime extends RealtimeSender {
  /** ws://… URL browsers connect to (the token goes in `?token=`). */
  url: string;
  /** Open connections (tests). */
  connectionIds(): string[];
  /** Drops every socket without telling the handlers, as a restarted gateway would (tests, demos). */
  dropAll(): void;
}

/** API Gateway's connection ids are 16 random bytes in base64 (e.g. `L0SM9cOFvHcCIhw=`). */
export const newConnectionId = () => randomBytes(12).toString('base64');

/**
 * The ws server on the gateway's port: the same contract as the cloud's WebSocket API. The upgrade runs
 * the `$connect` handler first and completes only on its 2xx (else the handshake is answered with its
 * status, as API Gateway does); each message runs `$default` and its answer goes back; a close runs
 * `$disconnect`. Pushes go through `send`, which answers 'gone' for a connection that is not open.
 */
export function attachRealtime(
  server: Server,
  options: { port: number; onRequest?: ((line: string) => void) | undefined },
  loadHandler: (entry: CatalogEntry) => Promise<Handler>,
): LocalRealtime {
  const entryFor = (key: WebSocketRouteKey) => catalog.find((e) => e.websocketRoutes?.includes(key));
  const sockets = new Map<string, WebSocket>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_WEBSOCKET_MESSAGE_BYTES });

  const invoke = async (
    key: WebSocketRouteKey,
    connectionId: string,
    extra: {
      queryStringParameters?: Record<string, string>;
      body?: string;
      headers?: Record<string, string>;
    },
  ): Promise<{ statusCode: number; body?: string }> => {
    const entry = entryFor(key);
    if (!entry?.handler) return { statusCode: key === '$connect' ? 404 : 200 };
    const requestId = randomUUID();
    const eventType = key === '$connect' ? 'CONNECT' : key === '$disconnect' ? 'DISCONNECT' : 'MESSAGE';
    const result = (await (
      await loadHandler(entry)
    )(
      {
        requestContext: {
          routeKey: key,
          eventType,
          connectionId,
          requestId,
          apiId: 'local',
          stage: 'local',
          domainName: `127.0.0.1:${options.port}`,
          connectedAt: Date.now(),
          requestTimeEpoch: Date.now(),
        },
        isBase64Encoded: false,
        ...extra,
      },
      lambdaContext(entry, requestId),
    )) as { statusCode?: number; body?: string } | undefined;
    return { statusCode: result?.statusCode ?? 200, ...(result?.body ? { body: result.body } : {}) };
  };

  const refuse = (socket: Duplex, status: number) => {
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
  };

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== REALTIME_PATH) {
      refuse(socket, 404);
      return;
    }
    const connectionId = newConnectionId();
    const started = Date.now();
    const query: Record<string, string> = {};
    for (const [key, value] of url.searchParams) query[key] = value;
    // The token travels in the query: the log line names the path only.
    invoke('$connect', connectionId, { queryStringParameters: query, headers: headerRecord(request) })
      .then((result) => {
        options.onRequest?.(`WS $connect ${REALTIME_PATH} ${result.statusCode} ${Date.now() - started}ms`);
        if (result.statusCode < 200 || result.statusCode > 299) {
          refuse(socket, result.statusCode);
          return;
        }
        wss.handleUpgrade(request, socket, head, (ws) => {
          sockets.set(connectionId, ws);
          ws.on('message', (data, isBinary) => {
            const body = isBinary ? Buffer.from(data as Buffer).toString('base64') : data.toString();
            invoke('$default', connectionId, { body })
              .then((answer) => {
                if (answer.body && ws.readyState === WebSocket.OPEN) ws.send(answer.body);
              })
              .catch((error: unknown) => options.onRequest?.(`WS $default failed: ${String(error)}`));
          });
          ws.on('close', () => {
            if (sockets.get(connectionId) !== ws) return;
            sockets.delete(connectionId);
            invoke('$disconnect', connectionId, {}).catch((error: unknown) =>
              options.onRequest?.(`WS $disconnect failed: ${String(error)}`),
            );
          });
          ws.on('error', () => ws.terminate());
        });
      })
      .catch((error: unknown) => {
        options.onRequest?.(`WS $connect failed: ${(error as Error).stack ?? String(error)}`);
        refuse(socket, 500);
      });
  });

  return {
    url: `ws://127.0.0.1:${options.port}${REALTIME_PATH}`,
    async send(connectionId, message) {
      const ws = sockets.get(connectionId);
      if (!ws || ws.readyState !== WebSocket.OPEN) return 'gone';
      await new Promise<void>((resolve, reject) =>
        ws.send(message, (error) => (error ? reject(error) : resolve())),
      );
      return 'sent';
    },
    connectionIds: () => [...sockets.keys()],
    dropAll() {
      // Forgotten first, so no $disconnect runs: the records stay, as after a crash, until a push finds
      // them gone (410).
      const all = [...sockets.values()];
      sockets.clear();
      for (const ws of all) ws.terminate();
    },
  };
}
