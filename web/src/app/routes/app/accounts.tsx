// /accounts (spec §2): the accounts overview, with the bank-linking feature's reconnect action.
import { AccountsOverview } from '../../../features/accounts/components/accounts-overview.tsx';
import { ReconnectButton } from '../../../features/bank-linking/components/connect-card.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** The screen's first queries on a signed-in start (lib/signed-in-start.ts). */
export { startAccountsQueries as startQueries } from '../../../features/accounts/api/accounts-start.ts';

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
