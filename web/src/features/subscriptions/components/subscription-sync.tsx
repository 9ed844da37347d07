// The subscription status's refresh (spec §3, §4), loaded only when someone is, or may be, signed in
// (lib/signed-in-code.ts); `SubscriptionProvider` (subscription-provider.tsx) keeps the status and the
// context. Checked at every start (once the second factor, if any, is given: a stored status is what was
// true when it was saved), when the tab becomes visible and it is stale (30 min), on account-linked
// events, on an active-profile change when stale or not entitled, on a realtime SubscriptionChanged
// (a webhook or a trial changed the record), and when a trial or grace period it grants access by ends
// on the billing clock (a card-free trial ends with no webhook); at most once per 5 s unless forced.
// Which trigger refreshes when is decided by `shouldRefresh`; a failed check follows spec §4's path
// (both utils/subscription-status.ts).
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { ACCOUNT_LINKED_EVENT } from '../../../lib/account-linked.ts';
import { loadAmplify } from '../../../lib/amplify-loader.ts';
import { ACTIVE_PROFILE_CHANGED_EVENT } from '../../../lib/active-profile.ts';
import { SUBSCRIPTION_KEY } from '../../../lib/realtime-invalidation.ts';
import { onBillingTime } from '../../../lib/billing-clock.ts';
import { storageKeys } from '../../../lib/storage-keys.ts';
import { useSecondFactorPassed } from '../../../lib/two-factor-status.ts';
import { checkSubscription, readSubscriberRecord } from '../api/subscription.ts';
import {
  nextStatusEnd,
  refreshSubscriptionStatus,
  shouldRefresh,
  type RefreshTrigger,
  type SubscriptionStatus,
} from '../utils/subscription-status.ts';
import type { SubscriptionHost } from './subscription-host.ts';

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

/** One trigger for the signed-in user: checks the status when `shouldRefresh` says so, and keeps it. */
export async function refreshStatus(
  userId: string | null,
  trigger: RefreshTrigger,
  host: SubscriptionHost,
): Promise<void> {
  if (!userId) return;
  const now = Date.now();
  if (!shouldRefresh(trigger, { status: host.status.current, lastAttempt: host.lastAttempt.current, now }))
    return;
  host.lastAttempt.current = now;
  const force = trigger.kind === 'requested' && trigger.force;
  host.setIsRefreshing(true);
  const next = await refreshSubscriptionStatus(
    {
      check: (forced) => checkSubscription(forced, host.profileId.current),
      refreshSession: async () => (await loadAmplify()).fetchAuthSession({ forceRefresh: true }),
      readRecord: () => readSubscriberRecord(),
      now: Date.now,
    },
    host.status.current,
    force,
  );
  host.setIsRefreshing(false);
  if (next === null) return;
  host.setStatus(next);
  try {
    storage()?.setItem(storageKeys.subscriptionStatus, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the status still lives in memory.
  }
}

/** setTimeout's longest wait; a trial (7 days) and grace (72 h) end well within it. */
const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * A trial or grace period ends by time passing, with no webhook for a card-free trial: when the status's
 * next end (`nextStatusEnd`) comes on the billing clock, `onEnd` runs. The billing clock is this
 * device's plus the offset the last check measured, corrected by each realtime heartbeat
 * (lib/billing-clock.ts): a device clock that is off, or the local sandbox clock moved forward, is
 * noticed within one heartbeat.
 */
function useStatusEnd(status: SubscriptionStatus | null, onEnd: () => void): void {
  const [offset, setOffset] = useState(() => status?.clock_offset_ms ?? 0);
  useEffect(() => {
    if (status) setOffset(status.clock_offset_ms);
  }, [status]);
  useEffect(() => onBillingTime(setOffset), []);
  const end = status ? nextStatusEnd(status) : null;
  useEffect(() => {
    if (end === null) return undefined;
    const wait = end - (Date.now() + offset);
    if (wait <= 0) {
      onEnd();
      return undefined;
    }
    const timer = window.setTimeout(onEnd, Math.min(wait, LONGEST_TIMER_MS));
    return () => window.clearTimeout(timer);
  }, [end, offset, onEnd]);
}

/** Rendered by the provider beside its children once loaded, and kept from then on: the triggers. */
export function SubscriptionSync({
  userId,
  profileId,
  status,
  host,
}: {
  userId: string | null;
  profileId: string | undefined;
  status: SubscriptionStatus | null;
  host: SubscriptionHost;
}) {
  const refresh = useCallback(
    (trigger: RefreshTrigger) => refreshStatus(userId, trigger, host),
    [userId, host],
  );

  // A sign-in that owes its second factor is refused the check: the start's check waits for it.
  const secondFactorPassed = useSecondFactorPassed(userId);
  useEffect(() => {
    if (userId && secondFactorPassed) void refresh({ kind: 'mount' });
  }, [userId, secondFactorPassed, refresh]);

  const onEnd = useCallback(() => void refresh({ kind: 'time-passed' }), [refresh]);
  useStatusEnd(userId ? status : null, onEnd);

  useEffect(() => {
    if (!userId) return undefined;
    const onVisible = () =>
      void refresh({ kind: 'visibility', visible: document.visibilityState === 'visible' });
    const onLinked = () => void refresh({ kind: 'account-linked' });
    const onProfile = () => void refresh({ kind: 'profile-changed' });
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener(ACCOUNT_LINKED_EVENT, onLinked);
    window.addEventListener(ACTIVE_PROFILE_CHANGED_EVENT, onProfile);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener(ACCOUNT_LINKED_EVENT, onLinked);
      window.removeEventListener(ACTIVE_PROFILE_CHANGED_EVENT, onProfile);
    };
  }, [userId, refresh]);

  // A realtime SubscriptionChanged (a webhook or a trial changed the record) makes this key stale:
  // the status is checked again at once, whatever its age.
  useQuery({
    queryKey: [SUBSCRIPTION_KEY, userId],
    queryFn: async () => {
      await refresh({ kind: 'realtime' });
      return Date.now();
    },
    enabled: userId !== null,
    initialData: 0,
    staleTime: Infinity,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  // A member covered by the owner is covered per profile: a new active profile is asked about.
  useEffect(() => {
    if (userId && profileId) void refresh({ kind: 'profile-loaded' });
  }, [userId, profileId, refresh]);

  return null;
}
