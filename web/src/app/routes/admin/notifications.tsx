// /admin/notifications (spec §2 admin routes).
import { AdminNotifications } from '../../../features/admin/components/notifications.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function AdminNotificationsRoute() {
  useDocumentTitle('Notifications');
  return <AdminNotifications />;
}
