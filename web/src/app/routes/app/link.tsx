// /link (Link Accounts, spec §2): the connect card and the banks already linked, with reconnect and
// unlink for the profile's owner; also where hosted link returns (/link?hosted=complete, spec §4).
import { Alert } from '../../../components/ui/alert.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { ConnectCard } from '../../../features/bank-linking/components/connect-card.tsx';
import { LinkedBanks } from '../../../features/bank-linking/components/linked-banks.tsx';
import { useHostedLinkReturn } from '../../../features/bank-linking/hooks/use-hosted-link-return.ts';
import { useActiveProfile } from '../../../lib/active-profile-provider.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function LinkAccountsRoute() {
  useDocumentTitle('Link Accounts');
  const { profile } = useActiveProfile();
  const { processing } = useHostedLinkReturn();
  const isOwner = profile?.member_role === 'owner';
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Link Accounts</h1>
        <p className="mt-1 text-sm text-slate-600">
          Connect banks, cards, loans and investments to {profile?.name ?? 'this profile'}, and keep them
          connected.
        </p>
      </div>
      {processing ? (
        <PageSpinner label="Finishing your bank connection..." />
      ) : isOwner ? (
        <ConnectCard origin="link" />
      ) : profile ? (
        <Alert tone="info">Only the owner of this profile can connect or reconnect accounts.</Alert>
      ) : null}
      <section aria-labelledby="linked-banks-heading" className="space-y-3">
        <h2 id="linked-banks-heading" className="text-lg font-semibold text-slate-900">
          Linked banks
        </h2>
        <LinkedBanks />
      </section>
    </div>
  );
}
