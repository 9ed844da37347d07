// /plan (spec §2): the Money Plan of the active financial profile.
import { QueryError } from '../../../components/errors/query-error.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { MoneyPlan } from '../../../features/money-plan/components/money-plan.tsx';
import { useActiveProfile } from '../../../lib/active-profile-provider.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** The screen's first queries on a signed-in start (lib/signed-in-start.ts). */
export { startPlanQueries as startQueries } from '../../../features/money-plan/api/plan-start.ts';

export default function PlanRoute() {
  useDocumentTitle('Money Plan');
  const { profile, role, status, error, refetch } = useActiveProfile();
  if (status === 'error')
    return <QueryError error={error} title="Your profile could not load" onRetry={() => void refetch()} />;
  if (!profile) return <PageSpinner />;
  return (
    <MoneyPlan key={profile.id} profileId={profile.id} canEdit={role === 'owner' || role === 'editor'} />
  );
}
