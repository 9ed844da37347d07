// A profile role (spec §6) as a badge.
import type { MemberRole } from '../../lib/active-profile.ts';
import { roleLabels } from '../../lib/profile-roles.ts';
import { Badge } from './badge.tsx';

export function RoleBadge({ role }: { role: MemberRole }) {
  return (
    <Badge tone={role === 'owner' ? 'brand' : role === 'editor' ? 'warning' : 'neutral'}>
      {roleLabels[role]}
    </Badge>
  );
}
