// /accounts (spec §2): the accounts overview, with the bank-linking feature's reconnect action.
import { AccountsOverview } from '../../../features/accounts/components/accounts-overview.tsx';
import { ReconnectButton } from '../../../features/bank-linking/components/connect-card.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function AccountsRoute() {
  useDocumentTitle('Accounts');
  return (
    <AccountsOverview
      renderReconnect={({ itemId, institutionName }) => (
        <ReconnectButton itemId={itemId} institutionName={institutionName} origin="accounts" />
      )}
    />
  );
}
