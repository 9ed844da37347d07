// Keeps the SPA's one realtime connection while someone is signed in (docs/realtime.md):
// each push invalidates exactly the caches it names (a plan change also shows on an open calendar before
// its forecast is rebuilt), and a reconnect catches up on the active profile. Rendered by the active
// profile's logic (active-profile-engine.tsx), which a signed-out start does not load; the connection's
// code (realtime-connection.ts) comes with that logic (lib/signed-in-logic.ts).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getAppConfig } from '../config/app-config.ts';
import { useActiveProfile } from './active-profile-context.ts';
import { useAuth } from './auth.tsx';
import { startRealtime } from './realtime-connection.ts';
import { useSecondFactorPassed } from './two-factor-status.ts';

export function RealtimeSync() {
  const queryClient = useQueryClient();
  const { state } = useAuth();
  const { profile } = useActiveProfile();
  const signedInUser = state.status === 'signedIn' ? state.user.userId : null;
  // $connect refuses a sign-in that owes its second factor: connect once it is given.
  const userId = useSecondFactorPassed(signedInUser) ? signedInUser : null;
  // The client lives as long as the user; the active profile it catches up on can change under it.
  const activeProfileId = useRef<string | null>(null);
  activeProfileId.current = profile?.id ?? null;

  useEffect(() => {
    if (!userId) return;
    const base = getAppConfig().realtimeUrl;
    if (!base) return;
    return startRealtime({ queryClient, userId, base, activeProfileId: () => activeProfileId.current });
  }, [queryClient, userId]);

  return null;
}
