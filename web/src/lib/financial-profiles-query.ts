// The financial-profile list's query (spec §4 Profile loading) as the active-profile provider runs it,
// without the calls' code: the calls and the schema that checks their answers (financial-profiles-api.ts)
// load with the first read, so a signed-out start (/login) does not download them, nor zod. They are
// built into the signed-in frame's chunk (web/vite.config.ts, `frame`), which a signed-in start preloads.
import { queryOptions } from '@tanstack/react-query';
import type { FinancialProfile } from './financial-profiles-api.ts';
import { FINANCIAL_PROFILES_KEY } from './react-query.ts';

export { FINANCIAL_PROFILES_KEY };
import type * as ProfileCallsModule from './financial-profiles-api.ts';

type ProfileCalls = Pick<typeof ProfileCallsModule, 'listFinancialProfiles' | 'ensureDefaultProfile'>;

/** The calls, loaded once: they come with the signed-in logic, which a signed-in start preloads. */
let calls: Promise<ProfileCalls> | null = null;
export function preloadProfileCalls(): Promise<ProfileCalls> {
  calls ??= import('./financial-profiles-api.ts').catch((error: unknown) => {
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
