// The app's one toast region (spec §9 toast numbers), themed with the page. Mounted by the providers of
// the full app and, after first render, by the light landing page (app/landing-shell.tsx).
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
