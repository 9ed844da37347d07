// The active financial profile of the signed-in user (spec §4 Profile loading, §6 roles), for every
// screen: `useActiveProfile()` gives the profile, the user's role on it, whether they are an invited
// user, and `switchProfile`. This is the part every start loads: the context, the hook and the provider.
// The logic (the profile list's query, the saved choice and its verification, the cache rules of a
// switch; active-profile-engine.tsx) loads only when someone is, or may be, signed in
// (signed-in-code.ts), and is rendered after the children from then on (its effects run after theirs,
// as the provider's own did), so the tree under the provider never changes shape. Until it reports, the
// state is what it always was at that point: 'signedOut' with nobody signed in (also while a stored
// session is checked), 'loading' for a signed-in user.
import { startTransition, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ActiveProfileContext, type ActiveProfileState } from './active-profile-context.ts';
import { mayHoldSession } from './amplify-loader.ts';
import { useAuth } from './auth.tsx';
import type { FinancialProfile } from './financial-profiles-api.ts';
import { signedInCode, useSignedInCode } from './signed-in-code.ts';

export { useActiveProfile, type ActiveProfileState } from './active-profile-context.ts';

/** The logic, with the profile list's calls its first read needs (lib/signed-in-logic.ts). */
export const activeProfileCode = signedInCode(() => import('./signed-in-logic.ts'));

const noProfiles: FinancialProfile[] = [];

/** Nobody signed in: no list, no profile (the state the logic gives then too). */
export const signedOutProfileState: ActiveProfileState = {
  status: 'signedOut',
  profiles: noProfiles,
  profile: null,
  role: null,
  isInvitedUser: false,
  isNavigationRestricted: false,
  error: null,
  isFetching: false,
  refetch: () => Promise.resolve(),
  switchProfile: () => undefined,
  resetActiveProfile: () => Promise.resolve(),
};

/** A signed-in user before the logic has reported: the first load; a failed download is an error whose
 * retry downloads again. */
function waitingState(userId: string, error: unknown, retry: () => void): ActiveProfileState {
  return {
    ...signedOutProfileState,
    status: error ? 'error' : 'loading',
    error,
    refetch: () => {
      retry();
      return activeProfileCode.load().catch(() => undefined);
    },
    // No list yet: there is nothing known to switch to (as with the logic while the list loads).
    switchProfile: () => undefined,
    resetActiveProfile: async (profileId) =>
      (await activeProfileCode.load()).resetActiveProfile(userId, profileId),
  };
}

export function ActiveProfileProvider({ children }: { children: ReactNode }) {
  const { state: auth } = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.userId : null;
  const mayBeSignedIn = userId !== null || (auth.status === 'loading' && mayHoldSession());
  const { module, error, retry } = useSignedInCode(activeProfileCode, mayBeSignedIn);

  const [reported, setReported] = useState<{ userId: string | null; value: ActiveProfileState } | null>(null);
  // The logic's first state for a user (at a start: the profile, from a warm cache) re-renders the whole
  // screen under the provider. Set in a transition, React renders it in slices instead of at once inside
  // the commit that reported it; until then the provider shows what it showed before (the waiting state
  // of this user). Later states (a switch, a refetch) are set at once, before the browser paints.
  const reportedFor = useRef<string | null | undefined>(undefined);
  const onChange = useCallback((forUser: string | null, value: ActiveProfileState) => {
    const first = reportedFor.current !== forUser;
    reportedFor.current = forUser;
    if (first) startTransition(() => setReported({ userId: forUser, value }));
    else setReported({ userId: forUser, value });
  }, []);
  const waiting = useMemo(
    () => (userId ? waitingState(userId, error, retry) : signedOutProfileState),
    [userId, error, retry],
  );
  // What the logic computed for this very user, else what the state was before it could say.
  const value = reported && reported.userId === userId ? reported.value : waiting;

  const Engine = module?.ActiveProfileEngine;
  return (
    <ActiveProfileContext.Provider value={value}>
      {children}
      {Engine && <Engine onChange={onChange} />}
    </ActiveProfileContext.Provider>
  );
}
