// The single access check of the product: every profile-scoped read and write resolves the caller's
// role on the financial profile here and is refused unless the role grants the permission. A profile
// the caller has no role on is reported as not found, so its existence is not revealed.
import { can, type Permission, type ProfileRole } from '../../domain/access.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../domain/errors.ts';
import type { Data } from './data/index.ts';
import type { ApiEvent, Caller } from './caller.ts';

export const PROFILE_NOT_FOUND = 'Financial profile not found';

export interface ProfileRecord {
  id: string;
  name: string;
  owner_user_id: string;
  is_default: boolean;
  is_archived: boolean;
  created_at?: string;
  updated_at?: string;
}

export interface ProfileAccess {
  profile: ProfileRecord;
  role: ProfileRole;
}

export async function resolveRole(
  data: Data,
  userId: string,
  profileId: string,
): Promise<ProfileAccess | null> {
  const { data: profile } = await data.financialProfiles.get({ id: profileId }).go();
  if (!profile || profile.is_archived) return null;
  if (profile.owner_user_id === userId) return { profile, role: 'owner' };
  const { data: member } = await data.profileMembers.get({ profile_id: profileId, user_id: userId }).go();
  return member ? { profile, role: member.role } : { profile, role: 'none' };
}

const permissionMessages: Record<Permission, string> = {
  read: 'You do not have access to this financial profile',
  edit: 'Viewers can look but not change this financial profile',
  manage: 'Only the owner of this financial profile can do that',
};

/** Resolves the caller's role and refuses (404 for no role, 403 for too little) unless it grants `permission`. */
export async function requireProfileAccess(
  data: Data,
  caller: Caller,
  profileId: string,
  permission: Permission,
): Promise<ProfileAccess> {
  const access = await resolveRole(data, caller.userId, profileId);
  if (!access || access.role === 'none') throw new NotFoundError(PROFILE_NOT_FOUND);
  if (!can(access.role, permission)) throw new ForbiddenError(permissionMessages[permission]);
  return access;
}

/**
 * The access check with the request's reads beside it, not before them (one round trip
 * instead of two). `reads` must only read — no write, no event, no regeneration — and what it finds is
 * handed back only once `requireProfileAccess` has granted `permission`: a refused caller gets exactly
 * the refusal they would get without the reads (a read's own failure is never surfaced to them), and
 * anything that changes state waits for the grant.
 */
export async function withProfileAccess<T>(
  data: Data,
  caller: Caller,
  profileId: string,
  permission: Permission,
  reads: () => Promise<T>,
  /** Further checks on the granted access (an entitlement), run beside the reads still in flight. */
  granted?: (access: ProfileAccess) => Promise<unknown>,
): Promise<[ProfileAccess, T]> {
  // Started at once; even a synchronous throw becomes a rejection that waits for the grant.
  const pending = Promise.resolve().then(reads);
  // Settled here so a refused caller's discarded reads never become an unhandled rejection.
  pending.catch(() => undefined);
  const access = await requireProfileAccess(data, caller, profileId, permission);
  const [, found] = await Promise.all([granted?.(access), pending]);
  return [access, found];
}

/**
 * Access to a record reached by its own id (an account, a linked bank) through the profile it belongs
 * to. A caller with no role there gets the record's own 404, the same answer as for an id that does not
 * exist, so a stranger cannot tell the two apart.
 */
export async function requireRecordAccess(
  data: Data,
  caller: Caller,
  profileId: string,
  permission: Permission,
  notFoundMessage: string,
): Promise<ProfileAccess> {
  try {
    return await requireProfileAccess(data, caller, profileId, permission);
  } catch (error) {
    if (error instanceof NotFoundError) throw new NotFoundError(notFoundMessage, { cause: error });
    throw error;
  }
}

/** The financial profile a profile-scoped request is about: the SPA sends its active profile. */
export function profileIdFromRequest(event: ApiEvent): string {
  const value = event.headers?.['x-profile-id']?.trim();
  if (!value) throw new ValidationError([{ field: 'header.x-profile-id', message: 'is required' }]);
  return value;
}
