import { describe, expect, it } from 'vitest';
import { routePatternOf } from './use-route-timing.ts';

describe('routePatternOf: route names without their parameters', () => {
  it.each([
    [{ pathname: '/calendar', params: {} }, '/calendar'],
    [{ pathname: '/invite/AbC123tokenXyz', params: { token: 'AbC123tokenXyz' } }, '/invite/:token'],
    [
      {
        pathname: '/admin/users/3f2b8c1e-9a4d-4c2e-8b1a-0d9e8f7a6b5c/',
        params: { id: '3f2b8c1e-9a4d-4c2e-8b1a-0d9e8f7a6b5c' },
      },
      '/admin/users/:id',
    ],
    [{ pathname: '/', params: {} }, '/'],
    [{ pathname: '/no/such/page', params: { '*': 'no/such/page' } }, '/*'],
    [{ pathname: '/help/a/b', params: { '*': 'a/b' } }, '/help/*'],
  ])('%o → %s', (match, expected) => {
    expect(routePatternOf(match, '/fallback')).toBe(expected);
  });

  it('falls back to the address when nothing matched', () => {
    expect(routePatternOf(undefined, '/somewhere')).toBe('/somewhere');
  });
});
