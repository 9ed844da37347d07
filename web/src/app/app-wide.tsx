// What runs app-wide whatever the screen, in the full app and on the light landing page: the update
// check and its banner (spec §4), and the reload on a deployment error raised outside any screen.
import { useEffect } from 'react';
import { UpdateBanner } from '../components/layouts/update-banner.tsx';
import { classifyError } from '../lib/classify-error.ts';
import { installGlobalDeploymentReload } from '../lib/error-recovery.ts';
import { useUpdateCheck } from '../lib/update-check.ts';

/** `knownNewVersion`: a check made before React loaded (the light landing page) found one. */
export function AppWide({ knownNewVersion = false }: { knownNewVersion?: boolean }) {
  const update = useUpdateCheck(import.meta.env.PROD, knownNewVersion);
  useEffect(() => installGlobalDeploymentReload(classifyError), []);
  return update.available ? <UpdateBanner onDismiss={update.dismiss} /> : null;
}
