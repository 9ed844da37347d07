// The providers around every screen: the query cache (spec §9 defaults), auth state, the active
// financial profile (spec §4), the subscription status (spec §3, §4), the sign-in step that accepts a
// pending invitation, the realtime connection while someone is signed in (spec §7), and toasts.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ActiveProfileProvider } from '../lib/active-profile-provider.tsx';
import { AuthProvider } from '../lib/auth.tsx';
import { PendingInvitationOnSignIn } from '../lib/invitation-on-sign-in.tsx';
import { RealtimeSync } from '../lib/realtime-sync.tsx';
import { ThemeSync } from '../lib/theme.ts';
import { SubscriptionProvider } from '../features/subscriptions/components/subscription-provider.tsx';
import { AppToaster } from './toaster.tsx';

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeSync />
      <AuthProvider>
        <PendingInvitationOnSignIn />
        <ActiveProfileProvider>
          <RealtimeSync />
          <SubscriptionProvider>{children}</SubscriptionProvider>
        </ActiveProfileProvider>
      </AuthProvider>
      <AppToaster />
    </QueryClientProvider>
  );
}
