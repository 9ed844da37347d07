// /admin (spec §2 admin routes).
import { AdminDashboard } from '../../../features/admin/components/dashboard.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function AdminDashboardRoute() {
  useDocumentTitle('Admin dashboard');
  return <AdminDashboard />;
}
