// The app's one toast region (spec §9 toast numbers), themed with the page. Mounted by the providers of
// the full app and, when its update check finds a new version, by the light landing page
// (app/landing-app-wide.tsx).
import { Toaster } from 'sonner';
import { TOASTS } from '../lib/constants.ts';
import { useTheme } from '../lib/theme.ts';

export function AppToaster() {
  const { isDark } = useTheme();
  return (
    <Toaster
      theme={isDark ? 'dark' : 'light'}
      closeButton
      visibleToasts={TOASTS.visible}
      duration={TOASTS.durationMs}
      gap={TOASTS.gap}
      offset={TOASTS.offset}
      mobileOffset={TOASTS.mobileOffset}
    />
  );
}
