// The local API gateway: serves every route of functions/catalog.ts like API Gateway's HTTP API does.
// It verifies the Cognito JWT against the pool's JWKS (issuer and audience, as the cloud authorizer
// does), builds the same API Gateway v2 event, and calls the same handler module in-process.
import type { OperatorConsole } from './operator-console.ts';
import {
  createServer,
  STATUS_CODES,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type { JWTPayload } from 'jose';
import { keepConnectionsLongerThanClients } from './keep-alive.ts';
import { WebSocket, WebSocketServer } from 'ws';
import {
  catalog,
  type CatalogEntry,
  type HttpMethod,
  type RouteThrottle,
  type WebSocketRouteKey,
} from '../functions/catalog.ts';
import { errorMessages } from '../domain/errors.ts';
import { cognitoTokenVerifier } from '../functions/lib/cognito-token.ts';
import type { RealtimeSender } from '../functions/lib/ports/realtime.ts';
import { notImplementedResponse } from '../functions/lib/not-implemented.ts';
import { readOutbox, renderOutboxPage } from './outbox.ts';
import { localAvatarPath, storeLocalUpload } from '../functions/lib/ports/avatar-store.ts';
import { existsSync, readFileSync } from 'node:fs';
import { extname } from 'node:path';

type Handler = (event: unknown, context: Context) => Promise<APIGatewayProxyResultV2>;

interface CompiledRoute {
  entry: CatalogEntry;
  method: HttpMethod;
  path: string;
  routeKey: string;
  pattern: RegExp;
  params: string[];
  /** Literal segments rank before parameters, as API Gateway prefers the most specific route. */
  specificity: number;
  throttle?: RouteThrottle;
}

/**
 * API Gateway's route throttling: a token bucket per route holding `burst` requests,
 * refilled at `rate` per second; an empty bucket answers 429 before the handler runs.
 */
export function routeLimiter(now: () => number = Date.now) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (routeKey: string, throttle: RouteThrottle): boolean => {
    const t = now();
    const bucket = buckets.get(routeKey) ?? { tokens: throttle.burst, at: t };
    bucket.tokens = Math.min(throttle.burst, bucket.tokens + ((t - bucket.at) / 1000) * throttle.rate);
    bucket.at = t;
    buckets.set(routeKey, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  };
}

/** Bodies past this are refused unread (413): far above any handler's own limit (functions/lib/http.ts,
 * 64 KB, webhooks 256 KB), so a 5 MB body is never read in full. */
const MAX_BODY_BYTES = 1024 * 1024;
/** The realtime WebSocket's path on the gateway (the cloud's is its own API Gateway WebSocket API). */
export const REALTIME_PATH = '/realtime';
/** API Gateway WebSocket's message limit (128 KB): a longer message closes the socket (1009). The
 * $default route refuses far shorter ones (events/realtime.ts). */
const MAX_WEBSOCKET_MESSAGE_BYTES = 128 * 1024;

/** The avatar store stands in for S3's POST upload: the file (up to the grant's 5 MB, which the store
 * checks and answers as S3 does) and its form fields. */
const MAX_AVATAR_UPLOAD_BYTES = 6 * 1024 * 1024;

export function compileRoutes(entries: CatalogEntry[]): CompiledRoute[] {
  const compiled = entries.flatMap((entry) =>
    entry.routes.map((route) => {
      const params: string[] = [];
      const segments = route.path.split('/').filter(Boolean);
      const source = segments
        .map((segment) => {
          const param = /^\{(\w+)\}$/.exec(segment);
          if (param?.[1]) {
            params.push(param[1]);
            return '/([^/]+)';
          }
          return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
        })
        .join('');
      return {
        entry,
        method: route.method,
        path: route.path,
        routeKey: `${route.method} ${route.path}`,
        pattern: new RegExp(`^${source || '/'}$`),
        params,
        specificity: segments.filter((s) => !s.startsWith('{')).length * 100 - params.length,
        ...(route.throttle ? { throttle: route.throttle } : {}),
      };
    }),
  );
  return compiled.sort((a, b) => b.specificity - a.specificity);
}

export function matchRoute(
  routes: CompiledRoute[],
  method: string,
  path: string,
): { route: CompiledRoute; pathParameters: Record<string, string> } | { allowed: string[] } | null {
  const allowed: string[] = [];
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    if (route.method !== method) {
      allowed.push(route.method);
      continue;
    }
    const pathParameters: Record<string, string> = {};
    route.params.forEach((name, index) => {
      pathParameters[name] = decodeURIComponent(match[index + 1] ?? '');
    });
    return { route, pathParameters };
  }
  return allowed.length > 0 ? { allowed } : null;
}

