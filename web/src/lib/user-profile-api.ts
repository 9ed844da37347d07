// GET /profiles/me: the signed-in user's profiles record (spec §3), cached as 'user-profile'. Shared:
// settings, the home logic, the header's avatar and admin links, and the personalize dialog read it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from './api-client.ts';
import { cacheAreas } from './react-query.ts';

// Built at the first read (z.lazy), not with the frame's code: constructing zod schemas at module
// evaluation made one long task of a cold start (docs/web.md).
export const profileSchema = z.lazy(() =>
  z.object({
    id: z.string(),
    email: z.string(),
    full_name: z.nullish(z.string()),
    is_admin: z._default(z.boolean(), false),
    onboarding_completed: z._default(z.boolean(), false),
    avatar_type: z.nullish(z.enum(['anonymous', 'initials', 'personality', 'photo', 'icon'])),
    avatar_url: z.nullish(z.string()),
    avatar_personality: z.nullish(z.enum(['saver', 'investor', 'goal_crusher', 'debt_crusher', 'balanced'])),
    avatar_color: z.nullish(z.string()),
    custom_initials: z.nullish(z.string()),
    // spec §3: privacy_mode is true when unset.
    privacy_mode: z.pipe(
      z.nullish(z.boolean()),
      z.transform((value: boolean | null | undefined) => value ?? true),
    ),
  }),
);
export type Profile = z.infer<typeof profileSchema>;

/** PATCH /profiles/me with any of the fields the app edits (functions/profiles/handler.ts). */
export async function patchProfile(input: Record<string, unknown>): Promise<Profile> {
  return profileSchema.parse(await api.patch<unknown>('/profiles/me', input));
}

export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  return profileSchema.parse(await api.get<unknown>('/profiles/me', { signal }));
}

export const profileQueryKey = [cacheAreas.userProfile] as const;

export const getProfileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });

export function useProfile() {
  return useQuery(getProfileQueryOptions());
}
