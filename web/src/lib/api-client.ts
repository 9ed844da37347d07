// The one way the SPA calls the API: JSON over fetch to the configured apiUrl, with the signed-in
// user's Cognito ID token (the API's JWT authorizer reads the e-mail and name claims from it), a
// 30 s time-out (spec §9) and the API's error body `{ code, message, issues? }` kept on ApiError.
import { announceSecondFactorRequired, secondFactorHeaders } from './second-factor-store.ts';
import { getAppConfig } from '../config/app-config.ts';
import { loadAmplify, mayHoldSession } from './amplify-loader.ts';
import { REQUEST_TIMEOUT_MS } from './constants.ts';
import { requestHeaders, requestUrl, takeEarlyResponse } from './early-data.ts';
import { rememberFailedCall } from './last-error.ts';
import { announceSessionEnded } from './session-ended.ts';
import { operationPath, telemetry } from './telemetry.ts';

export interface ApiIssue {
  field: string;
  message: string;
}

/** An HTTP call that failed: a non-2xx answer (status > 0), a network failure or a time-out (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | null;
  readonly issues: ApiIssue[];
  readonly correlationId: string | null;

  constructor(
    message: string,
    details: { status: number; code?: string | null; issues?: ApiIssue[]; correlationId?: string | null },
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.status = details.status;
    this.code = details.code ?? null;
    this.issues = details.issues ?? [];
    this.correlationId = details.correlationId ?? null;
  }
}

/** spec §6: an authenticated call without a token raises 'No valid access token'. */
export const NO_TOKEN_MESSAGE = 'No valid access token';

/** spec §8: 'Request timeout after {n}ms'. */
export const timeoutMessage = (ms: number) => `Request timeout after ${ms}ms`;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Cancels the call (TanStack Query passes one). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** false for the API's public routes (e.g. GET /invitations/{token}): no token is needed or sent. */
  auth?: boolean;
  /**
   * The financial profile a profile-scoped call is about (the active one, `useActiveProfile()`), sent as
   * `x-profile-id`; the server checks the caller's role on it (functions/lib/access.ts).
   */
  profileId?: string;
}

export interface ApiClientOptions {
  baseUrl: () => string;
  /** The bearer token; undefined when nobody is signed in. */
  getToken: () => Promise<string | undefined>;
  /** Headers every authenticated call carries besides the token (the second-factor session). */
  extraHeaders?: () => Record<string, string>;
  /** Told when the server refuses a call because the sign-in has not passed its second factor. */
  onSecondFactorRequired?: () => void;
  /** Told when the server refuses a signed-in call with 401: the sign-in has ended (session-ended.ts). */
  onSessionEnded?: () => void;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Told of every finished call (not one its caller cancelled): the metrics recorder times them here. */
  onCall?: (call: FinishedCall) => void;
}

/** One finished HTTP call: status 0 for a network failure or time-out. */
export interface FinishedCall {
  method: HttpMethod;
  path: string;
  ms: number;
  status: number;
  error: unknown;
}

function isIssueList(value: unknown): value is ApiIssue[] {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as ApiIssue).field === 'string' &&
        typeof (item as ApiIssue).message === 'string',
    )
  );
}

async function errorFromResponse(response: Response): Promise<ApiError> {
  const correlationId = response.headers.get('x-correlation-id');
  const text = await response.text().catch(() => '');
  let code: string | null = null;
  let message = text.trim() || response.statusText || `HTTP ${response.status}`;
  let issues: ApiIssue[] = [];
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null) {
      const record = body as Record<string, unknown>;
      if (typeof record.code === 'string') code = record.code;
      if (typeof record.message === 'string') message = record.message;
      if (isIssueList(record.issues)) issues = record.issues;
    }
  } catch {
    // Not JSON (a proxy's HTML error page): keep the text.
  }
  rememberFailedCall(correlationId);
  return new ApiError(message, { status: response.status, code, issues, correlationId });
}

