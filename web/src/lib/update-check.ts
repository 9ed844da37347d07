// spec §4 / §9 Update check: the running build's version against /version.json (fetched with
// cache-busting), first after 2 s, then every 4 h, and when the tab becomes visible or focused after
// more than 30 min without a check; production builds only. A new version shows the toast 'New version
// available!' with 'Refresh now' (it lasts 600000 ms) once until dismissed, and a banner offering a
// reload (components/layouts/update-banner.tsx).
import { useEffect, useState } from 'react';
import { toast } from './toast.ts';
import { startUpdateChecks, UPDATE_CHECK } from './update-schedule.ts';

export { isNewVersion, RUNNING_VERSION, shouldCheckOnFocus, UPDATE_CHECK } from './update-schedule.ts';

/** Runs the checks; returns whether a new version is waiting (for the banner). With `knownNew`, a check
 * made before React loaded (the light landing page) already found one: the toast shows at once. */
export function useUpdateCheck(
  enabled: boolean = import.meta.env.PROD,
  knownNew = false,
): {
  available: boolean;
  dismiss: () => void;
} {
  const [available, setAvailable] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  useEffect(() => {
    if (!enabled || dismissed) return;
    const announce = () => {
      setAvailable(true);
      toast(UPDATE_CHECK.message, {
        id: 'update-available',
        duration: UPDATE_CHECK.toastMs,
        action: { label: UPDATE_CHECK.action, onClick: () => window.location.reload() },
        onDismiss: () => setDismissed(true),
      });
    };
    if (knownNew) {
      announce();
      return;
    }
    return startUpdateChecks(announce);
  }, [enabled, dismissed, knownNew]);

  return { available: available && !dismissed, dismiss: () => setDismissed(true) };
}
