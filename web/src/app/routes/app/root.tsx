// The parent of every protected route: the auth guard (spec §2) around the signed-in frame, the
// refresh overlay (spec §4) and the watcher that announces a finished initial sync (spec §8).
import { Outlet } from 'react-router-dom';
import { AppLayout } from '../../../components/layouts/app-layout.tsx';
import { InitialSyncWatcher } from '../../../features/bank-linking/components/initial-sync-watcher.tsx';
import { ProtectedRoute } from '../../../lib/auth.tsx';
import { RefreshOverlayProvider } from '../../../lib/refresh-overlay.tsx';

export default function AppRoot() {
  return (
    <ProtectedRoute>
      <RefreshOverlayProvider>
        <InitialSyncWatcher />
        <AppLayout>
          <Outlet />
        </AppLayout>
      </RefreshOverlayProvider>
    </ProtectedRoute>
  );
}
