// Starts the full app (docs/web.md, "Landing bundle"): loads and validates /config.json, makes the query
// cache and the router, waits for the first screen's code (and, on a signed-in start, for its data:
// docs/web.md "One render from a warm cache"), then renders <App/> (or the startup error) into the
// page's root. Amplify is not part of it (lib/amplify-loader.ts): a start with a stored session
// begins loading it here, beside the config. Loaded by main.tsx at once for most pages, and by the light
// landing page (static-landing.ts) when the visitor heads into the app.
import type { QueryClient } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { StartupError } from '../components/errors/startup-error.tsx';
import { paths } from '../config/paths.ts';
import { inlineAppConfig, loadAppConfig, setAppConfig } from '../config/app-config.ts';
import { loadAmplify, mayHoldSession, preloadAmplify } from '../lib/amplify-loader.ts';
import { createQueryClient } from '../lib/react-query.ts';
import {
  prefetchTargets,
  preloadRoute,
  registerRoutePreloads,
  STARTUP_PRELOADS,
} from '../lib/route-preload.ts';
import { subscriptionCode } from '../features/subscriptions/components/subscription-provider.tsx';
import { activeProfileCode } from '../lib/active-profile-provider.tsx';
import type { AuthUser } from '../lib/auth.tsx';
import { App } from './index.tsx';
import { createAppRouter, routerReady, screens } from './router.tsx';
import { startScreenAt } from './screens.ts';

let started = false;

/** How long the first render waits, at most, for a signed-in start's data (lib/signed-in-start.ts). */
export const SIGNED_IN_START_MAX_MS = 1500;

/**
 * On a start at a signed-in screen with a stored session: the user Amplify confirms, with the frame's
 * and the screen's first queries in the cache (lib/signed-in-start.ts), so the app renders the screen
 * in one go. Gives up waiting after SIGNED_IN_START_MAX_MS (a slow API, a stalled token refresh): the
 * app then renders as on any start, and finds whatever has come in by then in the cache.
 */
async function prepareStart(queryClient: QueryClient): Promise<AuthUser | null> {
  const screen = startScreenAt(window.location.pathname);
  if (!screen) return null;
  const giveUp = new AbortController();
  const prepared = Promise.all([activeProfileCode.load(), subscriptionCode.load()]).then(([logic]) =>
    logic.prepareSignedInStart(queryClient, {
      search: window.location.search,
      screen: screen().then((module) => module.startQueries),
      signal: giveUp.signal,
    }),
  );
  let timer: number | undefined;
  const late = new Promise<null>((resolve) => {
    timer = window.setTimeout(() => {
      giveUp.abort();
      resolve(null);
    }, SIGNED_IN_START_MAX_MS);
  });
  try {
    return await Promise.race([prepared.catch(() => null), late]);
  } finally {
    window.clearTimeout(timer);
  }
}

/** Resolves in a new task of the browser's. */
const nextTask = () => new Promise<void>((resolve) => window.setTimeout(resolve, 0));

/** How long a prerendered screen skeleton may stay once the app has rendered, at most. */
const SKELETON_HOLD_MAX_MS = 3000;

/**
 * The root the app renders into. Usually `container` itself: the app's first render replaces the
 * prerendered view. A start showing a screen's skeleton (index.html's `data-start-screen`: a signed-in
 * /calendar) keeps it on screen, laid over the page (index.css, `data-start-holding`), while the app
 * beneath shows nothing but loading indicators (the auth check, the gates, the profile:
 * `[data-page-loading]`), and removes it once the app shows more (its frame with the screen's own
 * skeleton, a redirect, an error), or at the latest 3 s after the app first rendered. So the
 * skeleton's heading is not replaced by 'Loading...' and then painted again. The app renders in place
 * all along (focus, layout and measurements work as usual); only the overlay goes.
 */
function appRoot(container: HTMLElement): HTMLElement {
  const html = document.documentElement;
  const skeleton = container.querySelector<HTMLElement>(`[data-start-view="${html.dataset.startScreen}"]`);
  if (!html.dataset.startScreen || !skeleton) return container;
  const target = document.createElement('div');
  container.append(target);
  html.dataset.startHolding = '';
  let timer: number | undefined;
  const reveal = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const child of [...container.children]) if (child !== target) child.remove();
    delete html.dataset.startHolding;
    delete html.dataset.startScreen;
  };
  // Mutation records are delivered before the browser paints the commit that made them.
  const observer = new MutationObserver(() => {
    if (target.childElementCount === 0) return;
    timer ??= window.setTimeout(reveal, SKELETON_HOLD_MAX_MS);
    if (!target.querySelector('[data-page-loading]')) reveal();
  });
  observer.observe(target, { childList: true, subtree: true });
  return target;
}

/**
 * Renders the full app into `container` (in place of the prerendered view it holds). With
 * `navigateTo`, the address changes to it (a new history entry) just before the router reads it, so
 * the page on screen stays until the next one is ready.
 */
export async function startApp(
  container: HTMLElement,
  { navigateTo }: { navigateTo?: string } = {},
): Promise<void> {
  if (started) return;
  started = true;
  const root: Root = createRoot(appRoot(container));
  // A stored session is checked by Amplify before the first screen: its code loads beside the config's.
  const storedSession = mayHoldSession();
  if (storedSession) preloadAmplify();
  try {
    // The page's own config is read at once: awaiting it would let other queued work go first.
    const config = inlineAppConfig() ?? (await loadAppConfig());
    setAppConfig(config);
    if (storedSession) void loadAmplify().catch(() => undefined);
    if (navigateTo !== undefined) {
      window.history.pushState(null, '', navigateTo);
      window.scrollTo(0, 0);
    }
    const queryClient = createQueryClient();
    const prepared = storedSession ? prepareStart(queryClient) : null;
    // A signed-in start waits for its data anyway: the router (the route table ranked, the first match,
    // ≈ 120 ms of a 4×-throttled CPU) is made in a task of its own, not added to the task before.
    if (prepared) await nextTask();
    const router = createAppRouter(queryClient);
    await routerReady(router);
    const startUser = prepared ? await prepared : null;
    // A transition: React renders the first screen in slices, yielding to the browser every few
    // milliseconds, instead of in one long task (Lighthouse's Total Blocking Time).
    startTransition(() =>
      root.render(
        <StrictMode>
          <App queryClient={queryClient} router={router} startUser={startUser} />
        </StrictMode>,
      ),
    );
  } catch (error) {
    console.error('startup failed', error);
    root.render(<StartupError error={error} />);
  }
}

/** spec §2 route preloading for the light landing page: the startup set and the prefetch map of '/'. */
export function preloadLandingRoutes(): void {
  registerRoutePreloads(screens);
  [...STARTUP_PRELOADS, ...prefetchTargets(paths.home.path)].forEach(preloadRoute);
}
