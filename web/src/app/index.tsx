// The full app: providers around the router, plus what runs app-wide whatever the screen (app-wide.tsx).
// The query cache and the router are made by app/boot.tsx, which waits for the first screen's code
// before rendering this.
import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { AppWide } from './app-wide.tsx';
import { AppProvider } from './provider.tsx';
import type { AppRouter } from './router.tsx';

export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  return (
    <AppProvider queryClient={queryClient}>
      <AppWide />
      <RouterProvider router={router} />
    </AppProvider>
  );
}
