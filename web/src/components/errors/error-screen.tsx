// spec §2 error screen: "We're reconnecting..." with 'Retry now' and 'Go to Accounts'; after 3 manual
// retries, 'Maximum retries reached. Please refresh the page.' The message is the gentle one unless the
// classifier has a more useful one for the user.
import { RefreshCw } from 'lucide-react';
import { errorMessages } from '@domain/errors.ts';
import { paths } from '../../config/paths.ts';
import { ERROR_RECOVERY, errorScreenText } from '../../lib/error-recovery.ts';
import { Button } from '../ui/button.tsx';

export function ErrorScreen({
  message = errorMessages.gentle,
  retries,
  onRetry,
}: {
  message?: string;
  retries: number;
  onRetry: () => void;
}) {
  const exhausted = retries >= ERROR_RECOVERY.maxManualRetries;
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <RefreshCw aria-hidden="true" className="size-10 text-brand-600" />
      <h1 className="text-2xl font-semibold text-slate-900">{errorScreenText.title}</h1>
      <p className="text-sm text-slate-600">{exhausted ? errorScreenText.maxRetries : message}</p>
      <div className="flex flex-wrap justify-center gap-3">
        {exhausted ? (
          <Button onClick={() => window.location.reload()}>Refresh page</Button>
        ) : (
          <Button onClick={onRetry}>{errorScreenText.retry}</Button>
        )}
        <Button variant="secondary" onClick={() => window.location.assign(paths.app.accounts.getHref())}>
          {errorScreenText.goToAccounts}
        </Button>
      </div>
    </div>
  );
}
