// The HTTP request stack: a middy stack that parses JSON, validates body, path and query with zod,
// resolves the caller from the verified JWT claims, enforces the catalog's caller kind and the userId trust
// correction, maps errors to the spec §8 types, and logs one structured line per request with a
// correlation id. Route functions stay plain and typed. The stack knows no access policy: the policies a
// route group runs (admin only, a verified second factor) are handed in as `RoutePolicy`s, composed for
// the product's API in http.ts.
import middy from '@middy/core';
import jsonBodyParser from '@middy/http-json-body-parser';
import type { Context } from 'aws-lambda';
import type { z } from 'zod';
import { catalogByName, type CatalogEntry } from '../catalog.ts';
import { callerFromEvent, type ApiEvent, type ApiResult, type Caller } from './caller.ts';
import {
  AuthError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  PayloadTooLargeError,
  ValidationError,
  errorMessages,
  type FieldIssue,
} from '../../domain/errors.ts';
import { getDeps, type Deps } from './deps.ts';
import type { Logger } from './logger.ts';
import { plaidErrorOf } from './plaid/client.ts';
import { recordRequest } from './admin/metrics.ts';

export interface RouteInput<B, Q, P> {
  body: B;
  query: Q;
  path: P;
  caller: Caller;
  deps: Deps;
  log: Logger;
  event: ApiEvent;
}

export interface RouteDefinition<B = unknown, Q = unknown, P = unknown> {
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  path?: z.ZodType<P>;
  /** Status of a successful response; 200 unless given. */
  status?: number;
  run: (input: RouteInput<B, Q, P>) => Promise<unknown>;
}

/** A route whose input types have been checked at its declaration and erased for the route table. */
export type BoundRoute = RouteDefinition<unknown, unknown, unknown> & { readonly __bound: true };

/** Declares one route with its schemas; the function receives typed, validated input. */
export function route<B = undefined, Q = undefined, P = undefined>(
  definition: RouteDefinition<B, Q, P>,
): BoundRoute {
  return definition as unknown as BoundRoute;
}

/** A route's answer as an HTML page (the one-click unsubscribe confirmation) instead of JSON. */
export class HtmlPage {
  constructor(
    readonly html: string,
    readonly statusCode = 200,
  ) {}
}

const htmlResult = (page: HtmlPage, correlationId: string): ApiResult => ({
  statusCode: page.statusCode,
  headers: {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-correlation-id': correlationId,
    // The page has no script and posts only back here.
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    'referrer-policy': 'no-referrer',
  },
  body: page.html,
});

const json = (statusCode: number, payload: unknown, correlationId: string): ApiResult => ({
  statusCode,
  headers: {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-correlation-id': correlationId,
  },
  body: payload === undefined ? '' : JSON.stringify(payload),
});

function fieldIssues(error: z.ZodError, prefix: string): FieldIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    const field = [prefix, path].filter(Boolean).join('.') || 'body';
    return { field, message: issue.message };
  });
}

function parse<T>(schema: z.ZodType<T> | undefined, value: unknown, prefix: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (!result.success) throw new ValidationError(fieldIssues(result.error, prefix));
  return result.data;
}

const sentAsJson = (event: ApiEvent): boolean => /json/i.test(event.headers?.['content-type'] ?? '');
const isObjectOrNothing = (body: unknown): boolean =>
  body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body));

/** spec §7 trust correction: a userId in a body must be the caller's own. */
function assertOwnUserId(body: unknown, caller: Caller): void {
  if (typeof body !== 'object' || body === null) return;
  for (const key of ['userId', 'user_id', 'p_user_id'] as const) {
    const value = (body as Record<string, unknown>)[key];
    if (value !== undefined && value !== null && value !== caller.userId) {
      throw new ForbiddenError(`${key} does not match the signed-in user`);
    }
  }
}

