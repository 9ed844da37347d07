// /import-export: manual accounts, statement import, export and archive restore (docs/import-export.md).
import { ImportExportScreen } from '../../../features/import-export/components/import-export-screen.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function ImportExportRoute() {
  useDocumentTitle('Import & export');
  return <ImportExportScreen />;
}
