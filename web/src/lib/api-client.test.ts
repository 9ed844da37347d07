import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, recordCall, type FinishedCall } from './api-client.ts';
import { telemetry } from './telemetry.ts';
import { classifyError } from './classify-error.ts';

type Call = { url: string; init: RequestInit };

function client(
  respond: (call: Call) => Promise<Response>,
  token: string | null = 'id-token',
  timeoutMs?: number,
) {
  const calls: Call[] = [];
  const api = createApiClient({
    baseUrl: () => 'http://api.test',
    getToken: async () => token ?? undefined,
    ...(timeoutMs ? { timeoutMs } : {}),
    fetch: (async (url: URL, init: RequestInit) => {
      const call = { url: String(url), init };
      calls.push(call);
      return respond(call);
    }) as unknown as typeof fetch,
  });
  return { api, calls };
}

/** Like fetch: rejects with an AbortError once the request's signal aborts (or if it already has). */
const hang = ({ init }: Call) =>
  new Promise<Response>((_, reject) => {
    const abort = () => reject(new DOMException('This operation was aborted', 'AbortError'));
    if (init.signal?.aborted) abort();
    init.signal?.addEventListener('abort', abort);
  });

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('api client', () => {
  it('sends the bearer token and JSON, and returns the parsed body', async () => {
    const { api, calls } = client(async () => json({ full_name: 'Ada' }));
    await expect(api.patch('/profiles/me', { full_name: 'Ada' })).resolves.toEqual({ full_name: 'Ada' });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(calls[0]?.url).toBe('http://api.test/profiles/me');
    expect(calls[0]?.init.method).toBe('PATCH');
    expect(headers.authorization).toBe('Bearer id-token');
    expect(headers['content-type']).toBe('application/json');
    expect(calls[0]?.init.body).toBe('{"full_name":"Ada"}');
  });

  it('adds query parameters, skipping empty ones', async () => {
    const { api, calls } = client(async () => json([]));
    await api.get('/transactions', { query: { from: '2025-01-01', accountId: undefined, limit: 5 } });
    expect(calls[0]?.url).toBe('http://api.test/transactions?from=2025-01-01&limit=5');
  });

  it('refuses to call without a token (spec §6)', async () => {
    const { api, calls } = client(async () => json({}), null);
    const error = await api.get('/profiles/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'No valid access token', status: 401 });
    expect(classifyError(error).type).toBe('auth');
    expect(calls).toHaveLength(0);
  });

  it('calls a public route without asking for or sending a token', async () => {
    let asked = false;
    const calls: Call[] = [];
    const api = createApiClient({
      baseUrl: () => 'http://api.test',
      getToken: async () => {
        asked = true;
        return undefined;
      },
      fetch: (async (url: URL, init: RequestInit) => {
        calls.push({ url: String(url), init });
        return json({ id: 'inv-1' });
      }) as unknown as typeof fetch,
    });
    await expect(api.get('/invitations/t', { auth: false })).resolves.toEqual({ id: 'inv-1' });
    expect(asked).toBe(false);
    expect((calls[0]?.init.headers as Record<string, string>).authorization).toBeUndefined();
  });

  it('names the financial profile of a profile-scoped call in x-profile-id', async () => {
    const { api, calls } = client(async () => json([]));
    await api.get('/accounts', { profileId: 'profile-1' });
    await api.get('/profiles/me');
    expect((calls[0]?.init.headers as Record<string, string>)['x-profile-id']).toBe('profile-1');
    expect((calls[1]?.init.headers as Record<string, string>)['x-profile-id']).toBeUndefined();
  });

  it('keeps the API error body: code, message, issues and correlation id', async () => {
    const body = {
      code: 'validation',
      message: 'Invalid request: full_name Please enter your full name',
      issues: [{ field: 'full_name', message: 'Please enter your full name' }],
    };
    const { api } = client(async () => json(body, 400, { 'x-correlation-id': 'c-1' }));
    await expect(api.patch('/profiles/me', { full_name: '' })).rejects.toMatchObject({
      status: 400,
      code: 'validation',
      message: body.message,
      issues: body.issues,
      correlationId: 'c-1',
    });
  });

  it('keeps the text of a non-JSON error page', async () => {
    const { api } = client(async () => new Response('Bad Gateway', { status: 502 }));
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: 'Bad Gateway', code: null });
    expect(classifyError(error).type).toBe('server');
  });

  it('returns undefined for 204 No Content', async () => {
    const { api } = client(async () => new Response(null, { status: 204 }));
    await expect(api.delete('/accounts/1')).resolves.toBeUndefined();
  });

  it('turns a failed fetch into a network error', async () => {
    const { api } = client(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network', message: 'Failed to fetch' });
    expect(classifyError(error).type).toBe('network');
  });

  it("gives up after the time-out with spec §8's message", async () => {
    const { api } = client(hang, 'id-token', 20);
    const error = await api.get('/slow').catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Request timeout after 20ms', code: 'timeout' });
    expect(classifyError(error).type).toBe('timeout');
  });

  it("passes the caller's cancellation through untouched", async () => {
    const controller = new AbortController();
    const { api } = client(hang);
    const pending = api.get('/slow', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
  });
});

describe('api client: the second-factor session', () => {
  it('sends the session header with authenticated calls only, and reports a two_factor_required refusal', async () => {
    const calls: Call[] = [];
    let told = 0;
    const api = createApiClient({
      baseUrl: () => 'http://api.test',
      getToken: async () => 'id-token',
      extraHeaders: () => ({ 'x-two-factor-session': 'session-1' }),
      onSecondFactorRequired: () => {
        told += 1;
      },
      fetch: (async (url: URL, init: RequestInit) => {
        calls.push({ url: String(url), init });
        return String(url).endsWith('/refused')
          ? json(
              {
                code: 'two_factor_required',
                message: 'Two-factor verification is required for this sign-in.',
              },
              403,
            )
          : json({});
      }) as unknown as typeof fetch,
    });
    await api.get('/profiles/me');
    await api.get('/invitations/abc', { auth: false });
    expect((calls[0]?.init.headers as Record<string, string>)['x-two-factor-session']).toBe('session-1');
    expect((calls[1]?.init.headers as Record<string, string>)['x-two-factor-session']).toBeUndefined();
    await expect(api.get('/refused')).rejects.toMatchObject({ status: 403, code: 'two_factor_required' });
    expect(told).toBe(1);
    // Any other 403 is not about the second factor.
    await expect(api.get('/profiles/me')).resolves.toEqual({});
    expect(told).toBe(1);
  });
});

describe('api client: a sign-in ended elsewhere (sign out everywhere)', () => {
  it('reports a 401 on a signed-in call, and nothing for a public call or another refusal', async () => {
    let told = 0;
    const api = createApiClient({
      baseUrl: () => 'http://api.test',
      getToken: async () => 'id-token',
      onSessionEnded: () => {
        told += 1;
      },
      fetch: (async (url: URL) => {
        const path = new URL(String(url)).pathname;
        if (path === '/ended') return json({ code: 'auth', message: 'Your session has ended.' }, 401);
        if (path === '/public') return json({ code: 'auth', message: 'No' }, 401);
        return json({ code: 'forbidden', message: 'No access' }, 403);
      }) as unknown as typeof fetch,
    });
    await expect(api.get('/ended')).rejects.toMatchObject({ status: 401 });
    expect(told).toBe(1);
    await expect(api.get('/public', { auth: false })).rejects.toMatchObject({ status: 401 });
    await expect(api.get('/other')).rejects.toMatchObject({ status: 403 });
    expect(told).toBe(1);
  });
});

describe('api client timing', () => {
  it('tells onCall of each finished call with its status, and of a failure with the correlation id', async () => {
    const finished: FinishedCall[] = [];
    let answer = json({ ok: true });
    const api = createApiClient({
      baseUrl: () => 'http://api.test',
      getToken: async () => 'id-token',
      onCall: (call) => finished.push(call),
      fetch: (async () => answer) as unknown as typeof fetch,
    });

    await api.get('/accounts');
    answer = json({ code: 'server', message: 'Something went wrong' }, 500, { 'x-correlation-id': 'corr-1' });
    await expect(api.get('/money-plan/items/abc')).rejects.toBeInstanceOf(ApiError);

    expect(finished.map((c) => [c.method, c.path, c.status])).toEqual([
      ['GET', '/accounts', 200],
      ['GET', '/money-plan/items/abc', 500],
    ]);
    expect(finished[0]?.ms).toBeGreaterThanOrEqual(0);
    expect((finished[1]?.error as ApiError).correlationId).toBe('corr-1');
  });

  it('does not count a call its caller cancelled', async () => {
    const finished: FinishedCall[] = [];
    const api = createApiClient({
      baseUrl: () => 'http://api.test',
      getToken: async () => 'id-token',
      onCall: (call) => finished.push(call),
      fetch: hang as unknown as typeof fetch,
    });
    const controller = new AbortController();
    const pending = api.get('/accounts', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(finished).toEqual([]);
  });

  it('records a server error as a failed operation and reports it; a 4xx is neither', () => {
    const reports: unknown[] = [];
    const stop = telemetry.subscribe({ error: (r) => reports.push(r) });
    const error = new ApiError('Something went wrong', { status: 502, correlationId: 'corr-2' });

    recordCall({
      method: 'GET',
      path: '/accounts',
      ms: 12,
      status: 404,
      error: new ApiError('x', { status: 404 }),
    });
    recordCall({ method: 'POST', path: '/running-balances', ms: 40, status: 502, error });
    stop();

    expect(
      telemetry
        .metrics()
        .slice(-2)
        .map((m) => [m.op, m.ok]),
    ).toEqual([
      ['api:GET /accounts', true],
      ['api:POST /running-balances', false],
    ]);
    expect(reports).toEqual([expect.objectContaining({ correlation_id: 'corr-2', error_class: 'ApiError' })]);
  });
});
