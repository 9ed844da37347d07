// The role rules of a shared financial profile (spec §6, ARCHITECTURE.md "Data"): viewers read;
// editors also change plans and categories; only the owner manages the profile, its members,
// invitations and linked accounts; anyone else gets nothing.
export type ProfileRole = 'owner' | 'editor' | 'viewer' | 'none';

/** read: see the profile's data; edit: change plans and categories; manage: the profile itself,
 * members, invitations and linked accounts. */
export type Permission = 'read' | 'edit' | 'manage';

const grants: Record<Permission, ReadonlySet<ProfileRole>> = {
  read: new Set(['owner', 'editor', 'viewer']),
  edit: new Set(['owner', 'editor']),
  manage: new Set(['owner']),
};

export function can(role: ProfileRole, permission: Permission): boolean {
  return grants[permission].has(role);
}

/** spec §6: an invited user is one whose active profile is not theirs and whose role is viewer or editor. */
export function isInvitedRole(role: ProfileRole): boolean {
  return role === 'viewer' || role === 'editor';
}

/** spec §5: invitation e-mails compare case-insensitively. */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}
