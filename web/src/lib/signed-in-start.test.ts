// A signed-in start prepared before the first render: the gates' and the screen's first
// queries land in the cache under the keys the gates and screens read, for the profile the
// active-profile logic chooses; a 401 meanwhile or no user leaves the start to the usual path. Runs the
// real query options and API client against a fake API (fetch); only Amplify and the config are faked.
import { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLocalStorage, standInWindow } from './node-root.testing.ts';
import type { ScreenStartQueries } from './signed-in-start.ts';

vi.mock('../config/app-config.ts', () => ({ getAppConfig: () => ({ apiUrl: 'https://api.test' }) }));
// The ID token Amplify gives, which index.html's early requests read from storage as well.
const TOKEN = vi.hoisted(() => {
  const b64 = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${b64({ alg: 'RS256' })}.${b64({ sub: 'user-1', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
});
vi.mock('./amplify-loader.ts', () => ({
  mayHoldSession: () => true,
  onAuthEvent: () => () => undefined,
  loadAmplify: async () => ({
    fetchAuthSession: async () => ({ tokens: { idToken: { toString: () => TOKEN, payload: {} } } }),
  }),
}));

const { prepareSignedInStart } = await import('./signed-in-start.ts');
const { financialProfilesQueryKey } = await import('./financial-profiles-query.ts');
const { twoFactorKeys } = await import('./two-factor-status.ts');
const { profileQueryKey } = await import('./user-profile-api.ts');
const { storageKeys } = await import('./storage-keys.ts');
const { startCalendarQueries } = await import('../features/money-calendar/api/calendar-start.ts');
const { calendarQueryOptions } = await import('../features/money-calendar/api/calendar.ts');
const { viewSettingsQueryOptions } = await import('./money-view-settings-api.ts');
const { startPlanQueries } = await import('../features/money-plan/api/plan-start.ts');
const { startAccountsQueries } = await import('../features/accounts/api/accounts-start.ts');
const { clearEarlyRequests, startEarlyData } = await import('./early-data.ts');
const { earlyStorageKeys } = await import('./storage-keys.ts');

const USER = { userId: 'user-1', email: 'ada@example.com', name: 'Ada' };

const profile = (id: string, role: 'owner' | 'editor' | 'viewer', isDefault = false) => ({
  id,
  name: id,
  owner_user_id: role === 'owner' ? USER.userId : 'someone-else',
  is_default: isDefault,
  created_at: '2026-01-01T00:00:00Z',
  member_role: role,
  member_count: 1,
});

const emptyMonth = (month: string) => ({
  month,
  today: '2026-11-27',
  account_id: null,
  accounts: [],
  summary: {
    opening: null,
    closing: null,
    lowest: null,
    low_days: 0,
    negative_days: 0,
    planned_in: 0,
    planned_out: 0,
  },
  days: [],
});

/** The fake API: answers by method and path, and records each call (with its profile and body). */
function fakeApi(overrides: Record<string, () => Response> = {}) {
  const calls: Array<{ route: string; profileId: string | null; body: unknown }> = [];
  const answers: Record<string, () => Response> = {
    'GET /two-factor': () =>
      Response.json({
        enabled: false,
        method: null,
        phone: null,
        session_verified: false,
        recovery_codes_left: 0,
      }),
    'GET /profiles/me': () => Response.json({ id: USER.userId, email: USER.email }),
    'GET /financial-profiles': () =>
      Response.json([profile('own', 'owner', true), profile('shared', 'viewer'), profile('other', 'owner')]),
    'GET /money-plan/settings': () =>
      Response.json({
        low_balance_threshold: 0,
        include_allowance: true,
        view: 'net_worth',
        updated_at: null,
      }),
    'POST /functions/get-money-plan-calendar': () => Response.json({ data: null }),
    'POST /functions/check-subscription': () => Response.json({ subscribed: false }),
    'GET /accounts': () => Response.json({ accounts: [], next_cursor: null }),
    'GET /money-plan/streams': () =>
      Response.json({
        generated_at: null,
        streams: [],
        summary: {
          income: 0,
          bills: 0,
          subscriptions: 0,
          transfers_in: 0,
          transfers_out: 0,
          left_after_bills: 0,
        },
      }),
    'GET /money-plan/items': () => Response.json({ items: [], next_cursor: null }),
    ...overrides,
  };
  const fetchFn = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const route = `${init?.method ?? 'GET'} ${url.pathname}`;
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ route, profileId: headers.get('x-profile-id'), body });
    if (route === 'POST /functions/get-money-plan-calendar' && !overrides[route])
      return Response.json(emptyMonth((body as { month: string }).month));
    const answer = answers[route];
    return answer ? answer() : new Response('{"error":"not found"}', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchFn);
  return { calls };
}

const memory = new Map<string, string>();
const storage = memoryLocalStorage(memory);
standInWindow({ localStorage: storage });

afterAll(() => {
  vi.unstubAllGlobals();
  delete (globalThis as { window?: unknown }).window;
});

beforeEach(() => memory.clear());

const recordingScreen = () => {
  const seen: Array<{ userId: string; profileId: string; search: string }> = [];
  const startQueries = async (
    _client: QueryClient,
    context: { userId: string; profileId: string; search: string },
  ) => {
    seen.push(context);
  };
  return { seen, screen: Promise.resolve(startQueries) };
};

/** A prepared start as app/boot.tsx makes it, with Amplify's answer `user`. */
const prepare = (
  queryClient: QueryClient,
  {
    search = '',
    screen = recordingScreen().screen,
    user = USER as typeof USER | null,
    signal,
  }: {
    search?: string;
    screen?: Promise<ScreenStartQueries | undefined>;
    user?: typeof USER | null;
    signal?: AbortSignal;
  } = {},
) =>
  prepareSignedInStart(queryClient, {
    search,
    screen,
    storage,
    signal,
    readUser: async () => user,
  });

describe('prepareSignedInStart', () => {
  it("fills the gates' queries and starts the screen's for the profile the logic chooses", async () => {
    const { calls } = fakeApi();
    const queryClient = new QueryClient();
    const { seen, screen } = recordingScreen();

    const user = await prepare(queryClient, { search: '?month=2026-12', screen });

    expect(user).toEqual(USER);
    expect(queryClient.getQueryData(twoFactorKeys.status(USER.userId))).toMatchObject({ enabled: false });
    expect(queryClient.getQueryData(profileQueryKey)).toMatchObject({ id: USER.userId, privacy_mode: true });
    expect(queryClient.getQueryData(financialProfilesQueryKey(USER.userId))).toHaveLength(3);
    // No saved choice: spec §4 picks a profile shared with the user first.
    expect(seen).toEqual([{ userId: USER.userId, profileId: 'shared', search: '?month=2026-12' }]);
    expect(calls.map((call) => call.route).sort()).toEqual([
      'GET /financial-profiles',
      'GET /profiles/me',
      'GET /two-factor',
    ]);
  });

  it("starts the screen's queries for the saved active profile", async () => {
    fakeApi();
    memory.set(storageKeys.activeProfileId(USER.userId), 'other');
    const { seen, screen } = recordingScreen();
    await prepare(new QueryClient(), { screen });
    expect(seen.map((context) => context.profileId)).toEqual(['other']);
  });

  it('asks nothing when nobody is signed in', async () => {
    const { calls } = fakeApi();
    const { seen, screen } = recordingScreen();
    const user = await prepare(new QueryClient(), { screen, user: null });
    expect(user).toBeNull();
    expect(calls).toEqual([]);
    expect(seen).toEqual([]);
  });

  it('leaves a failed query to its screen, without retrying, and still hands over the user', async () => {
    const { calls } = fakeApi({ 'GET /two-factor': () => new Response('{"error":"boom"}', { status: 503 }) });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 3, retryDelay: 10_000 } } });
    const user = await prepare(queryClient);
    expect(user).toEqual(USER);
    expect(calls.filter((call) => call.route === 'GET /two-factor')).toHaveLength(1);
    expect(queryClient.getQueryState(twoFactorKeys.status(USER.userId))?.status).toBe('error');
  });

  it('without a profile list, starts no screen query', async () => {
    fakeApi({ 'GET /financial-profiles': () => new Response('{"error":"boom"}', { status: 500 }) });
    const { seen, screen } = recordingScreen();
    const user = await prepare(new QueryClient(), { screen });
    expect(user).toEqual(USER);
    expect(seen).toEqual([]);
  });

  it('gives up the user and empties the cache when the API ends the session meanwhile (401)', async () => {
    fakeApi({ 'GET /profiles/me': () => new Response('{"error":"expired"}', { status: 401 }) });
    const queryClient = new QueryClient();
    const user = await prepare(queryClient);
    expect(user).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('once the app has stopped waiting, leaves its cache alone on a 401', async () => {
    fakeApi({ 'GET /profiles/me': () => new Response('{"error":"expired"}', { status: 401 }) });
    const queryClient = new QueryClient();
    const giveUp = new AbortController();
    giveUp.abort();
    const user = await prepare(queryClient, { signal: giveUp.signal });
    expect(user).toBeNull();
    expect(queryClient.getQueryData(financialProfilesQueryKey(USER.userId))).toHaveLength(3);
  });
});

