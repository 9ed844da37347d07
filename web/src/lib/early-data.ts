// Data with the code, not after it (docs/web.md "Early data"). On a start with a stored
// sign-in, the first screen's API requests leave with the page, while the app's JavaScript is still
// loading, instead of after Amplify, the router, the gates and the profiles list have each had their
// turn. They are sent by index.html's second inline script (app/inline-start.ts, built from this module),
// which reads the runtime config the server put into the page; where a server did not, by the entry
// (main.tsx) once /config.json is in. The requests are the very ones the screens make later (same URL,
// headers and body): when a screen's call comes, the API client takes the answer already on its way
// (`takeEarlyResponse`), once, if it is at most 10 s old; anything not taken is simply unused. The
// answers are kept on the window, where the inline script's copy of this module and the app's meet.
// The active profile is the one remembered for this user (spec §4), verified in parallel by the
// profiles list as always: a stale choice only costs an unused request.
//
// Kept free of Amplify, zod, the router and of any import: it is bundled whole into index.html.

/** One request as the API client sends it (api-client.ts): method, path with query, body, profile. */
export interface EarlyRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number>;
  body?: unknown;
  profileId?: string;
}

/** What the plan needs to know of this start. */
export interface EarlyContext {
  pathname: string;
  search: string;
  /** The profile this user chose, else the one last shown to them, if any. */
  profileId: string | null;
  /** The calendar view remembered for that profile ('cash', 'net_worth' or an account id). */
  calendarView: string | null;
  /** Today as the calendar reads it (UTC date). */
  now: Date;
}

/** The signed-in screens (spec §2) whose frame makes the gate and shell calls below. */
const APP_PATHS = ['/accounts', '/calendar', '/plan', '/coach', '/link', '/settings', '/help', '/profiles'];

/** '/' with a stored session is spec §2's home logic: the frame's gates, then the person's record and the
 * active profile's accounts, which decide where it sends them (with accounts, /accounts). */
const HOME_PATH = '/';

const inApp = (pathname: string) =>
  pathname === HOME_PATH || APP_PATHS.some((path) => pathname === path || pathname.startsWith(`${path}/`));

/** The calendar's request fields for a view, in the order the screen sends them (money-calendar). */
const viewFields = (view: string): Record<string, string> =>
  view === 'cash' || view === 'net_worth' ? { view } : { accountId: view };

/**
 * The API requests a start at `pathname` makes first: the frame's (second-factor status, subscription,
 * profiles list, the person's own record) and the screen's own first ones: /accounts' list (also the
 * home logic's, on '/'); /plan's streams, series items, one-off items and accounts; the calendar's view
 * settings and month (not the forecast chart's running balances: the chart mounts once the month has
 * shown, and the request would only compete with the first screen's for the network and the server). Pure, so it is unit-tested
 * against what the screens send (and lib/signed-in-start.test.ts checks that a prepared start takes
 * every one).
 */
export function earlyRequestsFor(context: EarlyContext): EarlyRequest[] {
  const { pathname, profileId } = context;
  if (!inApp(pathname)) return [];
  const requests: EarlyRequest[] = [
    { method: 'GET', path: '/two-factor' },
    { method: 'POST', path: '/functions/check-subscription', body: {} },
    { method: 'GET', path: '/financial-profiles' },
    { method: 'GET', path: '/profiles/me' },
  ];
  if ((pathname === '/accounts' || pathname === HOME_PATH) && profileId) {
    requests.push({ method: 'GET', path: '/accounts', profileId });
  }
  if (pathname === '/plan' && profileId) {
    requests.push(
      { method: 'GET', path: '/money-plan/streams', profileId },
      {
        method: 'GET',
        path: '/money-plan/items',
        query: { ...planSeriesRange(context.now), includeDeleted: 'true' },
        profileId,
      },
      {
        method: 'GET',
        path: '/money-plan/items',
        query: { ...planOneOffRange(context.now), oneOff: 'true' },
        profileId,
      },
      { method: 'GET', path: '/accounts', profileId },
    );
  }
  if (pathname === '/calendar' && profileId) {
    const linked = new URLSearchParams(context.search).get('month');
    const month =
      linked && /^\d{4}-(0[1-9]|1[0-2])$/.test(linked) ? linked : context.now.toISOString().slice(0, 7);
    const view = context.calendarView ?? 'cash';
    requests.push(
      { method: 'GET', path: '/money-plan/settings', profileId },
      {
        method: 'POST',
        path: '/functions/get-money-plan-calendar',
        body: { month, ...viewFields(view) },
        profileId,
      },
    );
  }
  return requests;
}

