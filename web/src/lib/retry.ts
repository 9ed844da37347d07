// The retry wrapper of spec §7 ("retries on auth, token, JWT, timeout, network, fetch-failure and
// connection-refused errors, with exponential backoff from the base delay plus up to 1 s random
// jitter"), with spec §9's numbers passed in by each caller (the bank-connect defaults: 3 attempts,
// 500 ms base, jitter up to 1000 ms).
import { ApiError } from './api-client.ts';
import { BANK_CONNECT_RETRY } from './constants.ts';

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
export function isRetryableConnectError(error: unknown): boolean {
  if (error instanceof ApiError) {
    return error.status === 0 || error.status === 401 || error.status === 408 || error.status === 504;
  }
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
  policy?: RetryPolicy;
  isRetryable?: (error: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `call`, retrying transient failures per the policy; the last failure is rethrown as is. */
export async function withRetry<T>(call: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const policy = options.policy ?? BANK_CONNECT_RETRY;
  const isRetryable = options.isRetryable ?? isRetryableConnectError;
  const sleep = options.sleep ?? realSleep;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= policy.attempts || !isRetryable(error)) throw error;
      await sleep(retryDelayMs(attempt - 1, policy, options.random));
    }
  }
}
