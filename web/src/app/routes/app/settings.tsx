// /settings: the profile (name and e-mail), security (password, two-factor authentication, trusted
// devices), notifications (e-mail and alert preferences), appearance, and Log Out or sign out everywhere.
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { getProfileQueryOptions } from '../../../lib/user-profile-api.ts';
import { AppearanceSettings } from '../../../features/settings/components/appearance-settings.tsx';
import { NotificationSettings } from '../../../features/settings/components/notification-settings.tsx';
import { ChangePassword } from '../../../features/settings/components/change-password.tsx';
import { SignOutEverywhere } from '../../../features/settings/components/sign-out-everywhere.tsx';
import { cn } from '../../../lib/cn.ts';
import { DeleteAccount } from '../../../features/settings/components/delete-account.tsx';
import { SecuritySettings } from '../../../features/two-factor/components/security-settings.tsx';
import { ProfileSettings } from '../../../features/profile/components/profile-settings.tsx';
import { useLogout } from '../../../lib/auth.tsx';
import { prefetchForRoute } from '../../../lib/react-query.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

/** Starts the profile request while the screen's code loads; never blocks or fails the navigation. */
export const clientLoader = (queryClient: QueryClient) => () => {
  prefetchForRoute(queryClient, getProfileQueryOptions());
  return null;
};

function Section({
  title,
  description,
  children,
  danger = false,
}: {
  title: string;
  description: string;
  children: ReactNode;
  danger?: boolean;
}) {
  const headingId = `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'rounded-xl border bg-white p-5 shadow-sm sm:p-6',
        danger ? 'border-red-300' : 'border-slate-200',
      )}
    >
      <h2 id={headingId} className={cn('text-lg font-semibold', danger ? 'text-red-700' : 'text-slate-900')}>
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
      <div className="mt-5">{children}</div>
    </section>
  );
}

export default function SettingsRoute() {
  useDocumentTitle('Settings');
  const { logout, isPending } = useLogout();
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Settings</h1>
      <Section title="Profile" description="Your name and the email you sign in with.">
        <ProfileSettings />
      </Section>
      <Section
        title="Security"
        description="Your password, two-factor authentication and the devices that skip its code for 30 days."
      >
        <div className="space-y-6">
          <ChangePassword />
          <SecuritySettings />
        </div>
      </Section>
      <Section
        title="Notifications"
        description="Which e-mails we send you, and how alerts reach you: at once, hourly or in a daily digest."
      >
        <NotificationSettings />
      </Section>
      <Section title="Appearance" description="Light, dark, or whatever your device uses.">
        <AppearanceSettings />
      </Section>
      <Section title="Session" description="Sign out of this browser. Your data stays safe in your account.">
        <div className="space-y-6">
          <Button variant="danger" onClick={() => void logout()} isPending={isPending}>
            Log Out
          </Button>
          <SignOutEverywhere onSignedOut={logout} />
        </div>
      </Section>
      <Section danger title="Danger zone" description="Delete your account and everything in it.">
        <DeleteAccount />
      </Section>
    </div>
  );
}
