// Financial profiles, members and invitations (spec §3, §4 "Profile loading" and "Invitation", §5,
// §7 data-store calls and RPCs). Handlers stay thin; the rules live here, every profile-scoped step
// going through the access check of access.ts.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sameEmail } from '../../domain/access.ts';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../../domain/errors.ts';
import { requireProfileAccess, resolveRole, type ProfileRecord } from './access.ts';
import type { Data } from './data/index.ts';
import type { MemberRole } from './data/entities/common.ts';
import { defaultProfileId } from './data/entities/financial-profile.ts';
import type { Deps } from './deps.ts';
import type { Caller } from './caller.ts';
import { invitationEmail } from './invitation-email.ts';

/** An invitation link stays valid this long. */
export const INVITATION_TTL_DAYS = 7;
export const DEFAULT_PROFILE_NAME = 'Personal';

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

export interface ProfileListItem extends ProfileRecord {
  member_role: 'owner' | MemberRole;
  member_count: number;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function memberCount(data: Data, profileId: string): Promise<number> {
  const { data: members } = await data.profileMembers.query
    .byProfile({ profile_id: profileId })
    .go({ pages: 'all' });
  return members.length + 1; // spec §3: members plus one for the owner
}

const toRecord = (p: ProfileRecord): ProfileRecord => ({
  id: p.id,
  name: p.name,
  owner_user_id: p.owner_user_id,
  is_default: p.is_default,
  is_archived: p.is_archived,
  created_at: p.created_at,
  updated_at: p.updated_at,
});

/** spec §4 Profile loading: owned non-archived (default first, then oldest), then member profiles. */
export async function listProfiles(data: Data, caller: Caller): Promise<ProfileListItem[]> {
  const [{ data: owned }, { data: memberships }] = await Promise.all([
    data.financialProfiles.query.byOwner({ owner_user_id: caller.userId }).go({ pages: 'all' }),
    data.profileMembers.query.byUser({ user_id: caller.userId }).go({ pages: 'all' }),
  ]);
  const ownedActive = owned
    .filter((p) => !p.is_archived)
    .sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.created_at.localeCompare(b.created_at));
  const memberProfiles = await Promise.all(
    memberships.map(async (m) => {
      const { data: profile } = await data.financialProfiles.get({ id: m.profile_id }).go();
      return profile && !profile.is_archived ? { profile, role: m.role, joined: m.created_at } : null;
    }),
  );
  const joined = memberProfiles
    .filter((m): m is NonNullable<typeof m> => m !== null)
    .sort((a, b) => a.joined.localeCompare(b.joined));
  return Promise.all([
    ...ownedActive.map(async (p) => ({
      ...toRecord(p),
      member_role: 'owner' as const,
      member_count: await memberCount(data, p.id),
    })),
    ...joined.map(async ({ profile, role }) => ({
      ...toRecord(profile),
      member_role: role,
      member_count: await memberCount(data, profile.id),
    })),
  ]);
}

const isConditionFailure = (error: unknown) =>
  error instanceof Error && /conditional request failed|ConditionalCheckFailed/i.test(error.message);

/**
 * spec §4: called when a user has no profile. The default profile's id derives from the owner, so the
 * create is one conditional put: concurrent calls create exactly one. An archived default comes back
 * when the user owns no other active profile.
 */
