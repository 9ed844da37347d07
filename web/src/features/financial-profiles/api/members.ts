// The people of a financial profile: GET /financial-profiles/{id}/members (any member may read), and
// DELETE …/members/{userId} (the owner removes someone, or a member leaves).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client.ts';
import { memberRoleSchema } from '../../../lib/financial-profiles-api.ts';
import { FINANCIAL_PROFILES_KEY } from '../../../lib/financial-profiles-query.ts';

export const memberSchema = z.object({
  user_id: z.string(),
  role: memberRoleSchema,
  email: z.nullish(z.string()),
  full_name: z.nullish(z.string()),
  created_at: z.nullish(z.string()),
});
export type Member = z.infer<typeof memberSchema>;

export const getMembers = async (profileId: string, signal?: AbortSignal) =>
  z
    .array(memberSchema)
    .parse(
      await api.get<unknown>(`/financial-profiles/${encodeURIComponent(profileId)}/members`, { signal }),
    );

export const membersQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: [FINANCIAL_PROFILES_KEY, profileId, 'members'] as const,
    queryFn: ({ signal }) => getMembers(profileId, signal),
  });

export function useMembers(profileId: string) {
  return useQuery(membersQueryOptions(profileId));
}

export interface RemoveMemberInput {
  profileId: string;
  userId: string;
  /** The caller leaving: their access ends, so only their list of profiles is refetched. */
  leaving?: boolean;
}

export const removeMember = async ({ profileId, userId }: RemoveMemberInput) => {
  await api.delete<void>(
    `/financial-profiles/${encodeURIComponent(profileId)}/members/${encodeURIComponent(userId)}`,
  );
};

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: async (_result, { profileId, leaving }) => {
      await queryClient.invalidateQueries({ queryKey: [FINANCIAL_PROFILES_KEY, 'list'] });
      if (!leaving) await queryClient.invalidateQueries({ queryKey: [FINANCIAL_PROFILES_KEY, profileId] });
    },
  });
}
