// spec §2 route preloading: the Accounts, Calendar and Coach screens are preloaded 3 s after start,
// any screen on hover over (or focus on) a link to it, and, after arriving on a screen, the screens of
// the spec's prefetch map. The router registers each path's module loader here (lib does not import
// app/); a path without a registered screen (not built yet) is skipped. Failures are logged only
// (spec §8 "Prefetch ... failures are logged only").
import { paths } from '../config/paths.ts';

type Loader = () => Promise<unknown>;

const loaders = new Map<string, Loader>();
const started = new Set<string>();

export function registerRoutePreloads(entries: Record<string, Loader>): void {
  for (const [path, load] of Object.entries(entries)) loaders.set(path, load);
}

/** The registered path an href leads to (/accounts/abc → /accounts/:accountId). */
export function routeKeyFor(href: string, known: Iterable<string>): string | null {
  const path = href.split(/[?#]/)[0] ?? href;
  for (const pattern of known) {
    const regex = new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`);
    if (regex.test(path)) return pattern;
  }
  return null;
}

/** Starts loading the screen an href leads to, once; settles when it is in (or failed: logged). */
export function preloadRoute(href: string): Promise<void> {
  const key = routeKeyFor(href, loaders.keys());
  const load = key === null ? undefined : loaders.get(key);
  if (key === null || !load || started.has(key)) return Promise.resolve();
  started.add(key);
  return load().then(
    () => undefined,
    (error: unknown) => {
      started.delete(key);
      console.warn('route preload failed', key, error);
    },
  );
}

/**
 * Preloads `hrefs` one after another, each when the browser is next idle (`idle` schedules a call then
 * and returns its cancel). Loading a screen's module evaluates it, which is one task: two in one idle
 * period would make one long task, felt by whoever taps meanwhile. Returns the cancel.
 */
export function preloadInIdleTime(
  hrefs: readonly string[],
  idle: (run: () => void) => () => void,
): () => void {
  let cancelled = false;
  let cancelIdle = () => undefined as void;
  const next = (index: number) => {
    const href = hrefs[index];
    if (cancelled || href === undefined) return;
    cancelIdle = idle(() => void preloadRoute(href).then(() => next(index + 1)));
  };
  next(0);
  return () => {
    cancelled = true;
    cancelIdle();
  };
}

/** spec §2: preloaded 3 s after start. */
export const STARTUP_PRELOADS = [
  paths.app.accounts.path,
  paths.app.calendar.path,
  paths.app.coach.path,
] as const;
export const STARTUP_PRELOAD_DELAY_MS = 3000;

/** spec §2 prefetch map: arriving on the key, the listed screens are preloaded. */
export const PREFETCH_MAP: Readonly<Record<string, readonly string[]>> = {
  [paths.home.path]: [paths.app.accounts.path, paths.app.calendar.path],
  [paths.app.accounts.path]: [paths.app.calendar.path, paths.app.coach.path],
  [paths.app.calendar.path]: [paths.app.accounts.path, paths.app.coach.path],
  [paths.app.coach.path]: [paths.app.calendar.path, paths.app.accounts.path],
  [paths.app.profiles.path]: [paths.app.accounts.path],
};

export function prefetchTargets(pathname: string): readonly string[] {
  return PREFETCH_MAP[pathname] ?? [];
}
