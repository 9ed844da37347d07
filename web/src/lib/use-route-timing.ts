// Route loads for the metrics recorder: each navigation is timed from the moment the router
// starts loading it (its lazy screen module, its loader) until the new screen is on the page, under the
// route's pattern (`route:/invite/:token`, never the token itself), and the pattern joins the navigation
// history (spec §9: last 10 routes). The first screen is timed from the page's own start. Mounted once,
// in RootLayout.
import { useEffect, useRef } from 'react';
import { useLocation, useMatches, useNavigation, type UIMatch } from 'react-router-dom';
import { telemetry } from './telemetry.ts';

/** The matched route's pattern: the path with each parameter's value replaced by `:name`. */
export function routePatternOf(
  match: Pick<UIMatch, 'pathname' | 'params'> | undefined,
  fallback: string,
): string {
  if (!match) return fallback;
  // A catch-all route (the not-found screen) is one operation, whatever address was typed.
  const splat = match.params['*'];
  if (splat) return `${match.pathname.slice(0, match.pathname.length - splat.length).replace(/\/$/, '')}/*`;
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(match.params)) {
    if (value && name !== '*') names.set(value, name);
  }
  const pattern = match.pathname
    .split('/')
    .map((segment) => {
      const name = names.get(decodeURIComponent(segment));
      return name ? `:${name}` : segment;
    })
    .join('/');
  return pattern.length > 1 ? pattern.replace(/\/$/, '') : pattern;
}

export function useRouteTiming(): void {
  const location = useLocation();
  const navigation = useNavigation();
  const matches = useMatches();
  const started = useRef<{ pathname: string; at: number } | null>(null);
  const first = useRef(true);

  useEffect(() => {
    if (
      navigation.state === 'loading' &&
      navigation.location &&
      started.current?.pathname !== navigation.location.pathname
    ) {
      started.current = { pathname: navigation.location.pathname, at: performance.now() };
    }
  }, [navigation.state, navigation.location]);

  useEffect(() => {
    const route = routePatternOf(matches[matches.length - 1], location.pathname);
    const now = performance.now();
    let since = now;
    if (first.current) {
      // The first screen: from the page's navigation start (performance's time origin).
      since = 0;
      first.current = false;
    } else if (started.current?.pathname === location.pathname) {
      since = started.current.at;
    }
    started.current = null;
    telemetry.recordRoute(route);
    telemetry.recordOperation(`route:${route}`, now - since, true);
    // Only a new path is a route load (a changed query string is the same screen); matches follow it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);
}
