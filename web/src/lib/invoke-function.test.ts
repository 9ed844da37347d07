import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client.ts';
import { PLAID_CALL_RETRY } from './constants.ts';
import { canonicalJson, createFunctionInvoker } from './invoke-function.ts';

type Call = { url: string; init: RequestInit; at: number };
type Responder = (call: Call) => Promise<Response>;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Like fetch: never answers, and rejects with an AbortError once the request's signal aborts. */
const hang = ({ init }: Call) =>
  new Promise<Response>((_, reject) => {
    const abort = () => reject(new DOMException('This operation was aborted', 'AbortError'));
    if (init.signal?.aborted) abort();
    init.signal?.addEventListener('abort', abort);
  });

/** An answer after `ms` of (fake) time. */
const later =
  (ms: number, body: unknown = { ok: true }) =>
  () =>
    new Promise<Response>((resolve) => setTimeout(() => resolve(json(body)), ms));

function setup(
  respond: Responder,
  random = () => 0,
  {
    getToken = async () => 'id-token',
    onSessionEnded,
  }: { getToken?: () => Promise<string | undefined>; onSessionEnded?: () => void } = {},
) {
  const calls: Call[] = [];
  const client = createApiClient({
    baseUrl: () => 'http://api.test',
    getToken,
    onSessionEnded,
    fetch: (async (url: URL, init: RequestInit) => {
      const call = { url: String(url), init, at: Date.now() };
      calls.push(call);
      return respond(call);
    }) as unknown as typeof fetch,
  });
  const invoker = createFunctionInvoker({ client, random });
  const startedAt = Date.now();
  /** When each request was sent, in ms from the set-up. */
  const times = () => calls.map((c) => c.at - startedAt);
  return { ...invoker, calls, times };
}

/** Settles a promise's outcome for inspection without an unhandled rejection. */
function outcome<T>(promise: Promise<T>) {
  const box: { value?: T; error?: unknown; done: boolean } = { done: false };
  promise.then(
    (value) => Object.assign(box, { value, done: true }),
    (error: unknown) => Object.assign(box, { error, done: true }),
  );
  return box;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('canonicalJson', () => {
  it('sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(canonicalJson({ a: 1, b: { c: 2, d: 3 } })).toBe(canonicalJson({ b: { d: 3, c: 2 }, a: 1 }));
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
  });
});

describe('invokeFunction: public functions', () => {
  it('sends no token when told auth: false (send-verification-email, before any sign-in)', async () => {
    const { invokeFunction, calls } = setup(later(10, { sent: true }));
    const publicCall = invokeFunction('send-verification-email', { email: 'a@b.co' }, { auth: false });
    const signedIn = invokeFunction('check-subscription', {});
    await vi.advanceTimersByTimeAsync(10);
    await expect(publicCall).resolves.toEqual({ sent: true });
    await signedIn;
    const headers = calls.map((c) => (c.init.headers as Record<string, string>).authorization);
    expect(headers).toEqual([undefined, 'Bearer id-token']);
  });
});

