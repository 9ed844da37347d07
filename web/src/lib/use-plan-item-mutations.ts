// Add, edit and delete planned items and undo a reconciliation match (the Money Calendar and the Money Plan), with spec §8's friendly messages
// on failure, an undo on delete, and a refetch of everything a plan write changes. A save answers with the
// saved item before its forecast is rebuilt (docs/jobs.md): the item shows at once (the plan's lists and
// the months on screen), and the balances follow when the rebuild is in (ForecastUpdated).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from './toast.ts';
import {
  createPlanItem,
  deletePlanItem,
  moneyPlanErrorMessage,
  planWriteAreas,
  unreconcilePlanItem,
  updatePlanItem,
  type NewPlanItem,
  type PlanItemPatch,
} from './money-plan-api.ts';
import { cacheAreas } from './react-query.ts';
import { showPlannedItemsNow } from './realtime-plan-items.ts';

export function usePlanItemMutations(profileId: string) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    // Balances wait for the forecast rebuild the write set off: refetched, not waited for.
    for (const area of [cacheAreas.runningBalances, cacheAreas.transactionsCalendar])
      void queryClient.invalidateQueries({ queryKey: [area, profileId] });
    await Promise.all([
      showPlannedItemsNow(queryClient, profileId),
      ...planWriteAreas
        .filter((area) => area === cacheAreas.moneyPlan || area === cacheAreas.moneyPlanTransactions)
        .map((area) => queryClient.invalidateQueries({ queryKey: [area, profileId] })),
    ]);
  };
  const onError = (error: unknown) => {
    toast.error(moneyPlanErrorMessage(error));
  };

  const create = useMutation({
    mutationFn: (value: NewPlanItem) => createPlanItem(profileId, value),
    onSuccess: async () => {
      toast.success('Planned item added');
      await refresh();
    },
    onError,
  });

  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: PlanItemPatch }) => updatePlanItem(profileId, id, patch),
    onSuccess: async () => {
      toast.success('Planned item updated');
      await refresh();
    },
    onError,
  });

  const restore = useMutation({
    mutationFn: (id: string) => updatePlanItem(profileId, id, { is_user_deleted: false }),
    onSuccess: async () => {
      toast.success('Planned item restored');
      await refresh();
    },
    onError,
  });

  const remove = useMutation({
    mutationFn: (id: string) => deletePlanItem(profileId, id, 'this'),
    onSuccess: async (item) => {
      toast.success('Planned item deleted', {
        action: { label: 'Undo', onClick: () => restore.mutate(item.id) },
      });
      await refresh();
    },
    onError,
  });

  const unmatch = useMutation({
    mutationFn: (id: string) => unreconcilePlanItem(profileId, id),
    onSuccess: async () => {
      toast.success('Match undone: the planned item is back in your forecast');
      await refresh();
    },
    onError,
  });

  return { create, update, remove, restore, unmatch };
}
