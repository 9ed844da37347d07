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
  // spec §7 sendgrid-email-automation: weekly_digest and monthly_report, inactive_7_days / inactive_30_days.
  emailAutomation: {
    id: 'email-automation',
    expression: 'cron(0 14 * * ? *)',
    localEveryMs: 24 * 60 * 60 * 1000,
    description: 'Send due digests, reports and re-engagement e-mails',
  },
  // issue 16: the admin dashboard's and user-health screen's figures (functions/lib/admin/rollup.ts).
  adminRollup: {
    id: 'admin-rollup',
    expression: 'rate(15 minutes)',
    localEveryMs: 15 * 60 * 1000,
    description: 'Roll up the admin dashboard figures and the users needing attention',
  },
} as const satisfies Record<string, ScheduleDefinition>;

export type ScheduleId = (typeof schedules)[keyof typeof schedules]['id'];