/** The planned items /plan lists (lib/money-plan-api.ts `planSeriesItemsQueryOptions`): from a month back
 * to 400 days ahead of `now`, as UTC dates. */
export function planSeriesRange(now: Date): { from: string; to: string } {
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(-31), to: day(400) };
}

/** The one-off items /plan lists (`planOneOffItemsQueryOptions`): from a month back to the plan's
 * horizon, 730 days ahead of `now`, as UTC dates. */
export function planOneOffRange(now: Date): { from: string; to: string } {
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(-31), to: day(730) };
}

/** The URL of an API call (api-client.ts builds every call's with it, so an early one matches). */
export function requestUrl(
  baseUrl: string,
  path: string,
  query: Record<string, string | number | boolean | null | undefined> = {},
): string {
  const url = new URL(`${baseUrl}${path}`);
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** The headers of an API call, without a token for a public route (api-client.ts builds every call's
 * with it, so an early one matches). */
export function requestHeaders(
  token: string | undefined,
  extra: Record<string, string>,
  profileId: string | undefined,
  hasBody: boolean,
): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) Object.assign(headers, { authorization: `Bearer ${token}` }, extra);
  if (profileId) headers['x-profile-id'] = profileId;
  if (hasBody) headers['content-type'] = 'application/json';
  return headers;
}

const MAX_AGE_MS = 10_000;

const keyOf = (method: string, url: string, headers: Record<string, string>, body: string | undefined) =>
  JSON.stringify([
    method,
    url,
    Object.entries(headers)
      .map(([name, value]) => [name.toLowerCase(), value])
      // Code-unit order, not localeCompare: its first call builds a collator, ≈ 100 ms of a 4×-throttled
      // CPU on the start's critical path, for header names that are plain ASCII anyway.
      .sort(([a = ''], [b = '']) => (a < b ? -1 : a > b ? 1 : 0)),
    body ?? null,
  ]);

type Pending = Map<string, { response: Promise<Response>; at: number }>;

/** The answers on their way, on the window: index.html's inline script and the app share them. */
const pending: Pending = ((globalThis as { __earlyRequests?: Pending }).__earlyRequests ??= new Map());

/** Sends a request now and keeps its answer for the screen that will make the same call. */
export function sendEarly(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  fetchFn: typeof fetch = fetch,
  now: () => number = Date.now,
): void {
  const response = fetchFn(url, { method, headers, ...(body === undefined ? {} : { body }) });
  // An early request that fails is the screen's to retry: never an unhandled rejection here.
  response.catch(() => undefined);
  pending.set(keyOf(method, url, headers, body), { response, at: now() });
}

/**
 * The answer of an early request identical to this call (method, URL, headers, body), at most once and
 * at most 10 s after it was sent; undefined otherwise (the caller fetches as usual).
 */