export async function ensureDefaultProfile(
  data: Data,
  caller: Caller,
  /** Runs once, when this call created the profile: the person has just signed up. */
  onCreated?: () => Promise<void>,
): Promise<ProfileRecord> {
  const id = defaultProfileId(caller.userId);
  try {
    const { data: created } = await data.financialProfiles
      .create({ id, name: DEFAULT_PROFILE_NAME, owner_user_id: caller.userId, is_default: true })
      .go();
    await onCreated?.();
    return toRecord(created);
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const { data: existing } = await data.financialProfiles.get({ id }).go();
  if (!existing) throw new Error('default profile vanished after a conflicting create');
  if (existing.is_archived) {
    const owned = await listProfiles(data, caller);
    if (!owned.some((p) => p.member_role === 'owner')) {
      const { data: restored } = await data.financialProfiles
        .patch({ id })
        .set({ is_archived: false })
        .remove(['archived_at'])
        .go({ response: 'all_new' });
      return toRecord(restored as ProfileRecord);
    }
  }
  return toRecord(existing);
}

export async function createProfile(data: Data, caller: Caller, name: string): Promise<ProfileListItem> {
  const { data: created } = await data.financialProfiles
    .create({ id: randomUUID(), name, owner_user_id: caller.userId, is_default: false })
    .go();
  return { ...toRecord(created), member_role: 'owner', member_count: 1 };
}

export async function renameProfile(data: Data, caller: Caller, profileId: string, name: string) {
  await requireProfileAccess(data, caller, profileId, 'manage');
  const { data: updated } = await data.financialProfiles
    .patch({ id: profileId })
    .set({ name })
    .go({ response: 'all_new' });
  return toRecord(updated as ProfileRecord);
}

/**
 * spec §4: archiving moves the active profile to the owner's default, else the first remaining, else
 * none. The server answers which one, so every tab agrees.
 */
export async function archiveProfile(data: Data, caller: Caller, profileId: string, now: Date) {
  await requireProfileAccess(data, caller, profileId, 'manage');
  await data.financialProfiles
    .patch({ id: profileId })
    .set({ is_archived: true, archived_at: now.toISOString() })
    .go();
  // Pending invitations to an archived profile are cancelled with it.
  const { data: invitations } = await data.profileInvitations.query
    .byProfile({ profile_id: profileId })
    .go({ pages: 'all' });
  await Promise.all(
    invitations
      .filter((i) => i.status === 'pending')
      .map((i) =>
        data.profileInvitations.patch({ profile_id: profileId, id: i.id }).set({ status: 'revoked' }).go(),
      ),
  );
  await logSecurityEvent(data, caller.userId, 'profile_archived', { profile_id: profileId });
  const remaining = await listProfiles(data, caller);
  const next = remaining.find((p) => p.member_role === 'owner' && p.is_default) ?? remaining[0] ?? null;
  return { archived: true, profile_id: profileId, next_active_profile_id: next?.id ?? null };
}

export async function listMembers(data: Data, caller: Caller, profileId: string) {
  const { profile } = await requireProfileAccess(data, caller, profileId, 'read');
  const [{ data: members }, { data: owner }] = await Promise.all([
    data.profileMembers.query.byProfile({ profile_id: profileId }).go({ pages: 'all' }),
    data.profiles.get({ id: profile.owner_user_id }).go(),
  ]);
  return [
    {
      user_id: profile.owner_user_id,
      role: 'owner' as const,
      email: owner?.email ?? null,
      full_name: owner?.full_name ?? null,
      created_at: profile.created_at ?? null,
    },
    ...members.map((m) => ({
      user_id: m.user_id,
      role: m.role,
      email: m.email ?? null,
      full_name: m.full_name ?? null,
      created_at: m.created_at,
    })),
  ];
}

/**
 * The owner removes a member, or a member leaves. MemberRemoved tells the member's open pages at once
 * (docs/realtime.md), which drop the profile's data and switch to one they can still see.
 */
export async function removeMember(
  data: Data,
  deps: Pick<Deps, 'events'>,
  caller: Caller,
  profileId: string,
  userId: string,
) {
  if (userId !== caller.userId) await requireProfileAccess(data, caller, profileId, 'manage');
  else await requireProfileAccess(data, caller, profileId, 'read');
  const { data: member } = await data.profileMembers.get({ profile_id: profileId, user_id: userId }).go();
  if (!member) throw new NotFoundError('That person is not a member of this financial profile');
  await data.profileMembers.delete({ profile_id: profileId, user_id: userId }).go();
  await deps.events.publish('MemberRemoved', { userId, profileId, removedBy: caller.userId });
  await logSecurityEvent(data, caller.userId, 'member_removed', {
    profile_id: profileId,
    member_user_id: userId,
  });
}

const publicInvitation = (i: {
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

async function invitationByToken(data: Data, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new NotFoundError(invitationMessages.notFound);
  const { data: found } = await data.profileInvitations.query.byToken({ token_hash: hashToken(token) }).go();
  const invitation = found[0];
  if (!invitation) throw new NotFoundError(invitationMessages.notFound);
  return invitation;
}

function assertUsable(invitation: { status: string; expires_at: string }, now: Date) {
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

export type SecurityEventType = Parameters<Data['securityEvents']['create']>[0]['event_type'];

/** spec §7 log_security_event: append-only, severity INFO unless said otherwise. */
export async function logSecurityEvent(
  data: Data,
  userId: string,
  eventType: SecurityEventType,
  eventData: Record<string, unknown>,
  severity: 'INFO' | 'WARN' | 'ERROR' = 'INFO',
) {
  const { data: event } = await data.securityEvents
    .create({ id: randomUUID(), user_id: userId, event_type: eventType, event_data: eventData, severity })
    .go();
  return event;
}
