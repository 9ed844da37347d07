// Invitations to a financial profile (spec §5, §6): created by an owner for an e-mail and a role, a
// 7-day token looked up publicly, accepted by the invited address only, revoked, and repaired when an
// accept was cut short.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sameEmail } from '../../domain/access.ts';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../../domain/errors.ts';
import { requireProfileAccess, resolveRole } from './access.ts';
import type { Data } from './data/index.ts';
import type { MemberRole } from './data/entities/common.ts';
import type { Deps } from './deps.ts';
import type { Caller } from './caller.ts';
import { invitationEmail } from './invitation-email.ts';
import { logSecurityEvent } from './security-events.ts';

/** An invitation link stays valid this long. */
export const INVITATION_TTL_DAYS = 7;
export const invitationMessages = {
  notFound: 'This invitation link is invalid. Ask the profile owner to send a new one.',
  expired: 'This invitation has expired. Ask the profile owner to send a new one.',
  used: 'This invitation has already been used.',
  revoked: 'This invitation was cancelled by the profile owner.',
  wrongEmail:
    'This invitation was sent to a different email address. Sign in with that address to accept it.',
  ownProfile: 'You already own this financial profile.',
  profileGone: 'This financial profile is no longer available.',
} as const;

export class GoneError extends DomainError {
  readonly status = 410;
  readonly code = 'not_found' as const;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const publicInvitation = (i: {
  id: string;
  profile_id: string;
  invited_email: string;
  role: MemberRole;
  status: string;
  expires_at: string;
  created_at?: string;
  accepted_at?: string;
  accepted_by?: string;
}) => ({
  id: i.id,
  profile_id: i.profile_id,
  invited_email: i.invited_email,
  role: i.role,
  status: i.status,
  expires_at: i.expires_at,
  created_at: i.created_at ?? null,
  accepted_at: i.accepted_at ?? null,
  accepted_by: i.accepted_by ?? null,
});

export async function listInvitations(data: Data, caller: Caller, profileId: string) {
  await requireProfileAccess(data, caller, profileId, 'manage');
  const { data: invitations } = await data.profileInvitations.query
    .byProfile({ profile_id: profileId })
    .go({ pages: 'all' });
  return invitations
    .filter((i) => i.status === 'pending')
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .map(publicInvitation);
}

/**
 * The owner invites an e-mail as viewer or editor. A fresh, unguessable, single-use token is made for
 * each invitation (a repeated invitation to the same address replaces the pending one); only its hash
 * is stored, and the link goes out through the e-mail port.
 */
export async function createInvitation(
  data: Data,
  deps: Pick<Deps, 'email' | 'appUrl' | 'clock'>,
  caller: Caller,
  profileId: string,
  input: { email: string; role: MemberRole },
) {
  const { profile } = await requireProfileAccess(data, caller, profileId, 'manage');
  const email = input.email.trim().toLowerCase();
  if (sameEmail(email, caller.email)) {
    throw new ValidationError([
      { field: 'email', message: 'You own this profile already; invite someone else' },
    ]);
  }
  const { data: members } = await data.profileMembers.query
    .byProfile({ profile_id: profileId })
    .go({ pages: 'all' });
  if (members.some((m) => sameEmail(m.email, email))) {
    throw new ConflictError(`${email} is already a member of this financial profile`);
  }
  const { data: existing } = await data.profileInvitations.query
    .byProfile({ profile_id: profileId })
    .go({ pages: 'all' });
  await Promise.all(
    existing
      .filter((i) => i.status === 'pending' && sameEmail(i.invited_email, email))
      .map((i) =>
        data.profileInvitations.patch({ profile_id: profileId, id: i.id }).set({ status: 'revoked' }).go(),
      ),
  );

  const token = randomBytes(32).toString('base64url');
  const now = deps.clock();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000).toISOString();
  const { data: invitation } = await data.profileInvitations
    .create({
      id: randomUUID(),
      profile_id: profileId,
      profile_name: profile.name,
      invited_email: email,
      invited_by: caller.userId,
      inviter_name: caller.fullName ?? caller.email,
      role: input.role,
      token_hash: hashToken(token),
      expires_at: expiresAt,
    })
    .go();
  const inviteUrl = `${deps.appUrl}/invite/accept?token=${encodeURIComponent(token)}`;
  await deps.email.send(
    invitationEmail({
      to: email,
      inviterName: caller.fullName ?? caller.email,
      profileName: profile.name,
      role: input.role,
      inviteUrl,
      expiresAt,
    }),
  );
  await logSecurityEvent(data, caller.userId, 'invite_created', {
    profile_id: profileId,
    invitation_id: invitation.id,
    role: input.role,
  });
  return { ...publicInvitation(invitation), invite_url: inviteUrl };
}

export async function revokeInvitation(data: Data, caller: Caller, profileId: string, invitationId: string) {
  await requireProfileAccess(data, caller, profileId, 'manage');
  const { data: invitation } = await data.profileInvitations
    .get({ profile_id: profileId, id: invitationId })
    .go();
  if (!invitation) throw new NotFoundError('Invitation not found');
  if (invitation.status !== 'pending') throw new ConflictError('Only a pending invitation can be cancelled');
  await data.profileInvitations
    .patch({ profile_id: profileId, id: invitationId })
    .set({ status: 'revoked' })
    .go();
  await logSecurityEvent(data, caller.userId, 'invite_revoked', {
    profile_id: profileId,
    invitation_id: invitationId,
  });
}

export async function invitationByToken(data: Data, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new NotFoundError(invitationMessages.notFound);
  const { data: found } = await data.profileInvitations.query.byToken({ token_hash: hashToken(token) }).go();
  const invitation = found[0];
  if (!invitation) throw new NotFoundError(invitationMessages.notFound);
  return invitation;
}

