// The parent of every protected route: the auth guard (spec §2) around the signed-in frame, the
// refresh overlay (spec §4), the watcher that announces a finished initial sync (spec §8), the in-app
// notices (spec §2), the engagement prompts (spec §4), the subscription gate on the money screens and
// the trial start after a checkout return (spec §2, §4), and the avatar menu's two dialogs (Personalize,
// Daily Wisdom), loaded when first opened. The sync watcher, the notices and the prompts load and mount
// once the browser is first idle after the frame (within 1 s): nothing of them shows in the first
// screen's first moment, and their code and render stay off its path (issue 12).
import { SecondFactorGate } from '../../../features/two-factor/components/second-factor-gate.tsx';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { matchPath, Outlet, useLocation } from 'react-router-dom';
import { AppLayout } from '../../../components/layouts/app-layout.tsx';
import { Deferred } from '../../../components/deferred.tsx';
import { SubscriptionGate } from '../../../features/subscriptions/components/subscription-gate.tsx';
import { useCheckoutReturn } from '../../../features/subscriptions/hooks/use-checkout-return.ts';
import { paths } from '../../../config/paths.ts';
import { ProtectedRoute } from '../../../lib/auth.tsx';
import { RefreshOverlayProvider } from '../../../lib/refresh-overlay.tsx';
import { getProfileQueryOptions } from '../../../lib/user-profile-api.ts';

const InitialSyncWatcher = lazy(() =>
  import('../../../features/bank-linking/components/initial-sync-watcher.tsx').then((m) => ({
    default: m.InitialSyncWatcher,
  })),
);
const InAppNotices = lazy(() =>
  import('../../../features/notices/components/in-app-notices.tsx').then((m) => ({
    default: m.InAppNotices,
  })),
);
const EngagementPrompts = lazy(() =>
  import('../../../features/engagement-prompts/components/engagement-prompt.tsx').then((m) => ({
    default: m.EngagementPrompts,
  })),
);

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
          <Deferred>
            <Suspense fallback={null}>
              <InitialSyncWatcher />
              <InAppNotices />
            </Suspense>
          </Deferred>
          <AppLayout actions={actions}>
            <GatedOutlet />
          </AppLayout>
          <Deferred>
            <Suspense fallback={null}>
              <EngagementPrompts />
            </Suspense>
          </Deferred>
          <AccountDialogs dialog={dialog} onClose={() => setDialog(null)} />
        </RefreshOverlayProvider>
      </SecondFactorGate>
    </ProtectedRoute>
  );
}
