// The parent of every route: renders the matched screen, remembers an invitation token that arrives in
// the URL of any page, and sends a password-recovery link (type=recovery with token_hash, on any page)
// to /reset-password with the same query (spec §2). Each route load is timed and joins the navigation
// history (lib/use-route-timing.ts).
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useRememberInviteFromUrl } from '../../lib/remember-invite-from-url.ts';
import { useRoutePreloading } from '../../lib/use-route-preloading.ts';
import { useRouteTiming } from '../../lib/use-route-timing.ts';

export function RootLayout() {
  useRememberInviteFromUrl();
  useRouteTiming();
  const { pathname, search } = useLocation();
  useRoutePreloading(pathname);
  const query = new URLSearchParams(search);
  if (
    query.get('type') === 'recovery' &&
    query.get('token_hash') &&
    pathname !== paths.auth.resetPassword.path
  ) {
    return <Navigate to={`${paths.auth.resetPassword.getHref()}${search}`} replace />;
  }
  return <Outlet />;
}
