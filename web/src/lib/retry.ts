// The retry wrapper of spec §7 ("retries on auth, token, JWT, timeout, network, fetch-failure and
// connection-refused errors, with exponential backoff from the base delay plus up to 1 s random
// jitter"), used by the function-call layer (invoke-function.ts) with spec §9's numbers: the retry
// helper's 3 attempts from 1 s, the bank-connect calls' 500 ms base, the generic invoker's 5 × 1,500 ms.
import { ApiError } from './api-client.ts';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxJitterMs: number;
}

const TRANSIENT_TEXT =
  /\b(auth\w*|unauthori[sz]ed|token|jwt|time ?out|timed out|network|failed to fetch|fetch failed|load failed|econnrefused|connection refused)\b/i;

/**
 * spec §7: which failures are worth another attempt. An answer from our API is judged by its status
 * (no answer at all, 401, 408, 504: yes; any other refusal would be refused the same way again, so a
 * 400 whose text mentions a "token" is not retried); anything else by its text.
 */
export function isRetryableCallError(error: unknown): boolean {
  if (error instanceof ApiError) {
    return error.status === 0 || error.status === 401 || error.status === 408 || error.status === 504;
  }
  // An answer that is not JSON was an answer: its parser's wording may mention a "token".
  if (error instanceof SyntaxError) return false;
  if (error instanceof Error) return TRANSIENT_TEXT.test(`${error.name} ${error.message}`);
  return typeof error === 'string' && TRANSIENT_TEXT.test(error);
}

/**
 * The wait before retry number `retryIndex` (0 for the first retry): base × 2^retryIndex plus a random
 * jitter in [0, maxJitterMs). `random` is injectable so the numbers can be tested.
 */
export function retryDelayMs(retryIndex: number, policy: RetryPolicy, random: () => number = Math.random) {
  return policy.baseDelayMs * 2 ** retryIndex + Math.floor(random() * policy.maxJitterMs);
}

export interface RetryOptions {
  policy: RetryPolicy;
  isRetryable?: (error: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Stops the retrying: no further attempt once aborted, and a wait in progress ends at once. */
  signal?: AbortSignal;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
function sleepUnlessAborted(sleep: (ms: number) => Promise<void>, ms: number, signal?: AbortSignal) {
  if (!signal) return sleep(ms);
  signal.throwIfAborted();
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    sleep(ms).then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** Runs `call`, retrying transient failures per the policy; the last failure is rethrown as is. */
export async function withRetry<T>(call: () => Promise<T>, options: RetryOptions): Promise<T> {
  const { policy, signal } = options;
  const isRetryable = options.isRetryable ?? isRetryableCallError;
  const sleep = options.sleep ?? realSleep;
  for (let attempt = 1; ; attempt += 1) {
    signal?.throwIfAborted();
    try {
      return await call();
    } catch (error) {
      if (attempt >= policy.attempts || signal?.aborted || !isRetryable(error)) throw error;
      await sleepUnlessAborted(sleep, retryDelayMs(attempt - 1, policy, options.random), signal);
    }
  }
}
