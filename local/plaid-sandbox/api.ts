// Plaid's API endpoints as the sandbox serves them: the request checks Plaid makes, the state
// changes, and responses typed with the plaid package's response types (`satisfies`), so the shapes
// cannot drift from the client's.
import {
  CountryCode,
  PendingDisconnectWebhookReason,
  Products,
  TransactionsUpdateStatus,
  type AccountsBalanceGetRequest,
  type AccountsGetRequest,
  type AccountsGetResponse,
  type InstitutionsGetByIdRequest,
  type InstitutionsGetByIdResponse,
  type InvestmentAccount,
  type InvestmentsHoldingsGetRequest,
  type InvestmentsHoldingsGetResponse,
  type InvestmentsTransactionsGetRequest,
  type InvestmentsTransactionsGetResponse,
  type ItemGetRequest,
  type ItemGetResponse,
  type ItemPublicTokenExchangeRequest,
  type ItemPublicTokenExchangeResponse,
  type ItemRemoveRequest,
  type ItemRemoveResponse,
  type ItemWebhookUpdateRequest,
  type ItemWebhookUpdateResponse,
  type LiabilitiesGetRequest,
  type LiabilitiesGetResponse,
  type LinkTokenCreateRequest,
  type LinkTokenCreateResponse,
  type LinkTokenGetRequest,
  type LinkTokenGetResponse,
  type SandboxItemFireWebhookRequest,
  type SandboxItemFireWebhookResponse,
  type SandboxItemResetLoginRequest,
  type SandboxItemResetLoginResponse,
  type SandboxPublicTokenCreateRequest,
  type SandboxPublicTokenCreateResponse,
  type TransactionsRefreshRequest,
  type TransactionsRefreshResponse,
  type TransactionsSyncRequest,
  type TransactionsSyncResponse,
  type WebhookVerificationKeyGetRequest,
  type WebhookVerificationKeyGetResponse,
} from 'plaid';
import { z } from 'zod';
import { checkCredentials } from './credentials.ts';
import { isoDay, parseIsoDay } from './days.ts';
import { errors } from './errors.ts';
import { syncChanges, updateStatusOf } from './first-sync.ts';
import { groundTruth } from './ground-truth.ts';
import {
  hasInvestmentAccounts,
  holdingsOf,
  investmentTransactionsOf,
  isInvestmentRole,
} from './investments.ts';
import { hasLiabilityAccounts, liabilitiesBody } from './liabilities.ts';
import { findInstitution, institutionBody } from './institutions.ts';
import { randomId, randomUuid } from './random.ts';
import { fieldsOf, parseRequest } from './request.ts';
import { accountsBody, asProducts, itemBody, itemWithConsentBody, transactionBody } from './shapes.ts';
import {
  DEFAULT_DAYS_REQUESTED,
  HISTORY_DAYS,
  type LinkTokenRecord,
  type SandboxItem,
  type SandboxState,
} from './state.ts';

export interface ApiContext {
  state: SandboxState;
  /** The sandbox's own base URL (hosted link pages live there). */
  baseUrl: string;
  requestId: string;
  /** Registered redirect URIs; null allows any loopback URL. */
  redirectUris: readonly string[] | null;
}

type Body = Record<string, unknown>;
export type Endpoint = (body: Body, context: ApiContext) => object;

const LINK_TOKEN_HOURS = 4;
const UPDATE_LINK_TOKEN_MINUTES = 30;
const LANGUAGES = ['da', 'de', 'en', 'es', 'et', 'fr', 'it', 'lt', 'lv', 'nl', 'no', 'pl', 'pt', 'ro', 'sv'];
const countryCodes = Object.values(CountryCode) as string[];
const products = Object.values(Products) as string[];

const accessToken = z.string().min(1, { error: 'access_token must be a non-empty string' });
const url = (field: string) =>
  z.string().refine((value) => URL.canParse(value), { error: `${field} must be a valid URL` });
/** `options.account_ids`, as the endpoints that take only that option accept it. */
const accountIdsOption = z.object({ account_ids: z.array(z.string()).optional() }).optional();

/**
 * The item an endpoint serves, in Plaid's order of checks: the access token's item, then a fault
 * injected for the endpoint (/sandbox/fault/inject), then the item's own error (such as
 * ITEM_LOGIN_REQUIRED).
 */
function healthyItem(state: SandboxState, endpoint: string, accessToken: string): SandboxItem {
  const item = state.item(accessToken);
  state.takeFault(endpoint, accessToken);
  state.assertHealthy(item);
  return item;
}

/**
 * The opening of an endpoint that serves one item: the request's checks, then `healthyItem`. The
 * endpoints that check something between the two, or that skip the fault or health check, open
 * their own way.
 */
function itemRequest<S extends z.ZodType<{ access_token: string }>>(
  body: Body,
  state: SandboxState,
  endpoint: string,
  fields: ReadonlySet<string>,
  schema: S,
): { request: z.infer<S>; item: SandboxItem } {
  const request = parseRequest(body, fields, schema);
  return { request, item: healthyItem(state, endpoint, request.access_token) };
}

