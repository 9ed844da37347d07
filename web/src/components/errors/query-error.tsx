// The error state of a screen section: the spec §8 message for what went wrong, and the action that
// can help (try again, or sign in again when the session is gone).
import { classifyError } from '../../lib/classify-error.ts';
import { useLogout } from '../../lib/auth.tsx';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';

export function QueryError({
  error,
  title,
  onRetry,
  isRetrying = false,
}: {
  error: unknown;
  title: string;
  onRetry?: () => void;
  isRetrying?: boolean;
}) {
  const classified = classifyError(error);
  const { logout, isPending } = useLogout();
  return (
    <Alert title={title}>
      <p>{classified.message}</p>
      <div className="mt-3 flex gap-3">
        {classified.action === 'sign_in' ? (
          <Button size="sm" variant="secondary" onClick={() => void logout()} isPending={isPending}>
            Sign in again
          </Button>
        ) : null}
        {classified.action === 'refresh' ? (
          <Button size="sm" variant="secondary" onClick={() => window.location.reload()}>
            Reload
          </Button>
        ) : null}
        {onRetry && classified.action !== 'sign_in' && classified.action !== 'refresh' ? (
          <Button size="sm" variant="secondary" onClick={onRetry} isPending={isRetrying}>
            Try again
          </Button>
        ) : null}
      </div>
    </Alert>
  );
}
