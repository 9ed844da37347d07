import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearEarlyRequests, requestHeaders, requestUrl, takeEarlyResponse } from '../lib/early-data.ts';
import { runInlineStart } from './inline-start.ts';

const CLIENT = 'client-1';
const b64 = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = `${b64({ alg: 'RS256' })}.${b64({ sub: 'user-1', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

const storage = (entries: Record<string, string>) => () =>
  ({ getItem: (key: string) => entries[key] ?? null }) as unknown as Storage;
const signedIn = storage({
  [`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`]: 'ada',
  [`CognitoIdentityServiceProvider.${CLIENT}.ada.idToken`]: token,
  'activeProfileId:user-1': 'p1',
});
const page = (text: string | null) => ({
  getElementById: (id: string) =>
    id === 'app-config' && text !== null ? ({ textContent: text } as HTMLElement) : null,
});
const config = JSON.stringify({ apiUrl: 'https://app.example.com/api', userPoolClientId: CLIENT });
const calendar = { pathname: '/calendar', search: '' };

afterEach(() => clearEarlyRequests());

describe("index.html's inline start", () => {
  it('sends the first screen’s requests from the config in the page, for the app to take', async () => {
    const fetchFn = vi.fn(async () => new Response('{"month":"2026-11"}'));
    expect(runInlineStart(page(config), signedIn, calendar, fetchFn)).toBe(6);
    expect(fetchFn).toHaveBeenCalledTimes(6);
    // The app's copy of early-data (another bundle in the browser) finds them on the window.
    const shared = (globalThis as { __earlyRequests?: Map<string, unknown> }).__earlyRequests;
    expect(shared?.size).toBe(6);
    const taken = takeEarlyResponse(
      'GET',
      requestUrl('https://app.example.com/api', '/two-factor'),
      requestHeaders(token, {}, undefined, false),
      undefined,
    );
    expect(await (await taken)?.json()).toEqual({ month: '2026-11' });
  });

  it('does nothing without a config in the page, signed out, or on a broken config, and never throws', () => {
    const fetchFn = vi.fn(async () => new Response('{}'));
    expect(runInlineStart(page(null), signedIn, calendar, fetchFn)).toBe(0);
    expect(runInlineStart(page('  '), signedIn, calendar, fetchFn)).toBe(0);
    expect(runInlineStart(page(config), storage({}), calendar, fetchFn)).toBe(0);
    expect(runInlineStart(page('{not json'), signedIn, calendar, fetchFn)).toBe(0);
    const blocked = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    expect(runInlineStart(page(config), blocked, calendar, fetchFn)).toBe(0);
    expect(fetchFn).not.toHaveBeenCalled();
  });
});
