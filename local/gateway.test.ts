import { describe, expect, it } from 'vitest';
import type { CatalogEntry } from '../functions/catalog.ts';
import { compileRoutes, matchRoute } from './gateway.ts';

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
