// The parent of every protected route: the auth guard (spec §2) around the signed-in frame.
import { Outlet } from 'react-router-dom';
import { AppLayout } from '../../../components/layouts/app-layout.tsx';
import { ProtectedRoute } from '../../../lib/auth.tsx';

export default function AppRoot() {
  return (
    <ProtectedRoute>
      <AppLayout>
        <Outlet />
      </AppLayout>
    </ProtectedRoute>
  );
}