describe('startCalendarQueries', () => {
  const NOW = new Date('2026-11-27T12:00:00Z');

  it('reads the saved view, then the opening month in it, under the keys the screen reads', async () => {
    const { calls } = fakeApi();
    const queryClient = new QueryClient();
    await startCalendarQueries(queryClient, { profileId: 'own', search: '' }, NOW);
    expect(queryClient.getQueryData(viewSettingsQueryOptions('own').queryKey)).toMatchObject({
      view: 'net_worth',
    });
    const key = calendarQueryOptions('own', { month: '2026-11', view: 'net_worth' }).queryKey;
    expect(queryClient.getQueryData(key)).toMatchObject({ month: '2026-11' });
    expect(calls.at(-1)).toEqual({
      route: 'POST /functions/get-money-plan-calendar',
      profileId: 'own',
      body: { month: '2026-11', view: 'net_worth' },
    });
  });

  it("opens a link's month, and a what-if link on Cash", async () => {
    fakeApi();
    const queryClient = new QueryClient();
    await startCalendarQueries(
      queryClient,
      { profileId: 'own', search: '?month=2027-02&whatIf=5000@2027-02-10' },
      NOW,
    );
    const key = calendarQueryOptions('own', { month: '2027-02', view: 'cash' }).queryKey;
    expect(queryClient.getQueryData(key)).toMatchObject({ month: '2027-02' });
  });

  it('opens on Cash when the settings cannot be read, and ignores a month outside the window', async () => {
    fakeApi({ 'GET /money-plan/settings': () => new Response('{"error":"boom"}', { status: 500 }) });
    const queryClient = new QueryClient();
    await startCalendarQueries(queryClient, { profileId: 'own', search: '?month=2031-01' }, NOW);
    const key = calendarQueryOptions('own', { month: '2026-11', view: 'cash' }).queryKey;
    expect(queryClient.getQueryData(key)).toMatchObject({ month: '2026-11' });
  });
});