// -- /link/token/create ----------------------------------------------------------------------------

const linkTokenCreateFields = fieldsOf<LinkTokenCreateRequest>()({
  client_id: true,
  secret: true,
  client_name: true,
  language: true,
  country_codes: true,
  user: true,
  user_id: true,
  products: true,
  required_if_supported_products: true,
  optional_products: true,
  additional_consented_products: true,
  webhook: true,
  access_token: true,
  access_tokens: true,
  link_customization_name: true,
  appearance_mode: true,
  redirect_uri: true,
  android_package_name: true,
  institution_data: true,
  card_switch: true,
  account_filters: true,
  eu_config: true,
  institution_id: true,
  payment_configuration: true,
  payment_initiation: true,
  employment: true,
  income_verification: true,
  base_report: true,
  credit_partner_insights: true,
  cra_options: true,
  consumer_report_permissible_purpose: true,
  auth: true,
  transfer: true,
  update: true,
  identity_verification: true,
  statements: true,
  third_party_user_token: true,
  investments: true,
  investments_auth: true,
  hosted_link: true,
  transactions: true,
  cashflow_report: true,
  cra_enabled: true,
  identity: true,
  financekit_supported: true,
  enable_multi_item_link: true,
  user_token: true,
});

const productList = z.array(
  z.string().refine((p) => products.includes(p), { error: 'products contains an unknown product' }),
);

const linkTokenCreateSchema = z.object({
  client_name: z.string().min(1).max(30, { error: 'client_name must be at most 30 characters' }),
  language: z.string().refine((l) => LANGUAGES.includes(l), { error: 'language is not supported' }),
  country_codes: z
    .array(
      z
        .string()
        .refine((c) => countryCodes.includes(c), { error: 'country_codes contains an unknown country' }),
    )
    .min(1, { error: 'country_codes must contain at least one country' }),
  user: z
    .object({ client_user_id: z.string().min(1) })
    .loose()
    .optional(),
  user_id: z.string().optional(),
  user_token: z.string().optional(),
  products: productList.nullable().optional(),
  required_if_supported_products: productList.nullable().optional(),
  optional_products: productList.nullable().optional(),
  additional_consented_products: productList.nullable().optional(),
  webhook: url('webhook').optional(),
  access_token: z.string().nullable().optional(),
  redirect_uri: url('redirect_uri').optional(),
  account_filters: z
    .record(z.string(), z.object({ account_subtypes: z.array(z.string()).optional() }).loose())
    .optional(),
  hosted_link: z
    .object({
      completion_redirect_uri: url('hosted_link.completion_redirect_uri').optional(),
      url_lifetime_seconds: z.number().int().positive().optional(),
      is_mobile_app: z.boolean().optional(),
      delivery_method: z.string().optional(),
    })
    .optional(),
  transactions: z
    .object({
      days_requested: z
        .number()
        .int()
        .min(1, { error: 'transactions.days_requested must be between 1 and 730' })
        .max(HISTORY_DAYS, { error: 'transactions.days_requested must be between 1 and 730' })
        .optional(),
    })
    .optional(),
  update: z.object({ account_selection_enabled: z.boolean().optional() }).loose().optional(),
});

function isLoopback(candidate: string): boolean {
  try {
    const { hostname, protocol } = new URL(candidate);
    return /^https?:$/.test(protocol) && ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
  } catch {
    return false;
  }
}

const linkTokenCreate: Endpoint = (body, { state, baseUrl, requestId, redirectUris }) => {
  const request = parseRequest(body, linkTokenCreateFields, linkTokenCreateSchema);
  if (!request.user?.client_user_id && !request.user_id && !request.user_token) {
    throw errors.missingFields(['user.client_user_id']);
  }
  let updateItem: SandboxItem | null = null;
  if (request.access_token) updateItem = state.item(request.access_token);
  else if (!request.products || request.products.length === 0) {
    throw errors.invalidField(
      'products must contain at least one product unless access_token is provided (update mode)',
    );
  }
  if (request.redirect_uri) {
    const registered = redirectUris
      ? redirectUris.includes(request.redirect_uri)
      : isLoopback(request.redirect_uri);
    if (!registered) throw errors.invalidRedirectUri();
  }
  const now = state.now();
  const lifetimeMs = request.hosted_link?.url_lifetime_seconds
    ? request.hosted_link.url_lifetime_seconds * 1000
    : updateItem
      ? UPDATE_LINK_TOKEN_MINUTES * 60_000
      : LINK_TOKEN_HOURS * 3_600_000;
  const record: LinkTokenRecord = {
    link_token: `link-sandbox-${randomUuid()}`,
    created_at: now,
    expiration: new Date(now.getTime() + lifetimeMs),
    client_name: request.client_name,
    language: request.language,
    country_codes: request.country_codes,
    products: [...(request.products ?? []), ...(request.required_if_supported_products ?? [])],
    consented_products: [
      ...new Set([
        ...(request.products ?? []),
        ...(request.required_if_supported_products ?? []),
        ...(request.optional_products ?? []),
        ...(request.additional_consented_products ?? []),
      ]),
    ],
    webhook: request.webhook ?? null,
    redirect_uri: request.redirect_uri ?? null,
    days_requested: request.transactions?.days_requested ?? DEFAULT_DAYS_REQUESTED,
    access_token: updateItem ? updateItem.record.access_token : null,
    account_selection_enabled: request.update?.account_selection_enabled ?? false,
    account_filters: request.account_filters ?? null,
    hosted: request.hosted_link
      ? {
          id: randomId(24),
          completion_redirect_uri: request.hosted_link.completion_redirect_uri ?? null,
        }
      : null,
    sessions: [],
  };
  state.linkTokens.set(record.link_token, record);
  if (record.hosted) state.hostedLinks.set(record.hosted.id, record.link_token);
  return {
    link_token: record.link_token,
    expiration: record.expiration.toISOString(),
    request_id: requestId,
    ...(record.hosted ? { hosted_link_url: `${baseUrl}/hl/${record.hosted.id}` } : {}),
  } satisfies LinkTokenCreateResponse;
};

