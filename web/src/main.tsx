// Entry point (docs/web.md, "Landing bundle"). index.html arrives with two prerendered views in #root
// (app/start-views.tsx) and picks one before first paint. A visitor who opens '/' with no stored
// session reads the landing page straight from the HTML, driven by app/static-landing.ts without React;
// the full app (React, config, Amplify, router, query cache: app/boot.tsx) loads when they head into it.
// Every other start shows the loading view and loads the full app at once, with the deep link's screen
// and first API requests started beside it (lib/early-data.ts). This file stays small: it is
// all a landing visitor runs.
import { preloadScreenFor } from './app/screens.ts';
import { startsWithLanding } from './app/start-mode.ts';
import { runStaticLanding, type FullApp } from './app/static-landing.ts';
import { inlineConfigText, rawConfig } from './config/config-request.ts';
import { preloadAmplify } from './lib/amplify-code.ts';
import { earlyStorageKeys } from './lib/storage-keys.ts';
import { hasStoredSession, startEarlyData } from './lib/early-data.ts';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const loadApp = () => import('./app/boot.tsx');

/** The landing page's update toast and banner, when shown (removed when the app starts). */
let removeLandingUpdate: (() => void) | undefined;

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
      else container.textContent = 'The app could not load. Check your connection, then reload the page.';
      return;
    }
    removeLandingUpdate?.();
    removeLandingUpdate = undefined;
    await boot.startApp(container, options);
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

// index.html's inline script made the choice before first paint (it is startsWithLanding, tested side by
// side); the function decides only where that script did not run.
const startMode = document.documentElement.dataset.start;
const landing =
  startMode === undefined
    ? startsWithLanding(window.location, localStorageOrNull())
    : startMode === 'landing';
const landingView = container.querySelector<HTMLElement>('[data-start-view="landing"]');

if (landing && landingView) {
  runStaticLanding(landingView, app, {
    checkForUpdates: import.meta.env.PROD,
    onNewVersion: () => {
      import('./app/landing-app-wide.tsx')
        .then(({ showLandingUpdate }) => {
          removeLandingUpdate = showLandingUpdate();
        })
        .catch((error: unknown) => console.warn('the update notice could not load', error));
    },
  });
} else {
  // A deep link's screen and its first API requests start with the app's code, not after it.
  // With the config in the page, index.html's inline script (app/inline-start.ts) has sent the requests
  // already, and Amplify's code starts loading here when a session is stored. Without it, the config is
  // asked for first: adding the screen's preload links takes a while on a slow phone.
  const storage = localStorageOrNull();
  const inline = inlineConfigText(document);
  if (storage && inline) {
    try {
      if (hasStoredSession(JSON.parse(inline), storage)) preloadAmplify();
    } catch {
      // An unreadable config: the app reports it when it validates the config.
    }
  } else if (storage) {
    void rawConfig().then((config) =>
      startEarlyData(config, storage, earlyStorageKeys, window.location, fetch, Date.now, preloadAmplify),
    );
  }
  preloadScreenFor(window.location.pathname);
  await app.start();
}
