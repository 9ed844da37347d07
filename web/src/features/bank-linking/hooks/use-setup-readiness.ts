// spec §4 Initial-setup readiness for /get-started: polls every 1 s until ready, asks the server for
// the default profile when none exists after 0.5 s, gives up after 10 s, and rechecks when the active
// profile changes (the state is derived from it). The rules are utils/setup-readiness.ts.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { accountsQueryOptions, isSyncing } from '../../../lib/accounts-api.ts';
import { useActiveProfile } from '../../../lib/active-profile-provider.tsx';
import { useUser } from '../../../lib/auth.tsx';
import { SETUP } from '../../../lib/constants.ts';
import { ensureDefaultProfile } from '../../../lib/financial-profiles-api.ts';
import { setupReadiness, shouldCreateDefaultProfile, showStillPreparing } from '../utils/setup-readiness.ts';

export function useSetupReadiness() {
  const user = useUser();
  const active = useActiveProfile();
  const { refetch: refetchProfiles } = active;
  const profileId = active.profile?.id ?? null;
  const ownsAProfile = active.profiles.some(
    (p) => p.member_role === 'owner' && p.owner_user_id === user.userId,
  );
  const accounts = useQuery({ ...accountsQueryOptions(profileId ?? ''), enabled: profileId !== null });
  const { refetch: refetchAccounts } = accounts;

  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  const [requested, setRequested] = useState(false);
  const [creating, setCreating] = useState(false);
  const [unexpectedFailure, setUnexpectedFailure] = useState(false);

  const elapsedMs = now - startedAt;
  const readiness = setupReadiness({
    elapsedMs,
    profileStatus: active.status,
    hasActiveProfile: profileId !== null,
    ownsAProfile,
    anyAccountSyncing: accounts.data ? accounts.data.some(isSyncing) : null,
    creating,
    unexpectedFailure,
  });
  const settled = readiness.state === 'ready' || readiness.state === 'error';

  // spec §9: poll every 1 s while the setup is not settled.
  useEffect(() => {
    if (settled) return;
    const id = setInterval(() => {
      setNow(Date.now());
      if (profileId === null) void refetchProfiles();
      else void refetchAccounts();
    }, SETUP.pollMs);
    return () => clearInterval(id);
  }, [settled, profileId, refetchProfiles, refetchAccounts]);

  // spec §4: no profile after 0.5 s → ask the server to create the default one.
  const createNow = shouldCreateDefaultProfile({
    elapsedMs,
    profileStatus: active.status,
    hasActiveProfile: profileId !== null,
    alreadyRequested: requested,
  });
  useEffect(() => {
    if (!createNow) return;
    setRequested(true);
    setCreating(true);
    ensureDefaultProfile()
      .then(() => refetchProfiles())
      .catch((error: unknown) => {
        console.error('ensure-default-profile failed', error);
        setUnexpectedFailure(true);
      })
      .finally(() => setCreating(false));
  }, [createNow, refetchProfiles]);

  // The first poll happens after 0.5 s too, so the creation rule is seen in time.
  useEffect(() => {
    if (settled) return;
    const id = setTimeout(() => setNow(Date.now()), SETUP.createProfileAfterMs);
    return () => clearTimeout(id);
  }, [settled, startedAt]);

  const retry = useCallback(() => {
    const restart = Date.now();
    setStartedAt(restart);
    setNow(restart);
    setRequested(false);
    setUnexpectedFailure(false);
    void refetchProfiles();
  }, [refetchProfiles]);

  return {
    ...readiness,
    isReady: readiness.state === 'ready',
    stillPreparing: showStillPreparing(readiness.state, elapsedMs),
    canConnect: active.profile?.member_role === 'owner',
    retry,
  };
}
