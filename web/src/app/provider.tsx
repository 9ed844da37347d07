// The providers around every screen: the query cache (spec §9 defaults), auth state, and toasts.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { AuthProvider } from '../lib/auth.tsx';
import { TOASTS } from '../lib/constants.ts';

export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      <Toaster
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