// -- /link/token/get ------------------------------------------------------------------------------

const linkTokenGet: Endpoint = (body, { state, requestId }) => {
  const request = parseRequest(
    body,
    fieldsOf<LinkTokenGetRequest>()({ client_id: true, secret: true, link_token: true }),
    z.object({ link_token: z.string() }),
  );
  const record = state.linkTokens.get(request.link_token);
  if (!record) throw errors.invalidLinkToken();
  return {
    link_token: record.link_token,
    created_at: record.created_at.toISOString(),
    expiration: record.expiration.toISOString(),
    metadata: {
      initial_products: asProducts(record.products),
      webhook: record.webhook,
      country_codes: record.country_codes as CountryCode[],
      language: record.language,
      redirect_uri: record.redirect_uri,
      client_name: record.client_name,
    },
    link_sessions: record.sessions.map((session) => ({
      link_session_id: session.link_session_id,
      started_at: session.started_at.toISOString(),
      finished_at: session.finished_at?.toISOString() ?? null,
      on_success: session.success
        ? { public_token: session.success.public_token, metadata: session.success.metadata }
        : null,
      exit: session.exit,
      events: session.events,
      results: session.success
        ? {
            item_add_results: [
              {
                public_token: session.success.public_token,
                accounts: session.success.accounts,
                institution: session.success.institution,
              },
            ],
            cra_item_add_results: [],
            cra_update_results: [],
            bank_income_results: [],
            payroll_income_results: [],
            document_income_results: null,
          }
        : null,
    })),
    request_id: requestId,
  } satisfies LinkTokenGetResponse;
};

// -- items and accounts ---------------------------------------------------------------------------

const publicTokenExchange: Endpoint = (body, { state, requestId }) => {
  const request = parseRequest(
    body,
    fieldsOf<ItemPublicTokenExchangeRequest>()({ client_id: true, secret: true, public_token: true }),
    z.object({ public_token: z.string() }),
  );
  const item = state.exchangePublicToken(request.public_token);
  return {
    access_token: item.record.access_token,
    item_id: item.record.item_id,
    request_id: requestId,
  } satisfies ItemPublicTokenExchangeResponse;
};

function selectedAccounts(item: SandboxItem, accountIds: string[] | undefined): Set<string> | undefined {
  if (!accountIds) return undefined;
  const keys = accountIds.map((id) => item.accountKeyOf(id));
  if (keys.some((key) => key === undefined)) throw errors.invalidAccountId();
  return new Set(keys as string[]);
}

const accountsGet: Endpoint = (body, { state, requestId }) => {
  const { request, item } = itemRequest(
    body,
    state,
    '/accounts/get',
    fieldsOf<AccountsGetRequest>()({ client_id: true, secret: true, access_token: true, options: true }),
    z.object({ access_token: accessToken, options: accountIdsOption }),
  );
  return {
    accounts: accountsBody(item, state.today(), null, selectedAccounts(item, request.options?.account_ids)),
    item: itemBody(item),
    request_id: requestId,
  } satisfies AccountsGetResponse;
};

const accountsBalanceGet: Endpoint = (body, { state, requestId }) => {
  const { request, item } = itemRequest(
    body,
    state,
    '/accounts/balance/get',
    fieldsOf<AccountsBalanceGetRequest>()({
      client_id: true,
      secret: true,
      access_token: true,
      options: true,
    }),
    z.object({
      access_token: accessToken,
      options: z
        .object({
          account_ids: z.array(z.string()).optional(),
          min_last_updated_datetime: z.string().optional(),
        })
        .optional(),
    }),
  );
  const now = state.now().toISOString();
  return {
    accounts: accountsBody(item, state.today(), now, selectedAccounts(item, request.options?.account_ids)),
    item: itemBody(item),
    request_id: requestId,
  } satisfies AccountsGetResponse;
};

// -- /liabilities/get: a card's last statement and the loans' terms --------------------------------

