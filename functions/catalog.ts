// The function catalog: every Lambda of the product, listed once. CDK creates one function per entry
// and the local gateway serves the same routes; nothing else lists routes. Documented functions keep
// the names and body shapes of spec §7, with the two trust corrections of ARCHITECTURE.md: a userId in
// a body must equal the verified caller (the gateway middleware rejects a mismatch with 403), and Plaid
// access tokens never travel from the browser (the client names an item or account instead).
// It stays one file though it is long: it is the one table of every function, its routes and bodies, read
// whole by CDK, the local gateway, the HTTP stack and docs/catalog.md; split, the list would no longer be
// one place to see every door into the product.
import { z } from 'zod';
import type { EventDetailType } from '../events/contracts.ts';
import { REALTIME_EVENTS } from '../events/realtime.ts';
import { schedules, type ScheduleDefinition } from '../events/schedules.ts';
import { queues, type QueueDefinition, type QueueKey } from '../events/queues.ts';

export { tableDesign } from './lib/data/table-design.ts';

/** Who may call an entry: public (no token), user (any signed-in user), admin (`admin` group),
 * webhook (no token; the handler verifies the provider's signature), internal (no route). */
export type CallerKind = 'public' | 'user' | 'admin' | 'webhook' | 'internal';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  method: HttpMethod;
  /** API Gateway path syntax: `/financial-profiles/{profileId}`. */
  path: string;
  /**
   * Part of the two-factor code step itself: answered before the sign-in has passed its second factor.
   * Every other route of a signed-in user with 2FA on needs a verified sign-in (functions/lib/two-factor.ts).
   */
  twoFactorExempt?: true;
  /**
   * The route's own request limit: API Gateway route throttling in the cloud, the same
   * token bucket in the local gateway, 429 beyond it. Public routes carry one; the stage's 100/s covers
   * the rest.
   */
  throttle?: RouteThrottle;
}

/** Requests per second on average, and the burst a bucket holds. */
export interface RouteThrottle {
  rate: number;
  burst: number;
}

/**
 * POST /client-reports: every open page posts at most every 5 s, so the route-wide bucket is
 * wide; each caller's own limit is the handler's (functions/lib/client-reports.ts), stricter when anonymous.
 */
export const CLIENT_REPORTS_THROTTLE: RouteThrottle = { rate: 50, burst: 100 };

/** Public routes a person uses a few times (sign-up's questionnaire, an invitation, a code, unsubscribe). */
export const PUBLIC_ROUTE_THROTTLE: RouteThrottle = { rate: 5, burst: 20 };
const publicRoutes = (routes: Route[]): Route[] =>
  routes.map((r) => ({ ...r, throttle: PUBLIC_ROUTE_THROTTLE }));

export interface CatalogEntry {
  /** The documented function name (spec §7) or the resource group's name. Also the Lambda's name suffix. */
  name: string;
  /** function: a documented serverless function; resource: a REST group for the data-store calls;
   * job: scheduled or event-driven work; webhook: a provider callback. */
  kind: 'function' | 'resource' | 'job' | 'webhook';
  description: string;
  caller: CallerKind;
  routes: Route[];
  /** zod schema of the JSON body of a documented function (spec §7 shapes, trust-corrected). */
  body?: z.ZodType;
  /** Handler module relative to the repository root, exporting `handler`; null until its issue lands. */
  handler: string | null;
  /** The issue that builds an entry whose handler is null: the 501 message names it. */
  plannedIn?: string;
  timeoutSeconds: number;
  memoryMb: number;
  schedule?: ScheduleDefinition;
  /** The work queue this entry's worker consumes (events/queues.ts): an SQS event source in the cloud. */
  queue?: QueueDefinition;
  /** The work queues this entry puts messages on (its schedule's sweep): QUEUE_URL_<ID> and sqs:SendMessage. */
  enqueues?: QueueKey[];
  /** Bus detail-types this entry consumes. */
  events?: EventDetailType[];
  /** Routes of the realtime WebSocket API this entry answers (API Gateway WebSocket; the local ws server). */
  websocketRoutes?: WebSocketRouteKey[];
  /** AWS service events (the default bus) this entry consumes, e.g. SES's configuration-set events. */
  awsEvents?: { source: string; detailTypes: string[] };
}

export type WebSocketRouteKey = '$connect' | '$disconnect' | '$default';

const uuidLike = z.string().min(1).max(128);
/** spec §7 passes the caller's id in many bodies; it is optional here because the server takes the
 * caller from the token, and a value that differs from the caller is refused with 403. */
const userIdField = uuidLike.optional();
const fn = (name: string): Route[] => [{ method: 'POST', path: `/functions/${name}` }];
const codeStep = (routes: Route[]): Route[] => routes.map((r) => ({ ...r, twoFactorExempt: true }));

