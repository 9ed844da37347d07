// Every access pattern the spec implies, with the entity index that serves it. docs/data-model.md is
// generated from this list and the entities' own key definitions (`npm run docs:data-model`), and a
// unit test fails when a pattern names an index that does not exist or the page is out of date.
// It stays one file though it is long: it is a table, one entry per pattern, and the page generated
// from it is one table too; one list is what lets a reviewer see every read the product makes.
import type { Data } from './index.ts';

export type EntityName = Exclude<keyof Data, 'service'>;

export interface AccessPattern {
  pattern: string;
  /** Where the spec implies it. */
  source: string;
  entity: EntityName;
  /** The ElectroDB index name (its primary index, or the GSI it maps to). */
  index: string;
}

export const accessPatterns: AccessPattern[] = [
  {
    pattern: "Read/update the caller's profile (full name, avatar, privacy mode, onboarding flag, 2FA)",
    source: '§7 profiles',
    entity: 'profiles',
    index: 'byId',
  },
  {
    pattern: "A person's one-click unsubscribe tokens (deleted with the account)",
    source: 'delete my account (/settings)',
    entity: 'unsubscribeTokens',
    index: 'byUser',
  },
  {
    pattern:
      "A deleted account's mark: its leftover ID tokens are refused (read only when no profile exists)",
    source: 'delete my account (/settings)',
    entity: 'deletedAccounts',
    index: 'byUser',
  },
  {
    pattern: 'Get a financial profile by id (every access check)',
    source: '§4, §6',
    entity: 'financialProfiles',
    index: 'byId',
  },
  {
    pattern: "List a user's owned profiles, oldest first (default sorted first in code)",
    source: '§4 Profile loading',
    entity: 'financialProfiles',
    index: 'byOwner',
  },
  {
    pattern: "Create the user's default profile exactly once (id derived from the owner)",
    source: '§7 ensure-default-profile',
    entity: 'financialProfiles',
    index: 'byId',
  },
  {
    pattern: "A caller's role on a profile (member item by profile and user)",
    source: '§6',
    entity: 'profileMembers',
    index: 'byProfile',
  },
  {
    pattern: 'Members of a profile; member_count',
    source: '§3, §7',
    entity: 'profileMembers',
    index: 'byProfile',
  },
  {
    pattern: 'Profiles a user is a member of, with role',
    source: '§7 profile_members by user_id',
    entity: 'profileMembers',
    index: 'byUser',
  },
  {
    pattern: 'Pending invitations of a profile',
    source: '§3 profile_invitations',
    entity: 'profileInvitations',
    index: 'byProfile',
  },
  {
    pattern: 'Invitation by token (SHA-256 of the token)',
    source: '§7 get_invitation_by_token',
    entity: 'profileInvitations',
    index: 'byToken',
  },
  {
    pattern: 'Invitations accepted by a user (sparse)',
    source: '§7 repair_invitation_consistency',
    entity: 'profileInvitations',
    index: 'byAcceptedBy',
  },
  {
    pattern: "A user's security events, in time order",
    source: '§7 log_security_event',
    entity: 'securityEvents',
    index: 'byUser',
  },
  {
    pattern: "The caller's subscribers record (check-subscription, start-trial, the entitlement check)",
    source: '§7 subscribers by user_id, check-subscription',
    entity: 'subscribers',
    index: 'byUser',
  },
  {
    pattern: 'Which person a Stripe customer is (every webhook event)',
    source: '§7 check-subscription (Stripe webhooks)',
    entity: 'stripeCustomers',
    index: 'byCustomer',
  },
  {
    pattern: 'Record a Stripe event id once (conditional create: each event processed once)',
    source: 'Stripe webhooks (each event once)',
    entity: 'stripeEvents',
    index: 'byEvent',
  },
  {
    pattern: 'Plaid item by id (token and cursor live on the item)',
    source: '§3 connected_accounts',
    entity: 'plaidItems',
    index: 'byId',
  },
  {
    pattern: "A user's Plaid items (scheduled sync, full pipeline)",
    source: '§7 trigger-full-sync-pipeline',
    entity: 'plaidItems',
    index: 'byUser',
  },
  {
    pattern: 'The sync lease of a Plaid item: one sync at a time (conditional put, expiry; no index keys)',
    source: '§4 sync',
    entity: 'syncLeases',
    index: 'byItem',
  },
  {
    pattern: 'Items due for a balance refresh (scheduled sweep; sparse)',
    source: '§9 balance refresh intervals',
    entity: 'plaidItems',
    index: 'byRefreshDue',
  },
  {
    pattern: 'Hosted Link session by (hashed) link token, to finish it once',
    source: '§4 connect flow (hosted link)',
    entity: 'linkSessions',
    index: 'byToken',
  },
  {
    pattern:
      "A job a person started (plan, forecast, a bank's first sync) by profile and id, and the profile's recent jobs (TTL a day)",
    source: 'docs/jobs.md',
    entity: 'jobs',
    index: 'byProfile',
  },
  {
    pattern: "Item by Plaid's item_id (webhooks)",
    source: '§4 sync',
    entity: 'plaidItems',
    index: 'byPlaidItemId',
  },
  {
    pattern: 'Account by id',
    source: '§2 /accounts/{accountId}',
    entity: 'connectedAccounts',
    index: 'byId',
  },
  {
    pattern: 'Accounts of a financial profile (active ones)',
    source: '§7 get-financial-accounts',
    entity: 'connectedAccounts',
    index: 'byProfile',
  },
  {
    pattern: 'Accounts of a user (connected_accounts by user_id and active; health check)',
    source: '§7 connected_accounts',
    entity: 'connectedAccounts',
    index: 'byUser',
  },
  {
    pattern: 'Accounts of an item (sync, reconnect)',
    source: '§4 connect flow',
    entity: 'connectedAccounts',
    index: 'byItem',
  },
  {
    pattern: 'Holdings of an investment account (account detail, its value; replaced by sync)',
    source: '§2 /accounts/{accountId}',
    entity: 'investmentHoldings',
    index: 'byAccount',
  },
  {
    pattern: 'Investment transactions of an account, newest first (account detail; written by sync)',
    source: '§2 /accounts/{accountId}',
    entity: 'investmentTransactions',
    index: 'byAccountDate',
  },
  {
    pattern: 'Transaction by id (sync add/modify/remove)',
    source: '§4 sync',
    entity: 'transactions',
    index: 'byId',
  },
  {
    pattern: 'Transactions of an account by date range',
    source: '§7 transactions',
    entity: 'transactions',
    index: 'byAccountDate',
  },
  {
    pattern: 'Transactions of a profile by date range (calendar, "transactions limit 1")',
    source: '§7 transactions',
    entity: 'transactions',
    index: 'byProfileDate',
  },
  {
    pattern: "A profile's statement imports (list, undo one, the same file again, archive round trip)",
    source: 'docs/import-export.md',
    entity: 'statementImports',
    index: 'byProfile',
  },
  {
    pattern: 'Raw Plaid transaction by Plaid id',
    source: '§3 plaid_transactions_raw',
    entity: 'plaidTransactionsRaw',
    index: 'byId',
  },
  {
    pattern: 'Raw transactions by account and date range (balance validation)',
    source: '§5, §7',
    entity: 'plaidTransactionsRaw',
    index: 'byAccountDate',
  },
  {
    pattern: 'Planned item by id (edit, delete, reconcile)',
    source: '§3 money_plan_transactions',
    entity: 'moneyPlanTransactions',
    index: 'byId',
  },
  {
    pattern: 'Planned items of a profile by due date range',
    source: '§7 money_plan_transactions by due date range',
    entity: 'moneyPlanTransactions',
    index: 'byProfileDueDate',
  },
  {
    pattern: 'Planned items of one recurring series (regeneration)',
    source: '§1 plan generation',
    entity: 'moneyPlanTransactions',
    index: 'bySeries',
  },
  {
    pattern: 'Money-plan categories of a profile',
    source: '§3 money_plan_category_id',
    entity: 'moneyPlanCategories',
    index: 'byProfile',
  },
  {
    pattern: 'Recurring series of a profile: detected streams and user repeating items (Money Plan lists)',
    source: '§1 plan generation; /plan',
    entity: 'moneyPlanSeries',
    index: 'byProfile',
  },
  {
    pattern: 'One series by id (series-wide edit or delete, suppression on regeneration)',
    source: '§4 money plan edits',
    entity: 'moneyPlanSeries',
    index: 'byProfile',
  },
  {
    pattern: 'Reconciliation matches a user undid, never proposed again',
    source: '§4 reconciliation',
    entity: 'reconciliationRejections',
    index: 'byProfile',
  },
  {
    pattern: "A member's forecast view of a profile: low-balance threshold, allowance on or off",
    source: '§9 running balances; /calendar settings',
    entity: 'moneyViewSettings',
    index: 'byProfileUser',
  },
  {
    pattern: "A member's coach conversation on a profile, newest first, paged; delete it all",
    source: 'coach (spec §2 /coach)',
    entity: 'coachMessages',
    index: 'byMember',
  },
  {
    pattern: "A user's support requests, newest first; how many in the last hour (rate limit)",
    source: 'Help & Support (spec §2 /help)',
    entity: 'supportRequests',
    index: 'byUser',
  },
  {
    pattern: "A user's coach usage in a 10-minute window and a day (rate limit, token budget)",
    source: 'coach limits (spec §8 rate_limit)',
    entity: 'coachUsage',
    index: 'byUserWindow',
  },
  {
    pattern:
      'Running balances of an account (or of the profile total) by month range: write the months whose content hash changed, then delete months not in the new generation',
    source: '§7 running_balances',
    entity: 'runningBalanceMonths',
    index: 'byAccountMonth',
  },
  {
    pattern:
      'Forecast state of a profile: current generation and its months’ and views’ content hashes, inputs version, lease, allowances, history',
    source: '§4 running balances, §9 stale after 24 h',
    entity: 'profileForecasts',
    index: 'byProfile',
  },
  {
    pattern:
      "A profile's months ready to serve (planned items and stored forecast days of the current generation): the calendar's month, the plan's list by month range",
    source: '§7 get-money-plan-calendar, money_plan_transactions by due date range',
    entity: 'moneyMonthViews',
    index: 'byProfileMonth',
  },
  {
    pattern: 'Profiles due for the nightly forecast regeneration (scheduled sweep; sparse)',
    source: '§9 running balances: today + 730 days',
    entity: 'profileForecasts',
    index: 'byForecastDue',
  },
  {
    pattern: 'Notices for a page (page and all)',
    source: '§5 notification query',
    entity: 'userNotifications',
    index: 'byTargetPage',
  },
  {
    pattern: 'Every notice (admin)',
    source: '§2 /admin/notifications',
    entity: 'userNotifications',
    index: 'all',
  },
  {
    pattern: 'Notices whose start has come (each minute, to push them)',
    source: 'realtime: a scheduled notice appears when it starts',
    entity: 'userNotifications',
    index: 'all',
  },
  {
    pattern: "A user's dismissals",
    source: '§7 user_notification_dismissals by user_id',
    entity: 'notificationDismissals',
    index: 'byUser',
  },
  {
    pattern: 'Onboarding response by session',
    source: '§7 insert user_onboarding_responses',
    entity: 'onboardingResponses',
    index: 'bySession',
  },
  {
    pattern: "A user's alert preferences",
    source: '§3 alert_preferences',
    entity: 'alertPreferences',
    index: 'byUser',
  },
  {
    pattern: "A user's e-mail preferences (unsubscribe sets all false)",
    source: '§3 email_preferences',
    entity: 'emailPreferences',
    index: 'byUser',
  },
  {
    pattern: "A user's engagement metrics",
    source: '§3 user_engagement_metrics',
    entity: 'engagementMetrics',
    index: 'byUser',
  },
  {
    pattern: "A user's e-mail history, newest first (limit 50)",
    source: '§7 email_sends',
    entity: 'emailSends',
    index: 'byUser',
  },
  {
    pattern: 'Who was last active on a given day (daily inactivity scan)',
    source: '§7 sendgrid-email-automation inactive_7_days / inactive_30_days',
    entity: 'engagementMetrics',
    index: 'byLastActiveDate',
  },
  {
    pattern: 'Everyone who gets the weekly digest and monthly report (16+ shards, no Scan)',
    source: '§7 sendgrid-email-automation weekly_digest / monthly_report',
    entity: 'engagementMetrics',
    index: 'byShard',
  },
  {
    pattern: 'An e-mail by the provider message id (SES delivery, bounce and complaint events)',
    source: 'email_sends status',
    entity: 'emailSends',
    index: 'byProviderMessage',
  },
  {
    pattern: 'Claim a lifecycle e-mail or an alert once per occasion (conditional create)',
    source: 'lifecycle e-mails and alerts, once each',
    entity: 'userClaims',
    index: 'byUser',
  },
  {
    pattern: 'Resolve a one-click unsubscribe token by its hash',
    source: '§7 email_preferences unsubscribe; RFC 8058',
    entity: 'unsubscribeTokens',
    index: 'byHash',
  },
  {
    pattern: "A user's alerts, newest first, with the unread count (in-app notifications list)",
    source: '§7 smart-alert-batching',
    entity: 'userAlerts',
    index: 'byUser',
  },
  {
    pattern: 'Queued alerts whose batch is due (hourly delivery job)',
    source: '§7 smart-alert-batching',
    entity: 'userAlerts',
    index: 'byDue',
  },
  {
    pattern: 'E-mails of a campaign (analytics)',
    source: '§7 campaign analytics',
    entity: 'emailSends',
    index: 'byCampaign',
  },
  {
    pattern: 'Campaign by id; every campaign',
    source: '§3 email_campaigns',
    entity: 'emailCampaigns',
    index: 'byId',
  },
  {
    pattern: 'Templates of a campaign',
    source: '§3 email_campaign_templates',
    entity: 'emailCampaignTemplates',
    index: 'byCampaign',
  },
  {
    pattern: "A user's verification codes (delete unused on 2FA disable)",
    source: '§7 2FA disable',
    entity: 'verificationCodes',
    index: 'byUser',
  },
  {
    pattern: "Is this device trusted for this user; a user's trusted devices (list, revoke, deactivate all)",
    source: '§7 is_device_trusted_secure',
    entity: 'trustedDevices',
    index: 'byUser',
  },
  {
    pattern: "A user's authenticator secret and recovery codes",
    source: 'two-factor (TOTP, recovery codes)',
    entity: 'twoFactorSecrets',
    index: 'byUser',
  },
  {
    pattern: "A verified sign-in by its session token's hash; a user's verified sign-ins (revoke)",
    source: 'two-factor (server-enforced second factor)',
    entity: 'twoFactorSessions',
    index: 'bySession',
  },
  {
    pattern: 'Realtime connection by id; connections of a user (push)',
    source: '§7 realtime',
    entity: 'realtimeConnections',
    index: 'byUser',
  },
  {
    pattern: 'Every open realtime connection (a new in-app notice reaches everyone)',
    source: '§7 realtime, §2 in-app notices',
    entity: 'realtimeConnections',
    index: 'all',
  },
  {
    pattern: 'Forget a realtime connection on $disconnect or a 410 Gone',
    source: '§7 realtime',
    entity: 'realtimeConnections',
    index: 'byConnection',
  },
  {
    pattern: 'Every user by e-mail, paged; search by e-mail prefix (admin)',
    source: '/admin/users',
    entity: 'profiles',
    index: 'byEmail',
  },
  {
    pattern: 'Admin actions on one user (or notice, or the category maps), newest first',
    source: 'admin audit',
    entity: 'adminAudit',
    index: 'byTarget',
  },
  {
    pattern: 'Every admin action, newest first',
    source: 'admin audit',
    entity: 'adminAudit',
    index: 'all',
  },
  {
    pattern: 'Dashboard figures of the last N days (one snapshot per day: the trends)',
    source: '§2 /admin',
    entity: 'adminSnapshots',
    index: 'byDay',
  },
  {
    pattern: 'Users flagged for attention, per flag, paged',
    source: '§2 /admin/user-health',
    entity: 'adminHealthFlags',
    index: 'byFlag',
  },
  {
    pattern:
      "Admin counters of one shard: a range of buckets (all, days, hours, ISO weeks, grace hours); a subject's tally ADDs to its own shard",
    source: '§2 /admin, /admin/user-health, /admin/plaid-health',
    entity: 'adminCounters',
    index: 'byShard',
  },
  {
    pattern:
      'What one subject (person, item, account, subscription, e-mail) adds to the counters now (conditional on version)',
    source: '§2 /admin',
    entity: 'adminLedgers',
    index: 'bySubject',
  },
  {
    pattern:
      'Subjects to tally again in one hour (inactivity, a bank never synced); the job reads the last 72',
    source: '§2 /admin/user-health',
    entity: 'adminDueChecks',
    index: 'byHour',
  },
  {
    pattern: "A user's sync runs, newest first (timeline)",
    source: '/admin/users',
    entity: 'syncRuns',
    index: 'byUser',
  },
  {
    pattern: 'Sync runs of one hour (24 queries make the 24-hour window)',
    source: '/admin/plaid-health',
    entity: 'syncRuns',
    index: 'byHour',
  },
  {
    pattern: 'Request counters of every function for one hour (24 queries make the window)',
    source: '/admin/system',
    entity: 'functionMetrics',
    index: 'byHour',
  },
  {
    pattern: "Browsers' error reports of one hour, oldest first (24 queries make the day)",
    source: 'POST /client-reports, GET /admin/client-health',
    entity: 'clientErrorReports',
    index: 'byHour',
  },
  {
    pattern:
      "Browsers' per-operation timing counters of one hour, by 10-minute slot (24 queries make the day)",
    source: 'POST /client-reports, GET /admin/client-health',
    entity: 'clientMetrics',
    index: 'byHour',
  },
  {
    pattern: 'Client-report posts of one caller in one minute (the rate limit)',
    source: 'POST /client-reports',
    entity: 'clientReportQuotas',
    index: 'byMinute',
  },
  {
    pattern: 'Last run of every schedule',
    source: '/admin/system',
    entity: 'scheduleRuns',
    index: 'all',
  },
  {
    pattern: 'The edited category-matching maps (absent: the built-in maps)',
    source: '§5 category matching; /admin/categories',
    entity: 'categoryRules',
    index: 'current',
  },
];
