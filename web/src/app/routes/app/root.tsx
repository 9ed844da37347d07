// The parent of every protected route: the auth guard (spec §2) around the signed-in frame, the
// refresh overlay (spec §4), the watcher that announces a finished initial sync (spec §8), the in-app
// notices (spec §2), the engagement prompts (spec §4), the subscription gate on the money screens and
// the trial start after a checkout return (spec §2, §4), and the avatar menu's two dialogs (Personalize,
// Daily Wisdom), loaded when first opened.
import { SecondFactorGate } from '../../../features/two-factor/components/second-factor-gate.tsx';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router-dom';
import { AppLayout } from '../../../components/layouts/app-layout.tsx';
import { InitialSyncWatcher } from '../../../features/bank-linking/components/initial-sync-watcher.tsx';
import { EngagementPrompts } from '../../../features/engagement-prompts/components/engagement-prompt.tsx';
import { InAppNotices } from '../../../features/notices/components/in-app-notices.tsx';
import { SubscriptionGate } from '../../../features/subscriptions/components/subscription-gate.tsx';
import { useCheckoutReturn } from '../../../features/subscriptions/hooks/use-checkout-return.ts';
import { paths } from '../../../config/paths.ts';
import { ProtectedRoute } from '../../../lib/auth.tsx';
import { RefreshOverlayProvider } from '../../../lib/refresh-overlay.tsx';
import { getProfileQueryOptions } from '../../../lib/user-profile-api.ts';

const PersonalizeDialog = lazy(() =>
  import('../../../features/personalize/components/personalize-dialog.tsx').then((m) => ({
    default: m.PersonalizeDialog,
  })),
);
const DailyWisdomDialog = lazy(() =>
  import('../../../features/daily-wisdom/components/daily-wisdom-dialog.tsx').then((m) => ({
    default: m.DailyWisdomDialog,
  })),
);

function AccountDialogs({
  dialog,
  onClose,
}: {
  dialog: 'personalize' | 'wisdom' | null;
  onClose: () => void;
}) {
  const profile = useQuery(getProfileQueryOptions());
  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };
  return (
    <Suspense fallback={null}>
      {dialog === 'personalize' && profile.data ? (
        <PersonalizeDialog open onOpenChange={onOpenChange} profile={profile.data} />
      ) : null}
      {dialog === 'wisdom' ? <DailyWisdomDialog open onOpenChange={onOpenChange} /> : null}
    </Suspense>
  );
}

/** The money screens behind the subscription gate (spec §4); settings, help, profiles and linking stay
 * open, so a person can always connect a bank (which starts the trial), manage sharing or sign out. */
const GATED = [
  paths.app.accounts.path,
  paths.app.account.path,
  paths.app.calendar.path,
  paths.app.plan.path,
  paths.app.coach.path,
];

function GatedOutlet() {
  const { pathname } = useLocation();
  useCheckoutReturn();
  const gated = GATED.some((path) => matchPath(path, pathname) !== null);
  return gated ? (
    <SubscriptionGate>
      <Outlet />
    </SubscriptionGate>
  ) : (
    <Outlet />
  );
}

export default function AppRoot() {
  const [dialog, setDialog] = useState<'personalize' | 'wisdom' | null>(null);
  const actions = useMemo(
    () => ({ onPersonalize: () => setDialog('personalize'), onDailyWisdom: () => setDialog('wisdom') }),
    [],
  );
  return (
    <ProtectedRoute>
      <SecondFactorGate>
        <RefreshOverlayProvider>
          <InitialSyncWatcher />
          <InAppNotices />
          <AppLayout actions={actions}>
            <GatedOutlet />
          </AppLayout>
          <EngagementPrompts />
          <AccountDialogs dialog={dialog} onClose={() => setDialog(null)} />
        </RefreshOverlayProvider>
      </SecondFactorGate>
    </ProtectedRoute>
  );
}
