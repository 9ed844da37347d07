// /admin/users (spec §2 admin routes).
import { AdminUsers } from '../../../features/admin/components/users.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function AdminUsersRoute() {
  useDocumentTitle('Users');
  return <AdminUsers />;
}
