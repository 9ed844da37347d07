// '/': the landing page for signed-out visitors (spec §1), the home logic of spec §2 for signed-in
// users. The home logic is its own lazy chunk. A visitor who opens the site on '/' with no stored
// session gets the same landing page prerendered into index.html instead (app/static-landing.ts).
import { SecondFactorGate } from '../../features/two-factor/components/second-factor-gate.tsx';
import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { Landing } from '../../features/landing/components/landing.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

const HomeDecision = lazy(() => import('./home-decision.tsx'));

export default function HomeRoute() {
  const { state } = useAuth();
  const { search } = useLocation();
  const navigate = useNavigate();
  useDocumentTitle(null);
  if (state.status === 'loading') return <FullPageSpinner />;
  if (state.status === 'signedIn') {
    return (
      <SecondFactorGate>
        <Suspense fallback={<FullPageSpinner />}>
          <HomeDecision />
        </Suspense>
      </SecondFactorGate>
    );
  }
  return <Landing search={search} onNavigate={(href) => void navigate(href)} />;
}
