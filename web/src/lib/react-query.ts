// TanStack Query defaults from spec §9: data fresh for 15 min, kept 30 min; a query retries once after
// min(2 s x 2^n, 30 s), a mutation once after 1 s. Errors a retry cannot fix (spec §8 "not retryable":
// an expired session, missing data, a new deployment, a rejected request) are not retried.
import {
  QueryClient,
  type DefaultOptions,
  type FetchQueryOptions,
  type QueryKey,
} from '@tanstack/react-query';
import { classifyError } from './classify-error.ts';
import {
  MUTATION_RETRIES,
  MUTATION_RETRY_DELAY_MS,
  QUERY_GC_TIME_MS,
  QUERY_RETRIES,
  QUERY_RETRY_BASE_MS,
  QUERY_RETRY_MAX_MS,
  QUERY_STALE_TIME_MS,
} from './constants.ts';

/** spec §9: min(2 s x 2^n, 30 s), n = failures so far (0 for the first retry). */
export function queryRetryDelay(failureCount: number): number {
  return Math.min(QUERY_RETRY_BASE_MS * 2 ** failureCount, QUERY_RETRY_MAX_MS);
}

/** Retries up to `limit` times, and only errors the spec §8 classifier calls retryable. */
export function shouldRetry(limit: number) {
  return (failureCount: number, error: unknown): boolean =>
    failureCount < limit && classifyError(error).retryable;
}

export const queryConfig = {
  queries: {
    staleTime: QUERY_STALE_TIME_MS,
    gcTime: QUERY_GC_TIME_MS,
    retry: shouldRetry(QUERY_RETRIES),
    retryDelay: queryRetryDelay,
  },
  mutations: {
    retry: shouldRetry(MUTATION_RETRIES),
    retryDelay: MUTATION_RETRY_DELAY_MS,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}

/**
 * Starts a screen's query from its route loader without blocking or failing the navigation. TanStack's
 * prefetch does not retry by default; this one keeps the query retry policy, so a prefetch the screen
 * then attaches to is the same single attempt-plus-retry as a fetch the screen starts itself.
 */
export function prefetchForRoute<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): void {
  void queryClient.prefetchQuery({ retry: queryConfig.queries.retry, ...options });
}

/**
 * Reads a query before the first render of a signed-in start (lib/signed-in-start.ts): into the cache,
 * once, without retries (a failure is the screen's to ask again when it mounts, and a failing API does
 * not hold the start). Its data, or undefined when it failed.
 */
export function fetchForStart<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): Promise<TData | undefined> {
  return queryClient.fetchQuery({ ...options, retry: false }).catch(() => undefined);
}

/** spec §3 cache areas: the first element of every query key, so an area can be invalidated whole. */
/**
 * Root of every financial-profile query key. Not a spec §3 cache area: the list of profiles is the
 * user's, not the active profile's, so a profile switch leaves it alone.
 */
export const FINANCIAL_PROFILES_KEY = 'financial-profiles';

export const cacheAreas = {
  transactions: 'transactions',
  transactionsCalendar: 'transactions-calendar',
  transactionsOptimized: 'transactions-optimized',
  accounts: 'accounts',
  accountBalances: 'account-balances',
  runningBalances: 'running-balances',
  moneyPlan: 'money-plan',
  moneyPlanTransactions: 'money-plan-transactions',
  moneyPlanCategories: 'money-plan-categories',
  taxonomy: 'taxonomy',
  categoryMapping: 'category-mapping',
  syncStatus: 'sync-status',
  reconciliation: 'reconciliation',
  userProfile: 'user-profile',
  notificationPreferences: 'notification-preferences',
  pageData: 'page-data',
} as const;
