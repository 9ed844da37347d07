// The parent of every protected route: the auth guard (spec §2) and the second-factor gate around the
// signed-in frame (app-frame.tsx), with the subscription gate on the money screens and the trial start
// after a checkout return (spec §2, §4).
import { SecondFactorGate } from '../../../features/two-factor/components/second-factor-gate.tsx';
import { matchPath, Outlet, useLocation } from 'react-router-dom';
import { SubscriptionGate } from '../../../features/subscriptions/components/subscription-gate.tsx';
import { useCheckoutReturn } from '../../../features/subscriptions/hooks/use-checkout-return.ts';
import { paths } from '../../../config/paths.ts';
import { ProtectedRoute } from '../../../lib/auth.tsx';
import { AppFrame } from '../../app-frame.tsx';

/** The money screens behind the subscription gate (spec §4); settings, help, profiles and linking stay
 * open, so a person can always connect a bank (which starts the trial), manage sharing or sign out. */
const GATED = [
  paths.app.accounts.path,
  paths.app.account.path,
  paths.app.calendar.path,
  paths.app.plan.path,
  paths.app.coach.path,
];

function GatedOutlet() {
  const { pathname } = useLocation();
  useCheckoutReturn();
  const gated = GATED.some((path) => matchPath(path, pathname) !== null);
  return gated ? (
    <SubscriptionGate>
      <Outlet />
    </SubscriptionGate>
  ) : (
    <Outlet />
  );
}

export default function AppRoot() {
  return (
    <ProtectedRoute>
      <SecondFactorGate>
        <AppFrame>
          <GatedOutlet />
        </AppFrame>
      </SecondFactorGate>
    </ProtectedRoute>
  );
}
