// The parent of every protected route: the auth guard (spec §2) around the signed-in frame, the
// refresh overlay (spec §4), the watcher that announces a finished initial sync (spec §8), the in-app
// notices (spec §2), the engagement prompts (spec §4), and the avatar menu's two dialogs (Personalize,
// Daily Wisdom), loaded when first opened.
import { SecondFactorGate } from '../../../features/two-factor/components/second-factor-gate.tsx';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { AppLayout } from '../../../components/layouts/app-layout.tsx';
import { InitialSyncWatcher } from '../../../features/bank-linking/components/initial-sync-watcher.tsx';
import { EngagementPrompts } from '../../../features/engagement-prompts/components/engagement-prompt.tsx';
import { InAppNotices } from '../../../features/notices/components/in-app-notices.tsx';
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
            <Outlet />
          </AppLayout>
          <EngagementPrompts />
          <AccountDialogs dialog={dialog} onClose={() => setDialog(null)} />
        </RefreshOverlayProvider>
      </SecondFactorGate>
    </ProtectedRoute>
  );
}