const liabilitiesGet: Endpoint = (body, { state, requestId }) => {
  const { request, item } = itemRequest(
    body,
    state,
    '/liabilities/get',
    fieldsOf<LiabilitiesGetRequest>()({ client_id: true, secret: true, access_token: true, options: true }),
    z.object({ access_token: accessToken, options: accountIdsOption }),
  );
  // Plaid's order: consent first (the user never agreed to share liabilities), then whether any
  // selected account is a card or loan.
  if (!item.consentedTo(Products.Liabilities)) throw errors.additionalConsentRequired('liabilities');
  const only = selectedAccounts(item, request.options?.account_ids);
  if (!hasLiabilityAccounts(item, only)) throw errors.noLiabilityAccounts();
  const today = state.today();
  return {
    accounts: accountsBody(item, today, null, only),
    item: itemBody(item),
    liabilities: liabilitiesBody(item, today, only),
    request_id: requestId,
  } satisfies LiabilitiesGetResponse;
};

// -- /investments/*: holdings, securities and investment transactions -----------------------------

/**
 * The keys of the selected investment accounts. Investments need the user's consent and an
 * investment account, as liabilities do.
 */
function investmentKeys(item: SandboxItem, accountIds: string[] | undefined): Set<string> {
  if (!item.consentedTo(Products.Investments)) throw errors.additionalConsentRequired('investments');
  const only = selectedAccounts(item, accountIds);
  if (!hasInvestmentAccounts(item, only)) throw errors.noInvestmentAccounts();
  return new Set(
    item.accounts.filter((a) => isInvestmentRole(a.role) && (!only || only.has(a.key))).map((a) => a.key),
  );
}

const investmentsHoldingsGet: Endpoint = (body, { state, requestId }) => {
  const { request, item } = itemRequest(
    body,
    state,
    '/investments/holdings/get',
    fieldsOf<InvestmentsHoldingsGetRequest>()({
      client_id: true,
      secret: true,
      access_token: true,
      options: true,
    }),
    z.object({ access_token: accessToken, options: accountIdsOption }),
  );
  const only = investmentKeys(item, request.options?.account_ids);
  const today = state.today();
  const { holdings, securities } = holdingsOf(item, today, only);
  return {
    accounts: investmentAccounts(item, today, only),
    holdings,
    securities,
    item: itemBody(item),
    request_id: requestId,
  } satisfies InvestmentsHoldingsGetResponse;
};

/** The accounts as an investments answer lists them (margin loan, no verification status). */
function investmentAccounts(item: SandboxItem, today: number, only: Set<string>): InvestmentAccount[] {
  return accountsBody(item, today, null, only).map(({ verification_status: _status, ...account }) => ({
    ...account,
    balances: { ...account.balances, margin_loan_amount: null },
  }));
}

const isoDate = (field: string) => z.iso.date({ error: `${field} must be a date in the format YYYY-MM-DD` });

const investmentsTransactionsGet: Endpoint = (body, { state, requestId }) => {
  const request = parseRequest(
    body,
    fieldsOf<InvestmentsTransactionsGetRequest>()({
      client_id: true,
      secret: true,
      access_token: true,
      start_date: true,
      end_date: true,
      options: true,
    }),
    z.object({
      access_token: accessToken,
      start_date: isoDate('start_date'),
      end_date: isoDate('end_date'),
      options: z
        .object({
          account_ids: z.array(z.string()).optional(),
          count: z
            .number()
            .int()
            .min(1, { error: 'count must be between 1 and 500' })
            .max(500, { error: 'count must be between 1 and 500' })
            .optional(),
          offset: z.number().int().min(0, { error: 'offset must be at least 0' }).optional(),
          async_update: z.boolean().optional(),
        })
        .optional(),
    }),
  );
  const start = parseIsoDay(request.start_date);
  const end = parseIsoDay(request.end_date);
  if (end < start) throw errors.invalidField('end_date must not be before start_date');
  // The dates are checked before the item is looked up, so this endpoint opens its own way.
  const item = healthyItem(state, '/investments/transactions/get', request.access_token);
  const only = investmentKeys(item, request.options?.account_ids);
  const today = state.today();
  const { transactions, securities } = investmentTransactionsOf(item, today, start, end, only);
  const offset = request.options?.offset ?? 0;
  const count = request.options?.count ?? 100;
  return {
    item: itemBody(item),
    accounts: investmentAccounts(item, today, only),
    securities,
    investment_transactions: transactions.slice(offset, offset + count),
    total_investment_transactions: transactions.length,
    request_id: requestId,
  } satisfies InvestmentsTransactionsGetResponse;
};

const itemGet: Endpoint = (body, { state, requestId }) => {
  const request = parseRequest(
    body,
    fieldsOf<ItemGetRequest>()({ client_id: true, secret: true, access_token: true }),
    z.object({ access_token: accessToken }),
  );
  const item = state.item(request.access_token);
  state.takeFault('/item/get', request.access_token);
  return {
    item: itemWithConsentBody(item),
    status: {
      transactions: {
        last_successful_update: item.record.last_successful_update,
        last_failed_update: item.record.last_failed_update,
      },
      last_webhook: item.record.last_webhook,
    },
    request_id: requestId,
  } satisfies ItemGetResponse;
};

