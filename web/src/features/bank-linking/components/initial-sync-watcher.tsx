// Says 'Accounts Connected Successfully!' (spec §8) once the initial sync of the accounts this tab just
// connected has finished, re-reading the accounts every 3 s (spec §9 tick) until then. Mounted once in
// the signed-in frame so it keeps watching across the navigation that follows a connection.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { connectionToasts } from '@domain/account-connection-messages.ts';
import { accountsQueryOptions } from '../../../lib/accounts-api.ts';
import { useActiveProfile } from '../../../lib/active-profile-provider.tsx';
import { CONNECT_TOAST_MS, SETUP } from '../../../lib/constants.ts';
import { journeyToast } from '../../../lib/toast.ts';
import {
  initialSyncFinished,
  subscribeToTrackedSyncs,
  trackedAccountIds,
  trackedSyncsVersion,
  untrackInitialSync,
} from '../utils/initial-sync-tracker.ts';

export function InitialSyncWatcher() {
  const { profile } = useActiveProfile();
  const profileId = profile?.id ?? null;
  useSyncExternalStore(subscribeToTrackedSyncs, trackedSyncsVersion);
  const tracked = profileId ? trackedAccountIds(profileId) : new Set<string>();
  const watching = tracked.size > 0;
  const accounts = useQuery({
    ...accountsQueryOptions(profileId ?? ''),
    enabled: watching,
    refetchInterval: watching ? SETUP.tickMs : false,
  });
  const finished = watching && accounts.data !== undefined && initialSyncFinished(tracked, accounts.data);

  useEffect(() => {
    if (!finished || !profileId) return;
    untrackInitialSync(profileId);
    // In place of the connection's own toast, if it still shows, keeping its word of the trial begun.
    journeyToast('success', connectionToasts.connectedSuccessfully, {
      duration: CONNECT_TOAST_MS.success,
      keepDescription: true,
    });
  }, [finished, profileId]);

  return null;
}
