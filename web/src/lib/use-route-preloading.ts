// Runs spec §2's preloading: the startup set 3 s after the app starts, and the prefetch map's screens
// after each arrival (lib/route-preload.ts), once the browser is first idle (within 1 s), so their code
// does not load and run while the screen arrived at is still rendering.
import { useEffect } from 'react';
import { whenIdle } from '../components/deferred.tsx';
import {
  preloadRoute,
  prefetchTargets,
  STARTUP_PRELOAD_DELAY_MS,
  STARTUP_PRELOADS,
} from './route-preload.ts';

export function useRoutePreloading(pathname: string): void {
  useEffect(() => {
    const timer = window.setTimeout(() => STARTUP_PRELOADS.forEach(preloadRoute), STARTUP_PRELOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  useEffect(() => whenIdle(() => prefetchTargets(pathname).forEach(preloadRoute), 1000), [pathname]);
}
