// The parent of /get-started: the auth guard (spec §2) without the signed-in header; the screen brings
// its own quiet frame. The refresh overlay and the initial-sync watcher are here as in the main frame.
import { SecondFactorGate } from '../../../features/two-factor/components/second-factor-gate.tsx';
import { Outlet } from 'react-router-dom';
import { InitialSyncWatcher } from '../../../features/bank-linking/components/initial-sync-watcher.tsx';
import { ProtectedRoute } from '../../../lib/auth.tsx';
import { RefreshOverlayProvider } from '../../../lib/refresh-overlay.tsx';

export default function SetupRoot() {
  return (
    <ProtectedRoute>
      <SecondFactorGate>
        <RefreshOverlayProvider>
          <InitialSyncWatcher />
          <Outlet />
        </RefreshOverlayProvider>
      </SecondFactorGate>
    </ProtectedRoute>
  );
}
