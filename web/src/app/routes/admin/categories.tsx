// /admin/categories (spec §2 admin routes).
import { AdminCategories } from '../../../features/admin/components/categories.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function AdminCategoriesRoute() {
  useDocumentTitle('Category Management');
  return <AdminCategories />;
}
