// The lazily loaded screens by path (spec §2), shared by the router (app/router.tsx) and the entry
// (main.tsx), which starts loading a deep link's screen together with the app instead of after it
//. Kept free of the router: the entry imports it.
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router-dom';
import { paths } from '../config/paths.ts';
import type { ScreenStartQueries } from '../lib/signed-in-start.ts';
import { hasStoredSession } from './start-mode.ts';

const storedSession = () => {
  try {
    return hasStoredSession(window.localStorage);
  } catch {
    return false;
  }
};

export interface RouteModule {
  default: ComponentType;
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
  /** A signed-in screen's first queries, run before the app's first render on a start there. */
  startQueries?: ScreenStartQueries;
}

/** Signed-in screens by path: the router loads them lazily, and lib/route-preload.ts preloads them. */
export const screens = {
  [paths.app.accounts.path]: () => import('./routes/app/accounts.tsx'),
  [paths.app.account.path]: () => import('./routes/app/account.tsx'),
  [paths.app.calendar.path]: () => import('./routes/app/calendar.tsx'),
  [paths.app.plan.path]: () => import('./routes/app/plan.tsx'),
  [paths.app.coach.path]: () => import('./routes/app/coach.tsx'),
  [paths.app.help.path]: () => import('./routes/app/help.tsx'),
  [paths.app.onboarding.path]: () => import('./routes/app/onboarding.tsx'),
  [paths.app.link.path]: () => import('./routes/app/link.tsx'),
  [paths.app.profiles.path]: () => import('./routes/app/profiles.tsx'),
  [paths.app.settings.path]: () => import('./routes/app/settings.tsx'),
  [paths.app.importExport.path]: () => import('./routes/app/import-export.tsx'),
} satisfies Record<string, () => Promise<RouteModule>>;

/** The admin screens (spec §2 admin routes), behind the admin guard of routes/admin/root.tsx. */
export const adminScreens = {
  [paths.admin.dashboard.path]: () => import('./routes/admin/dashboard.tsx'),
  [paths.admin.users.path]: () => import('./routes/admin/users.tsx'),
  [paths.admin.user.path]: () => import('./routes/admin/user.tsx'),
  [paths.admin.system.path]: () => import('./routes/admin/system.tsx'),
  [paths.admin.notifications.path]: () => import('./routes/admin/notifications.tsx'),
  [paths.admin.userHealth.path]: () => import('./routes/admin/user-health.tsx'),
  [paths.admin.categories.path]: () => import('./routes/admin/categories.tsx'),
  [paths.admin.plaidHealth.path]: () => import('./routes/admin/plaid-health.tsx'),
} satisfies Record<string, () => Promise<RouteModule>>;

/** The frame of every signed-in screen (the auth guard and the app layout). */
export const appFrame = () => import('./routes/app/root.tsx');

/** The signed-in providers' logic (the active profile, the subscription), which the frame waits for. */
const signedInLogic = () => import('../lib/signed-in-logic.ts');

/** The profile list's calls, which its query imports itself at the first read: their code is in the
 * frame's chunk, but the import goes through a small file of its own, one round trip more before the
 * first screen's data can be read unless it is asked for here with the rest. */
const profileCalls = () => import('../lib/financial-profiles-api.ts');

/** Whether `pattern` (a route path with `:param` segments) matches `pathname`. */
export function matchesPath(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.replace(/\/+$/, '').split('/');
  if (pathname !== '/' && want.length !== have.length) return false;
  return want.every((part, index) => part.startsWith(':') || part === have[index]);
}

/** The code of the signed-in screen at `pathname` (an admin screen included), if it is one. */
export function signedInScreenAt(pathname: string): (() => Promise<RouteModule>) | undefined {
  const all: Record<string, () => Promise<RouteModule>> = { ...screens, ...adminScreens };
  return Object.entries(all).find(([pattern]) => matchesPath(pattern, pathname))?.[1];
}

/** '/' for a signed-in person: spec §2's home logic, which reads the person's record and the active
 * profile's accounts and, when there are accounts, sends them on to /accounts. */
const homeLogic = [() => import('./routes/home.tsx'), () => import('./routes/home-decision.tsx')];

/**
 * The screen a signed-in start at `pathname` prepares (app/boot.tsx, app/sign-in-start.ts): the screen
 * itself, or for '/' the one the home logic sends a person with accounts to, whose first queries (the
 * active profile's accounts) are what the home logic decides by, so it decides at its first render.
 */
export function startScreenAt(pathname: string): (() => Promise<RouteModule>) | undefined {
  if (pathname === paths.home.path) return screens[paths.app.accounts.path];
  return signedInScreenAt(pathname);
}

/**
 * Starts loading the signed-in screen at `pathname` (its frame, the providers' signed-in logic; for '/'
 * the home logic too), so its code arrives with the app's; nothing for other pages. The router's own
 * lazy load and the providers then find the modules already on their way.
 */
export function preloadScreenFor(pathname: string): void {
  // '/' without a stored session is a signed-out visitor's (an invitation or recovery link).
  if (pathname === paths.home.path && !storedSession()) return;
  preloadSignedInScreen(pathname);
}

/** As preloadScreenFor, whoever is signed in: for a sign-in under way (app/sign-in-start.ts). */
export function preloadSignedInScreen(pathname: string): void {
  const load = startScreenAt(pathname);
  if (!load) return;
  void appFrame().catch(() => undefined);
  void signedInLogic().catch(() => undefined);
  void profileCalls().catch(() => undefined);
  void load().catch(() => undefined);
  if (pathname === paths.home.path) for (const module of homeLogic) void module().catch(() => undefined);
}
