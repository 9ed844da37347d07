// The local API gateway: serves every route of functions/catalog.ts like API Gateway's HTTP API does.
// It verifies the Cognito JWT against the pool's JWKS (issuer and audience, as the cloud authorizer
// does), builds the same API Gateway v2 event, and calls the same handler module in-process.
import type { OperatorConsole } from './operator-console.ts';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2 } from 'aws-lambda';
import type { JWTPayload } from 'jose';
import { keepConnectionsLongerThanClients } from './keep-alive.ts';
import { catalog, type CatalogEntry } from '../functions/catalog.ts';
import { errorMessages } from '../domain/errors.ts';
import { cognitoTokenVerifier } from '../functions/lib/cognito-token.ts';
import { notImplementedResponse } from '../functions/lib/not-implemented.ts';
import { readOutbox, renderOutboxPage } from './outbox.ts';
import { localAvatarPath, storeLocalUpload } from '../functions/lib/ports/avatar-store.ts';
import { existsSync, readFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { LocalRealtime } from './gateway-realtime.ts';
import { attachRealtime } from './gateway-realtime.ts';
import { headerRecord, lambdaContext, readBody } from './gateway-requests.ts';
import type { Handler } from './gateway-routes.ts';
import { compileRoutes, flattenClaims, matchRoute, routeLimiter } from './gateway-routes.ts';
export { routeLimiter, compileRoutes, matchRoute } from './gateway-routes.ts';
export { REALTIME_PATH, type LocalRealtime } from './gateway-realtime.ts';

/** The avatar store stands in for S3's POST upload: the file (up to the grant's 5 MB, which the store
 * checks and answers as S3 does) and its form fields. */
const MAX_AVATAR_UPLOAD_BYTES = 6 * 1024 * 1024;

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