/** Plaid's error types → our statuses: the caller's fault 400, the item's state 409, limits 429, theirs 502. */
function plaidStatus(errorType: string): number {
  if (errorType === 'RATE_LIMIT_EXCEEDED') return 429;
  if (errorType === 'ITEM_ERROR') return 409;
  if (errorType === 'API_ERROR' || errorType === 'INSTITUTION_ERROR') return 502;
  return 400;
}

function toErrorResponse(error: unknown, correlationId: string, log: Logger): ApiResult {
  if (error instanceof ValidationError) {
    return json(400, { code: error.code, message: error.message, issues: error.issues }, correlationId);
  }
  if (error instanceof DomainError) {
    if (error.status >= 500) log.error('request failed', { code: error.code, error: error.message });
    return json(error.status, { code: error.code, message: error.message }, correlationId);
  }
  // middy's body parser raises http-errors for malformed JSON.
  const status = (error as { statusCode?: number } | null)?.statusCode;
  if (status === 415 || status === 422) {
    const issues = [{ field: 'body', message: 'must be valid JSON' }];
    return json(
      400,
      { code: 'validation', message: 'Invalid request: body must be valid JSON', issues },
      correlationId,
    );
  }
  const plaid = plaidErrorOf(error);
  if (plaid) {
    // A Plaid refusal the handler did not handle itself: its code reaches the SPA (which has messages for
    // some, e.g. INVALID_REDIRECT_URI); Plaid's own request body and our token never do.
    const mapped = plaidStatus(plaid.error_type);
    log.warn('plaid error', { errorType: plaid.error_type, errorCode: plaid.error_code });
    return json(
      mapped,
      {
        code: mapped === 429 ? 'rate_limit' : mapped >= 500 ? 'server' : 'provider',
        message: plaid.display_message ?? plaid.error_message,
        provider_code: plaid.error_code,
      },
      correlationId,
    );
  }
  log.error('unhandled error', {
    errorName: error instanceof Error ? error.name : typeof error,
    error: error instanceof Error ? error.message : String(error),
  });
  return json(500, { code: 'server', message: errorMessages.server }, correlationId);
}

/** One access policy a route group composes into its stack. */
export interface RoutePolicy {
  /** Runs first, before the body limit, parsing or any lookup: refuses a caller outright. */
  beforeParse?: (event: ApiEvent, entry: CatalogEntry) => Promise<void>;
  /** Runs once the signed-in caller is known, before the route: refuses this caller for this route. */
  authorize?: (request: {
    deps: Deps;
    caller: Caller;
    event: ApiEvent;
    entry: CatalogEntry;
    route: CatalogEntry['routes'][number] | undefined;
  }) => Promise<void>;
}

/**
 * Builds the Lambda handler of one catalog entry. `routes` is keyed by API Gateway route key
 * ("GET /profiles/me"); each route of the catalog entry must have one.
 */
/** Request bodies: far above any form or question; webhooks' events run larger. */
export const MAX_BODY_BYTES = 64 * 1024;
export const MAX_WEBHOOK_BODY_BYTES = 256 * 1024;

