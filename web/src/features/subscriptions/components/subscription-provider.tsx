// The client's subscription status (spec §3, §4), kept in local storage as `subscriptionStatus`. This is
// the part every start loads: the status (read from storage at once), the context and its hook. What
// refreshes it (subscription-sync.tsx: the triggers, spec §4's check and failure path) loads only when
// someone is, or may be, signed in (lib/signed-in-code.ts), and is rendered beside the children from
// then on, after them (its effects run after theirs, as the provider's own did), so the tree under the
// provider never changes shape.
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { mayHoldSession } from '../../../lib/amplify-loader.ts';
import { useActiveProfile } from '../../../lib/active-profile-provider.tsx';
import { useAuth } from '../../../lib/auth.tsx';
import { signedInCode, useSignedInCode } from '../../../lib/signed-in-code.ts';
import { readStoredStatus } from '../utils/stored-status.ts';
import type { SubscriptionHost } from './subscription-host.ts';
import type { SubscriptionStatus } from '../utils/subscription-status.ts';

interface SubscriptionContextValue {
  /** null until the first status is known (spec §4: content is let through meanwhile). */
  status: SubscriptionStatus | null;
  /** Refreshes now; `force` also asks the server to re-read Stripe (the gate's 'Refresh status'). */
  refresh: (options?: { force?: boolean }) => Promise<void>;
  isRefreshing: boolean;
}

const SubscriptionContext = createContext<SubscriptionContextValue | null>(null);

/** The refresh, with the calls it makes (lib/signed-in-logic.ts). */
export const subscriptionCode = signedInCode(() => import('../../../lib/signed-in-logic.ts'));

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
  // A check's progress and outcome re-render every gated screen: in a transition, so they never interrupt
  // (and restart) a render under way, such as a start's first screen, which the start's check answers
  // during. The status's ref follows at once, for the next trigger's decision.
  const [host] = useState<SubscriptionHost>(() => ({
    status: statusRef,
    lastAttempt,
    profileId: profileRef,
    setStatus: (next) => {
      statusRef.current = next;
      startTransition(() => setStatus(next));
    },
    setIsRefreshing: (next) => startTransition(() => setIsRefreshing(next)),
  }));

  const mayBeSignedIn = userId !== null || (state.status === 'loading' && mayHoldSession());
  const Sync = useSignedInCode(subscriptionCode, mayBeSignedIn).module?.SubscriptionSync;

  // Signed out: the stored status was cleared with the session (spec §4 SIGNED_OUT).
  useEffect(() => {
    if (state.status === 'signedOut') setStatus(null);
  }, [state.status]);

  // A screen's request (the gate, a checkout return): at once when the refresh is loaded, as it is
  // from the start of a signed-in session; else once it is (nothing happens if it cannot load).
  const refresh = useCallback(
    async ({ force = false }: { force?: boolean } = {}) => {
      if (!userId) return;
      const code = subscriptionCode.loaded() ?? (await subscriptionCode.load().catch(() => null));
      await code?.refreshStatus(userId, { kind: 'requested', force }, host);
    },
    [userId, host],
  );

  const value = useMemo(
    () => ({ status: userId ? status : null, refresh, isRefreshing }),
    [userId, status, refresh, isRefreshing],
  );
  return (
    <SubscriptionContext.Provider value={value}>
      {children}
      {Sync && <Sync userId={userId} profileId={profileId} status={userId ? status : null} host={host} />}
    </SubscriptionContext.Provider>
  );
}

export function useSubscription(): SubscriptionContextValue {
  const context = useContext(SubscriptionContext);
  if (!context) throw new Error('useSubscription must be used inside <SubscriptionProvider>');
  return context;
}
