import { describe, expect, it } from 'vitest';
import { errorMessages } from '@domain/errors.ts';
import { ApiError } from './api-client.ts';
import { classifyError } from './classify-error.ts';

describe('classifyError (spec §8)', () => {
  it.each([
    [401, 'auth'],
    [403, 'auth'],
    [404, 'not_found'],
    [429, 'rate_limit'],
    [500, 'server'],
    [502, 'server'],
    [503, 'server'],
  ] as const)('classifies HTTP %i as %s', (status, type) => {
    expect(classifyError(new ApiError('x', { status })).type).toBe(type);
  });

  it('gives each type the message, action and retryability of the catalogue', () => {
    expect(classifyError(new ApiError('expired', { status: 401 }))).toMatchObject({
      type: 'auth',
      message: 'Your session has expired. Please log in again.',
      action: 'sign_in',
      retryable: false,
    });
    expect(classifyError(new ApiError('boom', { status: 500 }))).toMatchObject({
      message: 'Server error. Please try again in a moment.',
      retryable: true,
    });
    expect(classifyError(new ApiError('none', { status: 404 }))).toMatchObject({
      message: "No data found. This might be normal if you haven't set up anything yet.",
      action: 'add_data',
      retryable: false,
    });
    expect(classifyError(new ApiError('slow down', { status: 429 }))).toMatchObject({
      message: 'Too many requests. Please wait a moment and try again.',
      retryable: true,
    });
  });

  it.each([
    ['PGRST301', 'auth'],
    ['PGRST116', 'auth'],
    ['PGRST000', 'server'],
    ['TIMEOUT', 'timeout'],
  ] as const)('classifies code %s as %s', (code, type) => {
    expect(classifyError({ code, message: 'x' }).type).toBe(type);
  });

  it.each([
    ['JWT expired', 'auth'],
    ['permission denied for table profiles', 'auth'],
    ['Unauthorized', 'auth'],
    ['Internal Server Error', 'server'],
    ['Service Unavailable', 'server'],
    ['Bad Gateway', 'server'],
    ['Rate limit exceeded', 'rate_limit'],
    ['Too Many Requests', 'rate_limit'],
    ['Request timeout after 30000ms', 'timeout'],
    ['The operation timed out', 'timeout'],
    ['The user aborted a request.', 'timeout'],
    ['Request cancelled', 'timeout'],
    ['Failed to fetch', 'network'],
    ['NetworkError when attempting to fetch resource.', 'network'],
    ['You are offline', 'network'],
    ['Resource not found', 'not_found'],
    ['no data returned', 'not_found'],
    ['Empty response', 'not_found'],
  ] as const)('classifies the text "%s" as %s', (message, type) => {
    expect(classifyError(new Error(message)).type).toBe(type);
  });

  it('reads a failed dynamic import as a new deployment, not a network failure', () => {
    const error = new TypeError(
      'Failed to fetch dynamically imported module: http://x/assets/settings-abc.js',
    );
    expect(classifyError(error)).toMatchObject({
      type: 'deployment',
      message: 'App has been updated. Refreshing to load the latest version...',
      action: 'refresh',
      retryable: false,
    });
    expect(classifyError({ name: 'ChunkLoadError', message: 'Loading chunk 7 failed.' }).type).toBe(
      'deployment',
    );
  });

  it('treats an AbortError as a time-out', () => {
    expect(classifyError(new DOMException('signal is aborted without reason', 'AbortError')).type).toBe(
      'timeout',
    );
  });

  it('classifies the API client time-out and network errors by their code', () => {
    expect(
      classifyError(new ApiError('Request timeout after 5ms', { status: 0, code: 'timeout' })).type,
    ).toBe('timeout');
    expect(classifyError(new ApiError('boom', { status: 0, code: 'network' })).type).toBe('network');
  });

  it('prefers the HTTP status over the text', () => {
    expect(classifyError(new ApiError('Profile not found', { status: 500 })).type).toBe('server');
  });

  it('names anything else unknown, with its message, and retryable', () => {
    expect(classifyError(new Error('Kaboom'))).toMatchObject({
      type: 'unknown',
      message: 'Something went wrong: Kaboom',
      retryable: true,
    });
  });

  it('does not retry a request the server refused as invalid', () => {
    const error = new ApiError('Invalid request: full_name Please enter your full name', {
      status: 400,
      code: 'validation',
    });
    expect(classifyError(error)).toMatchObject({ type: 'unknown', retryable: false });
  });

  it('falls back to the gentle message when there is nothing to show', () => {
    expect(classifyError(undefined).message).toBe(errorMessages.gentle);
    expect(classifyError({}).message).toBe("Something went wrong, but we're working on it.");
  });

  it('accepts plain strings', () => {
    expect(classifyError('Failed to fetch').type).toBe('network');
  });
});