/** API Gateway HTTP APIs pass JWT claims as strings, arrays flattened to "[a b]". */
function flattenClaims(payload: JWTPayload): Record<string, string | number | boolean | string[]> {
  const claims: Record<string, string> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    claims[key] = Array.isArray(value) ? `[${value.join(' ')}]` : String(value);
  }
  return claims;
}

export interface GatewayOptions {
  port: number;
  /** Cognito endpoint (cognito-local) and the ids the authorizer checks. */
  cognitoEndpoint: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Origins allowed by CORS (the SPA). */
  allowedOrigins: string[];
  repoRoot: string;
  /** Folder of the local e-mail outbox, listed at /__outbox. */
  outboxDir?: string;
  /** The local avatars store: uploads at POST /__avatars/upload, reads at /__avatars/files/{key}. */
  avatars?: { directory: string; secret: Buffer };
  /** Adds what the cloud's ID tokens carry and the local identity provider's do not. */
  enrichClaims?: (payload: JWTPayload) => Promise<JWTPayload>;
  /** Called for each request (method, path, status, ms); the launcher logs it to a file. */
  onRequest?: (line: string) => void;
  /** Load every handler module once listening (default true): see `warmHandlers`. */
  warm?: boolean;
  /** The local operator's console under /__ops (local/operator-console.ts). */
  operator?: OperatorConsole;
  /**
   * Functions the local identity provider invokes as Cognito invokes Lambda triggers, by name, on
   * Lambda's Invoke API (`POST /2015-03-31/functions/{name}/invocations`, local/cognito/start.ts).
   */
  lambdaTriggers?: Record<string, (event: unknown) => Promise<unknown>>;
}

const LAMBDA_INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/;

/** The local stand-in for API Gateway's WebSocket API and its Management API (`@connections`). */
export interface LocalRealtime extends RealtimeSender {
  /** ws://… URL browsers connect to (the token goes in `?token=`). */
  url: string;
  /** Open connections (tests). */
  connectionIds(): string[];
  /** Drops every socket without telling the handlers, as a restarted gateway would (tests, demos). */
  dropAll(): void;
}

export interface Gateway {
  url: string;
  server: Server;
  realtime: LocalRealtime;
  /** Invokes an entry's handler with a non-HTTP event (bus events, schedules), as Lambda would. */
  invoke(entry: CatalogEntry, event: unknown): Promise<unknown>;
  /** Settles once every handler module is loaded (at once when `warm` is false). */
  warmed: Promise<void>;
  close(): Promise<void>;
}

/**
 * Loads every catalog entry's handler module, one after another, yielding between them so requests
 * arriving meanwhile are served. In the cloud a function's code is loaded before its
 * first request when it is provisioned, and built ahead into one bundle; here the modules are TypeScript
 * compiled on import: a function's first call paid for compiling its own modules (the calendar's:
 * 16–120 ms measured, with the shared ones already in; seconds for the first of all on a cold transform
 * cache). A request for a module still loading waits for that same load. A module that fails to load is
 * reported, and its requests fail as they would have.
 */