describe("a prepared start takes index.html's early answers", () => {
  afterEach(() => clearEarlyRequests());

  it.each([
    ['/calendar', startCalendarQueries],
    ['/plan', startPlanQueries],
    ['/accounts', startAccountsQueries],
  ] as const)('%s: every early request is taken, none is sent again', async (pathname, startQueries) => {
    const { calls } = fakeApi();
    memory.set(`CognitoIdentityServiceProvider.client-1.LastAuthUser`, 'ada');
    memory.set(`CognitoIdentityServiceProvider.client-1.ada.idToken`, TOKEN);
    memory.set(storageKeys.activeProfileId(USER.userId), 'own');
    // The view this device last showed, as the server's settings name it (fakeApi).
    memory.set(storageKeys.calendarView(USER.userId, 'own'), 'net_worth');
    const sent = startEarlyData(
      { apiUrl: 'https://api.test', userPoolClientId: 'client-1' },
      storage,
      earlyStorageKeys,
      { pathname, search: '' },
      fetch,
      Date.now,
      () => undefined,
    );
    const early = calls.map((call) => call.route);
    expect(early).toHaveLength(sent);

    const queryClient = new QueryClient();
    const user = await prepare(queryClient, { screen: Promise.resolve(startQueries) });

    expect(user).toEqual(USER);
    // Nothing but the early requests reached the API; the subscription's is taken later, by its check.
    expect(calls.map((call) => call.route)).toEqual(early);
    expect(early).toContain('POST /functions/check-subscription');
    expect(
      queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status !== 'success' }),
    ).toEqual([]);
  });
});
