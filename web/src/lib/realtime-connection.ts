// The realtime connection of a signed-in user (realtime-sync.tsx starts it): loaded only once someone is
// signed in, so a signed-out start (/login) does not download the client, the invalidation rules or the
// planned-items patch (and the schema it validates the cached calendar with).
import type { QueryClient } from '@tanstack/react-query';
import { TOKEN_QUERY_PARAMETER, TWO_FACTOR_QUERY_PARAMETER } from '@events/realtime.ts';
import { getIdToken } from './api-client.ts';
import { applyJobPushes } from './jobs-api.ts';
import { reportBillingTime } from './billing-clock.ts';
import { applyAccessEnded } from './realtime-access-ended.ts';
import { catchUpKeys, invalidate, keysToInvalidate } from './realtime-invalidation.ts';
import { RealtimeClient } from './realtime-client.ts';
import { planChangedProfiles, showPlannedItemsNow } from './realtime-plan-items.ts';
import { readSecondFactorSession } from './second-factor-store.ts';

/** Opens the connection for `userId` at `base`; returns what stops it. */
export function startRealtime(options: {
  queryClient: QueryClient;
  userId: string;
  base: string;
  /** The profile on screen now, which a reconnect catches up on. */
  activeProfileId: () => string | null;
}): () => void {
  const { queryClient, userId, base } = options;
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
      // First: a profile the person can no longer see is dropped before anything refetches for it.
      applyAccessEnded(queryClient, userId, pushes);
      // Before the invalidation: the plan items' read goes out first, and it need not wait for the
      // forecast rebuild that the calendar's own refetch waits for.
      for (const profileId of planChangedProfiles(pushes)) void showPlannedItemsNow(queryClient, profileId);
      applyJobPushes(queryClient, pushes);
      void invalidate(queryClient, keysToInvalidate(pushes));
    },
    onCatchUp: () => void invalidate(queryClient, catchUpKeys(options.activeProfileId())),
    onStatus: (status) => document.documentElement.setAttribute('data-realtime', status),
    onPong: (pong) => reportBillingTime(pong.billing_at),
  });
  client.start();
  return () => client.stop();
}
