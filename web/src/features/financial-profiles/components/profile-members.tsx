// Who shares the active profile: the owner and every member with their role. The owner can remove a
// member; a member can leave. Everyone else sees the list read-only.
import { LogOut, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { QueryError } from '../../../components/errors/query-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { RoleBadge } from '../../../components/ui/role-badge.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { useActiveProfile } from '../../../lib/active-profile-provider.tsx';
import { errorMessageOr } from '../../../lib/error-message.ts';
import type { FinancialProfile } from '../../../lib/financial-profiles-api.ts';
import { useMembers, useRemoveMember, type Member } from '../api/members.ts';

const displayName = (member: Member) => member.full_name?.trim() || member.email || 'Unnamed member';

export function ProfileMembers({ profile, userId }: { profile: FinancialProfile; userId: string }) {
  const members = useMembers(profile.id);
  const isOwner = profile.member_role === 'owner';

  if (members.isPending) return <PageSpinner label="Loading members..." className="py-8" />;
  if (members.isError) {
    return (
      <QueryError
        title="We couldn't load the members"
        error={members.error}
        onRetry={() => void members.refetch()}
        isRetrying={members.isFetching}
      />
    );
  }
  return (
    <ul className="divide-y divide-slate-100" aria-label={`Members of ${profile.name}`}>
      {members.data.map((member) => (
        <MemberRow
          key={member.user_id}
          member={member}
          profile={profile}
          isMe={member.user_id === userId}
          canRemove={isOwner && member.role !== 'owner'}
          canLeave={!isOwner && member.user_id === userId}
        />
      ))}
    </ul>
  );
}

function MemberRow({
  member,
  profile,
  isMe,
  canRemove,
  canLeave,
}: {
  member: Member;
  profile: FinancialProfile;
  isMe: boolean;
  canRemove: boolean;
  canLeave: boolean;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveMember();
  const { resetActiveProfile } = useActiveProfile();
  const name = displayName(member);
  const initial = name.charAt(0).toUpperCase() || '?';

  const confirm = async () => {
    try {
      await remove.mutateAsync({ profileId: profile.id, userId: member.user_id, leaving: canLeave });
      setConfirming(false);
      if (canLeave) {
        toast.success(`You left "${profile.name}"`);
        // The profile is gone from this user's list: fall back as spec §4 does for a missing one.
        await resetActiveProfile(null);
      } else {
        toast.success(`${name} no longer has access to "${profile.name}"`);
      }
    } catch (error) {
      toast.error(errorMessageOr(error, canLeave ? 'Failed to leave profile' : 'Failed to remove member'));
    }
  };

  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-200 text-sm font-semibold text-slate-700"
      >
        {initial}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          <span className="truncate">{name}</span>
          {isMe ? <Badge tone="brand">You</Badge> : null}
          <RoleBadge role={member.role} />
        </p>
        {member.email && member.email !== name ? (
          <p className="truncate text-sm text-slate-600" title={member.email}>
            {member.email}
          </p>
        ) : null}
      </div>
      {canRemove || canLeave ? (
        <div className="w-full pl-12 sm:w-auto sm:pl-0">
          {canRemove ? (
            <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
              <UserMinus aria-hidden="true" className="size-4" />
              Remove<span className="sr-only"> {name}</span>
            </Button>
          ) : (
            <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
              <LogOut aria-hidden="true" className="size-4" />
              Leave profile
            </Button>
          )}
        </div>
      ) : null}
      {canRemove || canLeave ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={canLeave ? `Leave "${profile.name}"?` : `Remove ${name}?`}
          description={
            canLeave
              ? 'You will no longer see this profile. The owner can invite you again.'
              : `${name} will no longer see "${profile.name}". You can invite them again later.`
          }
          confirmLabel={canLeave ? 'Leave profile' : 'Remove member'}
          onConfirm={() => void confirm()}
          isPending={remove.isPending}
        />
      ) : null}
    </li>
  );
}
