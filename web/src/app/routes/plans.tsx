// /plans (spec §2; public): the plans, and for a signed-in person their current plan and billing, in
// the signed-in frame (the app's header and navigation) once the second factor, if any, is given.
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { Plans } from '../../features/subscriptions/components/plans.tsx';
import { SecondFactorGate } from '../../features/two-factor/components/second-factor-gate.tsx';
import { mayHoldSession } from '../../lib/amplify-loader.ts';
import { useAuth } from '../../lib/auth.tsx';
import { AppFrame } from '../app-frame.tsx';

export default function PlansRoute() {
  const { state } = useAuth();
  if (state.status === 'signedIn')
    return (
      <SecondFactorGate>
        <AppFrame>
          <Plans framed />
        </AppFrame>
      </SecondFactorGate>
    );
  // A stored session is being checked: wait rather than show the signed-out page first.
  if (state.status === 'loading' && mayHoldSession()) return <FullPageSpinner />;
  return <Plans />;
}
