// The providers around every screen: the query cache (spec §9 defaults), auth state, the active
// financial profile (spec §4), the subscription status (spec §3, §4), the sign-in step that accepts a
// pending invitation, the realtime connection while someone is signed in (spec §7; kept by the active
// profile's logic), and toasts: the toast region (sonner) loads after the first render, off the first
// screen's path (lib/toast.ts). The profile's and the subscription's logic load only when someone is,
// or may be, signed in (lib/signed-in-code.ts); their providers and contexts are always there.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { ActiveProfileProvider } from '../lib/active-profile-provider.tsx';
import { AuthProvider, type AuthUser } from '../lib/auth.tsx';
import { PendingInvitationOnSignIn } from '../lib/invitation-on-sign-in.tsx';
import { ThemeSync } from '../lib/theme.ts';
import { onToastRequested } from '../lib/toast.ts';
import { SubscriptionProvider } from '../features/subscriptions/components/subscription-provider.tsx';

const AppToaster = lazy(() => import('./toaster.tsx').then((module) => ({ default: module.AppToaster })));

/** The toast region, mounted when the browser is first idle after the first screen, or at the first
 * toast if that comes sooner; sonner shows toasts made before it mounted. */
function LateToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const mount = () => setMounted(true);
    const stopWaiting = onToastRequested(mount);
    if (typeof window.requestIdleCallback === 'function') {
      const idle = window.requestIdleCallback(mount, { timeout: 1000 });
      return () => {
        stopWaiting();
        window.cancelIdleCallback(idle);
      };
    }
    const timer = window.setTimeout(mount, 200);
    return () => {
      stopWaiting();
      window.clearTimeout(timer);
    };
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

export function AppProvider({
  queryClient,
  startUser = null,
  children,
}: {
  queryClient: QueryClient;
  /** The user already confirmed at start (app/boot.tsx): the auth state starts signed in as them. */
  startUser?: AuthUser | null;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeSync />
      <AuthProvider initialUser={startUser}>
        <PendingInvitationOnSignIn />
        <ActiveProfileProvider>
          <SubscriptionProvider>{children}</SubscriptionProvider>
        </ActiveProfileProvider>
      </AuthProvider>
      <LateToaster />
    </QueryClientProvider>
  );
}
