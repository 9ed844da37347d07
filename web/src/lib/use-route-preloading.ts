// Runs spec §2's preloading: the startup set 3 s after the app starts, and the prefetch map's screens
// after each arrival (lib/route-preload.ts), each screen in an idle moment of its own, so their code
// does not load and run while the screen arrived at is still rendering, nor two screens' evaluation in
// one long task.
import { useEffect } from 'react';
import { whenIdle } from '../components/deferred.tsx';
import {
  preloadInIdleTime,
  prefetchTargets,
  STARTUP_PRELOAD_DELAY_MS,
  STARTUP_PRELOADS,
} from './route-preload.ts';

export function useRoutePreloading(pathname: string): void {
  useEffect(() => {
    let cancel = () => undefined as void;
    const timer = window.setTimeout(() => {
      cancel = preloadInIdleTime(STARTUP_PRELOADS, (run) => whenIdle(run, 2000));
    }, STARTUP_PRELOAD_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      cancel();
    };
  }, []);
  useEffect(() => preloadInIdleTime(prefetchTargets(pathname), (run) => whenIdle(run, 1000)), [pathname]);
}
