// A profile's invitations, for its owner: the pending ones (GET), inviting an e-mail as viewer or
// editor (POST, which e-mails the link), and cancelling (DELETE). The server keeps only a hash of each
// link's token, so a link can be shown again only in the tab that created it (kept here, in memory);
// otherwise inviting the same address again sends a fresh link and retires the old one.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client.ts';
import { FINANCIAL_PROFILES_KEY } from '../../../lib/financial-profiles-query.ts';
import { invitedRoleSchema } from '../../../lib/invitations-api.ts';

export const invitationSchema = z.object({
  id: z.string(),
  invited_email: z.string(),
  role: invitedRoleSchema,
  status: z.string(),
  expires_at: z.string(),
  created_at: z.nullish(z.string()),
  invite_url: z.nullish(z.string()),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const inviteInputSchema = z.object({
  email: z.pipe(
    z.pipe(
      z.string().check(z.trim(), z.minLength(1, 'Please enter an email address')),
      z.email('Please enter a valid email address'),
    ),
    z.transform((email: string) => email.toLowerCase()),
  ),
  role: invitedRoleSchema,
});
export type InviteInput = z.infer<typeof inviteInputSchema>;
export type InviteFormValues = z.input<typeof inviteInputSchema>;

/** Links created in this tab, by invitation id. */
const knownLinks = new Map<string, string>();

const base = (profileId: string) => `/financial-profiles/${encodeURIComponent(profileId)}/invitations`;

export const invitationsQueryKey = (profileId: string) =>
  [FINANCIAL_PROFILES_KEY, profileId, 'invitations'] as const;

export const getInvitations = async (profileId: string, signal?: AbortSignal): Promise<Invitation[]> =>
  z
    .array(invitationSchema)
    .parse(await api.get<unknown>(base(profileId), { signal }))
    .map((invitation) => ({ ...invitation, invite_url: knownLinks.get(invitation.id) ?? null }));

export function usePendingInvitations(profileId: string) {
  return useQuery(
    queryOptions({
      queryKey: invitationsQueryKey(profileId),
      queryFn: ({ signal }) => getInvitations(profileId, signal),
    }),
  );
}

export const createInvitation = async ({ profileId, ...input }: InviteInput & { profileId: string }) => {
  const invitation = invitationSchema.parse(await api.post<unknown>(base(profileId), input));
  if (invitation.invite_url) knownLinks.set(invitation.id, invitation.invite_url);
  return invitation;
};

export const cancelInvitation = async ({
  profileId,
  invitationId,
}: {
  profileId: string;
  invitationId: string;
}) => {
  await api.delete<void>(`${base(profileId)}/${encodeURIComponent(invitationId)}`);
  knownLinks.delete(invitationId);
};

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    // Not retried: each attempt e-mails a new link and retires the previous one.
    retry: false,
    onSuccess: (_invitation, { profileId }) =>
      queryClient.invalidateQueries({ queryKey: invitationsQueryKey(profileId) }),
  });
}

export function useCancelInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelInvitation,
    onSuccess: (_result, { profileId }) =>
      queryClient.invalidateQueries({ queryKey: invitationsQueryKey(profileId) }),
  });
}
