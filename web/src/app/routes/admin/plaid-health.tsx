// /admin/plaid-health (spec §2 admin routes).
import { AdminPlaidHealth } from '../../../features/admin/components/health.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function AdminPlaidHealthRoute() {
  useDocumentTitle('Plaid health');
  return <AdminPlaidHealth />;
}
