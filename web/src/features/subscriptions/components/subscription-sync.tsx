// The subscription status's refresh (spec §3, §4), loaded only when someone is, or may be, signed in
// (lib/signed-in-code.ts); `SubscriptionProvider` (subscription-provider.tsx) keeps the status and the
// context. Refreshed when missing, on mount when stale (30 min), when the tab becomes visible and it is
// stale, on account-linked events, on an active-profile change when stale or not entitled, and on a
// realtime SubscriptionChanged; at most once per 5 s unless forced. Which trigger refreshes when is
// decided by `shouldRefresh`; a failed check follows spec §4's path (both utils/subscription-status.ts).
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { ACCOUNT_LINKED_EVENT } from '../../../lib/account-linked.ts';
import { loadAmplify } from '../../../lib/amplify-loader.ts';
import { ACTIVE_PROFILE_CHANGED_EVENT } from '../../../lib/active-profile.ts';
import { SUBSCRIPTION_KEY } from '../../../lib/realtime-invalidation.ts';
import { storageKeys } from '../../../lib/storage-keys.ts';
import { checkSubscription, readSubscriberRecord } from '../api/subscription.ts';
import {
  refreshSubscriptionStatus,
  shouldRefresh,
  type RefreshTrigger,
} from '../utils/subscription-status.ts';
import type { SubscriptionHost } from './subscription-provider.tsx';

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

/** Rendered by the provider beside its children once loaded, and kept from then on: the triggers. */
export function SubscriptionSync({
  userId,
  profileId,
  host,
}: {
  userId: string | null;
  profileId: string | undefined;
  host: SubscriptionHost;
}) {
  const refresh = useCallback(
    (trigger: RefreshTrigger) => refreshStatus(userId, trigger, host),
    [userId, host],
  );

  useEffect(() => {
    if (userId) void refresh({ kind: 'mount' });
  }, [userId, refresh]);

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
