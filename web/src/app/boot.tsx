// Starts the full app (docs/web.md, "Landing bundle"): loads and validates /config.json, makes the query
// cache and the router, waits for the first screen's code, then renders <App/> (or the startup error)
// into the page's root. Amplify is not part of it (lib/amplify-loader.ts): a start with a stored session
// begins loading it here, beside the config. Loaded by main.tsx at once for most pages, and by the light
// landing page (static-landing.ts) when the visitor heads into the app.
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { StartupError } from '../components/errors/startup-error.tsx';
import { paths } from '../config/paths.ts';
import { loadAppConfig, setAppConfig } from '../config/app-config.ts';
import { loadAmplify, mayHoldSession, preloadAmplify } from '../lib/amplify-loader.ts';
import { createQueryClient } from '../lib/react-query.ts';
import {
  prefetchTargets,
  preloadRoute,
  registerRoutePreloads,
  STARTUP_PRELOADS,
} from '../lib/route-preload.ts';
import { App } from './index.tsx';
import { createAppRouter, routerReady, screens } from './router.tsx';

let started = false;

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
  const root: Root = createRoot(container);
  // A stored session is checked by Amplify before the first screen: its code loads beside the config's.
  const storedSession = mayHoldSession();
  if (storedSession) preloadAmplify();
  try {
    const config = await loadAppConfig();
    setAppConfig(config);
    if (storedSession) void loadAmplify().catch(() => undefined);
    if (navigateTo !== undefined) {
      window.history.pushState(null, '', navigateTo);
      window.scrollTo(0, 0);
    }
    const queryClient = createQueryClient();
    const router = createAppRouter(queryClient);
    await routerReady(router);
    root.render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
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
