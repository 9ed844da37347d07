// Invitation calls shared by the /invite/accept screen and the sign-in step that accepts a pending
// invitation (spec §4 Auth events, Invitation; §7 get_invitation_by_token, repair_invitation_consistency).
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from './api-client.ts';

export const invitedRoleSchema = z.enum(['viewer', 'editor']);
export type InvitedRole = z.infer<typeof invitedRoleSchema>;

export const invitationDetailsSchema = z.object({
  id: z.string(),
  invited_email: z.string(),
  profile_id: z.string(),
  role: invitedRoleSchema,
  profile_name: z.nullish(z.string()),
  inviter_name: z.nullish(z.string()),
  expires_at: z.string(),
});
export type InvitationDetails = z.infer<typeof invitationDetailsSchema>;

export const acceptedInvitationSchema = z.object({
  profile_id: z.string(),
  role: invitedRoleSchema,
  accepted_at: z.string(),
});
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;

/** GET /invitations/{token}: public, so a signed-out invitee sees who invited them and to what. */
export async function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationDetails> {
  return invitationDetailsSchema.parse(
    await api.get<unknown>(`/invitations/${encodeURIComponent(token)}`, { signal, auth: false }),
  );
}

/** Not a spec §3 cache area: it is nobody's data until accepted. */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['invitation', token] as const,
    queryFn: ({ signal }) => getInvitation(token, signal),
    // An invitation changes state when it is used, cancelled or expires: never show a stale answer.
    staleTime: 0,
  });

/** POST /invitations/{token}/accept with the e-mail the invitation must match (spec §5). */
export async function acceptInvitation(token: string, email: string | null): Promise<AcceptedInvitation> {
  return acceptedInvitationSchema.parse(
    await api.post<unknown>(`/invitations/${encodeURIComponent(token)}/accept`, email ? { email } : {}),
  );
}

/** POST /invitations/repair: spec's repair_invitation_consistency, run when accepting failed. */
export async function repairInvitations(): Promise<void> {
  await api.post<unknown>('/invitations/repair', {});
}
