// /admin/system (spec §2 admin routes): the server's functions and schedules, and the
// browsers' own timings and error reports.
import { ClientHealthSection } from '../../../features/admin/components/client-health.tsx';
import { AdminSystem } from '../../../features/admin/components/health.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function AdminSystemRoute() {
  useDocumentTitle('System');
  return (
    <div className="flex flex-col gap-8">
      <AdminSystem />
      <ClientHealthSection />
    </div>
  );
}
