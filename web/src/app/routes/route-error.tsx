// What a route shows when its code or loader fails: the spec §8 message for the error, and a reload
// (the usual fix after a new deployment replaced the chunk this tab asked for).
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '../../components/ui/button.tsx';
import { classifyError } from '../../lib/classify-error.ts';
import NotFoundRoute from './not-found.tsx';

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  console.error('route error', error);
  const classified = classifyError(error);
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-xl font-semibold text-slate-900">Something went wrong</h1>
      <p className="text-sm text-slate-600">{classified.message}</p>
      <Button onClick={() => window.location.reload()}>Reload</Button>
    </div>
  );
}