export function assertUsable(invitation: { status: string; expires_at: string }, now: Date) {
  if (invitation.status === 'accepted') throw new ConflictError(invitationMessages.used);
  if (invitation.status === 'revoked') throw new GoneError(invitationMessages.revoked);
  if (invitation.expires_at <= now.toISOString()) throw new GoneError(invitationMessages.expired);
}

/** spec §7 get_invitation_by_token: what the invitee needs to see (and signup to lock the e-mail). */
export async function getInvitationByToken(data: Data, token: string, now: Date) {
  const invitation = await invitationByToken(data, token);
  assertUsable(invitation, now);
  const { data: profile } = await data.financialProfiles.get({ id: invitation.profile_id }).go();
  if (!profile || profile.is_archived) throw new GoneError(invitationMessages.profileGone);
  return {
    id: invitation.id,
    invited_email: invitation.invited_email,
    profile_id: invitation.profile_id,
    role: invitation.role,
    profile_name: invitation.profile_name ?? null,
    inviter_name: invitation.inviter_name ?? null,
    expires_at: invitation.expires_at,
  };
}

/**
 * spec §4/§5 acceptance, for the invited person only: the invited e-mail must equal,
 * case-insensitively, the signed-in caller's own address, which Cognito verified at sign-up. Spec §5's
 * "given e-mail" is still read, but only as a cross-check — it must be the caller's too — so holding the
 * link and knowing the invited address (the public lookup shows it to fill in sign-up) is not enough
 * (docs/access-control.md). The membership upsert and the invitation update commit in one transaction,
 * the latter conditional on the invitation still being pending, so a token is used once.
 */
export async function acceptInvitation(
  data: Data,
  caller: Caller,
  token: string,
  givenEmail: string | undefined,
  now: Date,
) {
  const invitation = await invitationByToken(data, token);
  assertUsable(invitation, now);
  if (
    !sameEmail(invitation.invited_email, caller.email) ||
    (givenEmail !== undefined && !sameEmail(givenEmail, caller.email))
  ) {
    throw new ForbiddenError(invitationMessages.wrongEmail);
  }
  const access = await resolveRole(data, caller.userId, invitation.profile_id);
  if (!access) throw new GoneError(invitationMessages.profileGone);
  if (access.role === 'owner') throw new ConflictError(invitationMessages.ownProfile);

  const acceptedAt = now.toISOString();
  const { data: profile } = await data.profiles.get({ id: caller.userId }).go();
  const result = await data.service.transaction
    .write(({ profileInvitations, profileMembers }) => [
      profileInvitations
        .patch({ profile_id: invitation.profile_id, id: invitation.id })
        .set({ status: 'accepted', accepted_at: acceptedAt, accepted_by: caller.userId })
        .where((attr, op) => `${op.eq(attr.status, 'pending')} AND ${op.gt(attr.expires_at, acceptedAt)}`)
        .commit(),
      profileMembers
        .put({
          profile_id: invitation.profile_id,
          user_id: caller.userId,
          role: invitation.role,
          email: caller.email,
          full_name: profile?.full_name ?? caller.fullName ?? undefined,
          invitation_id: invitation.id,
        })
        .commit(),
    ])
    .go();
  if (result.canceled) {
    // Someone used the token between our read and the write.
    throw new ConflictError(invitationMessages.used);
  }
  await logSecurityEvent(data, caller.userId, 'invite_accepted', {
    profile_id: invitation.profile_id,
    invitation_id: invitation.id,
  });
  await logSecurityEvent(data, caller.userId, 'member_added', {
    profile_id: invitation.profile_id,
    role: invitation.role,
  });
  return { profile_id: invitation.profile_id, role: invitation.role, accepted_at: acceptedAt };
}

/**
 * spec §7 repair_invitation_consistency, run when accepting failed: an accepted invitation of the
 * caller without its membership gets the membership; a membership whose invitation is still pending
 * gets the invitation marked accepted.
 */
export async function repairInvitations(data: Data, caller: Caller, now: Date) {
  const { data: memberships } = await data.profileMembers.query
    .byUser({ user_id: caller.userId })
    .go({ pages: 'all' });
  let repaired = 0;
  for (const membership of memberships) {
    if (!membership.invitation_id) continue;
    const { data: invitation } = await data.profileInvitations
      .get({ profile_id: membership.profile_id, id: membership.invitation_id })
      .go();
    if (invitation?.status === 'pending') {
      await data.profileInvitations
        .patch({ profile_id: invitation.profile_id, id: invitation.id })
        .set({ status: 'accepted', accepted_at: now.toISOString(), accepted_by: caller.userId })
        .go();
      repaired += 1;
    }
  }
  const { data: accepted } = await data.profileInvitations.query
    .byAcceptedBy({ accepted_by: caller.userId })
    .go({ pages: 'all', hydrate: true });
  for (const invitation of accepted) {
    if (invitation.status !== 'accepted') continue;
    if (memberships.some((m) => m.profile_id === invitation.profile_id)) continue;
    const access = await resolveRole(data, caller.userId, invitation.profile_id);
    if (!access || access.role !== 'none') continue;
    await data.profileMembers
      .put({
        profile_id: invitation.profile_id,
        user_id: caller.userId,
        role: invitation.role,
        email: caller.email,
        invitation_id: invitation.id,
      })
      .go();
    repaired += 1;
  }
  if (repaired > 0) await logSecurityEvent(data, caller.userId, 'invite_repair', { repaired });
  return { repaired };
}
