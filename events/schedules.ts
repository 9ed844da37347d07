// The schedule table: every EventBridge schedule of the product, read by infra/ (cloud) and by the
// local scheduler (npm start). Expressions use EventBridge syntax.
export interface ScheduleDefinition {
  /** Stable id used for construct ids and logs. */
  id: string;
  /** EventBridge schedule expression. */
  expression: string;
  /** Interval the local scheduler uses in place of the expression. */
  localEveryMs: number;
  description: string;
}

export const schedules = {
  // spec §9 balance refresh: the shortest minimum interval is 6 h (critical); the job checks each
  // account's own interval, so running hourly keeps every tier on time.
  plaidSync: {
    id: 'plaid-sync',
    expression: 'rate(1 hour)',
    localEveryMs: 60 * 60 * 1000,
    description: 'Sync linked Plaid items whose refresh interval has elapsed',
  },
  // spec §9 running balances: today + 730 days, stale after 24 h.
  forecastNightly: {
    id: 'forecast-nightly',
    expression: 'cron(30 3 * * ? *)',
    localEveryMs: 24 * 60 * 60 * 1000,
    description: 'Regenerate every account 730-day balance forecast',
  },
  // spec §7 sendgrid-email-automation: inactive_7_days / inactive_30_days daily,
  // weekly_digest on Mondays, monthly_report on the 1st; each e-mail goes out once per occasion, so a
  // local interval that fires more often than the cloud's cron sends nothing twice.
  emailInactivityScan: {
    id: 'email-inactivity-scan',
    expression: 'cron(0 15 * * ? *)',
    localEveryMs: 24 * 60 * 60 * 1000,
    description: 'Send the re-engagement e-mail to people inactive for 7 and for 30 days',
  },
  emailWeeklyDigest: {
    id: 'email-weekly-digest',
    expression: 'cron(0 13 ? * MON *)',
    localEveryMs: 7 * 24 * 60 * 60 * 1000,
    description: 'Send the weekly digest',
  },
  emailMonthlyReport: {
    id: 'email-monthly-report',
    expression: 'cron(0 13 1 * ? *)',
    // Locally daily: the report goes out once per month whatever the day (its occasion is the month),
    // and timers cannot wait longer than 2^31 - 1 ms.
    localEveryMs: 24 * 60 * 60 * 1000,
    description: 'Send the monthly report on the 1st',
  },
  // spec §7 smart-alert-batching: hourly batches at the top of the hour, daily ones at 13:00 UTC.
  alertDelivery: {
    id: 'alert-delivery',
    expression: 'cron(1 * * * ? *)',
    localEveryMs: 60 * 60 * 1000,
    description: 'Deliver the queued alerts whose hourly or daily batch is due',
  },
  // The admin dashboard's and user-health screen's figures (functions/lib/admin/rollup.ts).
  adminRollup: {
    id: 'admin-rollup',
    expression: 'rate(15 minutes)',
    localEveryMs: 15 * 60 * 1000,
    description: 'Roll up the admin dashboard figures and the users needing attention',
  },
  // A notice saved for a later start_date is pushed to open browsers when it starts
  // (functions/lib/notifications.ts announceStartedNotices), not only when it is saved.
  noticeStarts: {
    id: 'notice-starts',
    expression: 'rate(1 minute)',
    localEveryMs: 60 * 1000,
    description: 'Push the in-app notices whose start time has come to open browsers',
  },
} as const satisfies Record<string, ScheduleDefinition>;

export type ScheduleId = (typeof schedules)[keyof typeof schedules]['id'];
