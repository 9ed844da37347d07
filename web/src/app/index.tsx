// The full app: providers around the router, plus what runs app-wide whatever the screen (app-wide.tsx),
// and the shipping of error reports and timings (lib/install-telemetry.ts) — here, not in
// app-wide.tsx, so the light landing page loads none of it while a visitor reads.
// The query cache and the router are made by app/boot.tsx, which waits for the first screen's code
// before rendering this.
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router-dom';
import type { AuthUser } from '../lib/auth.tsx';
import { installTelemetry } from '../lib/install-telemetry.ts';
import { AppWide } from './app-wide.tsx';
import { AppProvider } from './provider.tsx';
import type { AppRouter } from './router.tsx';

/** Before the router in the tree, so its effect subscribes before the first screen's timing is recorded. */
function Telemetry() {
  useEffect(() => installTelemetry(), []);
  return null;
}

export function App({
  queryClient,
  router,
  startUser = null,
}: {
  queryClient: QueryClient;
  router: AppRouter;
  /** The user Amplify confirmed before the first render (app/boot.tsx), if it did. */
  startUser?: AuthUser | null;
}) {
  return (
    <AppProvider queryClient={queryClient} startUser={startUser}>
      <Telemetry />
      <AppWide />
      <RouterProvider router={router} />
    </AppProvider>
  );
}
