// Plaid's error bodies, with the HTTP status, error_type, error_code and messages Plaid documents
// (https://plaid.com/docs/errors/), so callers exercise the same error handling as in production.
import { PlaidErrorType, type PlaidError } from 'plaid';

export type PlaidErrorBody = Omit<PlaidError, 'request_id'>;

/** A Plaid API error: thrown by a handler, rendered by the server with the request's request_id. */
export class PlaidApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: PlaidErrorBody,
    options?: { cause?: unknown },
  ) {
    super(`${body.error_code}: ${body.error_message}`, options);
    this.name = 'PlaidApiError';
  }
}

const docs = (section: string, code: string) =>
  `https://plaid.com/docs/errors/${section}/#${code.toLowerCase()}`;

function error(
  status: number,
  errorType: PlaidErrorType,
  errorCode: string,
  errorMessage: string,
  displayMessage: string | null,
  section: string,
): PlaidApiError {
  return new PlaidApiError(status, {
    display_message: displayMessage,
    documentation_url: docs(section, errorCode),
    error_code: errorCode,
    // Plaid sets a reason only for OAuth item errors; null everywhere else.
    error_code_reason: null,
    error_message: errorMessage,
    error_type: errorType,
    suggested_action: null,
  });
}

export const errors = {
  invalidApiKeys: () =>
    error(
      400,
      PlaidErrorType.InvalidInput,
      'INVALID_API_KEYS',
      'invalid client_id or secret provided',
      null,
      'invalid-input',
    ),
  missingFields: (fields: string[]) =>
    error(
      400,
      PlaidErrorType.InvalidRequest,
      'MISSING_FIELDS',
      `the following required fields are missing: ${fields.join(', ')}`,
      null,
      'invalid-request',
    ),
  unknownFields: (fields: string[]) =>
    error(
      400,
      PlaidErrorType.InvalidRequest,
      'UNKNOWN_FIELDS',
      `the following fields are not recognized by this endpoint: ${fields.join(', ')}`,
      null,
      'invalid-request',
    ),
  invalidField: (message: string) =>
    error(400, PlaidErrorType.InvalidRequest, 'INVALID_FIELD', message, null, 'invalid-request'),
  invalidBody: (message: string) =>
    error(400, PlaidErrorType.InvalidRequest, 'INVALID_BODY', message, null, 'invalid-request'),
  notFound: () =>
    error(404, PlaidErrorType.InvalidRequest, 'NOT_FOUND', 'not found', null, 'invalid-request'),
  invalidAccessToken: () =>
    error(
      400,
      PlaidErrorType.InvalidInput,
      'INVALID_ACCESS_TOKEN',
      'could not find matching access token',
      null,
      'invalid-input',
    ),
  invalidPublicToken: () =>
    error(
      400,
      PlaidErrorType.InvalidInput,
      'INVALID_PUBLIC_TOKEN',
      'could not find matching public token',
      null,
      'invalid-input',
    ),
  expiredPublicToken: () =>
    error(
      400,
      PlaidErrorType.InvalidInput,
      'INVALID_PUBLIC_TOKEN',
      'provided public token is expired. Public tokens expire 30 minutes after creation at which point they can no longer be exchanged',
      null,
      'invalid-input',
    ),
  invalidLinkToken: (reason = 'provided link token is invalid') =>
    error(400, PlaidErrorType.InvalidInput, 'INVALID_LINK_TOKEN', reason, null, 'invalid-input'),
  invalidInstitution: () =>
    error(
      400,
      PlaidErrorType.InvalidInput,
      'INVALID_INSTITUTION',
      'invalid institution_id provided',
      null,
      'invalid-input',
    ),
  invalidAccountId: () =>
    error(
      400,
      PlaidErrorType.InvalidInput,
      'INVALID_ACCOUNT_ID',
      'one or more of the account IDs is invalid',
      null,
      'invalid-input',
    ),
  invalidWebhookKeyId: () =>
    error(
      400,
      PlaidErrorType.InvalidInput,
      'INVALID_WEBHOOK_VERIFICATION_KEY_ID',
      'invalid key_id provided',
      null,
      'invalid-input',
    ),
  invalidRedirectUri: () =>
    error(
      400,
      PlaidErrorType.InvalidRequest,
      'INVALID_FIELD',
      'OAuth redirect URI must be configured in the developer dashboard. See https://dashboard.plaid.com/team/api',
      null,
      'invalid-request',
    ),
  itemNotFound: () =>
    error(
      400,
      PlaidErrorType.ItemError,
      'ITEM_NOT_FOUND',
      'The Item you requested cannot be found. This Item does not exist, has been previously removed via /item/remove, or has had access removed by the user.',
      null,
      'item',
    ),
  itemLoginRequired: () =>
    error(
      400,
      PlaidErrorType.ItemError,
      'ITEM_LOGIN_REQUIRED',
      "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
      'To fix this, you must reconnect your account.',
      'item',
    ),
  userPermissionRevoked: () =>
    error(
      400,
      PlaidErrorType.ItemError,
      'USER_PERMISSION_REVOKED',
      'the holder of this account has revoked their permission for your application to access it',
      null,
      'item',
    ),
  invalidCredentials: () =>
    error(
      400,
      PlaidErrorType.ItemError,
      'INVALID_CREDENTIALS',
      'the provided credentials were not correct',
      'The provided credentials were not correct. Please try again.',
      'item',
    ),
  itemLocked: () =>
    error(
      400,
      PlaidErrorType.ItemError,
      'ITEM_LOCKED',
      "the account is locked. prompt the user to visit the institution's site and unlock their account",
      "The financial institution indicated that your account is locked. Please visit your institution's website to unlock your account.",
      'item',
    ),
  noAccounts: () =>
    error(
      400,
      PlaidErrorType.ItemError,
      'NO_ACCOUNTS',
      'no valid accounts were found for this item',
      "No valid accounts were found at the financial institution. Please visit your financial institution's website to confirm accounts are available.",
      'item',
    ),
  /** /liabilities/get on an item (or a selection) with no credit card, student loan or mortgage. */
  noLiabilityAccounts: () =>
    error(
      400,
      PlaidErrorType.ItemError,
      'NO_LIABILITY_ACCOUNTS',
      'the item has no accounts that support the liabilities product',
      null,
      'item',
    ),
  /** A product the user never consented to share in Link (not in the item's consented_products). */
  additionalConsentRequired: (product: string) =>
    error(
      400,
      PlaidErrorType.ItemError,
      'ADDITIONAL_CONSENT_REQUIRED',
      `client does not have user consent to access the PRODUCT_${product.toUpperCase()} product`,
      null,
      'item',
    ),
  /** The product's data is still being extracted after Link; ask again later (or await its webhook). */
  productNotReady: () =>
    error(
      400,
      PlaidErrorType.ItemError,
      'PRODUCT_NOT_READY',
      'the requested product is not yet ready. please provide a webhook or try the request again later',
      null,
      'item',
    ),
  /** /investments/* on an item with no investment account. */
  noInvestmentAccounts: () =>
    error(
      400,
      PlaidErrorType.ItemError,
      'NO_INVESTMENT_ACCOUNTS',
      'the item has no accounts that support the investments product',
      null,
      'item',
    ),
  userSetupRequired: () =>
    error(
      400,
      PlaidErrorType.ItemError,
      'USER_SETUP_REQUIRED',
      "the account has not been fully set up. prompt the user to visit the issuing institution's site and finish the setup process",
      "The given account is not fully setup. Please visit your financial institution's website to setup your account.",
      'item',
    ),
  institutionDown: () =>
    error(
      400,
      PlaidErrorType.InstitutionError,
      'INSTITUTION_DOWN',
      'this institution is not currently responding to this request. please try again soon',
      'This financial institution is not currently responding to requests. We apologize for the inconvenience.',
      'institution',
    ),
  institutionNotResponding: () =>
    error(
      400,
      PlaidErrorType.InstitutionError,
      'INSTITUTION_NOT_RESPONDING',
      'this institution is not currently responding to this request. please try again soon',
      'This financial institution is not currently responding to requests. We apologize for the inconvenience.',
      'institution',
    ),
  mutationDuringPagination: () =>
    error(
      400,
      PlaidErrorType.TransactionsError,
      'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION',
      'Underlying transaction data changed since last page was fetched. Please restart pagination from last update.',
      null,
      'transactions',
    ),
  rateLimit: (code: string) =>
    error(
      429,
      PlaidErrorType.RateLimitExceeded,
      code,
      'rate limit exceeded for attempts to access this item. please try again later',
      null,
      'rate-limit-exceeded',
    ),
  internalServerError: () =>
    error(
      500,
      PlaidErrorType.ApiError,
      'INTERNAL_SERVER_ERROR',
      'an unexpected error occurred',
      'An unexpected error occurred. Please try again later.',
      'api',
    ),
  plannedMaintenance: () =>
    error(
      503,
      PlaidErrorType.ApiError,
      'PLANNED_MAINTENANCE',
      'the Plaid API is temporarily unavailable due to planned maintenance. visit https://status.plaid.com/ for more information',
      null,
      'api',
    ),
  sandboxWebhookInvalid: () =>
    error(
      400,
      PlaidErrorType.SandboxError,
      'SANDBOX_WEBHOOK_INVALID',
      "Webhook for this item is either not set up, or invalid. Please update the item's webhook and try again.",
      null,
      'sandbox',
    ),
  sandboxProductNotEnabled: (product: string) =>
    error(
      400,
      PlaidErrorType.SandboxError,
      'SANDBOX_PRODUCT_NOT_ENABLED',
      `The ${product} product is not enabled on this item`,
      null,
      'sandbox',
    ),
};

