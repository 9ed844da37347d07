// /help (spec §2): Help & Support.
import { Help } from '../../../features/help/components/help.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function HelpRoute() {
  useDocumentTitle('Help & Support');
  return <Help />;
}
