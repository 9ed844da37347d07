// /calendar (spec §2): the Money Calendar of the active financial profile.
import { QueryError } from '../../../components/errors/query-error.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { MoneyCalendar } from '../../../features/money-calendar/components/money-calendar.tsx';
import { useActiveProfile } from '../../../lib/active-profile-provider.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** The screen's first queries on a signed-in start (lib/signed-in-start.ts). */
export { startCalendarQueries as startQueries } from '../../../features/money-calendar/api/calendar-start.ts';

export default function CalendarRoute() {
  useDocumentTitle('Money Calendar');
  const { profile, role, status, error, refetch } = useActiveProfile();
  if (status === 'error')
    return <QueryError error={error} title="Your profile could not load" onRetry={() => void refetch()} />;
  if (!profile) return <PageSpinner />;
  return (
    <MoneyCalendar key={profile.id} profileId={profile.id} canEdit={role === 'owner' || role === 'editor'} />
  );
}
