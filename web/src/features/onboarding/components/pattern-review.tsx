// /onboarding?patterns=true (&firstTime=true after a first connection, spec §4): while the bank's first
// sync runs, says what it is doing ("Syncing 3 of 8 accounts"); then finds the income, bills and
// subscriptions in the history (the plan job: the Money Plan's own detection, step by step) and lets the
// person keep or drop each. "Build my plan" drops the dropped ones for good (the Money Plan's series
// delete: regeneration never plans them again), marks onboarding complete and lands on /calendar.
// docs/onboarding.md, docs/jobs.md.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarCheck, Landmark, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { journeyToast, toast } from '../../../lib/toast.ts';
import { formatUsd } from '@domain/classification.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { JobStatus } from '../../../components/jobs/job-status.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { accountsQueryOptions } from '../../../lib/accounts-api.ts';
import { nameWithMask } from '../../../lib/account-format.ts';
import { cn } from '../../../lib/cn.ts';
import { SETUP } from '../../../lib/constants.ts';
import { trackSignedInEngagement } from '../../../lib/engagement.ts';
import { friendlyDate } from '../../../lib/money-format.ts';
import {
  jobQueryKey,
  recentJobsQueryOptions,
  retryJob,
  startPlanJob,
  useJob,
} from '../../../lib/jobs-api.ts';
import {
  deletePlanItem,
  listPlanItems,
  moneyPlanErrorMessage,
  planWriteAreas,
  streamsQueryOptions,
  type Stream,
} from '../../../lib/money-plan-api.ts';
import { useJobRunner } from '../../../lib/use-job.ts';
import { patchProfile, profileQueryKey } from '../../../lib/user-profile-api.ts';
import { foundPatterns, historySyncing, occurrenceToDrop, PATTERN_GROUPS } from '../utils/patterns.ts';

const isoDay = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const money = (cents: number) => `${cents < 0 ? '−' : '+'}${formatUsd(Math.abs(Math.round(cents)))}`;

