// E-mail automation's events (spec §7 sendgrid-email-automation) and the e-mail preference that governs
// each (spec §3 email_preferences). Pure.

export const EMAIL_EVENTS = [
  'user_signup',
  'account_linked',
  'money_plan_created',
  'ai_coach_used',
  'inactive_7_days',
  'inactive_30_days',
  'weekly_digest',
  'monthly_report',
] as const;
export type EmailEvent = (typeof EMAIL_EVENTS)[number];

/** Every kind of non-essential mail this product sends: the spec's events, alerts and summaries. */
export type EmailKind = EmailEvent | 'alert' | 'alert_digest' | 'transaction_summary';

export const EMAIL_PREFERENCE_FLAGS = [
  'marketing_emails',
  'onboarding_emails',
  'weekly_digest',
  'monthly_report',
  'ai_insights',
  'transaction_summary',
] as const;
export type EmailPreferenceFlag = (typeof EMAIL_PREFERENCE_FLAGS)[number];

/**
 * The flag that must be on for a kind to go out. Onboarding mail follows the first steps, the coach's
 * follow-up is an AI insight, the re-engagement mail after inactivity is marketing, alerts follow
 * the alert preferences (and a full unsubscribe).
 */
export const PREFERENCE_OF: Readonly<Record<EmailKind, EmailPreferenceFlag | null>> = {
  user_signup: 'onboarding_emails',
  account_linked: 'onboarding_emails',
  money_plan_created: 'onboarding_emails',
  ai_coach_used: 'ai_insights',
  inactive_7_days: 'marketing_emails',
  inactive_30_days: 'marketing_emails',
  weekly_digest: 'weekly_digest',
  monthly_report: 'monthly_report',
  transaction_summary: 'transaction_summary',
  alert: null,
  alert_digest: null,
};

export interface EmailPreferenceState {
  readonly marketing_emails: boolean;
  readonly onboarding_emails: boolean;
  readonly weekly_digest: boolean;
  readonly monthly_report: boolean;
  readonly ai_insights: boolean;
  readonly transaction_summary: boolean;
  readonly unsubscribed_at?: string | null | undefined;
  /** Set after a hard bounce or a complaint: the address takes no more non-essential mail. */
  readonly suppressed_at?: string | null | undefined;
}

export type SendDecision = { send: true } | { send: false; reason: string };

/** Whether a non-essential e-mail of `kind` may go out under these preferences. */
export function mayEmail(kind: EmailKind, preferences: EmailPreferenceState): SendDecision {
  if (preferences.suppressed_at) return { send: false, reason: 'suppressed' };
  if (preferences.unsubscribed_at) return { send: false, reason: 'unsubscribed' };
  const flag = PREFERENCE_OF[kind];
  if (flag && !preferences[flag]) return { send: false, reason: `preference ${flag} off` };
  return { send: true };
}

/** spec §7: inactive_7_days after 7 days without a visit, inactive_30_days at 30 or more. */
export const INACTIVITY_DAYS = { inactive_7_days: 7, inactive_30_days: 30 } as const;
/** A missed daily run is caught up on the next: the scan looks this many days past each mark. */
export const INACTIVITY_CATCH_UP_DAYS = 3;

/** Lifecycle e-mails that go out once per occasion (the key names the occasion). */
export function occasionKey(event: EmailEvent, occasion: string): string {
  return `${event}:${occasion}`;
}
