// What a running job is doing, in words ("Syncing 3 of 8 accounts", "Finding your paychecks, bills and
// subscriptions") with a bar when its step counts something, and a failed job's reason with a retry
// (docs/jobs.md). Announced politely as it moves; a failure is an alert.
import type { Job } from '../../lib/jobs-api.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';

export function JobStatus({
  job,
  title,
  onRetry,
  isRetrying = false,
}: {
  job: Job;
  /** Names the failure: "We couldn't build your plan". */
  title: string;
  /** Offered on a failure; left out when the person may not start the job again. */
  onRetry?: () => void;
  isRetrying?: boolean;
}) {
  if (job.status === 'failed')
    return (
      <Alert title={title}>
        <p>{job.error?.message ?? job.message}</p>
        {onRetry ? (
          <div className="mt-3">
            <Button size="sm" variant="secondary" onClick={onRetry} isPending={isRetrying}>
              Try again
            </Button>
          </div>
        ) : null}
      </Alert>
    );
  if (job.status === 'succeeded') return null;
  const counted = job.total !== null && job.done !== null && job.total > 0;
  return (
    <div
      role="status"
      aria-live="polite"
      data-job-step={job.step}
      className="space-y-2 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800"
    >
      <p className="flex items-start gap-2">
        <Spinner className="mt-0.5 size-4 shrink-0" />
        <span data-testid="job-message">{job.message}…</span>
      </p>
      {counted ? (
        <div
          role="progressbar"
          aria-label={job.message}
          aria-valuemin={0}
          aria-valuemax={job.total ?? 0}
          aria-valuenow={job.done ?? 0}
          className="h-1.5 w-full overflow-hidden rounded-full bg-brand-100"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
            style={{ width: `${Math.round(((job.done ?? 0) / (job.total ?? 1)) * 100)}%` }}
          />
        </div>
      ) : null}
    </div>
  );
}
