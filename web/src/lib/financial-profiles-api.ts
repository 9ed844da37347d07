// The user's financial profiles as the active-profile state loads them (spec §4 Profile loading):
// GET /financial-profiles, and when it is empty, ensure-default-profile then the list again. Shared
// (not in a feature) because every profile-scoped feature reads the active profile.
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api-client.ts';
import { invokeFunction } from './invoke-function.ts';

export const memberRoleSchema = z.enum(['owner', 'editor', 'viewer']);

export const financialProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  owner_user_id: z.string(),
  is_default: z.boolean(),
  is_archived: z.boolean().default(false),
  created_at: z.string(),
  updated_at: z.string().nullish(),
  member_role: memberRoleSchema,
  member_count: z.number().int().min(1),
});
export type FinancialProfile = z.infer<typeof financialProfileSchema>;

const profileListSchema = z.array(financialProfileSchema);

/**
 * Root of every financial-profile query key. Not a spec §3 cache area: the list of profiles is the
 * user's, not the active profile's, so a profile switch leaves it alone.
 */
export const FINANCIAL_PROFILES_KEY = 'financial-profiles';

export async function listFinancialProfiles(signal?: AbortSignal): Promise<FinancialProfile[]> {
  return profileListSchema.parse(await api.get<unknown>('/financial-profiles', { signal }));
}

/** spec §7 ensure-default-profile: idempotent on the server, so a repeated call is harmless. */
export async function ensureDefaultProfile(signal?: AbortSignal): Promise<void> {
  await invokeFunction('ensure-default-profile', {}, { signal });
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
    queryFn: ({ signal }) =>
      loadFinancialProfiles({ list: listFinancialProfiles, ensureDefault: ensureDefaultProfile }, signal),
  });
