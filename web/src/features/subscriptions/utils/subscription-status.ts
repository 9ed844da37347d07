// The subscription status the client holds (spec §3: local storage `subscriptionStatus`), when it is
// stale and must be refreshed (spec §4, §9: 30 minutes, 5 s throttle), and the check-failure path of
// spec §4: on an auth/session error refresh the session and retry once; then read the subscribers
// record (fallback: only subscribed or free); then keep the previous status marked error, or fall back
// to free with the error flag.
import {
  SUBSCRIPTION_REFRESH_THROTTLE_MS,
  SUBSCRIPTION_STALE_MS,
  type AccessState,
} from '@domain/subscription.ts';
import type { SubscriberRecord, SubscriptionCheck } from '../api/subscription.ts';

/** spec §3 "Subscription status (held by the client)". */
export interface SubscriptionStatus {
  subscribed: boolean;
  trial_end: string | null;
  is_trialing: boolean;
  next_billing_date: string | null;
  in_grace_period: boolean;
  grace_started_at: string | null;
  grace_expires_at: string | null;
  status: AccessState;
  subscription_tier: string | null;
  /** Epoch ms of the check that produced it. */
  lastUpdated: number;
  error: boolean;
  fallback_mode: boolean;
  /** Ours: whether the person may still start their one trial, and a cancellation at period end. */
  trial_available: boolean;
  cancel_at_period_end: boolean;
  /** Ours: the active profile's owner is entitled, which covers this member (docs/subscriptions.md). */
  covered_by_owner: boolean;
  /** The server's billing clock minus this device's, so trial and grace ends are judged by the
   * server's time (a device clock may be off; locally the Stripe sandbox's clock can be moved). */
  clock_offset_ms: number;
}

/** Now, by the server's billing clock as last seen. */
export const serverNow = (status: SubscriptionStatus | null, deviceNow = Date.now()): Date =>
  new Date(deviceNow + (status?.clock_offset_ms ?? 0));

export function statusFromCheck(check: SubscriptionCheck, now: number): SubscriptionStatus {
  return {
    subscribed: check.subscribed,
    trial_end: check.trial_end,
    is_trialing: check.is_trialing,
    next_billing_date: check.next_billing_date,
    in_grace_period: check.is_in_grace_period,
    grace_started_at: check.grace_started_at,
    grace_expires_at: check.grace_expires_at,
    status: check.status,
    subscription_tier: check.subscription_tier,
    lastUpdated: now,
    error: false,
    fallback_mode: false,
    trial_available: check.trial_available,
    cancel_at_period_end: check.cancel_at_period_end,
    covered_by_owner: check.covered_by_owner === true,
    clock_offset_ms: check.checked_at ? Date.parse(check.checked_at) - now : 0,
  };
}

/** spec §4: in the fallback path only subscribed or free. */
export function statusFromRecord(record: SubscriberRecord, now: number): SubscriptionStatus {
  return {
    subscribed: record.subscribed,
    trial_end: null,
    is_trialing: false,
    next_billing_date: null,
    in_grace_period: false,
    grace_started_at: null,
    grace_expires_at: null,
    status: record.subscribed ? 'subscribed' : 'free',
    subscription_tier: record.subscribed ? record.subscription_tier : null,
    lastUpdated: now,
    error: false,
    fallback_mode: true,
    trial_available: false,
    cancel_at_period_end: false,
    covered_by_owner: false,
    clock_offset_ms: 0,
  };
}

export function freeWithError(now: number): SubscriptionStatus {
  const free = statusFromRecord({ subscribed: false, subscription_tier: null, subscription_end: null }, now);
  return { ...free, error: true, fallback_mode: false };
}

