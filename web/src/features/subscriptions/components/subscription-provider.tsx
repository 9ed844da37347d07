// The client's subscription status (spec §3, §4): kept in local storage as `subscriptionStatus`,
// refreshed when missing, on mount when stale (30 min), when the tab becomes visible and it is stale,
// on account-linked events, on an active-profile change when stale or not entitled, and on a realtime
// SubscriptionChanged; at most once per 5 s unless forced. Which trigger refreshes when is decided by
// `shouldRefresh`; a failed check follows spec §4's path (both utils/subscription-status.ts).
import { useQuery } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { ACCOUNT_LINKED_EVENT } from '../../../lib/account-linked.ts';
import { loadAmplify, mayHoldSession } from '../../../lib/amplify-loader.ts';
import { ACTIVE_PROFILE_CHANGED_EVENT } from '../../../lib/active-profile.ts';
import { useActiveProfile } from '../../../lib/active-profile-provider.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { SUBSCRIPTION_KEY } from '../../../lib/realtime-invalidation.ts';
import { storageKeys } from '../../../lib/storage-keys.ts';
import {
  readStoredStatus,
  refreshSubscriptionStatus,
  shouldRefresh,
  type RefreshTrigger,
  type SubscriptionStatus,
} from '../utils/subscription-status.ts';

interface SubscriptionContextValue {
  /** null until the first status is known (spec §4: content is let through meanwhile). */
  status: SubscriptionStatus | null;
  /** Refreshes now; `force` also asks the server to re-read Stripe (the gate's 'Refresh status'). */
  refresh: (options?: { force?: boolean }) => Promise<void>;
  isRefreshing: boolean;
}

const SubscriptionContext = createContext<SubscriptionContextValue | null>(null);

/** The calls (and the schemas their answers are checked with) load with the first check, off a
 * signed-out start's path. */
const subscriptionCalls = () => import('../api/subscription.ts');

const storage = () => (typeof window === 'undefined' ? null : window.localStorage);

export function SubscriptionProvider({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const { profile } = useActiveProfile();
  const userId = state.status === 'signedIn' ? state.user.userId : null;
  const profileId = profile?.id;
  const [status, setStatus] = useState<SubscriptionStatus | null>(() => readStoredStatus(storage()));
  const [isRefreshing, setIsRefreshing] = useState(false);
  const statusRef = useRef(status);
  statusRef.current = status;
  const lastAttempt = useRef<number | null>(null);
  const profileRef = useRef(profileId);
  profileRef.current = profileId;

  const refresh = useCallback(
    async (trigger: RefreshTrigger) => {
      if (!userId) return;
      const now = Date.now();
      if (!shouldRefresh(trigger, { status: statusRef.current, lastAttempt: lastAttempt.current, now }))
        return;
      lastAttempt.current = now;
      const force = trigger.kind === 'requested' && trigger.force;
      setIsRefreshing(true);
      const next = await refreshSubscriptionStatus(
        {
          check: async (forced) => (await subscriptionCalls()).checkSubscription(forced, profileRef.current),
          refreshSession: async () => (await loadAmplify()).fetchAuthSession({ forceRefresh: true }),
          readRecord: async () => (await subscriptionCalls()).readSubscriberRecord(),
          now: Date.now,
        },
        statusRef.current,
        force,
      );
      setIsRefreshing(false);
      if (next === null) return;
      setStatus(next);
      try {
        storage()?.setItem(storageKeys.subscriptionStatus, JSON.stringify(next));
      } catch {
        // Storage full or blocked: the status still lives in memory.
      }
    },
    [userId],
  );

  // Fetch the calls' code as soon as a session may exist, so the first check does not wait for it.
  const mayBeSignedIn = userId !== null || (state.status === 'loading' && mayHoldSession());
  useEffect(() => {
    if (mayBeSignedIn) subscriptionCalls().catch(() => undefined);
  }, [mayBeSignedIn]);

  // Signed out: the stored status was cleared with the session (spec §4 SIGNED_OUT).
  useEffect(() => {
    if (state.status === 'signedOut') setStatus(null);
  }, [state.status]);

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

  const value = useMemo(
    () => ({
      status: userId ? status : null,
      refresh: ({ force = false }: { force?: boolean } = {}) => refresh({ kind: 'requested', force }),
      isRefreshing,
    }),
    [userId, status, refresh, isRefreshing],
  );
  return <SubscriptionContext.Provider value={value}>{children}</SubscriptionContext.Provider>;
}

export function useSubscription(): SubscriptionContextValue {
  const context = useContext(SubscriptionContext);
  if (!context) throw new Error('useSubscription must be used inside <SubscriptionProvider>');
  return context;
}
