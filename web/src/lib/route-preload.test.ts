import { describe, expect, it } from 'vitest';
import { prefetchTargets, routeKeyFor, STARTUP_PRELOADS } from './route-preload.ts';

describe('route preloading (spec §2)', () => {
  it('follows the prefetch map', () => {
    expect(prefetchTargets('/')).toEqual(['/accounts', '/calendar']);
    expect(prefetchTargets('/accounts')).toEqual(['/calendar', '/coach']);
    expect(prefetchTargets('/calendar')).toEqual(['/accounts', '/coach']);
    expect(prefetchTargets('/coach')).toEqual(['/calendar', '/accounts']);
    expect(prefetchTargets('/profiles')).toEqual(['/accounts']);
    expect(prefetchTargets('/settings')).toEqual([]);
    expect(STARTUP_PRELOADS).toEqual(['/accounts', '/calendar', '/coach']);
  });

  it('finds the route of a link, parameters included', () => {
    const known = ['/accounts', '/accounts/:accountId', '/link'];
    expect(routeKeyFor('/accounts/acc-1?x=1', known)).toBe('/accounts/:accountId');
    expect(routeKeyFor('/link#top', known)).toBe('/link');
    expect(routeKeyFor('/coach', known)).toBeNull();
  });
});
