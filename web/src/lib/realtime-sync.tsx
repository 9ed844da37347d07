// Keeps the SPA's one realtime connection while someone is signed in (issue 16 item 5; docs/realtime.md):
// each push invalidates exactly the caches it names (a plan change also shows on an open calendar before
// its forecast is rebuilt), and a reconnect catches up on the active profile.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { TOKEN_QUERY_PARAMETER, TWO_FACTOR_QUERY_PARAMETER } from '@events/realtime.ts';
import { getAppConfig } from '../config/app-config.ts';
import { useActiveProfile } from './active-profile-provider.tsx';
import { getIdToken } from './api-client.ts';
import { useAuth } from './auth.tsx';
import { catchUpKeys, invalidate, keysToInvalidate } from './realtime-invalidation.ts';
import { RealtimeClient } from './realtime-client.ts';
import { planChangedProfiles, showPlannedItemsNow } from './realtime-plan-items.ts';
import { readSecondFactorSession } from './second-factor-store.ts';

export function RealtimeSync() {
  const queryClient = useQueryClient();
  const { state } = useAuth();
  const { profile } = useActiveProfile();
  const userId = state.status === 'signedIn' ? state.user.userId : null;
  // The client lives as long as the user; the active profile it catches up on can change under it.
  const activeProfileId = useRef<string | null>(null);
  activeProfileId.current = profile?.id ?? null;

  useEffect(() => {
    if (!userId) return;
    const base = getAppConfig().realtimeUrl;
    if (!base) return;
    const client = new RealtimeClient({
      url: async () => {
        const token = await getIdToken();
        if (!token) return null;
        const query = new URLSearchParams({ [TOKEN_QUERY_PARAMETER]: token });
        const session = readSecondFactorSession();
        if (session?.userId === userId) query.set(TWO_FACTOR_QUERY_PARAMETER, session.token);
        return `${base}?${query.toString()}`;
      },
      onPushes: (pushes) => {
        // Before the invalidation: the plan items' read goes out first, and it need not wait for the
        // forecast rebuild that the calendar's own refetch waits for.
        for (const profileId of planChangedProfiles(pushes)) void showPlannedItemsNow(queryClient, profileId);
        void invalidate(queryClient, keysToInvalidate(pushes));
      },
      onCatchUp: () => void invalidate(queryClient, catchUpKeys(activeProfileId.current)),
      onStatus: (status) => document.documentElement.setAttribute('data-realtime', status),
    });
    client.start();
    return () => client.stop();
  }, [queryClient, userId]);

  return null;
}
