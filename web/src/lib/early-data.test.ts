import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearEarlyRequests,
  earlyRequestsFor,
  requestHeaders,
  requestUrl,
  startEarlyData,
  storedIdToken,
  takeEarlyResponse,
} from './early-data.ts';
import { earlyStorageKeys } from './storage-keys.ts';

const NOW = Date.parse('2026-11-26T10:00:00Z');
const CLIENT = 'client-1';
const b64 = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: Record<string, unknown>) => `${b64({ alg: 'RS256' })}.${b64(claims)}.sig`;
const TOKEN = jwt({ sub: 'user-1', exp: NOW / 1000 + 3600 });

function storageWith(entries: Record<string, string>) {
  return { getItem: (key: string) => entries[key] ?? null };
}

const signedIn = (extra: Record<string, string> = {}) =>
  storageWith({
    [`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`]: 'ada',
    [`CognitoIdentityServiceProvider.${CLIENT}.ada.idToken`]: TOKEN,
    ...extra,
  });

const config = { apiUrl: 'https://app.example.com/api/', userPoolClientId: CLIENT };

afterEach(() => clearEarlyRequests());

describe('earlyRequestsFor', () => {
  const context = {
    pathname: '/calendar',
    search: '',
    profileId: 'p1',
    calendarView: null,
    now: new Date(NOW),
  };

  it('asks for the frame and the calendar month, Cash by default, as the screens do', () => {
    expect(earlyRequestsFor(context)).toEqual([
      { method: 'GET', path: '/two-factor' },
      { method: 'POST', path: '/functions/check-subscription', body: {} },
      { method: 'GET', path: '/financial-profiles' },
      { method: 'GET', path: '/profiles/me' },
      { method: 'GET', path: '/money-plan/settings', profileId: 'p1' },
      {
        method: 'POST',
        path: '/functions/get-money-plan-calendar',
        body: { month: '2026-11', view: 'cash' },
        profileId: 'p1',
      },
      // Not the forecast chart's running balances: the chart mounts once the month has shown.
    ]);
  });

  it('follows a linked month and a remembered account view', () => {
    const requests = earlyRequestsFor({ ...context, search: '?month=2027-02', calendarView: 'acc-9' });
    expect(requests[5]?.body).toEqual({ month: '2027-02', accountId: 'acc-9' });
  });

  it("asks for /accounts' list and /plan's streams, series items (a month back, 400 days ahead), one-off items (a month back, 730 days ahead) and accounts", () => {
    expect(earlyRequestsFor({ ...context, pathname: '/accounts' }).slice(4)).toEqual([
      { method: 'GET', path: '/accounts', profileId: 'p1' },
    ]);
    expect(earlyRequestsFor({ ...context, pathname: '/plan' }).slice(4)).toEqual([
      { method: 'GET', path: '/money-plan/streams', profileId: 'p1' },
      {
        method: 'GET',
        path: '/money-plan/items',
        query: { from: '2026-10-26', to: '2027-12-31', includeDeleted: 'true' },
        profileId: 'p1',
      },
      {
        method: 'GET',
        path: '/money-plan/items',
        query: { from: '2026-10-26', to: '2028-11-25', oneOff: 'true' },
        profileId: 'p1',
      },
      { method: 'GET', path: '/accounts', profileId: 'p1' },
    ]);
  });

  it('sends only the frame without a remembered profile, and nothing off the signed-in screens', () => {
    expect(earlyRequestsFor({ ...context, profileId: null })).toHaveLength(4);
    expect(earlyRequestsFor({ ...context, pathname: '/plan', profileId: null })).toHaveLength(4);
    expect(earlyRequestsFor({ ...context, pathname: '/accounts/acc-1' })).toHaveLength(4);
    expect(earlyRequestsFor({ ...context, pathname: '/login' })).toEqual([]);
    expect(earlyRequestsFor({ ...context, pathname: '/calendarx' })).toEqual([]);
  });
});

