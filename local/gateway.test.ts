import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../functions/catalog.ts';
import { compileRoutes, matchRoute, warmHandlers } from './gateway.ts';

const entry = (name: string, routes: CatalogEntry['routes']): CatalogEntry => ({
  name,
  kind: 'resource',
  description: name,
  caller: 'user',
  routes,
  handler: null,
  timeoutSeconds: 10,
  memoryMb: 128,
});

const routes = compileRoutes([
  entry('invitations', [
    { method: 'GET', path: '/invitations/{token}' },
    { method: 'POST', path: '/invitations/repair' },
    { method: 'POST', path: '/invitations/{token}/accept' },
  ]),
  entry('profiles', [{ method: 'GET', path: '/profiles/me' }]),
]);

describe('gateway routing', () => {
  it('prefers the literal route over a parameter, as API Gateway does', () => {
    const match = matchRoute(routes, 'POST', '/invitations/repair');
    expect(match && 'route' in match ? match.route.routeKey : match).toBe('POST /invitations/repair');
  });

  it('extracts and decodes path parameters', () => {
    const match = matchRoute(routes, 'POST', '/invitations/a%20b/accept');
    expect(match && 'route' in match ? match.pathParameters : match).toEqual({ token: 'a b' });
  });

  it('does not match across segments or other methods', () => {
    expect(matchRoute(routes, 'GET', '/invitations/a/b')).toBeNull();
    expect(matchRoute(routes, 'DELETE', '/profiles/me')).toEqual({ allowed: ['GET'] });
    expect(matchRoute(routes, 'GET', '/profiles/me/extra')).toBeNull();
  });
});

describe('gateway warm-up', () => {
  const withModule = (name: string): CatalogEntry => ({
    ...entry(name, [{ method: 'GET', path: `/${name}` }]),
    handler: `functions/${name}/handler.ts`,
  });

  it('loads every handler module once, in catalog order, skipping entries without one', async () => {
    const loaded: string[] = [];
    await warmHandlers([withModule('a'), entry('none', []), withModule('b')], async (e) => {
      loaded.push(e.name);
    });
    expect(loaded).toEqual(['a', 'b']);
  });

  it('reports a module that does not load and goes on with the rest', async () => {
    const loaded: string[] = [];
    const reports: string[] = [];
    await warmHandlers(
      [withModule('broken'), withModule('b')],
      async (e) => {
        if (e.name === 'broken') throw new Error('syntax error');
        loaded.push(e.name);
      },
      (line) => reports.push(line),
    );
    expect(loaded).toEqual(['b']);
    expect(reports[0]).toBe('gateway warm-up: broken did not load: syntax error');
    expect(reports[1]).toMatch(/^gateway warm-up: 1 handler modules loaded in \d+ms$/);
  });

  it('yields between modules, so a request arriving meanwhile is served before the rest load', async () => {
    const order: string[] = [];
    const warming = warmHandlers([withModule('a'), withModule('b'), withModule('c')], async (e) => {
      order.push(e.name);
    });
    await new Promise((resolve) => setImmediate(resolve));
    order.push('request');
    await warming;
    expect(order.indexOf('request')).toBeLessThan(order.indexOf('c'));
  });

  it('a gateway loads the whole catalog once listening: every function is warm before its first call', async () => {
    const { startGateway } = await import('./gateway.ts');
    const { catalog } = await import('../functions/catalog.ts');
    const { resolve } = await import('node:path');
    const { createServer } = await import('node:net');
    const port = await new Promise<number>((done) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const reports: string[] = [];
    const gateway = await startGateway({
      port,
      cognitoEndpoint: 'http://127.0.0.1:9',
      userPoolId: 'local_pool',
      userPoolClientId: 'client',
      allowedOrigins: [],
      repoRoot: resolve(import.meta.dirname, '..'),
      onRequest: (line) => reports.push(line),
    });
    try {
      await gateway.warmed;
      const modules = catalog.filter((e) => e.handler).length;
      expect(modules).toBeGreaterThan(40);
      expect(reports.filter((line) => line.includes('warm-up'))).toEqual([
        expect.stringMatching(new RegExp(`^gateway warm-up: ${modules} handler modules loaded in \\d+ms$`)),
      ]);
    } finally {
      await gateway.close();
    }
  }, 120_000);
});