const itemRemove: Endpoint = (body, { state, requestId }) => {
  const request = parseRequest(
    body,
    fieldsOf<ItemRemoveRequest>()({
      client_id: true,
      secret: true,
      access_token: true,
      reason_code: true,
      reason_note: true,
    }),
    z.object({
      access_token: accessToken,
      reason_code: z.string().nullable().optional(),
      reason_note: z.string().nullable().optional(),
    }),
  );
  state.removeItem(state.item(request.access_token));
  return { request_id: requestId } satisfies ItemRemoveResponse;
};

const itemWebhookUpdate: Endpoint = (body, { state, requestId }) => {
  const request = parseRequest(
    body,
    fieldsOf<ItemWebhookUpdateRequest>()({
      client_id: true,
      secret: true,
      access_token: true,
      webhook: true,
    }),
    z.object({ access_token: accessToken, webhook: url('webhook').nullable().optional() }),
  );
  const item = state.item(request.access_token);
  item.record.webhook = request.webhook ?? null;
  state.persist();
  if (item.record.webhook) {
    state.sendWebhook(item, {
      webhook_type: 'ITEM',
      webhook_code: 'WEBHOOK_UPDATE_ACKNOWLEDGED',
      item_id: item.record.item_id,
      new_webhook_url: item.record.webhook,
      error: null,
      environment: 'sandbox',
    });
  }
  return { item: itemBody(item), request_id: requestId } satisfies ItemWebhookUpdateResponse;
};

const institutionsGetById: Endpoint = (body, { requestId }) => {
  const request = parseRequest(
    body,
    fieldsOf<InstitutionsGetByIdRequest>()({
      client_id: true,
      secret: true,
      institution_id: true,
      country_codes: true,
      options: true,
    }),
    z.object({
      institution_id: z.string(),
      country_codes: z.array(z.string()).min(1, { error: 'country_codes must contain at least one country' }),
      options: z
        .object({
          include_optional_metadata: z.boolean().optional(),
          include_status: z.boolean().optional(),
          include_auth_metadata: z.boolean().optional(),
          include_payment_initiation_metadata: z.boolean().optional(),
        })
        .optional(),
    }),
  );
  const institution = findInstitution(request.institution_id);
  if (!institution || !request.country_codes.includes(CountryCode.Us)) throw errors.invalidInstitution();
  return {
    institution: institutionBody(institution, request.options?.include_optional_metadata ?? false),
    request_id: requestId,
  } satisfies InstitutionsGetByIdResponse;
};

// -- transactions ---------------------------------------------------------------------------------

interface Cursor {
  itemId: string;
  from: number;
  to: number;
  offset: number;
  /** Taken before the historical update: the client has seen the initial window only. */
  windowOnly?: boolean;
  /** A page in the middle of a pagination that began before the historical update. */
  beganWindowed?: boolean;
}

const encodeCursor = ({ itemId, from, to, offset, windowOnly, beganWindowed }: Cursor): string => {
  const flags = `${windowOnly ? 'w' : ''}${beganWindowed ? 'b' : ''}`;
  return Buffer.from(`v1:${itemId}:${from}:${to}:${offset}${flags ? `:${flags}` : ''}`).toString('base64url');
};

function decodeCursor(cursor: string, item: SandboxItem): Cursor {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split(':');
  const flags = parts.length === 6 ? (parts.pop() ?? '') : '';
  const windowOnly = flags.includes('w');
  const beganWindowed = flags.includes('b');
  const [version, itemId, ...numbers] = parts;
  const [from, to, offset] = numbers.map(Number);
  if (
    version !== 'v1' ||
    itemId !== item.record.item_id ||
    from === undefined ||
    to === undefined ||
    offset === undefined ||
    ![from, to, offset].every(Number.isSafeInteger) ||
    from < 0 ||
    from > to ||
    to > item.ledger.head
  ) {
    throw errors.invalidField('cursor is not valid for this item');
  }
  return { itemId, from, to, offset, windowOnly, beganWindowed };
}