/** spec §9 trial start: 3 tries, 2 s apart. Resolves the first success, or rejects with the last error. */
export async function withTrialRetries<T>(
  start: () => Promise<T>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < TRIAL_START_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await sleep(TRIAL_START_DELAY_MS);
    try {
      return await start();
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** spec §9: trial start retries 3, 2 s apart. */
export const TRIAL_START_ATTEMPTS = 3;
export const TRIAL_START_DELAY_MS = 2_000;

/** Missing, older than 30 minutes, or the product of a failed check (worth asking again soon). */
export const isStale = (status: SubscriptionStatus | null, now: number): boolean =>
  status === null || status.error || now - status.lastUpdated > SUBSCRIPTION_STALE_MS;

/** The sign-in still owes its second factor: nothing can be known about the subscription
 * yet, which is not a failure of the check. */
const awaitsSecondFactor = (error: unknown): boolean =>
  (error as { code?: string } | null)?.code === 'two_factor_required';

export const throttled = (lastAttempt: number | null, now: number): boolean =>
  lastAttempt !== null && now - lastAttempt < SUBSCRIPTION_REFRESH_THROTTLE_MS;

/** What asks the provider to check the subscription again (spec §4 "Subscription status"). */
export type RefreshTrigger =
  /** The app started, or a user signed in (once the second factor, if any, is given). */
  | { kind: 'mount' }
  /** The tab's visibility changed. */
  | { kind: 'visibility'; visible: boolean }
  /** An account was linked (spec §4 account-linked event; a first connection starts the trial). */
  | { kind: 'account-linked' }
  /** The active-profile-changed event. */
  | { kind: 'profile-changed' }
  /** The active profile's id became known or changed: the owner's plan may cover this member there. */
  | { kind: 'profile-loaded' }
  /** A realtime SubscriptionChanged: a webhook or a trial changed the record. */
  | { kind: 'realtime' }
  /** A trial or grace period that gave access ended by time passing, on the billing clock. */
  | { kind: 'time-passed' }
  /** A screen asked: the gate on mount when stale, 'Refresh status' and a checkout return (forced). */
  | { kind: 'requested'; force: boolean };

export interface RefreshState {
  status: SubscriptionStatus | null;
  /** Epoch ms of the last check started, null before the first. */
  lastAttempt: number | null;
  now: number;
}

/**
 * Whether a trigger checks the subscription now (spec §4, §9). Always at a start: a stored status is
 * only what was true when it was saved (a trial may have ended since, a card been fixed), so it is shown
 * while the start's check is on its way, never trusted in its place. On a visible tab when stale; on a
 * profile change when stale, or when free (a member may be covered by the new profile's owner); always
 * on an account-linked event, a realtime change, a trial or grace end passing and a screen's request.
 * The 5 s throttle holds back the ones that fire on their own (tab, profile event, a screen's plain
 * request); news that the subscription changed (a link, a push, a new profile while free, an end
 * passing) and a forced check are never held back.
 */
export function shouldRefresh(trigger: RefreshTrigger, { status, lastAttempt, now }: RefreshState): boolean {
  const stale = isStale(status, now);
  const free = status?.status === 'free';
  const open = !throttled(lastAttempt, now);
  switch (trigger.kind) {
    case 'mount':
      return true;
    case 'visibility':
      return trigger.visible && stale && open;
    case 'account-linked':
    case 'realtime':
    case 'time-passed':
      return true;
    case 'profile-changed':
      return (stale || free) && open;
    case 'profile-loaded':
      return free;
    case 'requested':
      return trigger.force || open;
  }
}

/**
 * When the status stops being true by time alone, on the billing clock (epoch ms): the end of the
 * trial it grants access by, or of its grace period, whichever comes first after the check that
 * produced it. A card-free trial ends with no webhook to announce it, so the client re-checks then
 * (subscription-sync.tsx). null when nothing ends: a subscription's renewal or cancellation comes with
 * Stripe's webhook and its realtime push. An end at or before the check is no longer ahead: the check
 * already answered after it, so a check that still says "trial" is not asked again and again.
 */
export function nextStatusEnd(status: SubscriptionStatus): number | null {
  const checkedAt = status.lastUpdated + status.clock_offset_ms;
  const ends = [
    status.status === 'trial' ? status.trial_end : null,
    status.status === 'grace' || status.in_grace_period ? status.grace_expires_at : null,
  ]
    .map((iso) => (iso ? Date.parse(iso) : Number.NaN))
    .filter((at) => Number.isFinite(at) && at > checkedAt);
  return ends.length > 0 ? Math.min(...ends) : null;
}

/** spec §4: the errors that mean the session, not the subscription, failed. */
export const isSessionError = (error: unknown): boolean =>
  /auth|session|token|jwt|expired|401/i.test(
    `${(error as { message?: string } | null)?.message ?? ''} ${(error as { status?: number } | null)?.status === 401 ? '401' : ''}`,
  );

export interface RefreshDeps {
  check: (force: boolean) => Promise<SubscriptionCheck>;
  refreshSession: () => Promise<unknown>;
  readRecord: () => Promise<SubscriberRecord>;
  now: () => number;
}

/** One refresh of the status along spec §4's failure path. Never throws. Resolves null when the
 * sign-in still owes its second factor: the status stays as it was (not loaded lets content through,
 * and the second-factor screen is in front of it anyway). */
export async function refreshSubscriptionStatus(
  deps: RefreshDeps,
  previous: SubscriptionStatus | null,
  force = false,
): Promise<SubscriptionStatus | null> {
  try {
    return statusFromCheck(await deps.check(force), deps.now());
  } catch (error) {
    if (awaitsSecondFactor(error)) return null;
    if (isSessionError(error)) {
      try {
        await deps.refreshSession();
        return statusFromCheck(await deps.check(force), deps.now());
      } catch {
        // on to the subscribers record
      }
    }
  }
  try {
    return statusFromRecord(await deps.readRecord(), deps.now());
  } catch {
    return previous ? { ...previous, error: true } : freeWithError(deps.now());
  }
}
