// The financial-profile list's query (spec §4 Profile loading) as the active-profile provider runs it,
// without the calls' code: the calls and the schema that checks their answers (financial-profiles-api.ts)
// load with the first read (through lib/signed-in-logic.ts), so a signed-out start (/login) does not
// download them, nor zod.
import { queryOptions } from '@tanstack/react-query';
import type { FinancialProfile } from './financial-profiles-api.ts';
import type * as ProfileCallsModule from './financial-profiles-api.ts';

type ProfileCalls = Pick<typeof ProfileCallsModule, 'listFinancialProfiles' | 'ensureDefaultProfile'>;

/**
 * Root of every financial-profile query key. Not a spec §3 cache area: the list of profiles is the
 * user's, not the active profile's, so a profile switch leaves it alone.
 */
export const FINANCIAL_PROFILES_KEY = 'financial-profiles';

/** The calls, loaded once: they come with the signed-in logic, which a signed-in start preloads. */
let calls: Promise<ProfileCalls> | null = null;
export function preloadProfileCalls(): Promise<ProfileCalls> {
  calls ??= import('./signed-in-logic.ts').catch((error: unknown) => {
    calls = null;
    throw error;
  });
  return calls;
}

/** spec §4: if the user has no profile at all, ask the server for the default one and list again. */
export async function loadFinancialProfiles(
  deps: {
    list: (signal?: AbortSignal) => Promise<FinancialProfile[]>;
    ensureDefault: (signal?: AbortSignal) => Promise<void>;
  },
  signal?: AbortSignal,
): Promise<FinancialProfile[]> {
  const first = await deps.list(signal);
  if (first.length > 0) return first;
  await deps.ensureDefault(signal);
  return deps.list(signal);
}

export const financialProfilesQueryKey = (userId: string) =>
  [FINANCIAL_PROFILES_KEY, 'list', userId] as const;

export const financialProfilesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: financialProfilesQueryKey(userId),
    queryFn: async ({ signal }) => {
      const { listFinancialProfiles, ensureDefaultProfile } = await preloadProfileCalls();
      return loadFinancialProfiles(
        { list: listFinancialProfiles, ensureDefault: ensureDefaultProfile },
        signal,
      );
    },
  });
