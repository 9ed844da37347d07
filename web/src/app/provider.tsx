// The providers around every screen: the query cache (spec §9 defaults), auth state, the active
// financial profile (spec §4), the sign-in step that accepts a pending invitation, and toasts.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { ActiveProfileProvider } from '../lib/active-profile-provider.tsx';
import { AuthProvider } from '../lib/auth.tsx';
import { TOASTS } from '../lib/constants.ts';
import { PendingInvitationOnSignIn } from '../lib/invitation-on-sign-in.tsx';
import { ThemeSync, useTheme } from '../lib/theme.ts';

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const { isDark } = useTheme();
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeSync />
      <AuthProvider>
        <PendingInvitationOnSignIn />
        <ActiveProfileProvider>{children}</ActiveProfileProvider>
      </AuthProvider>
      <Toaster
        theme={isDark ? 'dark' : 'light'}
        closeButton
        visibleToasts={TOASTS.visible}
        duration={TOASTS.durationMs}
        gap={TOASTS.gap}
        offset={TOASTS.offset}
        mobileOffset={TOASTS.mobileOffset}
      />
    </QueryClientProvider>
  );
}