export function takeEarlyResponse(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: string | undefined,
  /** The caller's cancellation and time-out: the wait ends with an AbortError, as a fetch's would. */
  signal?: AbortSignal,
  now: () => number = Date.now,
): Promise<Response> | undefined {
  const key = keyOf(method, url, headers, body);
  const early = pending.get(key);
  if (!early) return undefined;
  pending.delete(key);
  if (now() - early.at > MAX_AGE_MS) return undefined;
  if (!signal) return early.response;
  return new Promise<Response>((resolve, reject) => {
    const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    early.response.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** Forgets every early request (tests; sign-out has nothing to take them). */
export function clearEarlyRequests(): void {
  pending.clear();
}

interface Claims {
  sub?: unknown;
  exp?: unknown;
}

/** The claims of a JWT, unverified (the server verifies; this only decides whether to try). */
export function jwtClaims(token: string): Claims | null {
  try {
    const payload = token.split('.')[1];
    if (!payload) return null;
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims: unknown = JSON.parse(json);
    return typeof claims === 'object' && claims !== null ? (claims as Claims) : null;
  } catch {
    return null;
  }
}

type ReadableStorage = Pick<Storage, 'getItem'>;

/**
 * The stored sign-in Amplify would use (`CognitoIdentityServiceProvider.<client>.<user>.idToken`) when it
 * is good for at least another minute; null otherwise (Amplify then refreshes or signs out, as always).
 */
export function storedIdToken(
  storage: ReadableStorage,
  clientId: string,
  nowMs: number,
): { token: string; userId: string } | null {
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  const user = storage.getItem(`${prefix}.LastAuthUser`);
  if (!user) return null;
  const token = storage.getItem(`${prefix}.${user}.idToken`);
  if (!token) return null;
  const claims = jwtClaims(token);
  if (typeof claims?.sub !== 'string' || typeof claims.exp !== 'number') return null;
  if (claims.exp * 1000 < nowMs + 60_000) return null;
  return { token, userId: claims.sub };
}

/** The runtime config's fields this needs; the full app validates the whole file. */
interface RawConfig {
  apiUrl?: unknown;
  userPoolClientId?: unknown;
}

/** Local storage keys read here; the screens write them (storage-keys.ts). */
export interface EarlyStorageKeys {
  activeProfileId: (userId: string) => string;
  lastActiveProfile: (userId: string) => string;
  calendarView: (userId: string, profileId: string) => string;
  twoFactorSession: string;
}

/** Whether a sign-in for the config's app client is stored, however old (Amplify then checks it). */
export function hasStoredSession(config: unknown, storage: ReadableStorage): boolean {
  const raw = (config ?? {}) as RawConfig;
  return (
    typeof raw.userPoolClientId === 'string' &&
    storage.getItem(`CognitoIdentityServiceProvider.${raw.userPoolClientId}.LastAuthUser`) !== null
  );
}

/**
 * Starts the early requests of this page load from the raw config (null when it could not be read);
 * does nothing without a usable stored sign-in. `loadAuthCode` starts the download of Amplify's code
 * when any session is stored (the app's entry passes it; the inline script cannot load chunks).
 */
export function startEarlyData(
  config: unknown,
  storage: ReadableStorage,
  keys: EarlyStorageKeys,
  location: Pick<Location, 'pathname' | 'search'>,
  fetchFn: typeof fetch,
  now: () => number,
  loadAuthCode: () => void,
): number {
  const raw = (config ?? {}) as RawConfig;
  if (typeof raw.apiUrl !== 'string' || typeof raw.userPoolClientId !== 'string') return 0;
  // Amplify checks (and, once expired, refreshes) any stored session: its code loads beside the app's.
  if (hasStoredSession(raw, storage)) loadAuthCode();
  const baseUrl = raw.apiUrl.replace(/\/+$/, '');
  const signedIn = storedIdToken(storage, raw.userPoolClientId, now());
  if (!signedIn) return 0;
  const profileId =
    storage.getItem(keys.activeProfileId(signedIn.userId)) ||
    storage.getItem(keys.lastActiveProfile(signedIn.userId)) ||
    null;
  const requests = earlyRequestsFor({
    pathname: location.pathname,
    search: location.search,
    profileId,
    calendarView: profileId ? storage.getItem(keys.calendarView(signedIn.userId, profileId)) : null,
    now: new Date(now()),
  });
  const extra: Record<string, string> = {};
  try {
    const session = JSON.parse(storage.getItem(keys.twoFactorSession) ?? 'null') as {
      userId?: unknown;
      token?: unknown;
    } | null;
    if (typeof session?.token === 'string') extra['x-two-factor-session'] = session.token;
  } catch {
    // No readable second-factor session: the calls go without it, as the API client's would.
  }
  for (const request of requests) {
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    sendEarly(
      request.method,
      requestUrl(baseUrl, request.path, request.query),
      requestHeaders(signedIn.token, extra, request.profileId, body !== undefined),
      body,
      fetchFn,
      now,
    );
  }
  return requests.length;
}
