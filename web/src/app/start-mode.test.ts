import { describe, expect, it } from 'vitest';
import { hasStoredSession, startsWithLanding } from './start-mode.ts';

/** A Storage holding `keys`, as the browser's local storage lists them. */
function storageWith(...keys: string[]): Pick<Storage, 'length' | 'key'> {
  return { length: keys.length, key: (index: number) => keys[index] ?? null };
}

const client = 'CognitoIdentityServiceProvider.4hq2clientid';
const signedIn = [
  `${client}.LastAuthUser`,
  `${client}.0f7c-user.idToken`,
  `${client}.0f7c-user.accessToken`,
  `${client}.0f7c-user.refreshToken`,
  `${client}.0f7c-user.clockDrift`,
];

describe('hasStoredSession (Amplify Auth 6 token keys)', () => {
  it('is false for empty storage and for the app’s own keys', () => {
    expect(hasStoredSession(storageWith())).toBe(false);
    expect(hasStoredSession(storageWith('theme', 'pendingInviteToken', 'activeProfileId:abc'))).toBe(false);
  });

  it('is true while any token key or the last user is stored', () => {
    expect(hasStoredSession(storageWith('theme', ...signedIn))).toBe(true);
    for (const key of signedIn.slice(0, 4)) expect(hasStoredSession(storageWith(key))).toBe(true);
  });

  it('ignores what sign-out leaves behind (device keys, clock drift)', () => {
    expect(
      hasStoredSession(
        storageWith(
          `${client}.0f7c-user.deviceKey`,
          `${client}.0f7c-user.clockDrift`,
          'CognitoIdentityServiceProvider',
        ),
      ),
    ).toBe(false);
  });

  it('counts storage that cannot be read as a possible session', () => {
    const broken = {
      get length(): number {
        throw new Error('SecurityError');
      },
      key: () => null,
    };
    expect(hasStoredSession(broken)).toBe(true);
  });
});

describe('startsWithLanding', () => {
  const at = (pathname: string, search = '') => ({ pathname, search });

  it('shows the light landing page on / with no stored session, whatever other query it carries', () => {
    expect(startsWithLanding(at('/'), storageWith('theme'))).toBe(true);
    expect(startsWithLanding(at('/', '?utm_source=mail&email=a%40b.c'), storageWith())).toBe(true);
  });

  it('starts the full app for a stored session (spec §2 home logic)', () => {
    expect(startsWithLanding(at('/'), storageWith(...signedIn))).toBe(false);
  });

  it('starts the full app on every other page', () => {
    for (const path of ['/login', '/signup', '/index', '/calendar', '/terms', '/no-such-page']) {
      expect(startsWithLanding(at(path), storageWith())).toBe(false);
    }
  });

  it('starts the full app for an invitation or a recovery link on /', () => {
    for (const search of ['?invite=abc', '?token=abc&email=a%40b.c', '?type=recovery&token_hash=xyz']) {
      expect(startsWithLanding(at('/', search), storageWith())).toBe(false);
    }
  });

  it('starts the full app when local storage is unavailable', () => {
    expect(startsWithLanding(at('/'), null)).toBe(false);
  });
});
