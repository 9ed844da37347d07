// The routes built so far, from the `paths` table. Each screen is a lazily loaded route module whose
// default export is the screen and whose optional `clientLoader` prefetches its data with the same
// query options the screen uses. Paths of spec §2 whose screens are not built yet are not registered:
// they show the not-found page until their issue lands (docs/web.md).
import type { QueryClient } from '@tanstack/react-query';
import { Navigate, createBrowserRouter } from 'react-router-dom';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { registerRoutePreloads } from '../lib/route-preload.ts';
import { RootLayout } from './routes/root.tsx';
import { RouteError } from './routes/route-error.tsx';
import { adminScreens, appFrame, screens, type RouteModule } from './screens.ts';

const lazyRoute = (queryClient: QueryClient, load: () => Promise<RouteModule>) => async () => {
  const { default: Component, clientLoader } = await load();
  return { Component, ...(clientLoader ? { loader: clientLoader(queryClient) } : {}) };
};

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Resolves once the router has loaded the first screen's code (and started its data). */
export function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export { screens };

export function createAppRouter(queryClient: QueryClient): AppRouter {
  const route = (load: () => Promise<RouteModule>) => lazyRoute(queryClient, load);
  registerRoutePreloads(screens);
  return createBrowserRouter([
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <FullPageSpinner />,
      children: [
        { path: paths.home.path, lazy: route(() => import('./routes/home.tsx')) },
        { path: paths.index.path, element: <Navigate to={paths.home.getHref()} replace /> },
        { path: paths.auth.login.path, lazy: route(() => import('./routes/auth/login.tsx')) },
        { path: paths.auth.signup.path, lazy: route(() => import('./routes/auth/signup.tsx')) },
        { path: paths.auth.verifyEmail.path, lazy: route(() => import('./routes/auth/verify-email.tsx')) },
        {
          path: paths.auth.forgotPassword.path,
          lazy: route(() => import('./routes/auth/forgot-password.tsx')),
        },
        {
          path: paths.auth.resetPassword.path,
          lazy: route(() => import('./routes/auth/reset-password.tsx')),
        },
        { path: paths.auth.callback.path, lazy: route(() => import('./routes/auth/callback.tsx')) },
        { path: paths.auth.twoFactor.path, lazy: route(() => import('./routes/auth/two-factor.tsx')) },
        { path: paths.inviteAccept.path, lazy: route(() => import('./routes/invite-accept.tsx')) },
        { path: paths.plans.path, lazy: route(() => import('./routes/plans.tsx')) },
        { path: paths.terms.path, lazy: route(() => import('./routes/terms.tsx')) },
        { path: paths.privacy.path, lazy: route(() => import('./routes/privacy.tsx')) },
        // spec §2 redirects (/ai-coach → /coach, …).
        ...Object.values(paths.redirects).map((redirect) => ({
          path: redirect.path,
          element: <Navigate to={redirect.to} replace />,
        })),
        {
          // /get-started: guarded, in its own quiet frame (spec §2).
          lazy: route(() => import('./routes/app/setup-root.tsx')),
          children: [
            { path: paths.app.getStarted.path, lazy: route(() => import('./routes/app/get-started.tsx')) },
          ],
        },
        {
          // Every protected screen sits under the auth guard and the signed-in frame.
          lazy: route(appFrame),
          children: [
            ...Object.entries(screens).map(([path, load]) => ({ path, lazy: route(load) })),
            {
              // The admin area, behind its guard (non-admins go to /accounts).
              lazy: route(() => import('./routes/admin/root.tsx')),
              children: Object.entries(adminScreens).map(([path, load]) => ({ path, lazy: route(load) })),
            },
          ],
        },
        { path: '*', lazy: route(() => import('./routes/not-found.tsx')) },
      ],
    },
  ]);
}
