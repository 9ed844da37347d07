// /plan, the Money Plan: income, bills, subscriptions and transfers, each with its cadence, amount, next
// date and account, and the one-off items the person added; 'Generate my plan' (a job whose steps show
// as it runs, and whose failure offers a retry; docs/jobs.md); adding an item, editing and deleting a
// series or a one-off, each with an undo in its toast (an edit stays in its section: it keeps its kind);
// restoring a series the person removed; the monthly totals and what is left after bills; spec §8's
// friendly money-plan messages and balance-forecast toasts.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Plus, RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { balanceForecastToasts } from '@domain/account-connection-messages.ts';
import { formatUsd } from '@domain/classification.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { JobStatus } from '../../../components/jobs/job-status.tsx';
import { ForecastSettingsButton } from '../../../components/money/forecast-settings.tsx';
import { PlannedItemForm } from '../../../components/money/planned-item-form.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { accountsQueryOptions, isSyncing } from '../../../lib/accounts-api.ts';
import { friendlyDate } from '../../../lib/money-format.ts';
import { trackSignedInEngagement } from '../../../lib/engagement.ts';
import { recentJobsQueryOptions, startForecastJob, startPlanJob } from '../../../lib/jobs-api.ts';
import {
  deletePlanItem,
  editPlanItem,
  moneyPlanErrorMessage,
  planOneOffItemsQueryOptions,
  planSeriesItemsQueryOptions,
  planWriteAreas,
  streamsQueryOptions,
  updatePlanItem,
  type PlanItem,
  type PlanItemPatch,
} from '../../../lib/money-plan-api.ts';
import { nameWithMask } from '../../../lib/account-format.ts';
import { useJobRunner } from '../../../lib/use-job.ts';
import { usePlanItemMutations } from '../../../lib/use-plan-item-mutations.ts';
import { groupStreams, kindOrder, kindTitles, monthlyTotals, oneOffRows, undoOfEdit } from '../utils/plan.ts';
import { OneOffRow, RowActions, StreamRow, Total } from './plan-rows.tsx';
import { PlanHeading } from './plan-skeleton.tsx';

