// The Link stand-in's server side: the pages and scripts of the widget (embedded in an iframe by
// /link/link-initialize.js, or full-page as hosted link), and the session calls its page makes.
// The session calls are authorised by the link token alone, like Plaid Link's own traffic.
import { readFileSync } from 'node:fs';
import type {
  LinkEventMetadata,
  LinkSessionExitMetadata,
  LinkSessionSuccessMetadata,
  PlaidError,
} from 'plaid';
import { z } from 'zod';
import { checkCredentials } from './credentials.ts';
import { errors } from './errors.ts';
import {
  findInstitution,
  institutions,
  type AccountTemplate,
  type SandboxInstitution,
} from './institutions.ts';
import { randomId, randomUuid } from './random.ts';
import {
  accountIdFor,
  type LinkSession,
  type LinkTokenRecord,
  type SandboxItem,
  type SandboxState,
} from './state.ts';

const asset = (name: string) => readFileSync(new URL(`./assets/${name}`, import.meta.url), 'utf8');

export const linkAssets = {
  '/link/link-initialize.js': { type: 'text/javascript; charset=utf-8', body: asset('link-initialize.js') },
  '/link/flow.js': { type: 'text/javascript; charset=utf-8', body: asset('link-flow.js') },
  '/link/flow.css': { type: 'text/css; charset=utf-8', body: asset('link-flow.css') },
  '/link/oauth.js': { type: 'text/javascript; charset=utf-8', body: asset('link-oauth.js') },
} as const;

const flowTemplate = asset('link-flow.html');
const oauthTemplate = asset('link-oauth.html');

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The widget page: embedded (in the host page's iframe) or hosted (a full page, for mobile). */
export function flowPage(params: {
  token: string;
  mode: 'embedded' | 'hosted';
  parentOrigin: string | null;
  /** Back from an OAuth bank's page: the session to resume. */
  oauthStateId: string | null;
}): string {
  return flowTemplate
    .replace('{{token}}', escapeAttribute(params.token))
    .replace('{{mode}}', params.mode)
    .replace('{{parentOrigin}}', escapeAttribute(params.parentOrigin ?? ''))
    .replace('{{oauthStateId}}', escapeAttribute(params.oauthStateId ?? ''));
}

/** An OAuth bank's own login page (what Plaid Link sends the user to), or null for an unknown state. */
export function oauthPage(state: SandboxState, oauthStateId: string): string | null {
  const found = oauthSession(state, oauthStateId);
  if (!found) return null;
  const institution = findInstitution(found.linkSession.institution_id ?? '');
  return oauthTemplate
    .replaceAll('{{institution}}', escapeAttribute(institution?.name ?? 'Your bank'))
    .replace('{{client}}', escapeAttribute(found.record.client_name))
    .replace('{{state}}', escapeAttribute(oauthStateId));
}

/** The sandbox's pages' own policy: nothing inline, nothing from elsewhere. */
export const flowPageCsp = (mode: 'embedded' | 'hosted') =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "form-action 'self'",
    "base-uri 'none'",
    // CSP host sources cannot name an IPv6 literal ([::1] is refused as invalid), and the app binds
    // 127.0.0.1 anyway.
    mode === 'embedded' ? 'frame-ancestors http://127.0.0.1:* http://localhost:*' : "frame-ancestors 'none'",
  ].join('; ');

// -------------------------------------------------------------------------------------------------

interface SessionContext {
  state: SandboxState;
  baseUrl: string;
  requestId: string;
}

type SessionCall = (body: Record<string, unknown>, context: SessionContext) => object;

const sessionFields = { link_token: z.string(), link_session_id: z.string() };

function parse<S extends z.ZodType>(body: Record<string, unknown>, schema: S): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success) throw errors.invalidBody('the Link session request is malformed');
  return result.data;
}

function liveToken(state: SandboxState, linkToken: string): LinkTokenRecord {
  const record = state.linkTokens.get(linkToken);
  if (!record) throw errors.invalidLinkToken();
  if (record.expiration.getTime() <= state.now().getTime())
    throw errors.invalidLinkToken('link token has expired');
  return record;
}

function session(record: LinkTokenRecord, linkSessionId: string): LinkSession {
  const found = record.sessions.find((s) => s.link_session_id === linkSessionId);
  if (!found) throw errors.invalidLinkToken('unknown Link session');
  return found;
}

