// /settings → Notifications → "E-mails we sent you" (spec §3 email_sends): what the
// product sent the person, newest first, with its delivery state, ten at a time. A bounced message says
// so in words, since a bounce stops non-essential mail (docs/email.md).
import { useInfiniteQuery } from '@tanstack/react-query';
import { format, parseISO } from 'date-fns';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { emailHistoryQueryOptions, emailStatusLabel } from '../api/email-history.ts';

const sentAt = (iso: string) => format(parseISO(iso), 'MMM d, yyyy, h:mm a');

export function EmailHistory() {
  const history = useInfiniteQuery(emailHistoryQueryOptions());

  if (history.isPending) {
    return (
      <div className="space-y-2" aria-busy="true" aria-label="Loading your e-mails">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (history.isError) {
    return (
      <QueryError
        title="Could not load your e-mails"
        error={history.error}
        onRetry={() => void history.refetch()}
        isRetrying={history.isRefetching}
      />
    );
  }
  const sends = history.data.pages.flatMap((page) => page.items);
  if (sends.length === 0) {
    return (
      <p className="text-sm text-slate-600">No e-mails yet. The ones we send you will be listed here.</p>
    );
  }
  return (
    <div>
      <ul className="divide-y divide-slate-200" aria-label="E-mails we sent you">
        {sends.map((send) => (
          <li key={send.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
            <div className="min-w-0 flex-1">
              <p className="break-words text-sm font-medium text-slate-900">{send.subject}</p>
              <p className="text-sm text-slate-600">
                <time dateTime={send.sent_at}>{sentAt(send.sent_at)}</time>
                {send.campaign ? ` · ${send.campaign.name}` : ''}
              </p>
            </div>
            <span
              className={
                send.status === 'bounced' || send.status === 'failed'
                  ? 'text-sm font-medium text-red-700'
                  : 'text-sm text-slate-700'
              }
            >
              {emailStatusLabel(send)}
            </span>
          </li>
        ))}
      </ul>
      {history.hasNextPage ? (
        <Button
          variant="secondary"
          className="mt-2"
          isPending={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          Show more
        </Button>
      ) : null}
    </div>
  );
}
