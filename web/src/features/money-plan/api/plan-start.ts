// /plan's first queries on a signed-in start (lib/signed-in-start.ts): the streams, the series' planned
// items, the one-off items and the accounts, with the screen's own query options, so its first render
// reads them from the cache.
import type { ScreenStartContext } from '../../../lib/signed-in-start.ts';
import type { QueryClient } from '@tanstack/react-query';
import { accountsQueryOptions } from '../../../lib/accounts-api.ts';
import {
  planOneOffItemsQueryOptions,
  planSeriesItemsQueryOptions,
  streamsQueryOptions,
} from '../../../lib/money-plan-api.ts';
import { fetchForStart } from '../../../lib/react-query.ts';

export async function startPlanQueries(
  queryClient: QueryClient,
  { profileId }: Pick<ScreenStartContext, 'profileId'>,
): Promise<void> {
  await Promise.all([
    fetchForStart(queryClient, streamsQueryOptions(profileId)),
    fetchForStart(queryClient, planSeriesItemsQueryOptions(profileId)),
    fetchForStart(queryClient, planOneOffItemsQueryOptions(profileId)),
    fetchForStart(queryClient, accountsQueryOptions(profileId)),
  ]);
}