export function createApiClient(options: ApiClientOptions) {
  const fetchFn = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const defaultTimeout = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  async function request<T>(method: HttpMethod, path: string, init: RequestOptions = {}): Promise<T> {
    const token = init.auth === false ? undefined : await options.getToken();
    if (init.auth !== false && !token) throw new ApiError(NO_TOKEN_MESSAGE, { status: 401, code: 'auth' });

    const url = requestUrl(options.baseUrl(), path, init.query);

    const timeoutMs = init.timeoutMs ?? defaultTimeout;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    if (init.signal?.aborted) controller.abort();
    init.signal?.addEventListener('abort', onCallerAbort, { once: true });

    const body = init.body === undefined ? undefined : JSON.stringify(init.body);
    const headers = requestHeaders(
      token,
      token ? (options.extraHeaders?.() ?? {}) : {},
      init.profileId,
      body !== undefined,
    );

    const started = performance.now();
    let status = 0;
    let failure: unknown = null;
    try {
      let response: Response;
      try {
        // The same call sent early by the entry (early-data.ts), if one is on its way; else a new one.
        response = await (takeEarlyResponse(method, url, headers, body, controller.signal) ??
          fetchFn(url, { method, headers, body, signal: controller.signal }));
      } catch (error) {
        if (timedOut)
          throw new ApiError(timeoutMessage(timeoutMs), { status: 0, code: 'timeout' }, { cause: error });
        if (init.signal?.aborted) throw error;
        const reason = error instanceof Error ? error.message : String(error);
        throw new ApiError(reason || 'Network error', { status: 0, code: 'network' }, { cause: error });
      }
      status = response.status;
      if (!response.ok) {
        const error = await errorFromResponse(response);
        if (error.code === 'two_factor_required') options.onSecondFactorRequired?.();
        if (response.status === 401 && token) options.onSessionEnded?.();
        throw error;
      }
      if (response.status === 204) return undefined as T;
      const text = await response.text();
      return (text ? JSON.parse(text) : undefined) as T;
    } catch (error) {
      // The body can also stall past the time-out.
      failure =
        timedOut && !(error instanceof ApiError)
          ? new ApiError(timeoutMessage(timeoutMs), { status: 0, code: 'timeout' }, { cause: error })
          : error;
      if (timedOut) status = 0;
      throw failure;
    } finally {
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', onCallerAbort);
      if (!(init.signal?.aborted && !timedOut)) {
        options.onCall?.({ method, path, ms: performance.now() - started, status, error: failure });
      }
    }
  }

  return {
    request,
    get: <T>(path: string, init?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, init),
    post: <T>(path: string, body?: unknown, init?: RequestOptions) =>
      request<T>('POST', path, { ...init, body }),
    put: <T>(path: string, body?: unknown, init?: RequestOptions) =>
      request<T>('PUT', path, { ...init, body }),
    patch: <T>(path: string, body?: unknown, init?: RequestOptions) =>
      request<T>('PATCH', path, { ...init, body }),
    delete: <T>(path: string, init?: RequestOptions) => request<T>('DELETE', path, init),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The signed-in user's Cognito ID token, refreshed by Amplify when it is about to expire; without a
 * stored session there is none, and Amplify is not loaded to say so. */
export async function getIdToken(): Promise<string | undefined> {
  if (!mayHoldSession()) return undefined;
  try {
    const session = await (await loadAmplify()).fetchAuthSession();
    return session.tokens?.idToken?.toString();
  } catch {
    return undefined;
  }
}

/**
 * Times every call for the metrics recorder under its operation name (`api:GET /money-plan/items/{id}`),
 * logs one line, and reports a server error (5xx), network failure or time-out, with the API's
 * correlation id. A 4xx is the caller's answer, not a failure of the app.
 */
export function recordCall({ method, path, ms, status, error }: FinishedCall): void {
  const op = `${method} ${operationPath(path)}`;
  const failed = status >= 500 || (status === 0 && error !== null);
  telemetry.recordOperation(`api:${op}`, ms, !failed);
  const correlationId = error instanceof ApiError && error.correlationId ? ` (${error.correlationId})` : '';
  telemetry.log(
    failed ? 'error' : 'info',
    `${op} ${status || 'failed'} in ${Math.round(ms)} ms${correlationId}`,
  );
  if (failed) telemetry.reportError(error);
}

export const api = createApiClient({
  baseUrl: () => getAppConfig().apiUrl,
  onCall: recordCall,
  getToken: getIdToken,
  extraHeaders: secondFactorHeaders,
  onSecondFactorRequired: announceSecondFactorRequired,
  onSessionEnded: announceSessionEnded,
});
