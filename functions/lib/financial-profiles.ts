// Financial profiles, members and invitations (spec §3, §4 "Profile loading" and "Invitation", §5,
// §7 data-store calls and RPCs). Handlers stay thin; the rules live here, every profile-scoped step
// going through the access check of access.ts.
import { randomUUID } from 'node:crypto';
import { NotFoundError } from '../../domain/errors.ts';
import { requireProfileAccess, type ProfileRecord } from './access.ts';
import type { Data } from './data/index.ts';
import type { MemberRole } from './data/entities/common.ts';
import { defaultProfileId } from './data/entities/financial-profile.ts';
import type { Deps } from './deps.ts';
import type { Caller } from './caller.ts';
import { logSecurityEvent } from './security-events.ts';
import { isConditionFailure } from './money/store.ts';

export const DEFAULT_PROFILE_NAME = 'Personal';

export interface ProfileListItem extends ProfileRecord {
  member_role: 'owner' | MemberRole;
  member_count: number;
}

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
