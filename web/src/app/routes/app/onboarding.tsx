// /onboarding (spec §2, §4): with ?patterns=true the review of what the history shows (firstTime=true
// after a first connection); without it, the re-runnable setup checklist. docs/onboarding.md.
import { useSearchParams } from 'react-router-dom';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { PatternReview } from '../../../features/onboarding/components/pattern-review.tsx';
import { SetupChecklist } from '../../../features/onboarding/components/setup-checklist.tsx';
import { useActiveProfile } from '../../../lib/active-profile-provider.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

export default function OnboardingRoute() {
  const [params] = useSearchParams();
  const patterns = params.get('patterns') === 'true';
  useDocumentTitle(patterns ? 'What we found' : 'Set up');
  const { profile, role, status, error, refetch } = useActiveProfile();
  if (status === 'error')
    return <QueryError error={error} title="Your profile could not load" onRetry={() => void refetch()} />;
  if (!profile) return <PageSpinner />;
  return patterns ? (
    <PatternReview
      key={profile.id}
      profileId={profile.id}
      canEdit={role === 'owner' || role === 'editor'}
      firstTime={params.get('firstTime') === 'true'}
    />
  ) : (
    <SetupChecklist key={profile.id} profileId={profile.id} memberCount={profile.member_count} />
  );
}
