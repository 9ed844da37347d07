// /get-started (spec §2): the setup screen in its own quiet frame, whose brand goes to /calendar once
// the user has an active connected account, otherwise to /accounts.
import { useQuery } from '@tanstack/react-query';
import { SetupLayout } from '../../../components/layouts/setup-layout.tsx';
import { paths } from '../../../config/paths.ts';
import { GetStarted } from '../../../features/bank-linking/components/get-started.tsx';
import { accountsQueryOptions } from '../../../lib/accounts-api.ts';
import { useActiveProfile } from '../../../lib/active-profile-provider.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function GetStartedRoute() {
  useDocumentTitle('Get started');
  const { profile } = useActiveProfile();
  const accounts = useQuery({ ...accountsQueryOptions(profile?.id ?? ''), enabled: profile !== null });
  const brandHref = accounts.data?.length ? paths.app.calendar.getHref() : paths.app.accounts.getHref();
  return (
    <SetupLayout brandHref={brandHref}>
      <GetStarted />
    </SetupLayout>
  );
}
