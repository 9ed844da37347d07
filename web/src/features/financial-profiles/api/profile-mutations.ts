// Create, rename and archive a financial profile (spec §4 Profile loading, §7 data-store calls and
// archive-financial-profile). Each refreshes the profile list; the screen then resets the active
// profile as spec §4 says (a created profile becomes active; archiving the active one moves on).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client.ts';
import { financialProfileSchema } from '../../../lib/financial-profiles-api.ts';
import { FINANCIAL_PROFILES_KEY } from '../../../lib/financial-profiles-query.ts';
import { invokeFunction } from '../../../lib/invoke-function.ts';

/** The server's rule (functions/financial-profiles): 1 to 60 characters after trimming. */
export const PROFILE_NAME_MAX = 60;

export const profileNameInputSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Please enter a profile name'),
      z.maxLength(PROFILE_NAME_MAX, `Please use at most ${PROFILE_NAME_MAX} characters`),
    ),
});
export type ProfileNameInput = z.infer<typeof profileNameInputSchema>;

// financialProfileSchema is a zod/mini schema (it loads with every signed-in screen): mini's pick.
const renamedProfileSchema = z.lazy(() =>
  z.pick(financialProfileSchema._zod.innerType, { id: true, name: true }),
);

export const archiveResultSchema = z.object({
  archived: z.boolean(),
  profile_id: z.string(),
  next_active_profile_id: z.nullable(z.string()),
});
export type ArchiveResult = z.infer<typeof archiveResultSchema>;

export const createProfile = async (input: ProfileNameInput) =>
  financialProfileSchema.parse(await api.post<unknown>('/financial-profiles', input));

export const renameProfile = async ({ profileId, name }: ProfileNameInput & { profileId: string }) =>
  renamedProfileSchema.parse(
    await api.patch<unknown>(`/financial-profiles/${encodeURIComponent(profileId)}`, { name }),
  );

export const archiveProfile = async (profileId: string) =>
  archiveResultSchema.parse(await invokeFunction('archive-financial-profile', { profileId }));

/** After any change, the list (names, counts) and everything under it is refetched. */
function useRefreshProfiles() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [FINANCIAL_PROFILES_KEY] });
}

export function useCreateProfile() {
  const refresh = useRefreshProfiles();
  // Not retried: a retry after a lost answer would create a second profile.
  return useMutation({ mutationFn: createProfile, retry: false, onSuccess: refresh });
}

export function useRenameProfile() {
  const refresh = useRefreshProfiles();
  return useMutation({ mutationFn: renameProfile, onSuccess: refresh });
}

export function useArchiveProfile() {
  const refresh = useRefreshProfiles();
  return useMutation({ mutationFn: archiveProfile, onSuccess: refresh });
}
