// The signed-in frame around a screen: the refresh overlay (spec §4), the watcher that announces a
// finished initial sync (spec §8), the in-app notices (spec §2), the header and navigation (spec §2),
// the engagement prompts (spec §4), and the avatar menu's two dialogs (Personalize, Daily Wisdom),
// loaded when first opened. The sync watcher, the notices and the prompts load and mount once the
// browser is first idle after the frame (within 1 s): nothing of them shows in the first screen's first
// moment, and their code and render stay off its path. The protected routes' parent
// (routes/app/root.tsx) puts it around their screens, and /plans around the plans of a signed-in person.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { AppLayout } from '../components/layouts/app-layout.tsx';
import { Deferred } from '../components/deferred.tsx';
import { RefreshOverlayProvider } from '../lib/refresh-overlay.tsx';
import { getProfileQueryOptions } from '../lib/user-profile-api.ts';

const InitialSyncWatcher = lazy(() =>
  import('../features/bank-linking/components/initial-sync-watcher.tsx').then((m) => ({
    default: m.InitialSyncWatcher,
  })),
);
const InAppNotices = lazy(() =>
  import('../features/notices/components/in-app-notices.tsx').then((m) => ({
    default: m.InAppNotices,
  })),
);
const EngagementPrompts = lazy(() =>
  import('../features/engagement-prompts/components/engagement-prompt.tsx').then((m) => ({
    default: m.EngagementPrompts,
  })),
);

const PersonalizeDialog = lazy(() =>
  import('../features/personalize/components/personalize-dialog.tsx').then((m) => ({
    default: m.PersonalizeDialog,
  })),
);
const DailyWisdomDialog = lazy(() =>
  import('../features/daily-wisdom/components/daily-wisdom-dialog.tsx').then((m) => ({
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

/** Inside the auth guard and the second-factor gate: it reads the signed-in person's data. */
export function AppFrame({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<'personalize' | 'wisdom' | null>(null);
  const actions = useMemo(
    () => ({ onPersonalize: () => setDialog('personalize'), onDailyWisdom: () => setDialog('wisdom') }),
    [],
  );
  return (
    <RefreshOverlayProvider>
      <Deferred>
        <Suspense fallback={null}>
          <InitialSyncWatcher />
          <InAppNotices />
        </Suspense>
      </Deferred>
      <AppLayout
        actions={actions}
        aside={
          <Deferred>
            <Suspense fallback={null}>
              <EngagementPrompts />
            </Suspense>
          </Deferred>
        }
      >
        {children}
      </AppLayout>
      <AccountDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </RefreshOverlayProvider>
  );
}
