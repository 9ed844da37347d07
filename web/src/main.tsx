// Entry point (docs/web.md, "Landing bundle"). A visitor who opens '/' with no stored session gets the
// landing page straight from this small entry (React and the page only); the full app (config,
// Amplify, router, query cache: app/boot.tsx) loads when they follow a link, and its screens are
// preloaded on the visitor's first intent. Every other start renders the full app at once, with the
// deep link's screen and first API requests started beside it (issue 12, lib/early-data.ts).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { FullApp } from './app/landing-shell.tsx';
import { LandingShell } from './app/landing-shell.tsx';
import { preloadScreenFor } from './app/screens.ts';
import { startsWithLanding } from './app/start-mode.ts';
import { rawConfig } from './config/config-request.ts';
import { earlyStorageKeys } from './lib/storage-keys.ts';
import { startEarlyData } from './lib/early-data.ts';
import { StartupError } from './components/errors/startup-error.tsx';
import { FullPageSpinner } from './components/ui/spinner.tsx';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

const loadApp = () => import('./app/boot.tsx');

const app: FullApp = {
  async start(options = {}) {
    let boot: Awaited<ReturnType<typeof loadApp>>;
    try {
      boot = await loadApp();
    } catch (error) {
      // The app's code could not load (a new deployment replaced it, or the network failed). A link
      // followed from the landing page becomes an ordinary page load, which gets the current build.
      console.error('loading the app failed', error);
      if (options.navigateTo !== undefined) window.location.assign(options.navigateTo);
      else root.render(<StartupError error={error} />);
      return;
    }
    await boot.startApp(root, options);
  },
  async preloadRoutes() {
    (await loadApp()).preloadLandingRoutes();
  },
};

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

if (startsWithLanding(window.location, localStorageOrNull())) {
  root.render(
    <StrictMode>
      <LandingShell app={app} />
    </StrictMode>,
  );
} else {
  root.render(<FullPageSpinner />);
  // issue 12: a deep link's screen and its first API requests start with the app's code, not after it.
  preloadScreenFor(window.location.pathname);
  const storage = localStorageOrNull();
  if (storage) {
    void rawConfig().then((config) => startEarlyData(config, storage, earlyStorageKeys, window.location));
  }
  await app.start();
}
