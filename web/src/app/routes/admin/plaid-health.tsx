// /admin/plaid-health (issue 16 item 2; spec §2 admin routes).
import { AdminPlaidHealth } from '../../../features/admin/components/health.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function AdminPlaidHealthRoute() {
  useDocumentTitle('Plaid health');
  return <AdminPlaidHealth />;
}