export async function warmHandlers(
  entries: readonly CatalogEntry[],
  load: (entry: CatalogEntry) => Promise<unknown>,
  report: (line: string) => void = () => undefined,
): Promise<number> {
  const started = Date.now();
  let loaded = 0;
  for (const entry of entries) {
    if (!entry.handler) continue;
    await new Promise((resolve) => setImmediate(resolve));
    try {
      await load(entry);
      loaded += 1;
    } catch (error) {
      report(`gateway warm-up: ${entry.name} did not load: ${(error as Error).message}`);
    }
  }
  report(`gateway warm-up: ${loaded} handler modules loaded in ${Date.now() - started}ms`);
  return loaded;
}

function readBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new Error('payload too large'));
        request.destroy();
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function headerRecord(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers[key.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  return headers;
}

function lambdaContext(entry: CatalogEntry, requestId: string): Context {
  const deadline = Date.now() + entry.timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${entry.name}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:local-${entry.name}`,
    memoryLimitInMB: String(entry.memoryMb),
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/local-${entry.name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const routes = compileRoutes(catalog);
  const allow = routeLimiter();
  const verifyToken = cognitoTokenVerifier({
    issuer: `${options.cognitoEndpoint}/${options.userPoolId}`,
    clientId: options.userPoolClientId,
  });
  const handlers = new Map<string, Promise<Handler>>();

  const loadHandler = (entry: CatalogEntry): Promise<Handler> => {
    let loaded = handlers.get(entry.name);
    if (!loaded) {
      const modulePath = entry.handler;
      loaded = modulePath
        ? import(pathToFileURL(join(options.repoRoot, modulePath)).href).then((m: { handler?: Handler }) => {
            if (typeof m.handler !== 'function') throw new Error(`${modulePath} exports no handler`);
            return m.handler;
          })
        : Promise.resolve(async (event: Parameters<Handler>[0]) =>
            notImplementedResponse(entry.name, event as Parameters<typeof notImplementedResponse>[1]),
          );
      handlers.set(entry.name, loaded);
    }
    return loaded;
  };

  const cors = (request: IncomingMessage, response: ServerResponse) => {
    const origin = request.headers.origin;
    if (origin && options.allowedOrigins.includes(origin)) {
      response.setHeader('access-control-allow-origin', origin);
      response.setHeader('vary', 'origin');
      response.setHeader(
        'access-control-allow-headers',
        'authorization,content-type,x-correlation-id,x-profile-id,x-two-factor-session',
      );
      response.setHeader('access-control-allow-methods', 'GET,POST,PUT,PATCH,DELETE,OPTIONS');
      response.setHeader('access-control-expose-headers', 'x-correlation-id');
      response.setHeader('access-control-max-age', '600');
    }
  };

  const send = (response: ServerResponse, status: number, payload: unknown) => {
    response.statusCode = status;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(payload));
  };

  const serveOutbox = (request: IncomingMessage, response: ServerResponse, path: string, dir: string) => {
    const messages = readOutbox(dir);
    const id = decodeURIComponent(path.replace(/^\/__outbox\/?/, ''));
    if (id) {
      const message = messages.find((m) => m.id === id);
      if (!message) {
        send(response, 404, { message: 'Not Found' });
        return 404;
      }
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(message.html);
      return 200;
    }
    if ((request.headers.accept ?? '').includes('text/html')) {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(renderOutboxPage(messages));
      return 200;
    }
    send(response, 200, messages);
    return 200;
  };

  const imageTypes: Record<string, string> = {
    '.jpg': 'image/jpeg',
    '.png': 'image/png',
    '.gif': 'image/gif',
  };
  /** The S3 stand-in for avatars: a presigned-POST-like form upload checked against its signed grant. */
  const serveAvatars = async (
    request: IncomingMessage,
    response: ServerResponse,
    method: string,
    path: string,
    store: { directory: string; secret: Buffer },
  ): Promise<number> => {
    if (method === 'POST' && path === '/__avatars/upload') {
      let form: FormData;
      try {
        const raw = await readBody(request, MAX_AVATAR_UPLOAD_BYTES);
        form = await new Request('http://local/upload', {
          method: 'POST',
          headers: { 'content-type': request.headers['content-type'] ?? '' },
          body: raw,
        }).formData();
      } catch {
        send(response, 400, { message: 'Malformed upload' });
        return 400;
      }
      const file = form.get('file');
      if (!(file instanceof Blob)) {
        send(response, 400, { message: 'No file' });
        return 400;
      }
      const result = storeLocalUpload(
        store.directory,
        store.secret,
        String(form.get('token') ?? ''),
        String(form.get('Content-Type') ?? ''),
        Buffer.from(await file.arrayBuffer()),
        Date.now(),
      );
      if (!result.ok) {
        send(response, result.status, { message: result.message });
        return result.status;
      }
      response.statusCode = 204; // S3 answers a presigned POST with 204 by default
      response.end();
      return 204;
    }
    const key = decodeURIComponent(path.replace(/^\/__avatars\/files\//, ''));
    // Uploaded statements share the folder (functions/lib/import/file-store.ts) but are never served.
    const file =
      method === 'GET' && path.startsWith('/__avatars/files/') && !key.startsWith('imports/')
        ? localAvatarPath(store.directory, key)
        : null;
    if (!file || !existsSync(file)) {
      send(response, 404, { message: 'Not Found' });
      return 404;
    }
    response.setHeader('content-type', imageTypes[extname(file)] ?? 'application/octet-stream');
    response.setHeader('cache-control', 'private, max-age=60');
    response.end(readFileSync(file));
    return 200;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<number> => {
    cors(request, response);
    const method = (request.method ?? 'GET').toUpperCase();
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (method === 'OPTIONS') {
      response.statusCode = 204;
      response.end();
      return 204;
    }
    if (options.outboxDir && method === 'GET' && url.pathname.startsWith('/__outbox')) {
      return serveOutbox(request, response, url.pathname, options.outboxDir);
    }
    if (options.avatars && url.pathname.startsWith('/__avatars/')) {
      return serveAvatars(request, response, method, url.pathname, options.avatars);
    }
    const invoked = method === 'POST' ? LAMBDA_INVOKE_PATH.exec(url.pathname) : null;
    const trigger = invoked ? options.lambdaTriggers?.[decodeURIComponent(invoked[1]!)] : undefined;
    if (trigger) {
      // Lambda's answer: 200 with the function's result, or with X-Amz-Function-Error and the error.
      try {
        send(response, 200, await trigger(JSON.parse((await readBody(request)).toString('utf8'))));
      } catch (error) {
        response.setHeader('x-amz-function-error', 'Unhandled');
        const { name, message } = error instanceof Error ? error : new Error(String(error));
        send(response, 200, { errorType: name, errorMessage: message });
      }
      return 200;
    }
    const operated = options.operator
      ? await options.operator(
          method,
          url.pathname,
          async () => JSON.parse((await readBody(request)).toString('utf8')) as unknown,
        )
      : null;
    if (operated) {
      send(response, operated.status, operated.payload);
      return operated.status;
    }
    const matched = matchRoute(routes, method, url.pathname);
    if (!matched || 'allowed' in matched) {
      send(response, 404, { message: 'Not Found' });
      return 404;
    }
    const { route, pathParameters } = matched;
    if (route.throttle && !allow(route.routeKey, route.throttle)) {
      send(response, 429, { code: 'rate_limit', message: errorMessages.rate_limit });
      return 429;
    }

    let claims: Record<string, string | number | boolean | string[]> | undefined;
    if (route.entry.caller === 'user' || route.entry.caller === 'admin') {
      const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
      try {
        const payload = await verifyToken(token);
        claims = flattenClaims(options.enrichClaims ? await options.enrichClaims(payload) : payload);
      } catch {
        // API Gateway's JWT authorizer answers exactly this.
        send(response, 401, { message: 'Unauthorized' });
        return 401;
      }
    }

    let raw: Buffer;
    try {
      raw = await readBody(request);
    } catch {
      send(response, 413, { message: 'Request Entity Too Large' });
      return 413;
    }
    const headers = headerRecord(request);
    const contentType = headers['content-type'] ?? '';
    const textual = raw.length === 0 || /json|text|x-www-form-urlencoded/.test(contentType);
    const query: Record<string, string> = {};
    for (const key of new Set(url.searchParams.keys())) query[key] = url.searchParams.getAll(key).join(',');
    const requestId = randomUUID();
    const now = new Date();

    const event: APIGatewayProxyEventV2WithJWTAuthorizer = {
      version: '2.0',
      routeKey: route.routeKey,
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      headers,
      ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
      ...(route.params.length > 0 ? { pathParameters } : {}),
      ...(raw.length > 0
        ? { body: textual ? raw.toString('utf8') : raw.toString('base64'), isBase64Encoded: !textual }
        : { isBase64Encoded: false }),
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        authorizer: { jwt: { claims: claims ?? {}, scopes: [] }, principalId: '', integrationLatency: 0 },
        domainName: url.host,
        domainPrefix: 'local',
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${request.httpVersion}`,
          sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
          userAgent: headers['user-agent'] ?? '',
        },
        requestId,
        routeKey: route.routeKey,
        stage: '$default',
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
      },
    } as APIGatewayProxyEventV2WithJWTAuthorizer;
    if (!claims) delete (event.requestContext as { authorizer?: unknown }).authorizer;

    let result: APIGatewayProxyResultV2;
    try {
      const handler = await loadHandler(route.entry);
      result = await handler(event, lambdaContext(route.entry, requestId));
    } catch (error) {
      // A Lambda that throws gives API Gateway's generic 500.
      options.onRequest?.(`handler ${route.entry.name} threw: ${(error as Error).stack ?? String(error)}`);
      send(response, 500, { message: 'Internal Server Error' });
      return 500;
    }
    if (
      typeof result === 'string' ||
      result === null ||
      typeof result !== 'object' ||
      !('statusCode' in result)
    ) {
      // API Gateway infers a 200 JSON response from a non-structured result.
      send(response, 200, result);
      return 200;
    }
    response.statusCode = result.statusCode ?? 200;
    for (const [key, value] of Object.entries(result.headers ?? {})) response.setHeader(key, String(value));
    if (result.cookies?.length) response.setHeader('set-cookie', result.cookies);
    response.end(
      result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined,
    );
    return response.statusCode;
  };

  const server = createServer((request, response) => {
    const started = Date.now();
    handle(request, response)
      .then((status) =>
        options.onRequest?.(`${request.method} ${request.url} ${status} ${Date.now() - started}ms`),
      )
      .catch((error: unknown) => {
        options.onRequest?.(`gateway error: ${(error as Error).stack ?? String(error)}`);
        if (!response.headersSent) send(response, 500, { message: 'Internal Server Error' });
      });
  });
  keepConnectionsLongerThanClients(server);
  const realtime = attachRealtime(server, options, loadHandler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const warmed =
    options.warm === false
      ? Promise.resolve()
      : warmHandlers(catalog, loadHandler, options.onRequest).then(() => undefined);
  return {
    url: `http://127.0.0.1:${options.port}`,
    server,
    realtime,
    invoke: async (entry, event) => (await loadHandler(entry))(event, lambdaContext(entry, randomUUID())),
    warmed,
    close: () =>
      new Promise<void>((resolve) => {
        realtime.dropAll();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** API Gateway's connection ids are 16 random bytes in base64 (e.g. `L0SM9cOFvHcCIhw=`). */
const newConnectionId = () => randomBytes(12).toString('base64');

/**
 * The ws server on the gateway's port: the same contract as the cloud's WebSocket API. The upgrade runs
 * the `$connect` handler first and completes only on its 2xx (else the handshake is answered with its
 * status, as API Gateway does); each message runs `$default` and its answer goes back; a close runs
 * `$disconnect`. Pushes go through `send`, which answers 'gone' for a connection that is not open.
 */
function attachRealtime(
  server: Server,
  options: GatewayOptions,
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
