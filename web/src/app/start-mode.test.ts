import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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

describe("index.html's inline start script (the same choice, made before first paint)", () => {
  const html = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

  /** Runs the script against a page at `path` + `search` with `keys` stored (or unreadable storage);
   * returns the view it chose and whether it set the dark theme. */
  function run(
    path: string,
    search: string,
    keys: string[] | null,
    stored: Record<string, string> = {},
    configInPage = '',
  ) {
    const attributes = new Map<string, string>();
    const classes = new Set<string>();
    const preloads: Array<Record<string, string>> = [];
    const document = {
      documentElement: {
        setAttribute: (name: string, value: string) => attributes.set(name, value),
        classList: { add: (name: string) => classes.add(name) },
      },
      createElement: () => ({}),
      getElementById: (id: string) => (id === 'app-config' ? { textContent: configInPage } : null),
      head: { appendChild: (link: Record<string, string>) => preloads.push(link) },
    };
    const storage =
      keys === null
        ? new Proxy(
            {},
            {
              get: () => {
                throw new Error('SecurityError');
              },
            },
          )
        : {
            length: keys.length,
            key: (index: number) => keys[index] ?? null,
            getItem: (key: string) => stored[key] ?? null,
          };
    const matchMedia = () => ({ matches: false });
    new Function('document', 'localStorage', 'location', 'matchMedia', 'URLSearchParams', script)(
      document,
      storage,
      { pathname: path, search },
      matchMedia,
      URLSearchParams,
    );
    return {
      view: attributes.get('data-start'),
      screen: attributes.get('data-start-screen'),
      dark: classes.has('dark'),
      preloads,
    };
  }

  it('chooses as startsWithLanding does, case by case', () => {
    const cases: Array<[string, string, string[] | null]> = [
      ['/', '', []],
      ['/', '', ['theme']],
      ['/', '?utm_source=mail&email=a%40b.c', []],
      ['/', '', signedIn],
      ['/', '', [signedIn[0] ?? '']],
      ['/', '', [`${client}.0f7c-user.deviceKey`, `${client}.0f7c-user.clockDrift`]],
      ['/', '?invite=abc', []],
      ['/', '?token=abc&email=a%40b.c', []],
      ['/', '?type=recovery&token_hash=xyz', []],
      ['/', '?invite', []],
      ['/', '', null],
      ['/login', '', []],
      ['/calendar', '', signedIn],
      ['/terms', '', []],
    ];
    for (const [path, search, keys] of cases) {
      const expected = startsWithLanding(
        { pathname: path, search },
        keys === null ? null : storageWith(...keys),
      );
      expect(run(path, search, keys).view, `${path}${search} ${JSON.stringify(keys)}`).toBe(
        expected ? 'landing' : 'app',
      );
    }
  });

  it("shows a screen's skeleton for a signed-in start at /calendar, /accounts, /plan or '/', and only then", () => {
    expect(run('/calendar', '', signedIn).screen).toBe('calendar');
    expect(run('/calendar', '?month=2026-05', signedIn).screen).toBe('calendar');
    expect(run('/accounts', '', signedIn).screen).toBe('accounts');
    expect(run('/plan', '', signedIn).screen).toBe('plan');
    expect(run('/', '', signedIn).screen).toBe('accounts');
    expect(run('/calendar', '', []).screen).toBeUndefined();
    expect(run('/calendar', '', null).screen).toBeUndefined();
    expect(run('/', '', []).screen).toBeUndefined();
    expect(run('/', '?invite=abc', []).screen).toBeUndefined();
    expect(run('/settings', '', signedIn).screen).toBeUndefined();
    expect(run('/accounts/abc', '', signedIn).screen).toBeUndefined();
  });

  it('preloads the runtime config for the app, not for the landing page', () => {
    expect(run('/calendar', '', signedIn).preloads).toEqual([
      { rel: 'preload', href: '/config.json', as: 'fetch', crossOrigin: 'anonymous' },
    ]);
    expect(run('/', '', []).preloads).toEqual([]);
  });

  it('preloads nothing when the server put the config into the page', () => {
    expect(run('/calendar', '', signedIn, {}, '{"stage":"local"}').preloads).toEqual([]);
    expect(run('/calendar', '', signedIn, {}, '  \n ').preloads).toHaveLength(1);
  });

  it('still sets the stored dark theme', () => {
    expect(run('/', '', ['theme'], { theme: 'dark' }).dark).toBe(true);
    expect(run('/', '', ['theme'], { theme: 'light' }).dark).toBe(false);
  });
});
