// /profiles (spec §2 protected route): the user's financial profiles, and the sharing of the active one.
// Owners manage it (rename, archive, invite, remove); viewers and editors see it read-only (spec §6).
import { Share2, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import {
  InviteMemberForm,
  PendingInvitations,
} from '../../../features/financial-profiles/components/profile-invitations.tsx';
import {
  CreateProfileButton,
  ProfileList,
} from '../../../features/financial-profiles/components/profile-list.tsx';
import { ProfileMembers } from '../../../features/financial-profiles/components/profile-members.tsx';
import { useActiveProfile } from '../../../lib/active-profile-provider.tsx';
import { useUser } from '../../../lib/auth.tsx';
import { roleAsYou } from '../../../lib/profile-roles.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

function Card({
  title,
  description,
  icon,
  children,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
}) {
  const id = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h3 id={id} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        {icon}
        {title}
      </h3>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function ActiveProfileSharing() {
  const { profile } = useActiveProfile();
  const user = useUser();
  if (!profile) return null;
  const isOwner = profile.member_role === 'owner';
  return (
    <section aria-labelledby="sharing-heading" className="space-y-4">
      <div>
        <h2 id="sharing-heading" className="text-lg font-semibold text-slate-900">
          Sharing “{profile.name}”
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {profile.member_role === 'owner'
            ? 'Invite people you trust to see this profile, or to help with its plans.'
            : roleAsYou[profile.member_role]}
        </p>
      </div>
      {isOwner ? null : (
        <Alert tone="info">
          Only the owner can rename or archive this profile and invite people. You can leave it at any time.
        </Alert>
      )}
      <div className={isOwner ? 'grid items-start gap-4 lg:grid-cols-2' : 'grid gap-4'}>
        <Card title="Members" icon={<Users aria-hidden="true" className="size-4 text-slate-500" />}>
          <ProfileMembers profile={profile} userId={user.userId} />
        </Card>
        {isOwner ? (
          <div className="grid content-start gap-4">
            <Card
              title="Invite someone"
              icon={<Share2 aria-hidden="true" className="size-4 text-slate-500" />}
              description="They get an email with a link that works once and expires after 7 days."
            >
              <InviteMemberForm profile={profile} />
            </Card>
            <Card
              title="Pending invitations"
              description="Lost a link? Invite the same address again to send a fresh one."
            >
              <PendingInvitations profile={profile} />
            </Card>
          </div>
        ) : null}
      </div>
    </section>
  );
}

export default function ProfilesRoute() {
  useDocumentTitle('Profiles');
  const { status } = useActiveProfile();
  return (
    <div className="space-y-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Profiles</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            Each financial profile keeps its own accounts, plan and calendar. The active one is what you see
            everywhere in the app.
          </p>
        </div>
        <CreateProfileButton />
      </div>
      <section aria-labelledby="your-profiles-heading" className="space-y-3">
        <h2 id="your-profiles-heading" className="text-lg font-semibold text-slate-900">
          Your profiles
        </h2>
        <ProfileList />
      </section>
      {status === 'ready' ? <ActiveProfileSharing /> : null}
    </div>
  );
}
