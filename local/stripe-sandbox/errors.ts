// Stripe's error bodies (`{ error: { type, code, message, param, … } }`) and HTTP statuses, so the
// official client raises the same error classes as in production (https://docs.stripe.com/api/errors).
export type StripeErrorType =
  'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error' | 'authentication_error';

/** Why a test card is refused, in Stripe's words (https://docs.stripe.com/testing, /declines/codes). */
export interface CardRefusal {
  code: string;
  declineCode?: string;
  message: string;
  param?: string;
}

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
  doc_url?: string;
  request_log_url?: string;
}

/** An API error: thrown by a handler, rendered by the server with the request id. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    options?: { cause?: unknown },
  ) {
    super(body.message, options);
    this.name = 'StripeApiError';
  }
}

const docUrl = (code: string) => `https://docs.stripe.com/error-codes/${code.replaceAll('_', '-')}`;

function invalid(message: string, code?: string, param?: string, status = 400): StripeApiError {
  return new StripeApiError(status, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code, doc_url: docUrl(code) } : {}),
    ...(param ? { param } : {}),
  });
}

export const errors = {
  noApiKey: () =>
    new StripeApiError(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://docs.stripe.com/api#authentication for details, or we can help at https://support.stripe.com/.",
    }),
  invalidApiKey: (key: string) =>
    new StripeApiError(401, {
      type: 'invalid_request_error',
      code: 'api_key_invalid',
      message: `Invalid API Key provided: ${key.length > 8 ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` : key}`,
    }),
  unrecognizedUrl: (method: string, path: string) =>
    invalid(
      `Unrecognized request URL (${method}: ${path}). Please see https://docs.stripe.com or we can help at https://support.stripe.com/.`,
      undefined,
      undefined,
      404,
    ),
  /** The object the URL names does not exist: 404. */
  noSuch: (what: string, id: string, param = 'id') =>
    invalid(`No such ${what}: '${id}'`, 'resource_missing', param, 404),
  /** An id given in a parameter names nothing: 400, naming the parameter (404 is for the URL's object). */
  noSuchInParam: (what: string, id: string, param: string) =>
    invalid(`No such ${what}: '${id}'`, 'resource_missing', param, 400),
  invalidRequest: (message: string, param?: string) => invalid(message, undefined, param),
  unknownParameter: (param: string) =>
    invalid(`Received unknown parameter: ${param}`, 'parameter_unknown', param),
  missingParameter: (param: string) =>
    invalid(`Missing required param: ${param}.`, 'parameter_missing', param),
  invalidString: (param: string) => invalid(`Invalid string: ${param}`, 'parameter_invalid_string', param),
  invalidInteger: (param: string, value: string) =>
    invalid(`Invalid integer: ${value}`, 'parameter_invalid_integer', param),
  invalidBoolean: (param: string, value: string) => invalid(`Invalid boolean: ${value}`, undefined, param),
  invalidEnum: (param: string, value: string, values: readonly string[]) =>
    invalid(
      `Invalid ${param}: must be one of ${values.slice(0, -1).join(', ')}${values.length > 1 ? ', or ' : ''}${values.at(-1) ?? ''} (got ${value})`,
      undefined,
      param,
    ),
  invalidObject: (param: string) => invalid(`Invalid object`, undefined, param),
  invalidArray: (param: string) => invalid(`Invalid array`, undefined, param),
  notExpandable: (path: string) =>
    invalid(`This property cannot be expanded (${path}).`, undefined, 'expand'),
  idempotencyMismatch: (key: string) =>
    new StripeApiError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    }),
  cardDeclined: (declineCode = 'generic_decline', param?: string) =>
    new StripeApiError(402, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: declineCode,
      message: 'Your card was declined.',
      doc_url: docUrl('card_declined'),
      ...(param ? { param } : {}),
    }),
  /** A test card's refusal (declined, expired, wrong CVC, processing error) as Stripe words it. */
  cardRefused: (refusal: CardRefusal) =>
    new StripeApiError(402, {
      type: 'card_error',
      code: refusal.code,
      message: refusal.message,
      ...(refusal.declineCode ? { decline_code: refusal.declineCode } : {}),
      ...(refusal.param ? { param: refusal.param } : {}),
      doc_url: docUrl(refusal.code),
    }),
  /** A 3-D Secure challenge that was failed (or abandoned). */
  authenticationFailed: () =>
    new StripeApiError(402, {
      type: 'card_error',
      code: 'payment_intent_authentication_failure',
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      doc_url: docUrl('payment_intent_authentication_failure'),
    }),
  incorrectNumber: () =>
    new StripeApiError(402, {
      type: 'card_error',
      code: 'incorrect_number',
      message: 'Your card number is incorrect.',
      param: 'number',
      doc_url: docUrl('incorrect_number'),
    }),
  expiredCard: () =>
    new StripeApiError(402, {
      type: 'card_error',
      code: 'expired_card',
      message: 'Your card has expired.',
      param: 'exp_month',
      doc_url: docUrl('expired_card'),
    }),
  invalidCvc: () =>
    new StripeApiError(402, {
      type: 'card_error',
      code: 'invalid_cvc',
      message: "Your card's security code is invalid.",
      param: 'cvc',
      doc_url: docUrl('invalid_cvc'),
    }),
  internal: () =>
    new StripeApiError(500, {
      type: 'api_error',
      message: 'An unknown error occurred in the local Stripe sandbox.',
    }),
};
