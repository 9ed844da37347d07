// The light landing page's app-wide part, loaded only once its update check (static-landing.ts) has
// found a newer version: spec §4's toast and banner, the deployment reload, and the toast region, in a
// root of their own above the prerendered page. Removed when the full app starts, which has its own.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppWide } from './app-wide.tsx';
import { AppToaster } from './toaster.tsx';

/** Shows the update toast and banner; returns a function that removes them. */
export function showLandingUpdate(): () => void {
  const host = document.createElement('div');
  document.body.prepend(host);
  const root = createRoot(host);
  root.render(
    <StrictMode>
      <AppWide knownNewVersion />
      <AppToaster />
    </StrictMode>,
  );
  return () => {
    root.unmount();
    host.remove();
  };
}
