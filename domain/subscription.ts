// Subscription access (spec §4 subscription status and gate, §6 access levels, §9 trial length): one
// rule that turns a subscriber record into trial, subscribed, grace or free, used by the server's
// entitlement check and by the SPA's gate. No I/O: the caller passes the record and the time.

/** spec §9: the free trial lasts 7 days; a user gets one, ever. */
export const TRIAL_DAYS = 7;
/** A failed renewal keeps access this long while Stripe retries the card (docs/subscriptions.md). */
export const GRACE_PERIOD_HOURS = 72;
/** spec §9: the client's stored status is stale after 30 minutes; refreshes are throttled to 5 s. */
export const SUBSCRIPTION_STALE_MS = 30 * 60_000;
export const SUBSCRIPTION_REFRESH_THROTTLE_MS = 5_000;

/** How far ahead the forecast reaches without a trial or subscription (spec §9's default 90-day view);
 * the 2-year forecast beyond it is paid. */
export const FREE_FORECAST_DAYS = 90;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Stripe's subscription statuses, plus `none` for a person with no Stripe subscription. */
export const SUBSCRIPTION_STATUSES = [
  'none',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatusName = (typeof SUBSCRIPTION_STATUSES)[number];

/** spec §4: the four states of the subscription status. */
export type AccessState = 'trial' | 'subscribed' | 'grace' | 'free';

/** The facts of a subscriber record (spec §3 plus what the webhooks keep) the rule reads. */
export interface SubscriberFacts {
  status: SubscriptionStatusName;
  subscription_tier?: string | null | undefined;
  trial_end?: string | null | undefined;
  current_period_end?: string | null | undefined;
  cancel_at_period_end?: boolean | null | undefined;
  ended_at?: string | null | undefined;
  grace_started_at?: string | null | undefined;
  grace_expires_at?: string | null | undefined;
  trial_used?: boolean | null | undefined;
}

/** What check-subscription answers (spec §7 fields first) and what the gate decides on. */
export interface SubscriptionView {
  subscribed: boolean;
  trial_end: string | null;
  is_trialing: boolean;
  subscription_end: string | null;
  is_in_grace_period: boolean;
  grace_started_at: string | null;
  grace_expires_at: string | null;
  subscription_tier: string | null;
  /** spec §4 state. */
  status: AccessState;
  has_access: boolean;
  next_billing_date: string | null;
  cancel_at_period_end: boolean;
  /** Whether this person may still start their one trial. */
  trial_available: boolean;
  stripe_status: SubscriptionStatusName;
}

const after = (iso: string | null | undefined, now: Date) =>
  iso !== null && iso !== undefined && Date.parse(iso) > now.getTime();

/** The end of a grace period that starts at `startedAt`. */
export function graceExpiry(startedAt: Date): Date {
  return new Date(startedAt.getTime() + GRACE_PERIOD_HOURS * HOUR_MS);
}

/** The end of a trial that starts at `startedAt`. */
export function trialEnd(startedAt: Date): Date {
  return new Date(startedAt.getTime() + TRIAL_DAYS * DAY_MS);
}

/**
 * The access a record grants at `now`. Precedence: subscribed, then trial, then grace, else free.
 * - subscribed: Stripe says `active`, unless a cancellation at period end has passed its date (the
 *   deletion webhook may still be on its way).
 * - trial: a trial (Stripe's, or the card-free one started after the first account connection) whose
 *   end is ahead, on a subscription that is not over.
 * - grace: a renewal failed (`past_due`/`unpaid`) less than GRACE_PERIOD_HOURS ago.
 */
export function subscriptionView(record: SubscriberFacts | null, now: Date): SubscriptionView {
  const status = record?.status ?? 'none';
  const over = status === 'canceled' || status === 'incomplete_expired' || status === 'unpaid';
  const cancelAtPeriodEnd = record?.cancel_at_period_end === true;
  const periodEnd = record?.current_period_end ?? null;
  const subscribed =
    status === 'active' && !(cancelAtPeriodEnd && periodEnd !== null && !after(periodEnd, now));
  const trialing =
    !subscribed && !over && (status === 'none' || status === 'trialing') && after(record?.trial_end, now);
  const inGrace =
    !subscribed &&
    (status === 'past_due' || status === 'unpaid') &&
    record?.grace_started_at != null &&
    after(record.grace_expires_at, now);
  const state: AccessState = subscribed ? 'subscribed' : trialing ? 'trial' : inGrace ? 'grace' : 'free';
  const trialEndIso = record?.trial_end ?? null;
  return {
    subscribed,
    // The gate grants access while trial_end is ahead (spec §4), so a trial that no longer counts
    // (its subscription canceled, or a subscription started) is not reported as ahead.
    trial_end: trialing || !after(trialEndIso, now) ? trialEndIso : null,
    is_trialing: trialing,
    subscription_end:
      status === 'none' ? (trialing ? trialEndIso : null) : (record?.ended_at ?? periodEnd ?? null),
    is_in_grace_period: inGrace,
    grace_started_at: inGrace ? (record?.grace_started_at ?? null) : null,
    grace_expires_at: inGrace ? (record?.grace_expires_at ?? null) : null,
    subscription_tier: state === 'free' ? null : (record?.subscription_tier ?? null),
    status: state,
    has_access: state !== 'free',
    next_billing_date:
      (status === 'active' || status === 'past_due') && !cancelAtPeriodEnd
        ? periodEnd
        : status === 'trialing' && !cancelAtPeriodEnd
          ? trialEndIso
          : null,
    cancel_at_period_end: cancelAtPeriodEnd,
    trial_available: record?.trial_used !== true && status === 'none',
    stripe_status: status,
  };
}

/** The subscription status the client holds (spec §3), as far as the gate reads it. */
export interface ClientSubscriptionStatus {
  subscribed: boolean;
  trial_end: string | null;
  is_trialing: boolean;
  in_grace_period: boolean;
  fallback_mode?: boolean;
  /** Ours (docs/subscriptions.md): the active profile's owner is entitled, which covers its members. */
  covered_by_owner?: boolean;
}

/**
 * spec §4 subscription gate: while the status is not loaded, content is let through; access is granted
 * if trialing, or trial_end is in the future, or subscribed, or in grace, or in fallback mode; and, by
 * our shared-profile decision, when the active profile's owner is entitled.
 */
export function gateAllows(status: ClientSubscriptionStatus | null, now: Date): boolean {
  if (status === null) return true;
  return (
    status.is_trialing ||
    after(status.trial_end, now) ||
    status.subscribed ||
    status.in_grace_period ||
    status.fallback_mode === true ||
    status.covered_by_owner === true
  );
}

/** Whole hours and minutes left until `expiresAt` (never negative), for the gate's grace countdown. */
export function timeLeft(expiresAt: string, now: Date): { hours: number; minutes: number } {
  const minutes = Math.max(0, Math.floor((Date.parse(expiresAt) - now.getTime()) / 60_000));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}

/** The plans Tallywise sells (spec: tier names "not shown"): one tier, billed monthly or yearly. The
 * lookup keys are Stripe's price lookup keys; amounts are what Stripe's prices say (the sandbox seeds
 * the same). */
export const PLANS = [
  {
    lookup_key: 'plus_monthly',
    tier: 'plus',
    name: 'Tallywise Plus',
    interval: 'month',
    amount_cents: 999,
    label: 'Monthly',
  },
  {
    lookup_key: 'plus_annual',
    tier: 'plus',
    name: 'Tallywise Plus',
    interval: 'year',
    amount_cents: 9900,
    label: 'Annual',
  },
] as const;
export type PlanLookupKey = (typeof PLANS)[number]['lookup_key'];
export const PLAN_LOOKUP_KEYS = PLANS.map((plan) => plan.lookup_key) as [PlanLookupKey, ...PlanLookupKey[]];

/** What the tier includes (the gate's four feature bullets, and /plans). */
export const PLUS_FEATURES = [
  'Every account in one place, synced automatically',
  'Money Calendar and a Money Plan that builds itself',
  '2-year balance forecast',
  'AI Money Coach that answers from your own numbers',
] as const;

/** Why a person has no access, as the 402 of a gated feature words it. */
export type AccessLapse = 'never_started' | 'trial_ended' | 'payment_failed' | 'subscription_ended';

/** The 402 messages of a gated feature, one per way access lapses. */
export const SUBSCRIPTION_REQUIRED_MESSAGES: Record<AccessLapse, string> = {
  never_started:
    'This feature is part of Tallywise Plus. Start your 7-day free trial on the Plans page to use it.',
  trial_ended:
    'Your free trial has ended. Start a subscription on the Plans page to keep using this feature.',
  payment_failed: `Your last payment failed and the ${GRACE_PERIOD_HOURS}-hour grace period has ended. Update your card under Manage billing on the Plans page to keep using this feature.`,
  subscription_ended:
    'Your subscription has ended. Subscribe again on the Plans page to keep using this feature.',
};

/** What a free view (`subscriptionView`'s `free`) lost: read from the Stripe status behind it. */
export function accessLapse(view: Pick<SubscriptionView, 'stripe_status' | 'trial_available'>): AccessLapse {
  switch (view.stripe_status) {
    case 'none':
      return view.trial_available ? 'never_started' : 'trial_ended';
    case 'trialing':
      return 'trial_ended';
    case 'past_due':
    case 'unpaid':
    case 'incomplete':
      return 'payment_failed';
    default:
      // active (a cancellation at period end that has passed), canceled, incomplete_expired, paused
      return 'subscription_ended';
  }
}

/** The 402 message for a person with no access. In someone else's shared profile the owner's plan does
 * not cover them either, which is said first (docs/subscriptions.md "Shared profiles"). */
export function subscriptionRequiredMessage(
  view: Pick<SubscriptionView, 'stripe_status' | 'trial_available'>,
  { sharedProfile = false }: { sharedProfile?: boolean } = {},
): string {
  const own = SUBSCRIPTION_REQUIRED_MESSAGES[accessLapse(view)];
  return sharedProfile
    ? `This profile's owner has no Tallywise Plus trial or subscription to cover it. ${own}`
    : own;
}

/** spec §8 trial messages. The failure is one message in the spec's words ('Trial Setup Failed: …'). */
export const trialMessages = {
  started: { title: 'Trial Started!', description: 'Your 7-day free trial has begun.' },
  failed:
    "Trial Setup Failed: We couldn't start your trial after multiple attempts. Please refresh the page or contact support.",
} as const;