describe('storedIdToken', () => {
  it("reads Amplify's stored ID token and its user", () => {
    expect(storedIdToken(signedIn(), CLIENT, NOW)).toEqual({ token: TOKEN, userId: 'user-1' });
  });

  it('ignores a token that expires within a minute, garbage, or another client', () => {
    const soon = jwt({ sub: 'user-1', exp: NOW / 1000 + 30 });
    const stored = (token: string) =>
      storageWith({
        [`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`]: 'ada',
        [`CognitoIdentityServiceProvider.${CLIENT}.ada.idToken`]: token,
      });
    expect(storedIdToken(stored(soon), CLIENT, NOW)).toBeNull();
    expect(storedIdToken(stored('not-a-jwt'), CLIENT, NOW)).toBeNull();
    expect(storedIdToken(signedIn(), 'other-client', NOW)).toBeNull();
  });
});

describe('startEarlyData and takeEarlyResponse', () => {
  const noAuthCode = () => undefined;
  const location = { pathname: '/calendar', search: '' };

  it('sends each request once with the headers the API client sends, and hands each answer out once', async () => {
    const fetchFn = vi.fn(async () => new Response('{"ok":true}'));
    const storage = signedIn({
      'activeProfileId:user-1': 'p1',
      twoFactorSession: JSON.stringify({ userId: 'user-1', token: 'tf-1' }),
    });
    expect(startEarlyData(config, storage, earlyStorageKeys, location, fetchFn, () => NOW, noAuthCode)).toBe(
      6,
    );
    expect(fetchFn).toHaveBeenCalledTimes(6);

    const url = requestUrl('https://app.example.com/api', '/functions/get-money-plan-calendar');
    const body = JSON.stringify({ month: '2026-11', view: 'cash' });
    // The API client's headers, in its own order.
    const headers = {
      'content-type': 'application/json',
      'x-profile-id': 'p1',
      ...requestHeaders(TOKEN, { 'x-two-factor-session': 'tf-1' }, undefined, false),
    };
    const taken = takeEarlyResponse('POST', url, headers, body, undefined, () => NOW + 500);
    expect(taken).toBeDefined();
    expect(await (await taken)?.json()).toEqual({ ok: true });
    expect(takeEarlyResponse('POST', url, headers, body, undefined, () => NOW + 600)).toBeUndefined();
  });

  it('does not hand out an answer to a different call, or after 10 s', () => {
    const fetchFn = vi.fn(async () => new Response('{}'));
    startEarlyData(
      config,
      signedIn({ 'lastActiveProfile:user-1': 'p2' }),
      earlyStorageKeys,
      location,
      fetchFn,
      () => NOW,
      noAuthCode,
    );
    const url = requestUrl('https://app.example.com/api', '/money-plan/settings');
    const headers = requestHeaders(TOKEN, {}, 'p2', false);
    expect(takeEarlyResponse('GET', url, requestHeaders(TOKEN, {}, 'p3', false), undefined)).toBeUndefined();
    expect(takeEarlyResponse('GET', url, headers, undefined, undefined, () => NOW + 10_001)).toBeUndefined();
  });

  it('ends the wait when the caller aborts, as a fetch would', async () => {
    startEarlyData(
      config,
      signedIn(),
      earlyStorageKeys,
      location,
      () => new Promise<Response>(() => {}),
      () => NOW,
      noAuthCode,
    );
    const controller = new AbortController();
    const url = requestUrl('https://app.example.com/api', '/two-factor');
    const waiting = takeEarlyResponse(
      'GET',
      url,
      requestHeaders(TOKEN, {}, undefined, false),
      undefined,
      controller.signal,
      () => NOW,
    );
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('does nothing signed out or without a readable config', () => {
    const fetchFn = vi.fn(async () => new Response('{}'));
    const authCode = vi.fn();
    expect(
      startEarlyData(config, storageWith({}), earlyStorageKeys, location, fetchFn, () => NOW, authCode),
    ).toBe(0);
    expect(startEarlyData(null, signedIn(), earlyStorageKeys, location, fetchFn, () => NOW, authCode)).toBe(
      0,
    );
    expect(fetchFn).not.toHaveBeenCalled();
    expect(authCode).not.toHaveBeenCalled();
  });

  it("starts loading Amplify's code when a session is stored, even one too old to send early", () => {
    const authCode = vi.fn();
    const expired = signedIn();
    const fetchFn = vi.fn(async () => new Response('{}'));
    const later = () => NOW + 24 * 3_600_000;
    expect(startEarlyData(config, expired, earlyStorageKeys, location, fetchFn, later, authCode)).toBe(0);
    expect(fetchFn).not.toHaveBeenCalled();
    expect(authCode).toHaveBeenCalledTimes(1);
  });
});