export function PatternReview({
  profileId,
  canEdit,
  firstTime,
}: {
  profileId: string;
  canEdit: boolean;
  firstTime: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dropped, setDropped] = useState<ReadonlySet<string>>(new Set());

  const accounts = useQuery({
    ...accountsQueryOptions(profileId),
    refetchInterval: (query) => (historySyncing(query.state.data ?? []) ? SETUP.tickMs : false),
  });
  const noBank = accounts.data?.length === 0;
  const syncedCount = accounts.data?.filter((a) => a.historical_sync_status === 'completed').length ?? 0;

  // The bank's first sync: the job the link started, newest first (a reload or a second tab finds it).
  const recent = useQuery({
    ...recentJobsQueryOptions(profileId),
    refetchInterval: (query) =>
      !query.state.data?.some((j) => j.kind === 'first_sync') && historySyncing(accounts.data ?? [])
        ? SETUP.tickMs
        : false,
  });
  const firstSyncId = recent.data?.find((j) => j.kind === 'first_sync')?.job_id ?? null;
  const firstSync = useJob(profileId, firstSyncId).data ?? null;
  const retryFirstSync = useMutation({
    mutationFn: () => retryJob(profileId, firstSyncId ?? ''),
    onSuccess: (job) => queryClient.setQueryData(jobQueryKey(profileId, job.job_id), job),
  });
  const syncRunning = firstSync !== null && firstSync.status !== 'succeeded' && firstSync.status !== 'failed';
  // A bank being linked shows its sync before its accounts are listed here.
  const noAccounts = noBank && firstSync === null;
  const syncFailed = firstSync?.status === 'failed';
  // After the job (or with none to follow: a bank linked a day ago), the accounts' own state: a bank
  // can send its older history after the first sync, and the plan is found in the whole of it.
  const syncing = syncRunning || (!syncFailed && (accounts.data ? historySyncing(accounts.data) : true));

  // Detection is the plan's own (a job, idempotent), run once per visit once the history is in; a viewer
  // reads what the plan already found.
  const detection = useJobRunner(profileId, {
    start: () => startPlanJob(profileId),
    onSucceeded: () => queryClient.invalidateQueries({ queryKey: streamsQueryOptions(profileId).queryKey }),
  });
  const started = useRef(false);
  const ready = accounts.data !== undefined && !noAccounts && !syncing && !syncFailed;
  const startDetection = detection.start;
  useEffect(() => {
    if (!ready || !canEdit || started.current) return;
    started.current = true;
    startDetection();
  }, [ready, canEdit, startDetection]);
  const detected = !canEdit || detection.job?.status === 'succeeded';
  const streams = useQuery({ ...streamsQueryOptions(profileId), enabled: ready && detected });
  const found = streams.data && detected ? streams.data : undefined;
  const groups = foundPatterns(found?.streams ?? []);
  const total = PATTERN_GROUPS.reduce((n, g) => n + groups[g.kind].length, 0);

  const finish = useMutation({
    mutationFn: async () => {
      if (dropped.size > 0) {
        const today = isoDay();
        const items = await listPlanItems(profileId, { from: today, to: isoDay(400) });
        for (const seriesId of dropped) {
          const item = occurrenceToDrop(items, seriesId, today);
          if (item) await deletePlanItem(profileId, item.id, 'series');
        }
      }
      await patchProfile({ onboarding_completed: true });
    },
    onSuccess: async () => {
      if (canEdit) trackSignedInEngagement({ type: 'money_plan_generated' });
      await Promise.all([
        ...planWriteAreas.map((area) => queryClient.invalidateQueries({ queryKey: [area, profileId] })),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]);
      // In place of the connection's toast, if it still shows (journeyToast).
      journeyToast('success', canEdit ? 'Your money plan is ready' : "You're all set");
      navigate(paths.app.calendar.getHref());
    },
    onError: (error) => {
      toast.error(moneyPlanErrorMessage(error));
    },
  });

  const toggle = (seriesId: string, keep: boolean) =>
    setDropped((current) => {
      const next = new Set(current);
      if (keep) next.delete(seriesId);
      else next.add(seriesId);
      return next;
    });

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {firstTime ? "Welcome! Here's what we found" : 'Your income, bills and subscriptions'}
        </h1>
        <p className="mt-2 text-slate-600">
          {canEdit
            ? 'Keep what repeats and drop anything that will not happen again. Your plan and forecast are built from what you keep.'
            : 'What your plan is built from. Only the owner or an editor can change it.'}
        </p>
      </header>

      {accounts.isError ? (
        <QueryError
          error={accounts.error}
          title="Your accounts could not load"
          onRetry={() => void accounts.refetch()}
        />
      ) : syncFailed && firstSync ? (
        <JobStatus
          job={firstSync}
          title="Your bank's history did not come in"
          onRetry={canEdit ? () => retryFirstSync.mutate() : undefined}
          isRetrying={retryFirstSync.isPending}
        />
      ) : syncRunning && firstSync ? (
        <JobStatus job={firstSync} title="Your bank's history did not come in" />
      ) : noAccounts ? (
        <EmptyState
          icon={Landmark}
          title="No bank connected yet"
          action={
            <Link
              to={paths.app.link.getHref()}
              className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-on-brand hover:bg-brand-strong"
            >
              Connect accounts
            </Link>
          }
        >
          Connect a bank and we will look through its history for your income, bills and subscriptions.
        </EmptyState>
      ) : syncing ? (
        <div
          role="status"
          className="flex items-start gap-2 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800"
        >
          <Spinner className="mt-0.5 size-4 shrink-0" />
          <p>
            Bringing in your history
            {accounts.data?.length ? ` (${syncedCount} of ${accounts.data.length} accounts done)` : ''}… Large
            banks can take 2-3 minutes; we look for patterns as soon as it is in.
          </p>
        </div>
      ) : detection.job && detection.job.status !== 'succeeded' ? (
        <JobStatus
          job={detection.job}
          title="Your income, bills and subscriptions were not found"
          onRetry={detection.retry}
          isRetrying={detection.isRetrying}
        />
      ) : detection.startError ? (
        <QueryError
          error={detection.startError}
          title="We couldn't look through your history"
          onRetry={detection.start}
          isRetrying={detection.isRunning}
        />
      ) : streams.isError ? (
        <QueryError
          error={streams.error}
          title="We couldn't look through your history"
          onRetry={() => void streams.refetch()}
          isRetrying={streams.isFetching}
        />
      ) : !found ? (
        <div role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Sparkles aria-hidden className="size-4 text-brand-600" />
          Finding your paychecks, bills and subscriptions…
        </div>
      ) : (
        <p role="status" className="text-sm text-slate-700">
          {total === 0
            ? 'Nothing repeats in your history yet. You can add planned items yourself on the calendar.'
            : `We found ${groups.income.length} income ${groups.income.length === 1 ? 'source' : 'sources'}, ${groups.bill.length} ${groups.bill.length === 1 ? 'bill' : 'bills'} and ${groups.subscription.length} ${groups.subscription.length === 1 ? 'subscription' : 'subscriptions'}.`}
        </p>
      )}

      {noAccounts
        ? null
        : PATTERN_GROUPS.map((group) => (
            <section key={group.kind} aria-labelledby={`found-${group.kind}`} className="space-y-2">
              <h2 id={`found-${group.kind}`} className="text-lg font-semibold text-slate-900">
                {group.title}
              </h2>
              {!found ? (
                <Card className="space-y-3 p-4" aria-hidden>
                  <Skeleton className="h-5 w-2/3" />
                  <Skeleton className="h-5 w-1/2" />
                </Card>
              ) : groups[group.kind].length === 0 ? (
                <p className="text-sm text-slate-600">{group.empty}</p>
              ) : (
                <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
                  {groups[group.kind].map((stream) => (
                    <PatternRow
                      account={accounts.data?.find((a) => a.id === stream.account_id)}
                      key={stream.series_id}
                      stream={stream}
                      kept={!dropped.has(stream.series_id)}
                      canEdit={canEdit}
                      onChange={(keep) => toggle(stream.series_id, keep)}
                    />
                  ))}
                </ul>
              )}
            </section>
          ))}

      <div className={cn('flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', noAccounts && 'hidden')}>
        <Button
          onClick={() => finish.mutate()}
          isPending={finish.isPending}
          disabled={syncing || !found || finish.isPending}
          className="w-full sm:w-auto"
        >
          <CalendarCheck aria-hidden className="size-4" />
          {canEdit
            ? dropped.size > 0
              ? `Build my plan without ${dropped.size} dropped`
              : 'Build my plan'
            : 'Go to my calendar'}
        </Button>
      </div>
    </div>
  );
}