function oauthSession(state: SandboxState, oauthStateId: string) {
  const record = state.linkTokens.get(state.oauthStates.get(oauthStateId) ?? '');
  const linkSession = record?.sessions.find((s) => s.oauth?.state_id === oauthStateId);
  return record && linkSession ? { record, linkSession } : null;
}

function updateItem(state: SandboxState, record: LinkTokenRecord): SandboxItem | null {
  if (!record.access_token) return null;
  const item = state.items.get(record.access_token);
  if (!item) throw errors.itemNotFound();
  return item;
}

function matchesFilters(account: AccountTemplate, filters: LinkTokenRecord['account_filters']): boolean {
  if (!filters) return true;
  const filter = filters[account.type];
  if (!filter) return false;
  const subtypes = filter.account_subtypes;
  return !subtypes || subtypes.includes('all') || subtypes.includes(account.subtype);
}

const accountMetadata = (item: { accountId(key: string): string }, account: AccountTemplate) => ({
  id: item.accountId(account.key),
  name: account.name,
  mask: account.mask,
  type: account.type,
  subtype: account.subtype,
  verification_status: null,
  class_type: null,
});

/** Where hosted link sends the user when the session ends, with the outcome in the query. */
function completionUrl(record: LinkTokenRecord, params: Record<string, string>): string | null {
  const target = record.hosted?.completion_redirect_uri ?? record.redirect_uri;
  if (!record.hosted || !target) return null;
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

function sessionFinished(
  state: SandboxState,
  record: LinkTokenRecord,
  linkSession: LinkSession,
  publicToken: string | null,
) {
  if (!record.hosted || !record.webhook) return;
  state.webhooks.send(record.webhook, {
    webhook_type: 'LINK',
    webhook_code: 'SESSION_FINISHED',
    status: publicToken ? 'SUCCESS' : 'EXITED',
    link_session_id: linkSession.link_session_id,
    link_token: record.link_token,
    ...(publicToken ? { public_token: publicToken, public_tokens: [publicToken] } : {}),
    environment: 'sandbox',
  });
}

const institutionSummary = (institution: SandboxInstitution) => ({
  institution_id: institution.institution_id,
  name: institution.name,
  primary_color: institution.primary_color,
  oauth: institution.oauth,
});

const start: SessionCall = (body, { state, requestId }) => {
  const request = parse(body, z.object({ link_token: z.string(), oauth_state_id: z.string().optional() }));
  const record = liveToken(state, request.link_token);
  const item = updateItem(state, record);
  let linkSession: LinkSession;
  if (request.oauth_state_id) {
    // Link re-opened with receivedRedirectUri: the session the bank's page authorised goes on.
    const resumed = oauthSession(state, request.oauth_state_id);
    if (!resumed || resumed.record !== record || !resumed.linkSession.login) {
      throw errors.invalidLinkToken('the OAuth state does not belong to this link token');
    }
    linkSession = resumed.linkSession;
  } else {
    linkSession = {
      link_session_id: randomUuid(),
      started_at: state.now(),
      finished_at: null,
      institution_id: item?.institution.institution_id ?? null,
      login: null,
      oauth: null,
      item_id: item?.record.item_id ?? randomId(),
      events: [],
      success: null,
      exit: null,
    };
    record.sessions.push(linkSession);
  }
  const offered = record.country_codes.includes('US') ? institutions : [];
  const current = findInstitution(linkSession.institution_id ?? '');
  return {
    link_session_id: linkSession.link_session_id,
    client_name: record.client_name,
    mode: item ? 'update' : 'create',
    institution: current ? institutionSummary(current) : null,
    institutions: offered.map(institutionSummary),
    resumed: Boolean(request.oauth_state_id),
    request_id: requestId,
  };
};

const event: SessionCall = (body, { state }) => {
  const request = parse(
    body,
    z.object({
      ...sessionFields,
      event_name: z.string().max(64),
      event_metadata: z.record(z.string(), z.unknown()),
    }),
  );
  const linkSession = session(liveToken(state, request.link_token), request.link_session_id);
  linkSession.events.push({
    event_name: request.event_name,
    timestamp: state.now().toISOString(),
    event_id: randomUuid(),
    event_metadata: request.event_metadata as LinkEventMetadata,
  });
  return {};
};

/** What Link shows once the bank accepted the login: the accounts to choose from. */
function afterLogin(
  state: SandboxState,
  record: LinkTokenRecord,
  linkSession: LinkSession,
  requestId: string,
) {
  const item = updateItem(state, record);
  const institution = findInstitution(linkSession.institution_id ?? '');
  if (!institution || !linkSession.login)
    throw errors.invalidBody('the bank has not accepted a login in this session');
  const offered = institution.accounts.filter((account) => matchesFilters(account, record.account_filters));
  if (offered.length === 0) throw errors.noAccounts();
  const ids = { accountId: (key: string) => item?.accountId(key) ?? accountIdFor(linkSession.item_id, key) };
  return {
    institution: { name: institution.name, institution_id: institution.institution_id },
    accounts: offered.map((account) => accountMetadata(ids, account)),
    // Update mode re-selects accounts only when the link token asked for it.
    account_selection: !item || record.account_selection_enabled,
    selected: item ? item.accounts.map((account) => item.accountId(account.key)) : null,
    request_id: requestId,
  };
}

function acceptLogin(linkSession: LinkSession, username: string, password: string): void {
  const login = checkCredentials(username, password);
  if (!login.ok) throw login.error;
  linkSession.login = { username: username.trim(), loginRequiredAfterLink: login.loginRequiredAfterLink };
}

const credentials: SessionCall = (body, { state, requestId }) => {
  const request = parse(
    body,
    z.object({ ...sessionFields, institution_id: z.string(), username: z.string(), password: z.string() }),
  );
  const record = liveToken(state, request.link_token);
  const linkSession = session(record, request.link_session_id);
  const item = updateItem(state, record);
  const institution = findInstitution(item?.institution.institution_id ?? request.institution_id);
  if (!institution) throw errors.invalidInstitution();
  if (institution.oauth) throw errors.invalidBody(`${institution.name} logs in on its own page (OAuth)`);
  linkSession.institution_id = institution.institution_id;
  acceptLogin(linkSession, request.username, request.password);
  return afterLogin(state, record, linkSession, requestId);
};

const accounts: SessionCall = (body, { state, requestId }) => {
  const request = parse(body, z.object(sessionFields));
  const record = liveToken(state, request.link_token);
  return afterLogin(state, record, session(record, request.link_session_id), requestId);
};

/** Starts an OAuth bank's login: where to send the user, and whether they come back by redirect. */
const oauthBegin: SessionCall = (body, { state, baseUrl, requestId }) => {
  const request = parse(
    body,
    z.object({ ...sessionFields, institution_id: z.string(), mode: z.enum(['embedded', 'hosted']) }),
  );
  const record = liveToken(state, request.link_token);
  const linkSession = session(record, request.link_session_id);
  const item = updateItem(state, record);
  const institution = findInstitution(item?.institution.institution_id ?? request.institution_id);
  if (!institution?.oauth) throw errors.invalidInstitution();
  linkSession.institution_id = institution.institution_id;
  // Hosted link comes back to its own page; embedded Link to the app's redirect_uri, else a popup.
  const returnUrl =
    request.mode === 'hosted' && record.hosted ? `${baseUrl}/hl/${record.hosted.id}` : record.redirect_uri;
  const stateId = randomUuid();
  linkSession.oauth = { state_id: stateId, return_url: returnUrl };
  state.oauthStates.set(stateId, record.link_token);
  return {
    oauth_state_id: stateId,
    authorize_url: `${baseUrl}/link/oauth/authorize?state=${stateId}`,
    popup: returnUrl === null,
    request_id: requestId,
  };
};

/** The bank's page accepted (or refused) the login. */
const oauthLogin: SessionCall = (body, { state, requestId }) => {
  const request = parse(
    body,
    z.object({ oauth_state_id: z.string(), username: z.string(), password: z.string() }),
  );
  const found = oauthSession(state, request.oauth_state_id);
  if (!found) throw errors.invalidLinkToken('unknown OAuth state');
  liveToken(state, found.record.link_token);
  acceptLogin(found.linkSession, request.username, request.password);
  const returnUrl = found.linkSession.oauth?.return_url;
  let redirect: string | null = null;
  if (returnUrl) {
    const url = new URL(returnUrl);
    url.searchParams.set('oauth_state_id', request.oauth_state_id);
    redirect = url.toString();
  }
  return { redirect_url: redirect, request_id: requestId };
};

const complete: SessionCall = (body, { state, requestId }) => {
  const request = parse(body, z.object({ ...sessionFields, account_ids: z.array(z.string()) }));
  const record = liveToken(state, request.link_token);
  const linkSession = session(record, request.link_session_id);
  const institution = findInstitution(linkSession.institution_id ?? '');
  if (!institution || !linkSession.login)
    throw errors.invalidBody('credentials have not been accepted in this session');
  // A repeated completion (a double click, a retried request) links nothing more.
  if (linkSession.success) return { ...successResponse(record, linkSession.success), request_id: requestId };
  let item = updateItem(state, record);
  const accountId = (key: string) => item?.accountId(key) ?? accountIdFor(linkSession.item_id, key);
  const chosen = institution.accounts.filter(
    (account) =>
      request.account_ids.includes(accountId(account.key)) && matchesFilters(account, record.account_filters),
  );
  const keepAccounts = item && !record.account_selection_enabled;
  if (chosen.length === 0 && !keepAccounts) throw errors.invalidBody('select at least one account');
  if (item) {
    if (!keepAccounts) item.record.account_keys = chosen.map((account) => account.key);
    // Update mode with additional_consented_products: the user agreed to share more.
    item.record.consented_products = [
      ...new Set([...(item.record.consented_products ?? item.record.products), ...record.consented_products]),
    ];
    state.setItemError(item, null);
    state.notifySyncUpdates(item);
  } else {
    item = state.createItem({
      institution,
      username: linkSession.login.username,
      accountKeys: chosen.map((account) => account.key),
      webhook: record.webhook,
      daysRequested: record.days_requested,
      products: record.products,
      consentedProducts: record.consented_products,
      loginRequiredAfterLink: linkSession.login.loginRequiredAfterLink,
      itemId: linkSession.item_id,
    });
  }
  const linked = item;
  const publicToken = state.createPublicToken(linked);
  const accounts = linked.accounts.map((account) => accountMetadata(linked, account));
  const institutionMetadata = { name: institution.name, institution_id: institution.institution_id };
  const metadata = {
    institution: institutionMetadata,
    accounts,
    link_session_id: linkSession.link_session_id,
    transfer_status: null,
  } satisfies LinkSessionSuccessMetadata;
  linkSession.success = { public_token: publicToken, metadata, accounts, institution: institutionMetadata };
  linkSession.finished_at = state.now();
  sessionFinished(state, record, linkSession, publicToken);
  return { ...successResponse(record, linkSession.success), request_id: requestId };
};

function successResponse(record: LinkTokenRecord, success: NonNullable<LinkSession['success']>) {
  return {
    public_token: success.public_token,
    metadata: success.metadata,
    redirect_url: completionUrl(record, {
      status: 'success',
      public_token: success.public_token,
      link_session_id: success.metadata.link_session_id ?? '',
    }),
  };
}

const exit: SessionCall = (body, { state, requestId }) => {
  const request = parse(
    body,
    z.object({
      ...sessionFields,
      status: z.string().nullable().optional(),
      error: z.record(z.string(), z.unknown()).nullable().optional(),
    }),
  );
  const record = liveToken(state, request.link_token);
  const linkSession = session(record, request.link_session_id);
  const institution = findInstitution(linkSession.institution_id ?? '');
  const error = (request.error ?? null) as PlaidError | null;
  const metadata = {
    institution: institution ? { name: institution.name, institution_id: institution.institution_id } : null,
    ...(request.status ? { status: request.status } : {}),
    link_session_id: linkSession.link_session_id,
    request_id: requestId,
  } satisfies LinkSessionExitMetadata;
  linkSession.exit = { error, metadata };
  linkSession.finished_at = state.now();
  sessionFinished(state, record, linkSession, null);
  return {
    error,
    metadata,
    redirect_url: completionUrl(record, {
      status: 'exited',
      link_session_id: linkSession.link_session_id,
      ...(error?.error_code ? { error_code: error.error_code } : {}),
    }),
    request_id: requestId,
  };
};

export const sessionCalls: Record<string, SessionCall> = {
  '/link/session/start': start,
  '/link/session/event': event,
  '/link/session/credentials': credentials,
  '/link/session/accounts': accounts,
  '/link/session/oauth': oauthBegin,
  '/link/oauth/login': oauthLogin,
  '/link/session/complete': complete,
  '/link/session/exit': exit,
};