/** Body schemas of the documented functions (spec §7), by name; handlers import theirs from here. */
export const functionBodies = {
  'check-subscription': z.object({ userId: userIdField, force: z.boolean().optional() }),
  'ensure-default-profile': z.object({ userId: userIdField }),
  'archive-financial-profile': z.object({ profileId: uuidLike }),
  // spec §4: after a checkout return the SPA passes the Checkout Session's id; without one the card-free
  // trial starts (after a first account connection).
  'start-trial': z.object({
    sessionId: z
      .string()
      .max(256)
      .regex(/^cs_[A-Za-z0-9_]+$/, 'must be a Checkout Session id (cs_…)')
      .optional(),
  }),
  'send-2fa-code-secure': z.strictObject({
    userId: userIdField,
    method: z.enum(['sms', 'email']),
    codeType: z.enum(['setup', 'login']),
    phoneNumber: z.string().max(32).optional(),
  }),
  'verify-2fa-code-secure': z.strictObject({
    userId: userIdField,
    // Six digits (a sent or authenticator code) or a recovery code (`ab3de-fg7hk`).
    code: z
      .string()
      .trim()
      .regex(/^(\d{6}|[A-Za-z2-7]{5}-?[A-Za-z2-7]{5})$/, 'must be a 6-digit code or a recovery code'),
    codeType: z.enum(['setup', 'login']),
    deviceFingerprint: z.string().min(8).max(256),
    trustDevice: z.boolean().default(false),
    /** Setup: the method being set up (the authenticator app's pending secret, or a sent code). */
    method: z.enum(['totp', 'email', 'sms']).optional(),
  }),
  'smart-alert-batching': z.object({
    user_id: userIdField,
    alert_type: z.enum([
      'critical_financial_alert',
      'high_priority_alert',
      'medium_priority_alert',
      'low_priority_alert',
    ]),
    alert_data: z.record(z.string(), z.unknown()),
    priority: z.number().int().min(1).max(4),
    force_immediate: z.boolean().default(false),
  }),
  'sendgrid-email-automation': z.object({
    trigger_event: z.enum([
      'user_signup',
      'account_linked',
      'money_plan_created',
      'ai_coach_used',
      'inactive_7_days',
      'inactive_30_days',
      'weekly_digest',
      'monthly_report',
    ]),
    user_id: userIdField,
    user_data: z.record(z.string(), z.unknown()).optional(),
  }),
  'transaction-summary-email': z.object({
    userId: userIdField,
    newTransactionIds: z.array(uuidLike).max(500),
    accountIds: z.array(uuidLike).max(100),
  }),
  'send-verification-email': z.object({
    /** Public: nobody is signed in yet, so the id is only checked to be one (Cognito's `sub`). */
    userId: z.uuid().optional(),
    email: z.email(),
    isResend: z.boolean().default(false),
  }),
  'plaid-hosted-link': z.object({
    userId: userIdField,
    updateMode: z.boolean().default(false),
    itemId: uuidLike.optional(),
    /** Update mode only: ask the person to share this product (docs/bank-linking.md "Consent"). */
    consent: z.enum(['liabilities', 'investments']).optional(),
    /** On return from hosted Link: finish that session on the server. */
    linkToken: z.string().min(1).max(256).optional(),
  }),
  'plaid-link-token': z.object({
    userId: userIdField,
    updateMode: z.boolean().default(false),
    itemId: uuidLike.optional(),
    /** Update mode only: ask the person to share this product (docs/bank-linking.md "Consent"). */
    consent: z.enum(['liabilities', 'investments']).optional(),
  }),
  'plaid-exchange-token': z.object({ publicToken: z.string().min(1).max(512), userId: userIdField }),
  'link-account-to-profile': z.object({
    accountId: uuidLike,
    userId: userIdField,
    profileId: uuidLike.optional(),
  }),
  'smart-plaid-sync': z.object({
    itemId: uuidLike.optional(),
    accountId: uuidLike.optional(),
    userId: userIdField,
    forceFullSync: z.boolean().default(false),
  }),
  'trigger-full-sync-pipeline': z.object({ userId: userIdField }),
  'plaid-transactions-sync': z.object({
    accountId: uuidLike,
    userId: userIdField,
    // The stored cursor is authoritative; a client cursor is accepted for shape compatibility only.
    cursor: z.string().max(1024).nullable().optional(),
  }),
  'get-financial-accounts': z.object({}),
  'get-money-plan-calendar': z.object({
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'must be YYYY-MM'),
    // The user's low-balance threshold in cents (default $100), an account filter
    // (default: all accounts) and the everyday-spending allowance switch (default on).
    lowBalanceThreshold: z.number().int('must be integer cents').min(-1e12).max(1e12).optional(),
    accountId: uuidLike.nullable().optional(),
    // Which money the month shows when no account is named: cash (the depository accounts)
    // or net worth (cash + investments − what is owed); default the member's remembered view, else cash.
    view: z.enum(['cash', 'net_worth']).nullable().optional(),
    includeAllowance: z.boolean().optional(),
  }),
} as const;

