// Keeps the SPA's one realtime connection while someone is signed in (issue 16 item 5; docs/realtime.md):
// each push invalidates exactly the caches it names (a plan change also shows on an open calendar before
// its forecast is rebuilt), and a reconnect catches up on the active profile. Rendered by the active
// profile's logic (active-profile-engine.tsx), which a signed-out start does not load; the connection's
// code (realtime-connection.ts) loads when someone is signed in.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { getAppConfig } from '../config/app-config.ts';
import { useActiveProfile } from './active-profile-provider.tsx';
import { useAuth } from './auth.tsx';

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
    let stop: (() => void) | null = null;
    let stopped = false;
    void import('./signed-in-logic.ts').then(
      ({ startRealtime }) => {
        if (stopped) return;
        stop = startRealtime({ queryClient, userId, base, activeProfileId: () => activeProfileId.current });
      },
      // The code could not load (a new deployment replaced it): no pushes; screens still read on their own.
      () => undefined,
    );
    return () => {
      stopped = true;
      stop?.();
    };
  }, [queryClient, userId]);

  return null;
}
