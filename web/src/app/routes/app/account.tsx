// /accounts/{accountId} (spec §2): the account detail, with the bank-linking feature's reconnect card.
import { useParams } from 'react-router-dom';
import { AccountDetail } from '../../../features/accounts/components/account-detail.tsx';
import { ConnectCard } from '../../../features/bank-linking/components/connect-card.tsx';
import { ConsentPrompt } from '../../../features/bank-linking/components/consent-prompt.tsx';

export default function AccountRoute() {
  const { accountId = '' } = useParams();
  return (
    <AccountDetail
      key={accountId}
      accountId={accountId}
      renderReconnect={(account) => (
        <ConnectCard
          origin="accounts"
          mode="update"
          itemId={account.item_id}
          institutionName={account.institution_name}
        />
      )}
      renderConsent={(account, product) => (
        <ConsentPrompt
          itemId={account.item_id}
          institutionName={account.institution_name}
          consent={product}
        />
      )}
    />
  );
}
