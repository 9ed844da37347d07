// What each realtime push makes stale (docs/realtime.md): exactly the query caches that show the data
// the event changed, for the profile it names; and what a catch-up after a reconnect refetches.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { RealtimeEvent, RealtimePush } from '@events/realtime.ts';
import { cacheAreas, FINANCIAL_PROFILES_KEY } from './react-query.ts';

/** Query-key roots outside spec §3's cache areas that pushes also reach. */
export const NOTICES_KEY = 'notices';
export const SUBSCRIPTION_KEY = 'subscription';

type Area = (typeof cacheAreas)[keyof typeof cacheAreas];

/** Per event: the profile-scoped cache areas (keys `[area, profileId, …]`) it makes stale. */
export const areasByEvent: Record<RealtimeEvent, readonly Area[]> = {
  // Another member linked a bank: its accounts and their history arrive.
  AccountLinked: [
    cacheAreas.accounts,
    cacheAreas.accountBalances,
    cacheAreas.transactions,
    cacheAreas.transactionsCalendar,
    cacheAreas.transactionsOptimized,
    cacheAreas.syncStatus,
  ],
  // A sync finished: balances, transactions, and the plan items they reconciled.
  TransactionsChanged: [
    cacheAreas.accounts,
    cacheAreas.accountBalances,
    cacheAreas.transactions,
    cacheAreas.transactionsCalendar,
    cacheAreas.transactionsOptimized,
    cacheAreas.syncStatus,
    cacheAreas.reconciliation,
    cacheAreas.moneyPlanTransactions,
  ],
  // Someone changed the plan: the Money Plan and its items. Not the calendar: its read waits for the
  // forecast rebuild the change set off, so an open month gets the new items at once from
  // realtime-plan-items.ts, and is read again (balances and all) on the ForecastUpdated that follows.
  PlanChanged: [cacheAreas.moneyPlan, cacheAreas.moneyPlanTransactions],
  // The forecast was rebuilt: balances ahead, shown by the calendar and the running-balance views.
  ForecastUpdated: [cacheAreas.runningBalances, cacheAreas.transactionsCalendar],
  // A bank needs a new sign-in: the accounts screen and the linked banks show it.
  ItemLoginRequired: [cacheAreas.accounts, cacheAreas.syncStatus],
  SubscriptionChanged: [],
  NoticePublished: [],
  // Access to the profile ended: its cached data is dropped, not refetched (realtime-access-ended.ts);
  // only the list of profiles is read again (keysToInvalidate).
  MemberRemoved: [],
  // A job's step goes into its own query (jobs-api.ts applyJobPushes); what it changed comes in its own
  // pushes (PlanChanged, ForecastUpdated, TransactionsChanged).
  JobProgress: [],
};

/** The exact query keys (prefixes) a batch of pushes invalidates, each once. */
export function keysToInvalidate(pushes: readonly RealtimePush[]): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  const add = (key: QueryKey) => keys.set(JSON.stringify(key), key);
  for (const push of pushes) {
    if (push.event === 'NoticePublished') add([NOTICES_KEY]);
    else if (push.event === 'MemberRemoved') add([FINANCIAL_PROFILES_KEY]);
    else if (push.event === 'SubscriptionChanged') add([SUBSCRIPTION_KEY]);
    else if (push.profileId) for (const area of areasByEvent[push.event]) add([area, push.profileId]);
  }
  return [...keys.values()];
}

/** After a reconnect: everything of the active profile, the notices and the subscription status. */
export function catchUpKeys(profileId: string | null): QueryKey[] {
  const areas = Object.values(cacheAreas).filter(
    (area) => area !== cacheAreas.taxonomy && area !== cacheAreas.userProfile,
  );
  return [...(profileId ? areas.map((area) => [area, profileId]) : []), [NOTICES_KEY], [SUBSCRIPTION_KEY]];
}

export async function invalidate(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
