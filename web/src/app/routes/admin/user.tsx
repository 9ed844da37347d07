// /admin/users/:userId: a person's page with the health timeline and audited actions.
import { useParams } from 'react-router-dom';
import { AdminUserDetail } from '../../../features/admin/components/user-detail.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function AdminUserRoute() {
  useDocumentTitle('User');
  const { userId = '' } = useParams();
  return <AdminUserDetail key={userId} userId={userId} />;
}
