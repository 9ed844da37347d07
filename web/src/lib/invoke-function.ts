// spec §7's function-call layer: every `POST /functions/<name>` of the SPA goes through invokeFunction.
// Identical calls made while one is pending share its request and its result (a double click, two
// components mounting at once); each attempt gives up after 30 s with spec §8's 'Request timeout after
// {n}ms'; the spec §7 failure classes are retried with spec §9's backoff and jitter.
import { api, ApiError, NO_TOKEN_MESSAGE, type ApiClient } from './api-client.ts';
import {
  FUNCTION_CALL_RETRY,
  GENERIC_INVOKER_RETRY,
  REQUEST_DEDUP_MAX_PENDING_MS,
  REQUEST_TIMEOUT_MS,
} from './constants.ts';
import { isRetryableCallError, withRetry, type RetryPolicy } from './retry.ts';

export interface InvokeOptions {
  /** The financial profile the call is about, sent as `x-profile-id`; calls for different profiles never share. */
  profileId?: string;
  /**
   * This caller stops waiting when it aborts (an unmounting component, TanStack Query's cancel): its
   * promise rejects with the signal's reason. The request goes on for the other callers sharing it and
   * is cancelled only when none is left waiting.
   */
  signal?: AbortSignal;
  /** false: a request of its own even when an identical one is pending (a mutation meant to run twice). */
  share?: boolean;
  /**
   * The caller's own retry policy: what it names overrides the generic invoker's defaults (spec §7: 5
   * attempts, 1,500 ms). false: one attempt. Unset: spec §7/§9's 3 attempts from 1 s. A call that joins
   * a pending one runs under the policy of the caller that started it.
   */
  retry?: Partial<RetryPolicy> | false;
  /** Per attempt; spec §9's 30 s unless set. */
  timeoutMs?: number;
  /** false for the public functions (send-verification-email): no token is needed or sent. */
  auth?: boolean;
}

export interface FunctionInvokerDeps {
  client: Pick<ApiClient, 'post'>;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  maxPendingMs?: number;
}

interface PendingCall {
  promise: Promise<unknown>;
  controller: AbortController;
  /** Callers still waiting; the request is cancelled when the last one with a signal leaves. */
  waiters: number;
  settled: boolean;
}

/** JSON with every object's keys sorted, so `{a, b}` and `{b, a}` name the same call. */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, item: unknown) =>
      item !== null && typeof item === 'object' && !Array.isArray(item)
        ? Object.fromEntries(
            Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
          )
        : item,
    ) ?? ''
  );
}

function retryPolicyFor(retry: InvokeOptions['retry']): RetryPolicy {
  if (retry === undefined) return FUNCTION_CALL_RETRY;
  if (retry === false) return { ...FUNCTION_CALL_RETRY, attempts: 1 };
  return { ...GENERIC_INVOKER_RETRY, ...retry };
}

/**
 * The API refused the token a signed-in call sent (401): the API client has announced that the sign-in
 * ended and the app is signing out, so another attempt would only be refused again. A 401 the client
 * raises itself before sending (no token yet, NO_TOKEN_MESSAGE) is still worth retrying.
 */
const endedSession = (error: unknown, options: InvokeOptions): boolean =>
  options.auth !== false &&
  error instanceof ApiError &&
  error.status === 401 &&
  error.message !== NO_TOKEN_MESSAGE;

const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException('This operation was aborted', 'AbortError');

export function createFunctionInvoker(deps: FunctionInvokerDeps) {
  const maxPendingMs = deps.maxPendingMs ?? REQUEST_DEDUP_MAX_PENDING_MS;
  const pending = new Map<string, PendingCall>();

  function forget(key: string, call: PendingCall) {
    if (pending.get(key) === call) pending.delete(key);
  }

  function start(key: string | null, name: string, body: unknown, options: InvokeOptions): PendingCall {
    const controller = new AbortController();
    const promise = withRetry(
      () =>
        deps.client.post<unknown>(`/functions/${name}`, body, {
          signal: controller.signal,
          timeoutMs: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
          profileId: options.profileId,
          ...(options.auth === false ? { auth: false } : {}),
        }),
      {
        policy: retryPolicyFor(options.retry),
        isRetryable: (error) => !endedSession(error, options) && isRetryableCallError(error),
        signal: controller.signal,
        sleep: deps.sleep,
        random: deps.random,
      },
    );
    const call: PendingCall = { promise, controller, waiters: 0, settled: false };
    if (key !== null) {
      pending.set(key, call);
      // spec §7 "max pending 30 s": a later caller starts afresh rather than join a call stuck this long.
      const expiry = setTimeout(() => forget(key, call), maxPendingMs);
      const settle = () => {
        call.settled = true;
        clearTimeout(expiry);
        forget(key, call);
      };
      promise.then(settle, settle);
    } else {
      const settle = () => {
        call.settled = true;
      };
      promise.then(settle, settle);
    }
    return call;
  }

  function leave(key: string | null, call: PendingCall) {
    call.waiters -= 1;
    if (call.waiters > 0 || call.settled) return;
    call.controller.abort();
    if (key !== null) forget(key, call);
  }

  function wait<T>(key: string | null, call: PendingCall, signal: AbortSignal | undefined): Promise<T> {
    call.waiters += 1;
    if (!signal) return call.promise as Promise<T>;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        leave(key, call);
        reject(abortReason(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      call.promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value as T);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }

  /** Calls the function `name` with `body` (spec §7); resolves with its parsed JSON answer. */
  function invokeFunction<T = unknown>(
    name: string,
    body: unknown = {},
    options: InvokeOptions = {},
  ): Promise<T> {
    if (options.signal?.aborted) return Promise.reject(abortReason(options.signal));
    const key =
      options.share === false ? null : `${name}\n${options.profileId ?? ''}\n${canonicalJson(body)}`;
    const call = (key !== null ? pending.get(key) : undefined) ?? start(key, name, body, options);
    return wait<T>(key, call, options.signal);
  }

  /** Drops every pending call from sharing (a sign-in or sign-out: the next user never joins the last one's). */
  function forgetPendingCalls() {
    pending.clear();
  }

  return { invokeFunction, forgetPendingCalls };
}

export const { invokeFunction, forgetPendingCalls } = createFunctionInvoker({ client: api });