describe('invokeFunction: sharing (spec §7 deduplicating wrapper)', () => {
  it('sends two identical concurrent calls as one request and gives both its result', async () => {
    const { invokeFunction, calls } = setup(later(200, { status: 'synced' }));
    const first = invokeFunction('smart-plaid-sync', { itemId: 'item-1' });
    const second = invokeFunction('smart-plaid-sync', { itemId: 'item-1' });
    await vi.advanceTimersByTimeAsync(200);
    await expect(first).resolves.toEqual({ status: 'synced' });
    await expect(second).resolves.toEqual({ status: 'synced' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('http://api.test/functions/smart-plaid-sync');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"itemId":"item-1"}');
  });

  it('treats bodies that differ only in key order as the same call', async () => {
    const { invokeFunction, calls } = setup(later(100));
    const a = invokeFunction(
      'get-money-plan-calendar',
      { month: '2026-03', view: 'cash' },
      { profileId: 'p1' },
    );
    const b = invokeFunction(
      'get-money-plan-calendar',
      { view: 'cash', month: '2026-03' },
      { profileId: 'p1' },
    );
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all([a, b]);
    expect(calls).toHaveLength(1);
    expect((calls[0]?.init.headers as Record<string, string>)['x-profile-id']).toBe('p1');
  });

  it('keeps calls apart when the name, the body or the profile differs', async () => {
    const { invokeFunction, calls } = setup(later(100));
    const all = [
      invokeFunction('get-money-plan-calendar', { month: '2026-03' }, { profileId: 'p1' }),
      invokeFunction('get-money-plan-calendar', { month: '2026-03' }, { profileId: 'p2' }),
      invokeFunction('get-money-plan-calendar', { month: '2026-04' }, { profileId: 'p1' }),
      invokeFunction('trigger-full-sync-pipeline', { month: '2026-03' }, { profileId: 'p1' }),
    ];
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all(all);
    expect(calls).toHaveLength(4);
  });

  it('sends a new request for a call made after the last one settled', async () => {
    const { invokeFunction, calls } = setup(later(100));
    const first = invokeFunction('ensure-default-profile', {});
    await vi.advanceTimersByTimeAsync(100);
    await first;
    const second = invokeFunction('ensure-default-profile', {});
    await vi.advanceTimersByTimeAsync(100);
    await second;
    expect(calls).toHaveLength(2);
  });

  it('forgets a failed call too: the next identical call tries again', async () => {
    let n = 0;
    const { invokeFunction, calls } = setup(async () =>
      ++n === 1 ? json({ message: 'bad' }, 400) : json({}),
    );
    await expect(invokeFunction('archive-financial-profile', { profileId: 'p1' })).rejects.toThrow('bad');
    await expect(invokeFunction('archive-financial-profile', { profileId: 'p1' })).resolves.toEqual({});
    expect(calls).toHaveLength(2);
  });

  it('shares a pending call for 30 s at most: a caller after that starts its own request', async () => {
    const { invokeFunction, calls } = setup(hang);
    outcome(invokeFunction('plaid-link-token', { updateMode: false }, { timeoutMs: 120_000, retry: false }));
    await vi.advanceTimersByTimeAsync(29_999);
    outcome(invokeFunction('plaid-link-token', { updateMode: false }));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    outcome(invokeFunction('plaid-link-token', { updateMode: false }));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
  });

  it('sends twice when the caller opts out of sharing (a mutation meant to run twice)', async () => {
    const { invokeFunction, calls } = setup(later(100));
    const a = invokeFunction('archive-financial-profile', { profileId: 'p1' }, { share: false });
    const b = invokeFunction('archive-financial-profile', { profileId: 'p1' }, { share: false });
    // and an opted-out call is not joined by a sharing one either
    const c = invokeFunction('archive-financial-profile', { profileId: 'p1' });
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all([a, b, c]);
    expect(calls).toHaveLength(3);
  });

  it('after a sign-in or sign-out, a call never joins one made before', async () => {
    const { invokeFunction, forgetPendingCalls, calls } = setup(later(100));
    const before = invokeFunction('ensure-default-profile', {});
    forgetPendingCalls();
    const after = invokeFunction('ensure-default-profile', {});
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all([before, after]);
    expect(calls).toHaveLength(2);
  });
});

describe('invokeFunction: time-out (spec §8, §9)', () => {
  it("gives up on an attempt after 30 s with 'Request timeout after 30000ms'", async () => {
    const { invokeFunction, calls } = setup(hang);
    const result = outcome(invokeFunction('get-money-plan-calendar', { month: '2026-03' }, { retry: false }));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(result.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(result.error).toMatchObject({
      message: 'Request timeout after 30000ms',
      status: 0,
      code: 'timeout',
    });
    expect(calls).toHaveLength(1);
  });

  it('retries a time-out, and the last one is what the caller sees', async () => {
    const { invokeFunction, times } = setup(hang);
    const result = outcome(invokeFunction('get-money-plan-calendar', { month: '2026-03' }));
    // 30 s, wait 1 s, 30 s, wait 2 s, 30 s (jitter 0)
    await vi.advanceTimersByTimeAsync(30_000 + 1_000);
    expect(times()).toEqual([0, 31_000]);
    await vi.advanceTimersByTimeAsync(30_000 + 2_000 + 30_000 - 1);
    expect(result.done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(times()).toEqual([0, 31_000, 63_000]);
    expect(result.error).toMatchObject({ message: 'Request timeout after 30000ms' });
  });
});

describe('invokeFunction: retries (spec §7 classes, spec §9 backoff)', () => {
  const networkDown = () => Promise.reject(new TypeError('Failed to fetch'));

  it('makes 3 attempts 1 s and 2 s apart (plus up to 1 s jitter) and rethrows the last failure', async () => {
    const { invokeFunction, times } = setup(networkDown, () => 0.5);
    const result = outcome(invokeFunction('trigger-full-sync-pipeline', {}, { profileId: 'p1' }));
    await vi.advanceTimersByTimeAsync(10_000);
    // 1,000 + 500 jitter, then 2,000 + 500 jitter
    expect(times()).toEqual([0, 1_500, 4_000]);
    expect(result.error).toMatchObject({ message: 'Failed to fetch', status: 0, code: 'network' });
  });

  it('keeps the jitter below 1 s', async () => {
    const { invokeFunction, times } = setup(networkDown, () => 0.9999);
    outcome(invokeFunction('trigger-full-sync-pipeline', {}));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(times()).toEqual([0, 1_999, 4_998]);
  });

  it('stops at the first success', async () => {
    let n = 0;
    const { invokeFunction, calls } = setup(async () =>
      ++n === 1 ? Promise.reject(new TypeError('Failed to fetch')) : json({ status: 'synced' }),
    );
    const result = outcome(invokeFunction('smart-plaid-sync', { itemId: 'i' }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(result.value).toEqual({ status: 'synced' });
    expect(calls).toHaveLength(2);
  });

  it.each([
    ['408 (time-out)', 408, 3],
    ['504 (gateway time-out)', 504, 3],
    ['401 (the token was refused: the sign-in has ended)', 401, 1],
    ['400 (a refusal the same request meets again)', 400, 1],
    ['403 (not allowed)', 403, 1],
    ['404 (not found)', 404, 1],
    ['409 (conflict)', 409, 1],
    ['429 (rate limited: the server keeps the backoff)', 429, 1],
    ['500 (server error)', 500, 1],
  ])('answer %s → %i attempt(s)', async (_label, status, attempts) => {
    const { invokeFunction, calls } = setup(async () => json({ message: `HTTP ${status}` }, status));
    const result = outcome(invokeFunction('get-money-plan-calendar', { month: '2026-03' }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(attempts);
    expect(result.error).toMatchObject({ status });
  });

  it('a 401 that ended the sign-in is not retried; a token not there yet is', async () => {
    const onSessionEnded = vi.fn();
    const refused = setup(
      async () => json({ code: 'auth', message: 'Your session has ended.' }, 401),
      undefined,
      {
        onSessionEnded,
      },
    );
    const result = outcome(refused.invokeFunction('trigger-full-sync-pipeline', {}));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refused.calls).toHaveLength(1);
    expect(onSessionEnded).toHaveBeenCalledOnce();
    expect(result.error).toMatchObject({ status: 401, code: 'auth' });

    // No token for the first attempt (Amplify still restoring the sign-in): the next one has it.
    let tokens = 0;
    const early = setup(later(10, { status: 'queued' }), undefined, {
      getToken: async () => (++tokens === 1 ? undefined : 'id-token'),
      onSessionEnded,
    });
    const queued = outcome(early.invokeFunction('trigger-full-sync-pipeline', {}));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(tokens).toBe(2);
    expect(early.calls).toHaveLength(1);
    expect(queued.value).toEqual({ status: 'queued' });
    expect(onSessionEnded).toHaveBeenCalledOnce();
  });

  it('retries a connection refused, not a bad answer that fails to parse', async () => {
    const refused = setup(() => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:3001')));
    outcome(refused.invokeFunction('plaid-link-token', {}));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(refused.calls).toHaveLength(3);

    const garbled = setup(async () => new Response('<!DOCTYPE html><p>Proxy</p>', { status: 200 }));
    const result = outcome(garbled.invokeFunction('plaid-link-token', {}));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(garbled.calls).toHaveLength(1);
    expect(result.error).toBeInstanceOf(SyntaxError);
  });

  it("takes a caller's own policy, the generic invoker's 5 attempts from 1,500 ms filling what it leaves out", async () => {
    const generic = setup(networkDown);
    outcome(generic.invokeFunction('trigger-full-sync-pipeline', {}, { retry: {} }));
    await vi.advanceTimersByTimeAsync(60_000);
    // 1,500, 3,000, 6,000, 12,000 apart
    expect(generic.times()).toEqual([0, 1_500, 4_500, 10_500, 22_500]);

    const two = setup(networkDown);
    outcome(two.invokeFunction('link-account-to-profile', { accountId: 'a' }, { retry: { attempts: 2 } }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(two.times()).toEqual([0, 1_500]);

    const plaid = setup(networkDown);
    outcome(plaid.invokeFunction('plaid-hosted-link', {}, { retry: PLAID_CALL_RETRY.hostedLink }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(plaid.times()).toEqual([0, 1_000, 3_000]);

    const once = setup(networkDown);
    outcome(once.invokeFunction('archive-financial-profile', { profileId: 'p' }, { retry: false }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(once.calls).toHaveLength(1);
  });
});

describe('invokeFunction: a caller that leaves', () => {
  it('stops waiting for that caller only; the shared request goes on for the others', async () => {
    const { invokeFunction, calls } = setup(later(1_000, { status: 'synced' }));
    const unmounting = new AbortController();
    const leaver = outcome(
      invokeFunction('smart-plaid-sync', { itemId: 'i' }, { signal: unmounting.signal }),
    );
    const stayer = outcome(
      invokeFunction('smart-plaid-sync', { itemId: 'i' }, { signal: new AbortController().signal }),
    );
    await vi.advanceTimersByTimeAsync(100);
    unmounting.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(leaver.error).toMatchObject({ name: 'AbortError' });
    expect(calls[0]?.init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(900);
    expect(stayer.value).toEqual({ status: 'synced' });
    expect(calls).toHaveLength(1);
  });

  it('cancels the request when the last caller leaves, and a later call starts afresh', async () => {
    const { invokeFunction, calls } = setup(hang);
    const first = new AbortController();
    const second = new AbortController();
    outcome(invokeFunction('get-money-plan-calendar', { month: '2026-03' }, { signal: first.signal }));
    outcome(invokeFunction('get-money-plan-calendar', { month: '2026-03' }, { signal: second.signal }));
    await vi.advanceTimersByTimeAsync(0);
    first.abort();
    expect(calls[0]?.init.signal?.aborted).toBe(false);
    second.abort();
    expect(calls[0]?.init.signal?.aborted).toBe(true);
    outcome(invokeFunction('get-money-plan-calendar', { month: '2026-03' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
  });

  it('makes no further attempt once the only caller left during the backoff wait', async () => {
    const { invokeFunction, calls } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const leaving = new AbortController();
    outcome(invokeFunction('trigger-full-sync-pipeline', {}, { signal: leaving.signal }));
    await vi.advanceTimersByTimeAsync(500);
    leaving.abort();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
  });

  it('a caller without a signal keeps the request alive when one with a signal leaves', async () => {
    const { invokeFunction, calls } = setup(later(1_000));
    const leaving = new AbortController();
    outcome(invokeFunction('ensure-default-profile', {}, { signal: leaving.signal }));
    const stayer = outcome(invokeFunction('ensure-default-profile', {}));
    await vi.advanceTimersByTimeAsync(10);
    leaving.abort();
    await vi.advanceTimersByTimeAsync(990);
    expect(stayer.value).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
  });

  it('does not start a request for a caller that has already left', async () => {
    const { invokeFunction, calls } = setup(later(10));
    const gone = AbortSignal.abort();
    await expect(invokeFunction('ensure-default-profile', {}, { signal: gone })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(calls).toHaveLength(0);
  });
});