const transactionsSync: Endpoint = (body, { state, requestId }) => {
  const { request, item } = itemRequest(
    body,
    state,
    '/transactions/sync',
    fieldsOf<TransactionsSyncRequest>()({
      client_id: true,
      secret: true,
      access_token: true,
      cursor: true,
      count: true,
      options: true,
    }),
    z.object({
      access_token: accessToken,
      cursor: z.string().nullable().optional(),
      count: z
        .number()
        .int({ error: 'count must be an integer between 1 and 500' })
        .min(1, { error: 'count must be an integer between 1 and 500' })
        .max(500, { error: 'count must be an integer between 1 and 500' })
        .optional(),
      options: z
        .object({
          include_original_description: z.boolean().nullable().optional(),
          include_personal_finance_category: z.boolean().optional(),
          include_logo_and_counterparty_beta: z.boolean().optional(),
          personal_finance_category_version: z.string().optional(),
          days_requested: z.number().int().optional(),
          account_id: z.string().optional(),
        })
        .optional(),
    }),
  );
  const head = item.ledger.head;
  const count = request.count ?? 100;
  let accounts = new Set(item.accounts.map((account) => account.key));
  if (request.options?.account_id) {
    const key = item.accountKeyOf(request.options.account_id);
    if (!key) throw errors.invalidAccountId();
    accounts = new Set([key]);
  }
  const accountList = accountsBody(item, state.today(), null, accounts);
  const response = (
    changes: ReturnType<SandboxItem['ledger']['changesSince']>,
    nextCursor: Cursor,
    hasMore: boolean,
  ): TransactionsSyncResponse => {
    const includeOriginal = request.options?.include_original_description === true;
    const pick = (kind: 'added' | 'modified') =>
      changes
        .filter((c) => c.kind === kind)
        .map((c) => transactionBody(item, c.transaction, includeOriginal));
    return {
      added: pick('added'),
      modified: pick('modified'),
      removed: changes
        .filter((c) => c.kind === 'removed')
        .map((c) => ({
          transaction_id: c.transaction.id,
          account_id: item.accountId(c.transaction.generated.accountKey),
        })),
      next_cursor: encodeCursor(nextCursor),
      has_more: hasMore,
      accounts: accountList,
      transactions_update_status: status,
      request_id: requestId,
    } satisfies TransactionsSyncResponse;
  };
  const itemId = item.record.item_id;
  const status = updateStatusOf(item);
  if (status === TransactionsUpdateStatus.NotReady) {
    // Nothing extracted yet: an empty answer that leaves the caller where it was.
    return {
      ...response([], { itemId, from: 0, to: 0, offset: 0 }, false),
      next_cursor: request.cursor ?? '',
    };
  }
  const windowed = status !== TransactionsUpdateStatus.HistoricalUpdateComplete;
  if (request.cursor === 'now')
    return response([], { itemId, from: head, to: head, offset: 0, windowOnly: windowed }, false);

  let cursor: Cursor = { itemId, from: 0, to: head, offset: 0, windowOnly: windowed };
  if (request.cursor) {
    cursor = decodeCursor(request.cursor, item);
    if (cursor.offset > 0) {
      // A page in the middle of a pagination: the data must not have changed since its first page.
      // So is the first sync's step: the history arriving mid-pagination changes the pages.
      if (item.mutateOnNextPage || cursor.to !== head || cursor.beganWindowed !== windowed) {
        item.mutateOnNextPage = false;
        throw errors.mutationDuringPagination();
      }
    } else {
      cursor = { ...cursor, itemId, from: cursor.from, to: head, offset: 0 };
    }
  }
  const all = syncChanges(item, cursor.from, cursor.windowOnly === true).filter((c) =>
    accounts.has(c.transaction.generated.accountKey),
  );
  const end = cursor.offset + count;
  const hasMore = end < all.length;
  return response(
    all.slice(cursor.offset, end),
    hasMore
      ? { ...cursor, offset: end, beganWindowed: windowed }
      : { itemId, from: cursor.to, to: cursor.to, offset: 0, windowOnly: windowed },
    hasMore,
  );
};

const transactionsRefresh: Endpoint = (body, { state, requestId }) => {
  const { item } = itemRequest(
    body,
    state,
    '/transactions/refresh',
    fieldsOf<TransactionsRefreshRequest>()({ client_id: true, secret: true, access_token: true }),
    z.object({ access_token: accessToken }),
  );
  state.notifySyncUpdates(item);
  return { request_id: requestId } satisfies TransactionsRefreshResponse;
};

// -- webhook verification -------------------------------------------------------------------------

const webhookVerificationKeyGet: Endpoint = (body, { state, requestId }) => {
  const request = parseRequest(
    body,
    fieldsOf<WebhookVerificationKeyGetRequest>()({ client_id: true, secret: true, key_id: true }),
    z.object({ key_id: z.string() }),
  );
  const key = state.keys.publicJwk(request.key_id);
  if (!key) throw errors.invalidWebhookKeyId();
  return { key, request_id: requestId } satisfies WebhookVerificationKeyGetResponse;
};

// -- Plaid's sandbox endpoints --------------------------------------------------------------------

