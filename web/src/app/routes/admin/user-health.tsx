// /admin/user-health (spec §2 admin routes).
import { AdminUserHealth } from '../../../features/admin/components/health.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function AdminUserHealthRoute() {
  useDocumentTitle('User health');
  return <AdminUserHealth />;
}
