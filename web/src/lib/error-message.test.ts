import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { errorMessageOr } from './error-message.ts';

const fallback = 'Failed to create profile';

describe('errorMessageOr (spec §8 "the error\'s message or fallback")', () => {
  it("shows the API's own message", () => {
    const error = new ApiError('This invitation has expired. Ask the profile owner to send a new one.', {
      status: 410,
      code: 'not_found',
    });
    expect(errorMessageOr(error, fallback)).toBe(error.message);
  });

  it('shows a field issue by itself', () => {
    const error = new ApiError('Invalid request: name Please enter a profile name', {
      status: 400,
      code: 'validation',
      issues: [{ field: 'name', message: 'Please enter a profile name' }],
    });
    expect(errorMessageOr(error, fallback)).toBe('Please enter a profile name');
  });

  it('uses the catalogue for failures that never reached the API, and for a lost session', () => {
    expect(errorMessageOr(new ApiError('Failed to fetch', { status: 0, code: 'network' }), fallback)).toBe(
      'Connection issue. Please check your internet connection.',
    );
    expect(
      errorMessageOr(new ApiError('No valid access token', { status: 401, code: 'auth' }), fallback),
    ).toBe('Your session has expired. Please log in again.');
  });

  it('falls back for anything else', () => {
    expect(errorMessageOr(new TypeError('x.map is not a function'), fallback)).toBe(fallback);
    expect(errorMessageOr(new ApiError('', { status: 500 }), fallback)).toBe(fallback);
  });
});
