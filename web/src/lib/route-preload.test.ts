import { describe, expect, it } from 'vitest';
import {
  prefetchTargets,
  preloadInIdleTime,
  registerRoutePreloads,
  routeKeyFor,
  STARTUP_PRELOADS,
} from './route-preload.ts';

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

  it('loads preloaded screens one per idle moment, each after the last is in', async () => {
    // Prepare: two screens whose modules arrive when told; idle moments run when told.
    const arrive: Array<() => void> = [];
    const loaded: string[] = [];
    const screen = (name: string) => () =>
      new Promise<void>((resolve) => arrive.push(() => (loaded.push(name), resolve())));
    registerRoutePreloads({ '/idle-a': screen('a'), '/idle-b': screen('b') });
    const idle: Array<() => void> = [];
    const runIdle = async () => {
      idle.shift()?.();
      await Promise.resolve();
    };

    // Act and assess
    preloadInIdleTime(['/idle-a', '/idle-b'], (run) => (idle.push(run), () => undefined));
    expect(arrive).toHaveLength(0);
    await runIdle();
    expect(arrive).toHaveLength(1);
    expect(idle).toHaveLength(0);
    arrive[0]?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loaded).toEqual(['a']);
    expect(idle).toHaveLength(1);
    await runIdle();
    arrive[1]?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loaded).toEqual(['a', 'b']);
  });

  it('stops when cancelled', () => {
    const idle: Array<() => void> = [];
    let cancelled = 0;
    const cancel = preloadInIdleTime(['/x', '/y'], (run) => (idle.push(run), () => (cancelled += 1)));
    cancel();
    expect(cancelled).toBe(1);
  });
});
