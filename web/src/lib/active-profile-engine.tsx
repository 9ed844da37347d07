// The active-profile state's logic (spec §4 Profile loading, §6 roles), loaded only when someone is or
// may be signed in (lib/signed-in-code.ts): `ActiveProfileProvider` (active-profile-provider.tsx) keeps
// the context and shows the signed-out, or loading, state until this reports. The choice lives in local
// storage (`activeProfileId:{userId}`), so this state follows it: a save in this tab (the
// `activeProfileChanged` event) or in another (a `storage` event) switches to a known profile, or
// refetches the list for an unknown one. Whenever the active profile changes, the previous profile's
// cached data is invalidated or removed (spec §4). The realtime connection (realtime-sync.tsx) is kept
// from here too: it only ever runs for a signed-in user.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { toast } from './toast.ts';
import { profileToasts } from '@domain/profile-messages.ts';
import {
  ACTIVE_PROFILE_CHANGED_EVENT,
  chooseActiveProfile,
  isInvitedUser,
  isNavigationRestricted,
  reactToSavedProfile,
  readSavedActiveProfileId,
  resetCacheForProfileSwitch,
  saveActiveProfileId,
} from './active-profile.ts';
import type { ActiveProfileState } from './active-profile-context.ts';
import { useAuth } from './auth.tsx';
import { ACTIVE_PROFILE_RESET_DELAY_MS } from './constants.ts';
import { financialProfilesQueryOptions } from './financial-profiles-query.ts';
import { RealtimeSync } from './realtime-sync.tsx';
import { rememberLastActiveProfile } from './storage-keys.ts';
import { useSecondFactorPassed } from './two-factor-status.ts';
import { useSignInInvitation } from './invitation-on-sign-in.tsx';

function subscribeToSavedProfile(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(ACTIVE_PROFILE_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(ACTIVE_PROFILE_CHANGED_EVENT, onChange);
  };
}

/** The saved active profile id, kept current by this tab's event and other tabs' storage events. */
function useSavedActiveProfileId(userId: string | null): string | null {
  const read = useCallback(
    () => (userId ? readSavedActiveProfileId(window.localStorage, userId) : null),
    [userId],
  );
  return useSyncExternalStore(subscribeToSavedProfile, read, () => null);
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * spec §4: after a create or an archive, the active profile is reset after a 100 ms delay, without the
 * switch toast (the create or archive toast says what happened). null clears the saved key.
 */
export async function resetActiveProfile(userId: string, profileId: string | null): Promise<void> {
  await delay(ACTIVE_PROFILE_RESET_DELAY_MS);
  saveActiveProfileId(window.localStorage, userId, profileId);
}

/** The state for the current user, computed as the provider's value; `onChange` hears each new one. */
export function useActiveProfileState(): { userId: string | null; value: ActiveProfileState } {
  const { state: auth } = useAuth();
  const userId = auth.status === 'signedIn' ? auth.user.userId : null;
  const invitation = useSignInInvitation();
  const queryClient = useQueryClient();
  // A sign-in that owes its second factor is refused every profile-scoped call: the list waits for it.
  const secondFactorPassed = useSecondFactorPassed(userId);
  const query = useQuery({
    ...financialProfilesQueryOptions(userId ?? ''),
    // Wait for an invitation being accepted at sign-in: the new member's list then already holds the
    // shared profile, and no default profile is created for someone who came to join one.
    enabled: userId !== null && secondFactorPassed && invitation.status !== 'processing',
  });
  const { refetch, isFetching } = query;
  const profiles = useMemo(() => query.data ?? [], [query.data]);
  const savedId = useSavedActiveProfileId(userId);
  const active = query.data ? chooseActiveProfile(query.data, savedId) : null;
  const reaction = reactToSavedProfile(query.data, savedId);

  // spec §4: a saved profile this tab does not know yet (joined or created elsewhere): refetch, once.
  const wanted = userId && savedId ? `${userId}:${savedId}` : null;
  const refetchedFor = useRef<string | null>(null);
  useEffect(() => {
    if (reaction !== 'refetch' || isFetching || refetchedFor.current === wanted) return;
    refetchedFor.current = wanted;
    void refetch();
  }, [reaction, isFetching, wanted, refetch]);

  const waitingForJoined = reaction === 'refetch' && (isFetching || refetchedFor.current !== wanted);
  let status: ActiveProfileState['status'];
  if (!userId) status = 'signedOut';
  else if (query.isError && !query.data) status = 'error';
  else if (!query.data || waitingForJoined) status = 'loading';
  else status = 'ready';

  // spec §4: the previous profile's data must not outlive a switch, whoever made it. Only settled
  // choices count: a fallback shown while a just-joined profile loads is not a switch.
  const previous = useRef<{ userId: string; profileId: string } | null>(null);
  const activeId = active?.id ?? null;
  const settledActiveId = status === 'ready' ? activeId : null;
  useEffect(() => {
    if (!userId || !settledActiveId) return;
    const before = previous.current;
    if (before && before.userId === userId && before.profileId !== settledActiveId) {
      void resetCacheForProfileSwitch(queryClient);
    }
    previous.current = { userId, profileId: settledActiveId };
  }, [userId, settledActiveId, queryClient]);

  // A saved choice the server no longer lists, even after a refetch (the person was removed or left
  // while this page was closed), is replaced by the fallback shown: a start asks for the saved profile's
  // data before the list is in (lib/early-data.ts), and would be refused (404) on every reload.
  useEffect(() => {
    if (userId && status === 'ready' && reaction === 'refetch' && settledActiveId)
      saveActiveProfileId(window.localStorage, userId, settledActiveId);
  }, [userId, status, reaction, settledActiveId]);

  // The next start's early requests ask for this profile's data (lib/early-data.ts).
  useEffect(() => {
    if (userId && settledActiveId) rememberLastActiveProfile(userId, settledActiveId);
  }, [userId, settledActiveId]);

  const switchProfile = useCallback(
    (profileId: string) => {
      const target = profiles.find((p) => p.id === profileId);
      if (!userId || !target || target.id === activeId) return;
      saveActiveProfileId(window.localStorage, userId, target.id);
      toast.success(profileToasts.switched(target.name));
    },
    [profiles, userId, activeId],
  );

  const reset = useCallback(
    async (profileId: string | null) => {
      if (userId) await resetActiveProfile(userId, profileId);
    },
    [userId],
  );

  const value = useMemo<ActiveProfileState>(
    () => ({
      status,
      profiles,
      profile: status === 'ready' ? active : null,
      role: status === 'ready' ? (active?.member_role ?? null) : null,
      isInvitedUser: userId !== null && isInvitedUser(active, userId),
      isNavigationRestricted: userId !== null && isNavigationRestricted(profiles, active, userId),
      error: query.error,
      isFetching,
      refetch,
      switchProfile,
      resetActiveProfile: reset,
    }),
    [status, profiles, active, userId, query.error, isFetching, refetch, switchProfile, reset],
  );
  return { userId, value };
}

/**
 * Rendered by `ActiveProfileProvider` beside its children once loaded, and kept from then on: reports
 * each new state (for the user it was computed for) before the browser paints, and keeps the realtime
 * connection while someone is signed in.
 */
export function ActiveProfileEngine({
  onChange,
}: {
  onChange: (userId: string | null, value: ActiveProfileState) => void;
}) {
  const { userId, value } = useActiveProfileState();
  useLayoutEffect(() => onChange(userId, value), [onChange, userId, value]);
  return <RealtimeSync />;
}
