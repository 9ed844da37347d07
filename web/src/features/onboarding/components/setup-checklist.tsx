// /onboarding without the query: the setup checklist, re-runnable at any time. Each
// step's state comes from the data (accounts, the plan, the onboarding flag, the profile's members)
// and each links to where it is done.
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { paths } from '../../../config/paths.ts';
import { accountsQueryOptions } from '../../../lib/accounts-api.ts';
import { getStreams, streamsQueryKey } from '../../../lib/money-plan-api.ts';
import { useProfile } from '../../../lib/user-profile-api.ts';
import { checklistSteps, type ChecklistStep } from '../utils/patterns.ts';

const stepLinks: Record<ChecklistStep['id'], { href: string; label: string; again: string }> = {
  connect: { href: paths.app.link.getHref(), label: 'Connect accounts', again: 'Connect another bank' },
  patterns: { href: '/onboarding?patterns=true', label: 'Review what we found', again: 'Review again' },
  calendar: { href: paths.app.calendar.getHref(), label: 'Open the calendar', again: 'Open the calendar' },
  share: { href: paths.app.profiles.getHref(), label: 'Invite someone', again: 'Invite someone else' },
};

export function SetupChecklist({ profileId, memberCount }: { profileId: string; memberCount: number }) {
  const accounts = useQuery(accountsQueryOptions(profileId));
  const streams = useQuery({
    queryKey: streamsQueryKey(profileId),
    queryFn: ({ signal }) => getStreams(profileId, signal),
  });
  const profile = useProfile();
  const error = accounts.error ?? streams.error ?? profile.error;
  const loading = accounts.isPending || streams.isPending || profile.isPending;
  const steps = loading
    ? []
    : checklistSteps({
        accounts: accounts.data?.length ?? 0,
        planGenerated: Boolean(streams.data?.generated_at),
        onboardingCompleted: Boolean(profile.data?.onboarding_completed),
        members: memberCount,
      });
  const done = steps.filter((s) => s.done && !s.optional).length;
  const required = steps.filter((s) => !s.optional).length;

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Set up your money plan
        </h1>
        <p className="mt-2 text-slate-600">
          {loading
            ? 'Checking where you are…'
            : `${done} of ${required} steps done. Any step can be run again.`}
        </p>
      </header>
      {error ? (
        <QueryError
          error={error}
          title="Your setup could not load"
          onRetry={() => {
            void accounts.refetch();
            void streams.refetch();
            void profile.refetch();
          }}
        />
      ) : loading ? (
        <Card className="space-y-4 p-4" aria-hidden>
          <Skeleton className="h-6 w-3/4" />
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-6 w-1/2" />
        </Card>
      ) : (
        <ol className="space-y-3">
          {steps.map((step) => {
            const link = stepLinks[step.id];
            return (
              <li key={step.id}>
                <Card className="flex flex-wrap items-start gap-3 p-4">
                  {step.done ? (
                    <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-emerald-600" />
                  ) : (
                    <Circle aria-hidden className="mt-0.5 size-5 shrink-0 text-slate-500" />
                  )}
                  <div className="min-w-0 flex-1">
                    <h2 className="font-semibold text-slate-900">
                      {step.title}
                      <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
                      {step.optional ? (
                        <span className="ml-2 text-sm font-normal text-slate-600">optional</span>
                      ) : null}
                    </h2>
                    <p className="text-sm text-slate-600">{step.text}</p>
                  </div>
                  <Link
                    to={link.href}
                    className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
                  >
                    {step.done ? link.again : link.label}
                  </Link>
                </Card>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
