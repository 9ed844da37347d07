// The user's financial profiles (spec §4 Profile loading): each with its role, member count and an
// active marker, a switch button, and for its owner rename and archive (spec §6: only the owner may
// update a profile). Messages are spec §8's "Profiles" toasts.
import { format, parseISO } from 'date-fns';
import { Archive, CheckCircle2, Pencil, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { profileFailures, profileToasts } from '@domain/profile-messages.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { RoleBadge } from '../../../components/ui/role-badge.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { useActiveProfile } from '../../../lib/active-profile-provider.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessageOr } from '../../../lib/error-message.ts';
import type { FinancialProfile } from '../../../lib/financial-profiles-api.ts';
import { useArchiveProfile, useCreateProfile, useRenameProfile } from '../api/profile-mutations.ts';
import { ProfileNameDialog } from './profile-name-dialog.tsx';

const memberCountLabel = (count: number) => (count === 1 ? '1 member' : `${count} members`);

const createdOn = (iso: string) => {
  try {
    return format(parseISO(iso), 'MMM d, yyyy');
  } catch {
    return null;
  }
};

const isFieldIssue = (error: unknown) => error instanceof ApiError && error.issues.length > 0;

/** 'New profile': spec §4, a created profile becomes the active one after the reset delay. */
export function CreateProfileButton() {
  const [open, setOpen] = useState(false);
  const create = useCreateProfile();
  const { resetActiveProfile } = useActiveProfile();
  return (
    <>
      <Button onClick={() => setOpen(true)}>New profile</Button>
      <ProfileNameDialog
        open={open}
        onOpenChange={setOpen}
        title="New profile"
        description="A separate set of accounts, plans and calendar: for a household, a side business or anything you keep apart."
        submitLabel="Create profile"
        onSubmit={async (input) => {
          try {
            const profile = await create.mutateAsync(input);
            toast.success(profileToasts.created(profile.name));
            setOpen(false);
            await resetActiveProfile(profile.id);
          } catch (error) {
            if (!isFieldIssue(error)) toast.error(errorMessageOr(error, profileFailures.create));
            throw error;
          }
        }}
      />
    </>
  );
}

export function ProfileList() {
  const state = useActiveProfile();

  if (state.status === 'loading' || state.status === 'signedOut') {
    return <PageSpinner label="Loading your profiles..." />;
  }
  if (state.status === 'error') {
    return (
      <Alert title="We couldn't load your profiles">
        <p>{errorMessageOr(state.error, profileFailures.list)}</p>
        <Button
          size="sm"
          variant="secondary"
          className="mt-3"
          onClick={() => void state.refetch()}
          isPending={state.isFetching}
        >
          Try again
        </Button>
      </Alert>
    );
  }

  return (
    <ul className="grid gap-3" aria-label="Your profiles">
      {state.profiles.map((profile) => (
        <ProfileCard
          key={profile.id}
          profile={profile}
          isActive={profile.id === state.profile?.id}
          onSwitch={() => state.switchProfile(profile.id)}
        />
      ))}
    </ul>
  );
}

function ProfileCard({
  profile,
  isActive,
  onSwitch,
}: {
  profile: FinancialProfile;
  isActive: boolean;
  onSwitch: () => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const rename = useRenameProfile();
  const archive = useArchiveProfile();
  const { resetActiveProfile } = useActiveProfile();
  const isOwner = profile.member_role === 'owner';
  const created = createdOn(profile.created_at);

  const confirmArchive = async () => {
    try {
      const result = await archive.mutateAsync(profile.id);
      toast.success(profileToasts.archived);
      setArchiving(false);
      // spec §4: archiving the active profile moves on to the one the server names, or clears it.
      if (isActive) await resetActiveProfile(result.next_active_profile_id);
    } catch (error) {
      toast.error(errorMessageOr(error, profileFailures.archive));
    }
  };

  return (
    <li
      className={
        isActive
          ? 'rounded-xl border border-brand-500 bg-white p-4 shadow-sm ring-1 ring-brand-500 sm:p-5'
          : 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5'
      }
      aria-current={isActive ? 'true' : undefined}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate text-base font-semibold text-slate-900">{profile.name}</h3>
            {isActive ? (
              <Badge tone="success">
                <CheckCircle2 aria-hidden="true" className="size-3.5" />
                Active
              </Badge>
            ) : null}
            <RoleBadge role={profile.member_role} />
            {profile.is_default && isOwner ? <Badge>Default</Badge> : null}
          </div>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1">
              <Users aria-hidden="true" className="size-4 text-slate-500" />
              {memberCountLabel(profile.member_count)}
            </span>
            {created ? <span>Created {created}</span> : null}
          </p>
        </div>
        {isActive && !isOwner ? null : (
          <div className="flex flex-wrap gap-2 sm:justify-end">
            {isActive ? null : (
              <Button size="sm" onClick={onSwitch}>
                Switch<span className="sr-only"> to {profile.name}</span>
              </Button>
            )}
            {isOwner ? (
              <Button size="sm" variant="secondary" onClick={() => setRenaming(true)}>
                <Pencil aria-hidden="true" className="size-4" />
                Rename<span className="sr-only"> {profile.name}</span>
              </Button>
            ) : null}
            {isOwner && !profile.is_default ? (
              <Button size="sm" variant="danger" onClick={() => setArchiving(true)}>
                <Archive aria-hidden="true" className="size-4" />
                Archive<span className="sr-only"> {profile.name}</span>
              </Button>
            ) : null}
          </div>
        )}
      </div>

      {isOwner ? (
        <ProfileNameDialog
          open={renaming}
          onOpenChange={setRenaming}
          title="Rename profile"
          description="Everyone the profile is shared with sees the new name."
          submitLabel="Save name"
          initialName={profile.name}
          onSubmit={async (input) => {
            try {
              await rename.mutateAsync({ profileId: profile.id, ...input });
              toast.success(profileToasts.updated);
              setRenaming(false);
            } catch (error) {
              if (!isFieldIssue(error)) toast.error(errorMessageOr(error, profileFailures.update));
              throw error;
            }
          }}
        />
      ) : null}
      {isOwner ? (
        <ConfirmDialog
          open={archiving}
          onOpenChange={setArchiving}
          title={`Archive "${profile.name}"?`}
          description={
            profile.member_count > 1
              ? 'It disappears from your profiles, and the people you shared it with lose access to it.'
              : 'It disappears from your profiles and can no longer be switched to.'
          }
          confirmLabel="Archive profile"
          onConfirm={() => void confirmArchive()}
          isPending={archive.isPending}
        />
      ) : null}
    </li>
  );
}
