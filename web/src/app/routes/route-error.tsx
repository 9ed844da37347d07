// What a route shows when its code or loader fails (spec §4 Error boundary): the error is classified
// (spec §8). A new deployment (a chunk that no longer exists) reloads the page. A retryable error gets
// one silent recovery attempt under the full-page 'Reconnecting...' (lib/error-recovery.ts); when it
// works, 'Connection restored' and the screen is tried again. Otherwise the error screen with up to 3
// manual retries. A retry is a navigation to the same place, which clears the router's error. Every error
// but a 404 becomes an error report (lib/telemetry.ts).
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { toast } from '../../lib/toast.ts';
import { ErrorScreen } from '../../components/errors/error-screen.tsx';
import { FullPageSpinner } from '../../components/ui/spinner.tsx';
import { classifyError } from '../../lib/classify-error.ts';
import { attemptRecovery, errorScreenText, reloadForDeployment } from '../../lib/error-recovery.ts';
import { telemetry } from '../../lib/telemetry.ts';
import NotFoundRoute from './not-found.tsx';

/** Recovery bookkeeping for the place that failed; it survives the retry navigations. */
const recovery = { place: '', silentTried: false, manualRetries: 0 };

export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const place = `${location.pathname}${location.search}`;
  if (recovery.place !== place) Object.assign(recovery, { place, silentTried: false, manualRetries: 0 });
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const classified = classifyError(error);
  const [phase, setPhase] = useState<'recovering' | 'failed'>(() =>
    notFound || (!classified.retryable && classified.type !== 'deployment') || recovery.silentTried
      ? 'failed'
      : 'recovering',
  );

  useEffect(() => {
    if (notFound) return;
    console.error('route error', error);
    telemetry.reportError(error);
    const retry = () => void navigate(place, { replace: true, state: location.state as unknown });
    if (classified.type === 'deployment') {
      if (!reloadForDeployment()) setPhase('failed');
      return;
    }
    if (!classified.retryable || recovery.silentTried) return;
    recovery.silentTried = true;
    let cancelled = false;
    void attemptRecovery(classified.type).then((ok) => {
      if (cancelled) return;
      if (ok) {
        toast.success(errorScreenText.restored);
        retry();
      } else {
        setPhase('failed');
      }
    });
    return () => {
      cancelled = true;
    };
  }, [error, notFound, classified.type, classified.retryable, navigate, place, location.state]);

  if (notFound) return <NotFoundRoute />;
  if (phase === 'recovering') return <FullPageSpinner label={errorScreenText.reconnecting} />;
  return (
    <ErrorScreen
      message={classified.type === 'unknown' ? undefined : classified.message}
      retries={recovery.manualRetries}
      onRetry={() => {
        recovery.manualRetries += 1;
        void navigate(place, { replace: true, state: location.state as unknown });
      }}
    />
  );
}
