// GET/PUT /money-plan/settings (docs/money-plan-api.md "Settings"): the signed-in member's own view of
// the active profile's forecast — the low-balance threshold (cents) that marks calendar days and whether
// balances include the everyday-spending allowance, and the view (cash, net worth, an account) the
// calendar opens on. Shared by /calendar and /plan.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from './toast.ts';
import * as z from 'zod/mini';
import { api } from './api-client.ts';
import { moneyPlanErrorMessage } from './money-plan-api.ts';
import { cacheAreas } from './react-query.ts';

// Built at the first read (z.lazy), not with the screen's code (docs/web.md).
export const viewSettingsSchema = z.lazy(() =>
  z.looseObject({
    low_balance_threshold: z.int(),
    include_allowance: z.boolean(),
    /** The view the calendar opens on: 'cash', 'net_worth' or an account id (older servers: none). */
    view: z.optional(z.string()),
    updated_at: z.nullable(z.string()),
  }),
);
export type ViewSettings = z.infer<typeof viewSettingsSchema>;
export type ViewSettingsPatch = Partial<
  Pick<ViewSettings, 'low_balance_threshold' | 'include_allowance' | 'view'>
>;

export const viewSettingsQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: [cacheAreas.moneyPlan, profileId, 'view-settings'] as const,
    queryFn: async ({ signal }) =>
      viewSettingsSchema.parse(await api.get<unknown>('/money-plan/settings', { profileId, signal })),
    staleTime: 300_000,
  });

/** Saves the settings, then refetches what they shape: the calendar and the forecast series. */
export function useSaveViewSettings(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (patch: ViewSettingsPatch) =>
      viewSettingsSchema.parse(await api.put<unknown>('/money-plan/settings', patch, { profileId })),
    onSuccess: async (saved) => {
      queryClient.setQueryData(viewSettingsQueryOptions(profileId).queryKey, saved);
      toast.success('Forecast settings saved');
      await Promise.all(
        [cacheAreas.transactionsCalendar, cacheAreas.runningBalances].map((area) =>
          queryClient.invalidateQueries({ queryKey: [area, profileId] }),
        ),
      );
    },
    onError: (error) => {
      toast.error(moneyPlanErrorMessage(error));
    },
  });
}

/**
 * Remembers the view a member picked on /calendar (per user per profile, on the server so
 * it follows them to another device). Quiet: the picker already shows the choice; a failure to
 * remember it costs nothing now, so it is not announced.
 */
export function useRememberView(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (view: string) =>
      viewSettingsSchema.parse(await api.put<unknown>('/money-plan/settings', { view }, { profileId })),
    onSuccess: (saved) => {
      queryClient.setQueryData(viewSettingsQueryOptions(profileId).queryKey, saved);
    },
  });
}