function PatternRow({
  stream,
  account,
  kept,
  canEdit,
  onChange,
}: {
  stream: Stream;
  /** The account it runs on: two "Interest Payment" rows are told apart by it. */
  account: { account_name: string; mask?: string | null } | undefined;
  kept: boolean;
  canEdit: boolean;
  onChange: (keep: boolean) => void;
}) {
  const id = `keep-${stream.series_id}`;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3" data-testid="found-pattern">
      <div className={cn('min-w-0 flex-1', !kept && 'opacity-60')}>
        <p className={cn('font-medium break-words text-slate-900', !kept && 'line-through')}>
          {stream.description}
        </p>
        <p className="text-sm text-slate-600">
          {stream.schedule ?? stream.cadence}
          {stream.next_date ? ` · next ${friendlyDate(stream.next_date)}` : ''}
          {account ? ` · ${nameWithMask(account)}` : ''}
        </p>
      </div>
      <span
        className={cn(
          'font-semibold tabular-nums',
          stream.amount >= 0 ? 'text-emerald-700' : 'text-slate-900',
          !kept && 'line-through opacity-60',
        )}
      >
        {money(stream.amount)}
      </span>
      {canEdit ? (
        <label htmlFor={id} className="flex cursor-pointer items-center gap-2 text-sm text-slate-700">
          <input
            id={id}
            type="checkbox"
            checked={kept}
            onChange={(event) => onChange(event.target.checked)}
            aria-label={`Keep ${stream.description}`}
            className="size-4 accent-brand-600"
          />
          {kept ? 'Keep' : <Badge tone="warning">Dropped</Badge>}
        </label>
      ) : null}
    </li>
  );
}
