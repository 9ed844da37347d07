import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { createQueryClient, queryRetryDelay, shouldRetry } from './react-query.ts';

describe('query retry delay (spec §9: min(2 s x 2^n, 30 s))', () => {
  it('doubles from 2 s and stops at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(queryRetryDelay)).toEqual([
      2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});

describe('shouldRetry', () => {
  const retryOnce = shouldRetry(1);

  it('retries a retryable error once', () => {
    const error = new ApiError('Service Unavailable', { status: 503 });
    expect(retryOnce(0, error)).toBe(true);
    expect(retryOnce(1, error)).toBe(false);
  });

  it('never retries an expired session, missing data or a rejected request', () => {
    expect(retryOnce(0, new ApiError('No valid access token', { status: 401, code: 'auth' }))).toBe(false);
    expect(retryOnce(0, new ApiError('none', { status: 404 }))).toBe(false);
    expect(retryOnce(0, new ApiError('bad', { status: 400, code: 'validation' }))).toBe(false);
  });
});

describe('createQueryClient', () => {
  it('uses the spec §9 cache and retry numbers', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(15 * 60 * 1000);
    expect(queries?.gcTime).toBe(30 * 60 * 1000);
    expect(queries?.retryDelay).toBe(queryRetryDelay);
    expect(mutations?.retryDelay).toBe(1000);
  });
});