const sandboxPublicTokenCreate: Endpoint = (body, { state, requestId }) => {
  const request = parseRequest(
    body,
    fieldsOf<SandboxPublicTokenCreateRequest>()({
      client_id: true,
      secret: true,
      institution_id: true,
      initial_products: true,
      options: true,
      user_token: true,
      user_id: true,
    }),
    z.object({
      institution_id: z.string(),
      initial_products: productList.min(1, { error: 'initial_products must contain at least one product' }),
      options: z
        .object({
          webhook: url('options.webhook').optional(),
          override_username: z.string().nullable().optional(),
          override_password: z.string().nullable().optional(),
          transactions: z
            .object({
              start_date: z.iso.date().optional(),
              end_date: z.iso.date().optional(),
              days_requested: z.number().int().min(1).max(HISTORY_DAYS).optional(),
            })
            .nullable()
            .optional(),
        })
        .loose()
        .optional(),
      user_token: z.string().optional(),
      user_id: z.string().optional(),
    }),
  );
  const institution = findInstitution(request.institution_id);
  if (!institution) throw errors.invalidInstitution();
  const username = request.options?.override_username ?? 'user_good';
  const password = request.options?.override_password ?? 'pass_good';
  const login = checkCredentials(username, password);
  if (!login.ok) throw login.error;
  const transactions = request.options?.transactions;
  const fromStartDate = transactions?.start_date
    ? state.today() - parseIsoDay(transactions.start_date)
    : null;
  const item = state.createItem({
    institution,
    username,
    accountKeys: institution.accounts.map((account) => account.key),
    webhook: request.options?.webhook ?? null,
    daysRequested: Math.min(
      HISTORY_DAYS,
      transactions?.days_requested ?? fromStartDate ?? DEFAULT_DAYS_REQUESTED,
    ),
    products: request.initial_products,
    consentedProducts: request.initial_products,
    loginRequiredAfterLink: login.loginRequiredAfterLink,
  });
  return {
    public_token: state.createPublicToken(item),
    request_id: requestId,
  } satisfies SandboxPublicTokenCreateResponse;
};

const sandboxItemResetLogin: Endpoint = (body, { state, requestId }) => {
  const request = parseRequest(
    body,
    fieldsOf<SandboxItemResetLoginRequest>()({ client_id: true, secret: true, access_token: true }),
    z.object({ access_token: accessToken }),
  );
  const item = state.item(request.access_token);
  state.setItemError(item, errors.itemLoginRequired());
  state.sendItemError(item);
  return { reset_login: true, request_id: requestId } satisfies SandboxItemResetLoginResponse;
};

const sandboxItemFireWebhook: Endpoint = (body, { state, requestId }) => {
  const request = parseRequest(
    body,
    fieldsOf<SandboxItemFireWebhookRequest>()({
      client_id: true,
      secret: true,
      access_token: true,
      webhook_type: true,
      webhook_code: true,
    }),
    z.object({ access_token: accessToken, webhook_type: z.string().optional(), webhook_code: z.string() }),
  );
  const item = state.item(request.access_token);
  if (!item.record.webhook) throw errors.sandboxWebhookInvalid();
  const base = { item_id: item.record.item_id, environment: 'sandbox' };
  const code = request.webhook_code;
  const type = request.webhook_type;
  const inTransactions = type === undefined || type === 'TRANSACTIONS';
  const inItem = type === undefined || type === 'ITEM';
  if (code === 'SYNC_UPDATES_AVAILABLE' && inTransactions) {
    state.notifySyncUpdates(item, true);
  } else if (code === 'DEFAULT_UPDATE' && type === 'TRANSACTIONS') {
    state.sendWebhook(item, {
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'DEFAULT_UPDATE',
      new_transactions: 0,
      error: null,
      ...base,
    });
  } else if (code === 'NEW_ACCOUNTS_AVAILABLE' && inItem) {
    state.sendWebhook(item, { webhook_type: 'ITEM', webhook_code: code, error: null, ...base });
  } else if (code === 'LOGIN_REPAIRED' && inItem) {
    state.setItemError(item, null);
    state.sendWebhook(item, { webhook_type: 'ITEM', webhook_code: code, ...base });
    state.notifySyncUpdates(item);
  } else if (code === 'ERROR' && inItem) {
    // An extension: Plaid fires ERROR only for Assets; here it breaks the item's login.
    state.setItemError(item, errors.itemLoginRequired());
    state.sendItemError(item);
  } else if (code === 'PENDING_EXPIRATION' && inItem) {
    const expires = new Date(state.now().getTime() + 7 * 86_400_000).toISOString();
    item.record.consent_expiration_time = expires;
    state.persist();
    state.sendWebhook(item, {
      webhook_type: 'ITEM',
      webhook_code: code,
      consent_expiration_time: expires,
      ...base,
    });
  } else if (code === 'PENDING_DISCONNECT' && inItem) {
    state.sendWebhook(item, {
      webhook_type: 'ITEM',
      webhook_code: code,
      reason: PendingDisconnectWebhookReason.Migration,
      disconnect_time: new Date(state.now().getTime() + 7 * 86_400_000).toISOString(),
      ...base,
    });
  } else if (code === 'USER_PERMISSION_REVOKED' && inItem) {
    state.setItemError(item, errors.userPermissionRevoked());
    state.sendWebhook(item, { webhook_type: 'ITEM', webhook_code: code, error: item.record.error, ...base });
  } else if (code === 'USER_ACCOUNT_REVOKED' && inItem) {
    const first = item.accounts[0];
    state.sendWebhook(item, {
      webhook_type: 'ITEM',
      webhook_code: code,
      account_id: first ? item.accountId(first.key) : null,
      ...base,
    });
  } else {
    throw errors.sandboxProductNotEnabled(type ? type.toLowerCase() : 'requested');
  }
  return { webhook_fired: true, request_id: requestId } satisfies SandboxItemFireWebhookResponse;
};

