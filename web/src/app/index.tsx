// The app: providers around the router, plus what runs app-wide whatever the screen: the update check
// and its banner (spec §4), and the reload on a deployment error raised outside any screen.
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { UpdateBanner } from '../components/layouts/update-banner.tsx';
import { classifyError } from '../lib/classify-error.ts';
import { installGlobalDeploymentReload } from '../lib/error-recovery.ts';
import { createQueryClient } from '../lib/react-query.ts';
import { useUpdateCheck } from '../lib/update-check.ts';
import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';

function AppWide() {
  const update = useUpdateCheck();
  useEffect(() => installGlobalDeploymentReload(classifyError), []);
  return update.available ? <UpdateBanner onDismiss={update.dismiss} /> : null;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  return (
    <AppProvider queryClient={queryClient}>
      <AppWide />
      <RouterProvider router={router} />
    </AppProvider>
  );
}
