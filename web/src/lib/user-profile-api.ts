// GET /profiles/me: the signed-in user's profiles record (spec §3), cached as 'user-profile'.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { cacheAreas } from '../../../lib/react-query.ts';

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullish(),
  is_admin: z.boolean().default(false),
  onboarding_completed: z.boolean().default(false),
});
export type Profile = z.infer<typeof profileSchema>;

export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  return profileSchema.parse(await api.get<unknown>('/profiles/me', { signal }));
}

export const profileQueryKey = [cacheAreas.userProfile] as const;

export const getProfileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });

export function useProfile() {
  return useQuery(getProfileQueryOptions());
}
