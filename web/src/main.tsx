// Entry point (docs/web.md, "Landing bundle"). A visitor who opens '/' with no stored session gets the
// landing page straight from this small entry (React and the page only); the full app (config,
// Amplify, router, query cache: app/boot.tsx) loads when they follow a link, and its screens are
// preloaded 3 s after start (spec §2). Every other start renders the full app at once.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { FullApp } from './app/landing-shell.tsx';
import { LandingShell } from './app/landing-shell.tsx';
import { startsWithLanding } from './app/start-mode.ts';
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
  await app.start();
}