// -- this sandbox's own helpers (not in Plaid's API) ----------------------------------------------

const clockBody = (state: SandboxState) => ({ now: state.now().toISOString(), today: isoDay(state.today()) });

/** The item of a helper that takes an access token and nothing else. */
function helperItem(body: Body, state: SandboxState): SandboxItem {
  const request = parseRequest(
    body,
    new Set(['client_id', 'secret', 'access_token']),
    z.object({ access_token: accessToken }),
  );
  return state.item(request.access_token);
}

const sandboxClockGet: Endpoint = (body, { state, requestId }) => {
  parseRequest(body, new Set(['client_id', 'secret']), z.object({}));
  return { ...clockBody(state), request_id: requestId };
};

const sandboxClockAdvance: Endpoint = (body, { state, requestId }) => {
  const request = parseRequest(
    body,
    new Set(['client_id', 'secret', 'days']),
    z.object({ days: z.number().int().min(1, { error: 'days must be a positive integer' }).max(3650) }),
  );
  const items = state.advanceDays(request.days);
  return { ...clockBody(state), items, request_id: requestId };
};

const sandboxMutateDuringPagination: Endpoint = (body, { state, requestId }) => {
  helperItem(body, state).mutateOnNextPage = true;
  return { request_id: requestId };
};

const sandboxCompleteHistory: Endpoint = (body, { state, requestId }) => {
  state.completeHistory(helperItem(body, state));
  return { request_id: requestId };
};

const sandboxGroundTruth: Endpoint = (body, { state, requestId }) => ({
  ...groundTruth(helperItem(body, state), state.today()),
  request_id: requestId,
});

const sandboxFaultInject: Endpoint = (body, { state, requestId }) => {
  const request = parseRequest(
    body,
    new Set(['client_id', 'secret', 'endpoint', 'error_code', 'access_token', 'times']),
    z.object({
      endpoint: z.enum([
        '/accounts/get',
        '/accounts/balance/get',
        '/transactions/sync',
        '/transactions/refresh',
        '/item/get',
        '/liabilities/get',
        '/investments/holdings/get',
        '/investments/transactions/get',
      ]),
      error_code: z.string(),
      access_token: z.string().optional(),
      times: z.number().int().min(1).max(100).optional(),
    }),
  );
  state.injectFault({
    endpoint: request.endpoint,
    error_code: request.error_code,
    access_token: request.access_token ?? null,
    remaining: request.times ?? 1,
  });
  return { request_id: requestId };
};

const sandboxBalanceSkew: Endpoint = (body, { state, requestId }) => {
  const request = parseRequest(
    body,
    new Set(['client_id', 'secret', 'access_token', 'account_id', 'amount']),
    z.object({
      access_token: accessToken,
      account_id: z.string(),
      amount: z.number().min(-1_000_000).max(1_000_000),
    }),
  );
  const item = state.item(request.access_token);
  const key = item.accountKeyOf(request.account_id);
  if (!key) throw errors.invalidAccountId();
  state.skewBalance(item, key, Math.round(request.amount * 100));
  return { request_id: requestId };
};

const sandboxWebhookKeyRotate: Endpoint = (body, { state, requestId }) => {
  parseRequest(body, new Set(['client_id', 'secret']), z.object({}));
  const kid = state.keys.rotate();
  state.persist();
  return { key_id: kid, request_id: requestId };
};

export const endpoints: Record<string, Endpoint> = {
  '/link/token/create': linkTokenCreate,
  '/link/token/get': linkTokenGet,
  '/item/public_token/exchange': publicTokenExchange,
  '/accounts/get': accountsGet,
  '/accounts/balance/get': accountsBalanceGet,
  '/transactions/sync': transactionsSync,
  '/transactions/refresh': transactionsRefresh,
  '/item/get': itemGet,
  '/liabilities/get': liabilitiesGet,
  '/investments/holdings/get': investmentsHoldingsGet,
  '/investments/transactions/get': investmentsTransactionsGet,
  '/item/remove': itemRemove,
  '/item/webhook/update': itemWebhookUpdate,
  '/institutions/get_by_id': institutionsGetById,
  '/webhook_verification_key/get': webhookVerificationKeyGet,
  '/sandbox/public_token/create': sandboxPublicTokenCreate,
  '/sandbox/item/reset_login': sandboxItemResetLogin,
  '/sandbox/item/fire_webhook': sandboxItemFireWebhook,
  '/sandbox/clock/get': sandboxClockGet,
  '/sandbox/clock/advance': sandboxClockAdvance,
  '/sandbox/transactions/mutate_during_pagination': sandboxMutateDuringPagination,
  '/sandbox/transactions/complete_history': sandboxCompleteHistory,
  '/sandbox/ground_truth': sandboxGroundTruth,
  '/sandbox/fault/inject': sandboxFaultInject,
  '/sandbox/accounts/balance/skew': sandboxBalanceSkew,
  '/sandbox/webhook_verification_key/rotate': sandboxWebhookKeyRotate,
};
