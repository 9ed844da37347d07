// /accounts' first query on a signed-in start (lib/signed-in-start.ts): the profile's accounts,
// with the screen's own query options, so its first render reads them from the cache.
import type { QueryClient } from '@tanstack/react-query';
import type { ScreenStartContext } from '../../../lib/signed-in-start.ts';
import { accountsQueryOptions } from '../../../lib/accounts-api.ts';
import { fetchForStart } from '../../../lib/react-query.ts';

export async function startAccountsQueries(
  queryClient: QueryClient,
  { profileId }: Pick<ScreenStartContext, 'profileId'>,
): Promise<void> {
  await fetchForStart(queryClient, accountsQueryOptions(profileId));
}