export function httpStack(
  name: string,
  routes: Record<string, BoundRoute>,
  /** rawBody: hand routes the body text untouched (webhook signatures cover the exact bytes).
   * maxBodyBytes: a route group's own, smaller body limit (413 past it). */
  options: { rawBody?: boolean; maxBodyBytes?: number } = {},
  policies: readonly RoutePolicy[] = [],
) {
  const entry = catalogByName.get(name);
  if (!entry) throw new Error(`No catalog entry named ${name}`);
  const documented = Object.keys(routes).filter(
    (key) => !entry.routes.some((r) => `${r.method} ${r.path}` === key),
  );
  if (documented.length > 0) throw new Error(`${name}: routes not in the catalog: ${documented.join(', ')}`);

  const core = async (event: ApiEvent, context: Context): Promise<ApiResult> => {
    const deps = getDeps();
    const correlationId =
      event.headers?.['x-correlation-id'] ?? event.requestContext?.requestId ?? context.awsRequestId;
    const log = deps.logger.child({ fn: name, routeKey: event.routeKey, correlationId });
    const started = Date.now();
    let statusCode = 500;
    try {
      const definition = routes[event.routeKey];
      if (!definition) throw new NotFoundError(`No route ${event.routeKey}`);
      const caller = callerFromEvent(event);
      if (entry.caller === 'user' || entry.caller === 'admin') {
        if (!caller) throw new AuthError();
        // Admin routes were checked (group and profiles.is_admin) before the stack parsed anything.
        if (entry.caller === 'admin' && !caller.isAdmin) throw new ForbiddenError('Admin access required');
        const declared = entry.routes.find((r) => `${r.method} ${r.path}` === event.routeKey);
        for (const policy of policies)
          await policy.authorize?.({ deps, caller, event, entry, route: declared });
      }
      const bodySchema = definition.body ?? entry.body;
      // A route that takes no fields still refuses a body that is not an object ("text", 42, []): it is
      // a client's mistake, said as one, not silently ignored. JSON null stands for no body.
      if (!options.rawBody && !bodySchema && sentAsJson(event) && !isObjectOrNothing(event.body))
        throw new ValidationError([{ field: 'body', message: 'must be a JSON object' }]);
      // A route that takes fields reads JSON null as what it is, not as "no body": a client that sent
      // null meant something, and is told the body must be an object.
      if (!options.rawBody && bodySchema && sentAsJson(event) && event.body === null)
        throw new ValidationError([{ field: 'body', message: 'must be a JSON object, not null' }]);
      const rawBody = event.body ?? (bodySchema ? {} : undefined);
      if (caller) assertOwnUserId(rawBody, caller);
      const input = {
        body: parse(bodySchema, rawBody, ''),
        query: parse(definition.query, event.queryStringParameters ?? {}, 'query'),
        path: parse(definition.path, event.pathParameters ?? {}, 'path'),
        caller: caller as Caller,
        deps,
        log,
        event,
      };
      const result = await definition.run(input);
      if (result instanceof HtmlPage) {
        statusCode = result.statusCode;
        return htmlResult(result, correlationId);
      }
      statusCode = definition.status ?? (result === undefined ? 204 : 200);
      return json(statusCode, result, correlationId);
    } catch (error) {
      const response = toErrorResponse(error, correlationId, log);
      statusCode = response.statusCode ?? 500;
      return response;
    } finally {
      const ms = Date.now() - started;
      log.info('request', { status: statusCode, ms });
      await recordRequest(deps, name, statusCode, ms);
    }
  };

  const maxBodyBytes =
    options.maxBodyBytes ?? (entry.caller === 'webhook' ? MAX_WEBHOOK_BODY_BYTES : MAX_BODY_BYTES);
  const stack = middy<ApiEvent, ApiResult>().use({
    // Errors thrown by earlier middlewares (the body parser) are mapped like any other.
    onError: async (request) => {
      const correlationId = request.event.requestContext?.requestId ?? 'unknown';
      request.response = toErrorResponse(request.error, correlationId, getDeps().logger.child({ fn: name }));
    },
  });
  for (const policy of policies) {
    const beforeParse = policy.beforeParse;
    if (beforeParse) stack.use({ before: (request) => beforeParse(request.event, entry) });
  }
  // Before anything parses it: a body over the route's limit is a 413, whoever sends it.
  stack.use({
    before: async (request) => {
      const body = request.event.body;
      if (!body) return;
      const bytes = Buffer.byteLength(body, request.event.isBase64Encoded ? 'base64' : 'utf8');
      if (bytes > maxBodyBytes)
        throw new PayloadTooLargeError(`The request body is too large (at most ${maxBodyBytes / 1024} KB).`);
    },
  });
  if (!options.rawBody) {
    const parser = jsonBodyParser({ disableContentTypeError: true });
    // A request without a body (a GET that still names a JSON content type) has nothing to parse.
    stack.use({
      before: async (request) => {
        if (request.event.body === undefined || request.event.body === '') return;
        await parser.before?.(request);
      },
    });
  }
  return stack.handler(core);
}
