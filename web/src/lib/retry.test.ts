import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { BANK_CONNECT_RETRY, PLAID_CALL_RETRY } from './constants.ts';
import { isRetryableCallError, retryDelayMs, withRetry } from './retry.ts';

describe('retry wrapper (spec §7, §9)', () => {
  it('has the spec defaults: 3 attempts, 500 ms base, jitter up to 1000 ms', () => {
    expect(BANK_CONNECT_RETRY).toEqual({ attempts: 3, baseDelayMs: 500, maxJitterMs: 1000 });
    expect(PLAID_CALL_RETRY.hostedLink.baseDelayMs).toBe(1000);
    expect(PLAID_CALL_RETRY.linkAccountToProfile.attempts).toBe(2);
    expect(PLAID_CALL_RETRY.smartSync.attempts).toBe(2);
  });

  it('backs off exponentially from the base, plus a jitter below the maximum', () => {
    expect(retryDelayMs(0, BANK_CONNECT_RETRY, () => 0)).toBe(500);
    expect(retryDelayMs(1, BANK_CONNECT_RETRY, () => 0)).toBe(1000);
    expect(retryDelayMs(2, BANK_CONNECT_RETRY, () => 0)).toBe(2000);
    expect(retryDelayMs(0, BANK_CONNECT_RETRY, () => 0.999)).toBe(1499);
    expect(retryDelayMs(1, PLAID_CALL_RETRY.hostedLink, () => 0.5)).toBe(2500);
  });

  it('retries auth, token, JWT, timeout, network, fetch and connection-refused failures only', () => {
    expect(isRetryableCallError(new ApiError('Network error', { status: 0, code: 'network' }))).toBe(true);
    expect(isRetryableCallError(new ApiError('Request timeout after 30000ms', { status: 0 }))).toBe(true);
    expect(isRetryableCallError(new ApiError('No valid access token', { status: 401 }))).toBe(true);
    expect(isRetryableCallError(new TypeError('Failed to fetch'))).toBe(true);
    expect(isRetryableCallError(new Error('connect ECONNREFUSED 127.0.0.1:3001'))).toBe(true);
    expect(isRetryableCallError(new Error('JWT expired'))).toBe(true);
    expect(isRetryableCallError(new Error('Invalid token'))).toBe(true);

    expect(isRetryableCallError(new ApiError('the public token is invalid', { status: 400 }))).toBe(false);
    expect(isRetryableCallError(new ApiError('Only the owner may do that', { status: 403 }))).toBe(false);
    expect(isRetryableCallError(new ApiError('Server error', { status: 500 }))).toBe(false);
    expect(isRetryableCallError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('makes at most `attempts` calls, sleeping the backoff between them, and rethrows the last error', async () => {
    const waits: number[] = [];
    let calls = 0;
    const failure = new ApiError('Network error', { status: 0 });
    const promise = withRetry(
      async () => {
        calls += 1;
        throw failure;
      },
      { policy: BANK_CONNECT_RETRY, sleep: async (ms) => void waits.push(ms), random: () => 0.25 },
    );
    await expect(promise).rejects.toBe(failure);
    expect(calls).toBe(3);
    expect(waits).toEqual([750, 1250]);
  });

  it('returns the first success and does not retry a refusal', async () => {
    let calls = 0;
    const result = await withRetry(
      async () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return 'ok';
      },
      { policy: BANK_CONNECT_RETRY, sleep: async () => undefined },
    );
    expect(result).toBe('ok');
    expect(calls).toBe(2);

    let refused = 0;
    await expect(
      withRetry(
        async () => {
          refused += 1;
          throw new ApiError('Bad request', { status: 400 });
        },
        { policy: BANK_CONNECT_RETRY, sleep: async () => undefined },
      ),
    ).rejects.toThrow('Bad request');
    expect(refused).toBe(1);
  });
});