/**
 * Errors the sandbox can return on demand (the `error_<CODE>` sandbox password, and
 * `/sandbox/fault/inject`), keyed by error code.
 */
export const errorsByCode: Record<string, () => PlaidApiError> = {
  INVALID_CREDENTIALS: errors.invalidCredentials,
  ITEM_LOCKED: errors.itemLocked,
  ITEM_LOGIN_REQUIRED: errors.itemLoginRequired,
  NO_ACCOUNTS: errors.noAccounts,
  USER_SETUP_REQUIRED: errors.userSetupRequired,
  INSTITUTION_DOWN: errors.institutionDown,
  INSTITUTION_NOT_RESPONDING: errors.institutionNotResponding,
  INTERNAL_SERVER_ERROR: errors.internalServerError,
  PLANNED_MAINTENANCE: errors.plannedMaintenance,
  RATE_LIMIT: () => errors.rateLimit('RATE_LIMIT'),
  ACCOUNTS_BALANCE_GET_LIMIT: () => errors.rateLimit('ACCOUNTS_BALANCE_GET_LIMIT'),
  TRANSACTIONS_SYNC_LIMIT: () => errors.rateLimit('TRANSACTIONS_SYNC_LIMIT'),
  ITEM_GET_LIMIT: () => errors.rateLimit('ITEM_GET_LIMIT'),
  PRODUCT_NOT_READY: errors.productNotReady,
  ADDITIONAL_CONSENT_REQUIRED: () => errors.additionalConsentRequired('liabilities'),
  NO_LIABILITY_ACCOUNTS: errors.noLiabilityAccounts,
};

/** The error object embedded in an Item (`/item/get`) or an ITEM webhook carries its HTTP status. */
export const itemErrorObject = (apiError: PlaidApiError): PlaidError => ({
  ...apiError.body,
  status: apiError.status,
});
