// /admin/system (issue 16 item 2; spec §2 admin routes).
import { AdminSystem } from '../../../features/admin/components/health.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function AdminSystemRoute() {
  useDocumentTitle('System');
  return <AdminSystem />;
}
