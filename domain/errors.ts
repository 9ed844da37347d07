// The error catalogue of spec §8: error types, their user-facing messages, and typed domain errors
// that the HTTP middleware maps to status codes. One module so every message has one source.

export type ErrorType =
  | 'auth'
  | 'server'
  | 'not_found'
  | 'rate_limit'
  | 'timeout'
  | 'deployment'
  | 'network'
  | 'validation'
  | 'forbidden'
  | 'conflict'
  | 'not_implemented'
  | 'subscription_required'
  | 'two_factor_required'
  | 'unknown';

/** spec §8 classified errors: user messages. */
export const errorMessages = {
  auth: 'Your session has expired. Please log in again.',
  server: 'Server error. Please try again in a moment.',
  not_found: "No data found. This might be normal if you haven't set up anything yet.",
  rate_limit: 'Too many requests. Please wait a moment and try again.',
  timeout: 'Request timed out. The server might be busy.',
  deployment: 'App has been updated. Refreshing to load the latest version...',
  network: 'Connection issue. Please check your internet connection.',
  gentle: "Something went wrong, but we're working on it.",
  unknown: (message: string) => `Something went wrong: ${message}`,
} as const;

export interface FieldIssue {
  field: string;
  message: string;
}

/** Base of every error a handler raises on purpose: carries a stable code and a user-safe message. */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  abstract readonly code: ErrorType;
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  readonly status = 400;
  readonly code = 'validation' as const;
  constructor(
    readonly issues: FieldIssue[],
    options?: ErrorOptions,
  ) {
    super(`Invalid request: ${issues.map((i) => `${i.field} ${i.message}`).join('; ')}`, options);
  }
}

export class AuthError extends DomainError {
  readonly status = 401;
  readonly code = 'auth' as const;
  constructor(message: string = errorMessages.auth, options?: ErrorOptions) {
    super(message, options);
  }
}

export class ForbiddenError extends DomainError {
  readonly status = 403;
  readonly code = 'forbidden' as const;
}

export class NotFoundError extends DomainError {
  readonly status = 404;
  readonly code = 'not_found' as const;
  constructor(message: string = errorMessages.not_found, options?: ErrorOptions) {
    super(message, options);
  }
}

export class ConflictError extends DomainError {
  readonly status = 409;
  readonly code = 'conflict' as const;
}

export class RateLimitError extends DomainError {
  readonly status = 429;
  readonly code = 'rate_limit' as const;
  constructor(message: string = errorMessages.rate_limit, options?: ErrorOptions) {
    super(message, options);
  }
}

/** A request body over the route's limit. */
export class PayloadTooLargeError extends DomainError {
  readonly status = 413;
  readonly code = 'validation' as const;
}

/** A paid feature asked for by someone whose trial and subscription have lapsed. */
export class SubscriptionRequiredError extends DomainError {
  readonly status = 402;
  readonly code = 'subscription_required' as const;
}

/**
 * A signed-in user with two-factor authentication on whose sign-in has not passed the code step yet
 *: every profile-scoped call is refused until it does.
 */
export class TwoFactorRequiredError extends DomainError {
  readonly status = 403;
  readonly code = 'two_factor_required' as const;
  constructor(message = 'Two-factor verification is required for this sign-in.', options?: ErrorOptions) {
    super(message, options);
  }
}

export class NotImplementedError extends DomainError {
  readonly status = 501;
  readonly code = 'not_implemented' as const;
}