const isoDay = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export function MoneyPlan({ profileId, canEdit }: { profileId: string; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const streams = useQuery(streamsQueryOptions(profileId));
  const items = useQuery(planSeriesItemsQueryOptions(profileId));
  const oneOffs = useQuery(planOneOffItemsQueryOptions(profileId));
  const accounts = useQuery(accountsQueryOptions(profileId));
  const accountName = (id: string | null) => {
    if (!id) return 'Any account';
    const a = accounts.data?.find((x) => x.id === id);
    return a ? nameWithMask(a) : 'Account';
  };
  const refreshAll = () =>
    Promise.all(planWriteAreas.map((area) => queryClient.invalidateQueries({ queryKey: [area, profileId] })));

  // 'Refresh forecast': a job; spec §8's balance-forecast toasts say when it starts and how it ended.
  const forecastToast = useRef<string | number | undefined>(undefined);
  const refreshForecast = useJobRunner(profileId, {
    start: () => {
      forecastToast.current = toast.loading(balanceForecastToasts.updating);
      return startForecastJob(profileId);
    },
    onSucceeded: async (job) => {
      const accounts = Number(job.result?.accounts ?? 0);
      toast.success(
        accounts > 1 ? balanceForecastToasts.updatedMany(accounts) : balanceForecastToasts.updated,
        { id: forecastToast.current },
      );
      await refreshAll();
    },
    onFailed: () => {
      toast.error(balanceForecastToasts.failed, { id: forecastToast.current });
    },
    onStartFailed: () => {
      toast.error(balanceForecastToasts.failed, { id: forecastToast.current });
    },
  });

  // 'Generate my plan': a job; its steps show under the header while it runs, and the plan and its
  // forecast are both stored when it ends, so one refresh shows both.
  const generate = useJobRunner(profileId, {
    start: () => startPlanJob(profileId),
    onSucceeded: async (job) => {
      trackSignedInEngagement({ type: 'money_plan_generated' });
      await refreshAll();
      const created = Number(job.result?.created ?? 0);
      const updated = Number(job.result?.updated ?? 0);
      toast.success(
        created + updated > 0
          ? `Your money plan is ready: ${created} planned items added`
          : 'Your money plan is up to date',
      );
    },
    onStartFailed: (error) => {
      toast.error(moneyPlanErrorMessage(error));
    },
  });
  // A plan job already under way on this profile (another tab, another member): show it too.
  const recent = useQuery({ ...recentJobsQueryOptions(profileId), enabled: canEdit });
  const followGenerate = generate.follow;
  const following = generate.job !== null || generate.isRunning;
  useEffect(() => {
    if (following) return;
    const running = recent.data?.find(
      (j) => j.kind === 'plan' && (j.status === 'queued' || j.status === 'running'),
    );
    if (running) followGenerate(running);
  }, [recent.data, following, followGenerate]);

  /** The series' item to act on: its next open occurrence (or, to restore, a deleted one). */
  const seriesItem = (seriesId: string, deleted: boolean): PlanItem | undefined => {
    const today = isoDay();
    return (items.data ?? []).find(
      (i) =>
        i.series_id === seriesId &&
        Boolean(i.is_user_deleted) === deleted &&
        !i.is_reconciled &&
        i.due_date >= today,
    );
  };

  const restore = useMutation({
    mutationFn: (itemId: string) =>
      updatePlanItem(profileId, itemId, { is_user_deleted: false, scope: 'series' }),
    onSuccess: async () => {
      toast.success('Restored to your plan');
      await refreshAll();
    },
    onError: (error) => {
      toast.error(moneyPlanErrorMessage(error));
    },
  });

  const remove = useMutation({
    mutationFn: (itemId: string) => deletePlanItem(profileId, itemId, 'series'),
    onSuccess: async (item) => {
      toast.success('Removed from your plan', {
        action: { label: 'Undo', onClick: () => restore.mutate(item.id) },
      });
      await refreshAll();
    },
    onError: (error) => {
      toast.error(moneyPlanErrorMessage(error));
    },
  });

  // A series is edited from its next open occurrence on; a one-off on its own.
  const [editing, setEditing] = useState<{ name: string; item: PlanItem; scope: 'this' | 'series' } | null>(
    null,
  );
  const undoEdit = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: PlanItemPatch }) => updatePlanItem(profileId, id, patch),
    onSuccess: async () => {
      toast.success('Change undone');
      await refreshAll();
    },
    onError: (error) => {
      toast.error(moneyPlanErrorMessage(error));
    },
  });
  const saveEdit = useMutation({
    mutationFn: ({ before, patch }: { before: PlanItem; patch: PlanItemPatch }) =>
      editPlanItem(profileId, before.id, patch),
    onSuccess: async ({ replacedItemId }, { before, patch }) => {
      const undo = undoOfEdit(before, patch, replacedItemId);
      toast.success('Your plan was updated', {
        action: { label: 'Undo', onClick: () => undoEdit.mutate(undo) },
      });
      setEditing(null);
      await refreshAll();
    },
    onError: (error) => {
      toast.error(moneyPlanErrorMessage(error));
    },
  });

  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  // The dialog unmounts on close, so focus is handed back to the button that opened it.
  const closeAdd = () => {
    setAdding(false);
    requestAnimationFrame(() => addButton.current?.focus());
  };
  const { create, remove: removeItem } = usePlanItemMutations(profileId);

  const addDialog = adding ? (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : closeAdd())}
      title="Add planned item"
      description="A one-off or repeating income or expense. It counts in your forecast from its date."
      className="max-w-lg"
    >
      <PlannedItemForm
        date={isoDay()}
        accounts={accounts.data ?? []}
        isPending={create.isPending}
        onCancel={closeAdd}
        onSubmit={(value) => create.mutate(value, { onSuccess: closeAdd })}
      />
    </Dialog>
  ) : null;

  const header = (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <PlanHeading />
      <div className="flex flex-wrap gap-2">
        <ForecastSettingsButton profileId={profileId} />
        <Button variant="secondary" onClick={refreshForecast.start} isPending={refreshForecast.isRunning}>
          Refresh forecast
        </Button>
        {canEdit ? (
          <>
            <Button ref={addButton} variant="secondary" onClick={() => setAdding(true)}>
              <Plus aria-hidden="true" className="size-4" />
              Add planned item
            </Button>
            <Button onClick={generate.start} isPending={generate.isRunning}>
              Generate my plan
            </Button>
          </>
        ) : null}
      </div>
      {generate.job && generate.job.status !== 'succeeded' ? (
        <div className="w-full">
          <JobStatus
            job={generate.job}
            title="Your money plan was not built"
            onRetry={canEdit ? generate.retry : undefined}
            isRetrying={generate.isRetrying}
          />
        </div>
      ) : null}
      {canEdit && accounts.data?.some(isSyncing) ? (
        <p role="status" className="w-full text-sm text-slate-600">
          Your transaction history is still loading. The plan is found in it, so generate it when the sync is
          done for the fullest picture.
        </p>
      ) : null}
    </div>
  );

  if (streams.isPending)
    return (
      <div className="space-y-5">
        {header}
        {addDialog}
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  if (streams.isError)
    return (
      <div className="space-y-5">
        {header}
        {addDialog}
        <QueryError
          error={streams.error}
          title="Your money plan could not load"
          onRetry={() => void streams.refetch()}
        />
      </div>
    );

  const all = streams.data.streams;
  const totals = all.length > 0 ? streams.data.summary : monthlyTotals(all);
  const groups = groupStreams(all);
  const removed = all.filter((s) => s.is_suppressed);
  const singles = oneOffRows(oneOffs.data ?? []);
  const oneOffSection =
    all.length > 0 || singles.length > 0 ? (
      <section aria-labelledby="plan-one-off" className="space-y-2">
        <h2 id="plan-one-off" className="text-lg font-semibold text-slate-900">
          One-off items
        </h2>
        {oneOffs.isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : oneOffs.isError ? (
          <QueryError
            error={oneOffs.error}
            title="Your one-off items could not load"
            onRetry={() => void oneOffs.refetch()}
          />
        ) : singles.length === 0 ? (
          <p className="text-sm text-slate-500">
            {canEdit ? "None planned. Add one with 'Add planned item'." : 'None planned.'}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {singles.map((item) => (
              <OneOffRow
                key={item.id}
                item={item}
                account={accountName(item.account_id)}
                actions={
                  canEdit && !item.is_reconciled ? (
                    <RowActions
                      name={item.description}
                      onEdit={() => setEditing({ name: item.description, item, scope: 'this' })}
                      deleting={removeItem.isPending && removeItem.variables === item.id}
                      onDelete={() => removeItem.mutate(item.id)}
                    />
                  ) : null
                }
              />
            ))}
          </ul>
        )}
      </section>
    ) : null;

  return (
    <div className="space-y-6">
      {header}
      {addDialog}
      {!canEdit ? (
        <p className="text-sm text-slate-600">You can view this profile's plan but not change it.</p>
      ) : null}
      {all.length === 0 ? (
        <>
          <EmptyState icon={CalendarClock} title="No money plan yet">
            {canEdit
              ? "Choose 'Generate my plan' and we'll find your paychecks, bills and subscriptions in your transactions."
              : 'The owner or an editor of this profile can generate its plan.'}
          </EmptyState>
          {oneOffSection}
        </>
      ) : (
        <>
          <Card className="p-4">
            <h2 className="text-lg font-semibold text-slate-900">Each month</h2>
            <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <Total label="Income" value={totals.income} />
              <Total label="Bills" value={totals.bills} />
              <Total label="Subscriptions" value={totals.subscriptions} />
              <Total label="Left after bills" value={totals.left_after_bills} strong />
            </dl>
            {totals.transfers_in + totals.transfers_out > 0 ? (
              <p className="mt-2 text-xs text-slate-500">
                Transfers between your own accounts: {formatUsd(Math.round(totals.transfers_in))} in,{' '}
                {formatUsd(Math.round(totals.transfers_out))} out a month (not counted above).
              </p>
            ) : null}
          </Card>
          {kindOrder.map((kind) => (
            <section key={kind} aria-labelledby={`plan-${kind}`} className="space-y-2">
              <h2 id={`plan-${kind}`} className="text-lg font-semibold text-slate-900">
                {kindTitles[kind]}
              </h2>
              {groups[kind].length === 0 ? (
                <p className="text-sm text-slate-500">None found.</p>
              ) : (
                <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
                  {groups[kind].map((stream) => {
                    const item = seriesItem(stream.series_id, false);
                    return (
                      <StreamRow
                        key={stream.series_id}
                        stream={stream}
                        account={accountName(stream.account_id)}
                        actions={
                          canEdit && item ? (
                            <RowActions
                              name={stream.description}
                              onEdit={() => setEditing({ name: stream.description, item, scope: 'series' })}
                              deleting={remove.isPending && remove.variables === item.id}
                              onDelete={() => remove.mutate(item.id)}
                            />
                          ) : null
                        }
                      />
                    );
                  })}
                </ul>
              )}
            </section>
          ))}
          {oneOffSection}
          {removed.length > 0 ? (
            <section aria-labelledby="plan-removed" className="space-y-2">
              <h2 id="plan-removed" className="text-lg font-semibold text-slate-900">
                Removed from your plan
              </h2>
              <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
                {removed.map((stream) => {
                  const item = seriesItem(stream.series_id, true);
                  return (
                    <li
                      key={stream.series_id}
                      className="flex items-center justify-between gap-3 p-3 text-sm"
                    >
                      <span className="text-slate-600 line-through">{stream.description}</span>
                      {canEdit && item ? (
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => restore.mutate(item.id)}
                          isPending={restore.isPending}
                        >
                          <RotateCcw aria-hidden="true" className="size-4" />
                          Restore
                        </Button>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </section>
          ) : null}
        </>
      )}
      {editing ? (
        <Dialog
          open
          onOpenChange={(open) => (open ? undefined : setEditing(null))}
          title={`Edit ${editing.name}`}
          description={
            editing.scope === 'series'
              ? `Next on ${friendlyDate(editing.item.due_date)}. Changes apply to it and all later ones unless you choose just this one.`
              : `On ${friendlyDate(editing.item.due_date)}.`
          }
        >
          <PlannedItemForm
            date={editing.item.due_date}
            accounts={accounts.data ?? []}
            item={editing.item}
            defaultScope={editing.scope}
            isPending={saveEdit.isPending}
            onCancel={() => setEditing(null)}
            onSubmit={() => undefined}
            onSave={(patch) => saveEdit.mutate({ before: editing.item, patch })}
          />
        </Dialog>
      ) : null}
    </div>
  );
}