const defaults = { timeoutSeconds: 10, memoryMb: 512 } as const;

export const catalog: CatalogEntry[] = [
  // ── Documented serverless functions (spec §7) ────────────────────────────────────────────────
  {
    name: 'check-subscription',
    kind: 'function',
    description: 'Subscription status of the caller: trial, subscribed, grace or free',
    caller: 'user',
    routes: fn('check-subscription'),
    body: functionBodies['check-subscription'],
    handler: 'functions/check-subscription/handler.ts',
    ...defaults,
  },
  {
    name: 'ensure-default-profile',
    kind: 'function',
    description: "Create the caller's default financial profile if it does not exist (idempotent)",
    caller: 'user',
    routes: fn('ensure-default-profile'),
    body: functionBodies['ensure-default-profile'],
    handler: 'functions/ensure-default-profile/handler.ts',
    ...defaults,
  },
  {
    name: 'archive-financial-profile',
    kind: 'function',
    description: 'Archive a financial profile the caller owns',
    caller: 'user',
    routes: fn('archive-financial-profile'),
    body: functionBodies['archive-financial-profile'],
    handler: 'functions/archive-financial-profile/handler.ts',
    ...defaults,
  },
  {
    name: 'start-trial',
    kind: 'function',
    description:
      'Start the 7-day free trial (spec §9): card-free after a first account connection, or confirm the trial of a returned checkout; one per person',
    caller: 'user',
    routes: fn('start-trial'),
    body: functionBodies['start-trial'],
    handler: 'functions/start-trial/handler.ts',
    ...defaults,
  },
  {
    name: 'send-2fa-code-secure',
    kind: 'function',
    description: 'Send a two-factor code for setup or login',
    caller: 'user',
    routes: codeStep(fn('send-2fa-code-secure')),
    body: functionBodies['send-2fa-code-secure'],
    handler: 'functions/send-2fa-code-secure/handler.ts',
    ...defaults,
  },
  {
    name: 'verify-2fa-code-secure',
    kind: 'function',
    description: 'Verify a two-factor code, optionally trusting the device',
    caller: 'user',
    routes: codeStep(fn('verify-2fa-code-secure')),
    body: functionBodies['verify-2fa-code-secure'],
    handler: 'functions/verify-2fa-code-secure/handler.ts',
    ...defaults,
  },
  {
    name: 'smart-alert-batching',
    kind: 'function',
    description:
      'Raise an alert: in the app at once, by e-mail now or in the hourly/daily batch per alert preferences (smart batching merges one kind); the low-balance and unusual-transaction checks; hourly batch delivery',
    caller: 'user',
    routes: fn('smart-alert-batching'),
    body: functionBodies['smart-alert-batching'],
    handler: 'functions/smart-alert-batching/handler.ts',
    timeoutSeconds: 60,
    memoryMb: 1024,
    events: ['ForecastUpdated', 'TransactionsChanged', 'ItemLoginRequired', 'AlertRequested'],
    schedule: schedules.alertDelivery,
    enqueues: ['alertDelivery'],
    queue: queues.alertDelivery,
  },
  {
    name: 'sendgrid-email-automation',
    kind: 'function',
    description:
      "Send the e-mail of a spec §7 trigger event to the caller (or on the product's events), honouring e-mail preferences, recorded in email_sends",
    caller: 'user',
    routes: fn('sendgrid-email-automation'),
    body: functionBodies['sendgrid-email-automation'],
    handler: 'functions/sendgrid-email-automation/handler.ts',
    timeoutSeconds: 29,
    memoryMb: 1024,
    events: ['UserRegistered', 'AccountLinked', 'PlanChanged', 'CoachUsed'],
    queue: queues.scheduledEmail,
  },
  {
    name: 'transaction-summary-email',
    kind: 'function',
    description:
      'E-mail a summary of newly synced transactions (opt-in e-mail preference); after each sync that adds some',
    caller: 'user',
    routes: fn('transaction-summary-email'),
    body: functionBodies['transaction-summary-email'],
    handler: 'functions/transaction-summary-email/handler.ts',
    events: ['TransactionsChanged'],
    ...defaults,
  },
  {
    name: 'send-verification-email',
    kind: 'function',
    description:
      'Send (or resend) the sign-up verification code through Cognito: public (nobody is signed in before confirming), the same answer whatever the address, 5 per address per 15 min',
    caller: 'public',
    routes: publicRoutes(fn('send-verification-email')),
    body: functionBodies['send-verification-email'],
    handler: 'functions/send-verification-email/handler.ts',
    ...defaults,
  },
  {
    name: 'plaid-hosted-link',
    kind: 'function',
    description: 'Create a Plaid hosted-link session (mobile); update mode names an item, never a token',
    caller: 'user',
    routes: fn('plaid-hosted-link'),
    body: functionBodies['plaid-hosted-link'],
    handler: 'functions/plaid-hosted-link/handler.ts',
    ...defaults,
    // Finishing a hosted link stores the banks and starts each one's first sync (docs/jobs.md).
    enqueues: ['initialSync'],
  },
  {
    name: 'plaid-link-token',
    kind: 'function',
    description: 'Create a Plaid Link token; update mode names an item, never a token',
    caller: 'user',
    routes: fn('plaid-link-token'),
    body: functionBodies['plaid-link-token'],
    handler: 'functions/plaid-link-token/handler.ts',
    ...defaults,
  },
  {
    name: 'plaid-exchange-token',
    kind: 'function',
    description: 'Exchange a Link public token, store the item (token encrypted) and its accounts',
    caller: 'user',
    routes: fn('plaid-exchange-token'),
    body: functionBodies['plaid-exchange-token'],
    handler: 'functions/plaid-exchange-token/handler.ts',
    timeoutSeconds: 29,
    memoryMb: 512,
    enqueues: ['initialSync'],
  },
  {
    name: 'link-account-to-profile',
    kind: 'function',
    description: "Link a newly connected account to the caller's active financial profile",
    caller: 'user',
    routes: fn('link-account-to-profile'),
    body: functionBodies['link-account-to-profile'],
    handler: 'functions/link-account-to-profile/handler.ts',
    ...defaults,
  },
  {
    name: 'smart-plaid-sync',
    kind: 'function',
    description: 'Sync an item after (re)connection; names the item or account, never its token',
    caller: 'user',
    routes: fn('smart-plaid-sync'),
    body: functionBodies['smart-plaid-sync'],
    handler: 'functions/smart-plaid-sync/handler.ts',
    timeoutSeconds: 29,
    memoryMb: 1024,
    schedule: schedules.plaidSync,
    enqueues: ['plaidRefresh'],
    queue: queues.plaidRefresh,
  },
  {
    name: 'trigger-full-sync-pipeline',
    kind: 'function',
    description: 'Sync every item of the caller, then classify, plan and forecast',
    caller: 'user',
    routes: fn('trigger-full-sync-pipeline'),
    body: functionBodies['trigger-full-sync-pipeline'],
    handler: 'functions/trigger-full-sync-pipeline/handler.ts',
    timeoutSeconds: 29,
    memoryMb: 1024,
  },
  {
    name: 'plaid-transactions-sync',
    kind: 'function',
    description:
      "Page /transactions/sync for an account's item from the stored cursor; a newly linked bank's first sync as a job",
    caller: 'user',
    routes: fn('plaid-transactions-sync'),
    body: functionBodies['plaid-transactions-sync'],
    handler: 'functions/plaid-transactions-sync/handler.ts',
    timeoutSeconds: 29,
    memoryMb: 1024,
    events: ['SyncRequested'],
    queue: queues.initialSync,
  },
  {
    name: 'get-financial-accounts',
    kind: 'function',
    description: 'Accounts of the active financial profile with balances and sync state',
    caller: 'user',
    routes: fn('get-financial-accounts'),
    body: functionBodies['get-financial-accounts'],
    handler: 'functions/get-financial-accounts/handler.ts',
    ...defaults,
  },
  {
    name: 'get-money-plan-calendar',
    kind: 'function',
    description: 'Per day of a month: actual and planned transactions, balances and flags',
    caller: 'user',
    routes: fn('get-money-plan-calendar'),
    body: functionBodies['get-money-plan-calendar'],
    handler: 'functions/get-money-plan-calendar/handler.ts',
    timeoutSeconds: 29,
    memoryMb: 1024,
  },

  // ── REST resource groups for the spec's data-store calls ─────────────────────────────────────
  {
    name: 'profiles',
    kind: 'resource',
    description:
      "The caller's own profiles record (spec §3 profiles, §7 data-store calls); signing out everywhere; deleting the account",
    caller: 'user',
    routes: [
      { method: 'GET', path: '/profiles/me' },
      { method: 'PATCH', path: '/profiles/me' },
      // spec §7 sign out, scope global: every device, enforced by the API (functions/lib/sessions.ts).
      { method: 'POST', path: '/profiles/me/sign-out-everywhere' },
      // Delete the account and its data after re-authentication (functions/lib/account-deletion.ts).
      { method: 'POST', path: '/profiles/me/delete-account' },
    ],
    handler: 'functions/profiles/handler.ts',
    // Deleting an account with two years of several banks' history takes a few seconds.
    timeoutSeconds: 29,
    memoryMb: 512,
  },
  {
    name: 'onboarding-responses',
    kind: 'resource',
    description: 'Signup questionnaire answers (spec §3 user_onboarding_responses); sent before sign-up',
    caller: 'public',
    routes: publicRoutes([{ method: 'POST', path: '/onboarding-responses' }]),
    handler: 'functions/onboarding-responses/handler.ts',
    ...defaults,
  },
  {
    name: 'financial-profiles',
    kind: 'resource',
    description: 'Financial profiles, members and invitations (spec §3, §4 profile loading)',
    caller: 'user',
    routes: [
      { method: 'GET', path: '/financial-profiles' },
      { method: 'POST', path: '/financial-profiles' },
      { method: 'PATCH', path: '/financial-profiles/{profileId}' },
      { method: 'GET', path: '/financial-profiles/{profileId}/members' },
      { method: 'DELETE', path: '/financial-profiles/{profileId}/members/{userId}' },
      { method: 'GET', path: '/financial-profiles/{profileId}/invitations' },
      { method: 'POST', path: '/financial-profiles/{profileId}/invitations' },
      { method: 'DELETE', path: '/financial-profiles/{profileId}/invitations/{invitationId}' },
    ],
    handler: 'functions/financial-profiles/handler.ts',
    ...defaults,
  },
  {
    name: 'get-invitation-by-token',
    kind: 'resource',
    description: 'get_invitation_by_token (spec §7 RPC): public, so signup can lock the invited e-mail',
    caller: 'public',
    routes: publicRoutes([{ method: 'GET', path: '/invitations/{token}' }]),
    handler: 'functions/get-invitation-by-token/handler.ts',
    ...defaults,
  },
  {
    name: 'invitations',
    kind: 'resource',
    description: 'Accept an invitation; repair_invitation_consistency (spec §7 RPCs)',
    caller: 'user',
    routes: [
      { method: 'POST', path: '/invitations/{token}/accept' },
      { method: 'POST', path: '/invitations/repair' },
    ],
    handler: 'functions/invitations/handler.ts',
    ...defaults,
  },
  {
    name: 'security-events',
    kind: 'resource',
    description: 'log_security_event (spec §7 RPC)',
    caller: 'user',
    routes: [{ method: 'POST', path: '/security-events' }],
    handler: 'functions/security-events/handler.ts',
    ...defaults,
  },
  {
    name: 'subscribers',
    kind: 'resource',
    description: "The caller's subscribers record (fallback path of the subscription check)",
    caller: 'user',
    routes: [{ method: 'GET', path: '/subscribers/me' }],
    handler: 'functions/subscribers/handler.ts',
    ...defaults,
  },
  {
    name: 'billing',
    kind: 'resource',
    description:
      'Stripe Checkout (subscription mode, the trial if still unused) and Billing Portal sessions for the caller',
    caller: 'user',
    routes: [
      { method: 'POST', path: '/billing/checkout-session' },
      { method: 'POST', path: '/billing/portal-session' },
    ],
    handler: 'functions/billing/handler.ts',
    ...defaults,
  },
  {
    name: 'support-requests',
    kind: 'resource',
    description:
      "Help & Support's contact form: a signed-in person's request, stored and e-mailed to support",
    caller: 'user',
    routes: [{ method: 'POST', path: '/support-requests' }],
    handler: 'functions/support-requests/handler.ts',
    ...defaults,
  },
  {
    name: 'coach',
    kind: 'resource',
    description:
      "The AI money coach: answers from the active profile's own numbers through read-only tools, every figure checked; the member's conversation",
    caller: 'user',
    routes: [
      { method: 'POST', path: '/coach/ask' },
      { method: 'GET', path: '/coach/messages' },
      { method: 'DELETE', path: '/coach/messages' },
    ],
    handler: 'functions/coach/handler.ts',
    timeoutSeconds: 29,
    memoryMb: 1024,
  },
  {
    name: 'notifications',
    kind: 'resource',
    description: 'In-app notices for a page and their dismissals (spec §4, §5 notification query)',
    caller: 'user',
    routes: [
      { method: 'GET', path: '/notifications' },
      { method: 'POST', path: '/notifications/{notificationId}/dismissals' },
    ],
    handler: 'functions/notifications/handler.ts',
    ...defaults,
  },
  {
    name: 'accounts',
    kind: 'resource',
    description: 'Connected accounts of the active profile; balance-refresh bookkeeping',
    caller: 'user',
    routes: [
      { method: 'GET', path: '/accounts' },
      { method: 'GET', path: '/accounts/{accountId}' },
      { method: 'GET', path: '/accounts/{accountId}/holdings' },
      { method: 'PATCH', path: '/accounts/{accountId}' },
      { method: 'DELETE', path: '/accounts/{accountId}' },
    ],
    handler: 'functions/accounts/handler.ts',
    ...defaults,
  },
  {
    name: 'manual-accounts',
    kind: 'resource',
    description:
      'Manual accounts (cash, a bank not on Plaid, a house or car, a private loan): create and update',
    caller: 'user',
    routes: [
      { method: 'POST', path: '/manual-accounts' },
      { method: 'PATCH', path: '/manual-accounts/{accountId}' },
    ],
    handler: 'functions/manual-accounts/handler.ts',
    ...defaults,
  },
  {
    name: 'import-statements',
    kind: 'resource',
    description:
      'Statement import (OFX/QFX, QIF, CSV with a mapping step) into an account: upload grant, preview, confirm, undo; a whole-profile archive into an empty profile',
    caller: 'user',
    routes: [
      { method: 'POST', path: '/imports/uploads' },
      { method: 'POST', path: '/imports/preview' },
      { method: 'POST', path: '/imports' },
      { method: 'GET', path: '/imports' },
      { method: 'DELETE', path: '/imports/{importId}' },
      { method: 'POST', path: '/imports/archive' },
    ],
    handler: 'functions/import-statements/handler.ts',
    timeoutSeconds: 29,
    memoryMb: 1024,
  },
  {
    name: 'export-data',
    kind: 'resource',
    description:
      'Export: transactions (CSV, by account and dates), the Money Plan (CSV), the whole profile (JSON archive)',
    caller: 'user',
    routes: [
      { method: 'GET', path: '/exports/transactions' },
      { method: 'GET', path: '/exports/money-plan' },
      { method: 'GET', path: '/exports/archive' },
    ],
    handler: 'functions/export-data/handler.ts',
    timeoutSeconds: 29,
    memoryMb: 1024,
  },
  {
    name: 'transactions',
    kind: 'resource',
    description: 'Transactions and raw Plaid transactions by date range and account',
    caller: 'user',
    routes: [
      { method: 'GET', path: '/transactions' },
      { method: 'GET', path: '/transactions/raw' },
    ],
    handler: 'functions/transactions/handler.ts',
    ...defaults,
  },
  {
    name: 'money-plan',
    kind: 'resource',
    description:
      'Planned transactions, plan generation, detected streams, reconciliation undo, forecast view settings and money-plan categories',
    caller: 'user',
    routes: [
      { method: 'GET', path: '/money-plan/items' },
      { method: 'POST', path: '/money-plan/items' },
      { method: 'PATCH', path: '/money-plan/items/{itemId}' },
      { method: 'DELETE', path: '/money-plan/items/{itemId}' },
      { method: 'POST', path: '/money-plan/items/{itemId}/unreconcile' },
      { method: 'POST', path: '/money-plan/generate' },
      { method: 'GET', path: '/money-plan/streams' },
      { method: 'GET', path: '/money-plan/settings' },
      { method: 'PUT', path: '/money-plan/settings' },
      { method: 'GET', path: '/money-plan/categories' },
      { method: 'POST', path: '/money-plan/categories' },
    ],
    handler: 'functions/money-plan/handler.ts',
    timeoutSeconds: 29,
    memoryMb: 1024,
    // "Generate my plan" is a job; this function's worker runs it, and the forecast rebuilds (docs/jobs.md).
    enqueues: ['planJobs'],
    queue: queues.planJobs,
  },
  {
    name: 'jobs',
    kind: 'resource',
    description:
      "Jobs a person started (plan, forecast, a bank's first sync): their status, the profile's recent ones, a retry",
    caller: 'user',
    routes: [
      { method: 'GET', path: '/jobs' },
      { method: 'GET', path: '/jobs/{jobId}' },
      { method: 'POST', path: '/jobs/{jobId}/retry' },
    ],
    handler: 'functions/jobs/handler.ts',
    ...defaults,
    enqueues: ['planJobs', 'initialSync'],
  },
  {
    name: 'running-balances',
    kind: 'resource',
    description: 'Daily balance series (today + 730 days), lowest point, regeneration; nightly and on events',
    caller: 'user',
    routes: [
      { method: 'GET', path: '/running-balances' },
      { method: 'GET', path: '/running-balances/lowest' },
      { method: 'POST', path: '/running-balances/regenerate' },
    ],
    handler: 'functions/running-balances/handler.ts',
    timeoutSeconds: 29,
    memoryMb: 1024,
    events: ['TransactionsChanged', 'PlanChanged'],
    schedule: schedules.forecastNightly,
    // A forced rebuild is a job on plan-jobs (docs/jobs.md).
    enqueues: ['profileMaintenance', 'planJobs'],
    queue: queues.profileMaintenance,
  },
  {
    name: 'preferences',
    kind: 'resource',
    description: 'Alert and e-mail preferences, unsubscribe, engagement metrics and e-mail history',
    caller: 'user',
    routes: [
      { method: 'GET', path: '/preferences/alerts' },
      { method: 'PUT', path: '/preferences/alerts' },
      { method: 'GET', path: '/preferences/email' },
      { method: 'PUT', path: '/preferences/email' },
      { method: 'POST', path: '/preferences/email/unsubscribe' },
      { method: 'GET', path: '/engagement-metrics' },
      { method: 'PUT', path: '/engagement-metrics' },
      { method: 'GET', path: '/email-sends' },
    ],
    handler: 'functions/preferences/handler.ts',
    ...defaults,
  },
  {
    name: 'alerts',
    kind: 'resource',
    description: "The caller's alerts: the in-app notifications list with the unread count, marking read",
    caller: 'user',
    routes: [
      { method: 'GET', path: '/alerts' },
      { method: 'POST', path: '/alerts/read' },
    ],
    handler: 'functions/alerts/handler.ts',
    ...defaults,
  },
  {
    name: 'email-unsubscribe',
    kind: 'resource',
    description:
      'One-click unsubscribe (RFC 8058): POST with the token unsubscribes; GET shows a confirmation page and changes nothing',
    caller: 'public',
    routes: publicRoutes([
      { method: 'GET', path: '/email/unsubscribe' },
      { method: 'POST', path: '/email/unsubscribe' },
    ]),
    handler: 'functions/email-unsubscribe/handler.ts',
    ...defaults,
  },
  {
    name: 'two-factor',
    kind: 'resource',
    description:
      "Two-factor status, authenticator setup, disable (spec §7), is_device_trusted_secure, the user's trusted devices and the sign-in's second-factor session",
    caller: 'user',
    routes: [
      { method: 'GET', path: '/two-factor', twoFactorExempt: true },
      { method: 'POST', path: '/two-factor/totp' },
      { method: 'POST', path: '/two-factor/disable' },
      { method: 'POST', path: '/two-factor/device-trust', twoFactorExempt: true },
      { method: 'GET', path: '/two-factor/devices' },
      { method: 'DELETE', path: '/two-factor/devices/{deviceId}' },
      { method: 'DELETE', path: '/two-factor/session', twoFactorExempt: true },
    ],
    handler: 'functions/two-factor/handler.ts',
    ...defaults,
  },
  {
    name: 'avatars',
    kind: 'resource',
    description: 'Avatar upload to {userId}/avatar.{ext} and removal (spec §7 storage)',
    caller: 'user',
    routes: [
      { method: 'PUT', path: '/avatars/me' },
      { method: 'DELETE', path: '/avatars/me' },
    ],
    handler: 'functions/avatars/handler.ts',
    ...defaults,
  },
  {
    name: 'admin',
    kind: 'resource',
    description:
      'Admin area: dashboard roll-up, users and their timeline and actions, system, user and Plaid health, category rules, audit; client health',
    caller: 'admin',
    routes: [
      { method: 'GET', path: '/admin/dashboard' },
      { method: 'POST', path: '/admin/rollups' },
      { method: 'GET', path: '/admin/users' },
      { method: 'GET', path: '/admin/users/{userId}' },
      { method: 'GET', path: '/admin/users/{userId}/timeline' },
      { method: 'POST', path: '/admin/users/{userId}/actions' },
      { method: 'GET', path: '/admin/audit' },
      { method: 'GET', path: '/admin/system' },
      { method: 'GET', path: '/admin/user-health' },
      { method: 'GET', path: '/admin/categories' },
      { method: 'PUT', path: '/admin/categories' },
      { method: 'POST', path: '/admin/categories/test' },
      { method: 'GET', path: '/admin/plaid-health' },
      { method: 'GET', path: '/admin/email-analytics' },
      { method: 'GET', path: '/admin/client-health' },
    ],
    handler: 'functions/admin/handler.ts',
    // The roll-up job reads counters and tallies the subjects whose due check has come (docs/admin.md).
    timeoutSeconds: 60,
    memoryMb: 512,
    schedule: schedules.adminRollup,
    events: ['AdminRollupRequested'],
  },
  {
    name: 'client-reports',
    kind: 'resource',
    description:
      "Browsers' error reports and operation timings: public, attributed from the ID token when one is sent, rate-limited per caller (stricter when anonymous), scrubbed and stored with a TTL",
    caller: 'public',
    routes: [{ method: 'POST', path: '/client-reports', throttle: CLIENT_REPORTS_THROTTLE }],
    handler: 'functions/client-reports/handler.ts',
    ...defaults,
  },
  {
    name: 'admin-notifications',
    kind: 'resource',
    description: 'Admin-defined in-app notices (spec §2 /admin/notifications, §3 user_notifications)',
    caller: 'admin',
    routes: [
      { method: 'GET', path: '/admin/notifications' },
      { method: 'POST', path: '/admin/notifications' },
      { method: 'PATCH', path: '/admin/notifications/{notificationId}' },
    ],
    handler: 'functions/admin-notifications/handler.ts',
    ...defaults,
    schedule: schedules.noticeStarts,
  },

  // ── Realtime (spec §7 websocket, §9 Realtime) ─────────────────────────────────
  {
    name: 'realtime',
    kind: 'resource',
    description:
      'The realtime WebSocket: $connect verifies the Cognito ID token and remembers the connection, $disconnect forgets it, $default answers heartbeats',
    caller: 'internal',
    routes: [],
    websocketRoutes: ['$connect', '$disconnect', '$default'],
    handler: 'functions/realtime/handler.ts',
    ...defaults,
  },
  {
    name: 'realtime-publisher',
    kind: 'job',
    description:
      'Pushes each bus event to every open connection of every member of the affected profile; forgets connections that answer 410 Gone',
    caller: 'internal',
    routes: [],
    handler: 'functions/realtime-publisher/handler.ts',
    events: [...REALTIME_EVENTS],
    ...defaults,
  },
  // ── Jobs: schedules and provider events ────────────────────────────────────
  {
    name: 'email-inactivity-scan',
    kind: 'job',
    description:
      'spec §7 inactive_7_days and inactive_30_days: once per stretch away, per e-mail preferences',
    caller: 'internal',
    routes: [],
    handler: 'functions/email-inactivity-scan/handler.ts',
    timeoutSeconds: 300,
    memoryMb: 512,
    schedule: schedules.emailInactivityScan,
    enqueues: ['scheduledEmail'],
  },
  {
    name: 'email-weekly-digest',
    kind: 'job',
    description: "spec §7 weekly_digest: each person's week from the calendar's own figures",
    caller: 'internal',
    routes: [],
    handler: 'functions/email-weekly-digest/handler.ts',
    timeoutSeconds: 300,
    memoryMb: 512,
    schedule: schedules.emailWeeklyDigest,
    enqueues: ['scheduledEmail'],
  },
  {
    name: 'email-monthly-report',
    kind: 'job',
    description: "spec §7 monthly_report on the 1st: last month's income and spending, the next 30 days' low",
    caller: 'internal',
    routes: [],
    handler: 'functions/email-monthly-report/handler.ts',
    timeoutSeconds: 300,
    memoryMb: 512,
    schedule: schedules.emailMonthlyReport,
    enqueues: ['scheduledEmail'],
  },
  {
    name: 'email-delivery-events',
    kind: 'job',
    description:
      'SES configuration-set events (delivery, open, click, bounce, complaint) through EventBridge: email_sends status; a hard bounce or complaint stops non-essential mail',
    caller: 'internal',
    routes: [],
    handler: 'functions/email-delivery-events/handler.ts',
    ...defaults,
    awsEvents: {
      source: 'aws.ses',
      detailTypes: [
        'Email Delivered',
        'Email Bounced',
        'Email Complaint Received',
        'Email Opened',
        'Email Clicked',
      ],
    },
  },

  // ── Provider callbacks ───────────────────────────────────────────────────────────────────────
  {
    name: 'plaid-webhook',
    kind: 'webhook',
    description: 'Plaid webhooks (SYNC_UPDATES_AVAILABLE, ITEM errors), verified by their ES256 JWT',
    caller: 'webhook',
    routes: [{ method: 'POST', path: '/webhooks/plaid' }],
    handler: 'functions/plaid-webhook/handler.ts',
    timeoutSeconds: 29,
    memoryMb: 1024,
    // Hosted Link's SESSION_FINISHED stores the banks and starts each one's first sync.
    enqueues: ['initialSync'],
  },
  {
    name: 'stripe-webhook',
    kind: 'webhook',
    description:
      'Stripe webhooks (checkout, subscription changes, invoices), verified by their signature; each event once; the record rebuilt from Stripe',
    caller: 'webhook',
    routes: [{ method: 'POST', path: '/webhooks/stripe' }],
    handler: 'functions/stripe-webhook/handler.ts',
    ...defaults,
  },
];

/** The status of an entry for docs and the 501 message. */
export const isImplemented = (entry: CatalogEntry): boolean => entry.handler !== null;

export const catalogByName = new Map(catalog.map((entry) => [entry.name, entry]));

/** Every (method, path) pair once; used by the gateway and asserted unique by tests. */
export const allRoutes = catalog.flatMap((entry) => entry.routes.map((route) => ({ entry, route })));
