// A plan change pushed by someone else shows on an open Money Calendar at once (docs/realtime.md): the month's read waits for the forecast rebuild the change set off, so on
// PlanChanged the planned items of each month on screen are read on their own (GET /money-plan/items,
// no forecast involved) and put into that month; its balances and totals follow when the month is read
// again, on the ForecastUpdated the rebuild sends.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { RealtimePush } from '@events/realtime.ts';
import { listPlanItems, planItemSchema, type PlanItem } from './money-plan-api.ts';
import { cacheAreas } from './react-query.ts';

/**
 * The part of a cached calendar month (POST get-money-plan-calendar) this touches. Anything else in a
 * cached month is left alone; a month of another shape is not patched (its refetch still comes).
 */
// Built when a push first comes (z.lazy), not with the first screen.
const calendarMonthSchema = z.lazy(() =>
  z.looseObject({
    month: z.string().check(z.regex(/^\d{4}-\d{2}$/)),
    accounts: z.array(z.looseObject({ id: z.string(), in_view: z.boolean() })),
    days: z.array(z.looseObject({ date: z.string(), planned: z.array(planItemSchema) })),
  }),
);
type CalendarMonth = z.infer<typeof calendarMonthSchema>;

/** The profiles whose plan a batch of pushes says changed. */
export function planChangedProfiles(pushes: readonly RealtimePush[]): string[] {
  return [...new Set(pushes.flatMap((p) => (p.event === 'PlanChanged' && p.profileId ? [p.profileId] : [])))];
}

const lastDayOf = (month: string) => {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, m ?? 1, 0)).toISOString().slice(0, 10);
};

/**
 * The month with each day's planned items replaced by `items` of that day that count in the month's
 * view, as the server's calendar picks them: not deleted, and for every account (null) or one in view.
 */
export function withPlannedItems(month: CalendarMonth, items: readonly PlanItem[]): CalendarMonth {
  const inView = new Set(month.accounts.filter((a) => a.in_view).map((a) => a.id));
  const byDate = new Map<string, PlanItem[]>();
  for (const item of items) {
    if (item.is_user_deleted || (item.account_id !== null && !inView.has(item.account_id))) continue;
    byDate.set(item.due_date, [...(byDate.get(item.due_date) ?? []), item]);
  }
  return { ...month, days: month.days.map((day) => ({ ...day, planned: byDate.get(day.date) ?? [] })) };
}

type ListItems = typeof listPlanItems;

/**
 * Puts the current planned items into every calendar month of the profile on screen. A month whose
 * query got new data meanwhile (its own refetch landed first) is left as that refetch made it.
 */
export async function showPlannedItemsNow(
  queryClient: QueryClient,
  profileId: string,
  list: ListItems = listPlanItems,
): Promise<void> {
  // Months on screen only: one not shown is read afresh when it is, after the rebuild's invalidation.
  const cached = queryClient
    .getQueryCache()
    .findAll({ queryKey: [cacheAreas.transactionsCalendar, profileId], type: 'active' })
    .flatMap((query) => {
      const parsed = calendarMonthSchema.safeParse(query.state.data);
      return parsed.success
        ? [{ key: query.queryKey, month: parsed.data.month, updatedAt: query.state.dataUpdatedAt }]
        : [];
    });
  if (cached.length === 0) return;
  // One read for every month on screen (a calendar may keep more than one mounted).
  const months = cached.map((c) => c.month).sort();
  let items: PlanItem[];
  try {
    items = await list(profileId, { from: `${months[0]}-01`, to: lastDayOf(months.at(-1) ?? '') });
  } catch {
    // Each month's own refetch (on the ForecastUpdated the rebuild sends) still brings the change.
    return;
  }
  for (const { key, month, updatedAt } of cached) {
    if ((queryClient.getQueryState(key)?.dataUpdatedAt ?? 0) !== updatedAt) continue;
    patch(
      queryClient,
      key,
      items.filter((i) => i.due_date.startsWith(`${month}-`)),
    );
  }
}

function patch(queryClient: QueryClient, key: QueryKey, items: readonly PlanItem[]) {
  queryClient.setQueryData(key, (current: unknown) => {
    const parsed = calendarMonthSchema.safeParse(current);
    // The schema is loose: every field it does not name stays as cached; only `days[].planned` changes.
    return parsed.success ? withPlannedItems(parsed.data, items) : current;
  });
}
