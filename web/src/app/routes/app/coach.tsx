// /coach (spec §2; /ai-coach redirects here): the AI Money Coach for the active financial profile.
import { QueryError } from '../../../components/errors/query-error.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { Coach } from '../../../features/coach/components/coach.tsx';
import { useActiveProfile } from '../../../lib/active-profile-provider.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function CoachRoute() {
  useDocumentTitle('AI Money Coach');
  const { profile, status, error, refetch } = useActiveProfile();
  if (status === 'error')
    return <QueryError error={error} title="Your profile could not load" onRetry={() => void refetch()} />;
  if (!profile) return <PageSpinner />;
  return <Coach key={profile.id} profileId={profile.id} />;
}
