import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from './logger.ts';
import { createDeps, setDeps } from './deps.ts';
import { httpHandler, route, type ApiEvent, type ApiResult } from './http.ts';

const logLines: string[] = [];
const context = { awsRequestId: 'req-1' } as Context;

function event(overrides: Partial<ApiEvent> & { claims?: Record<string, string> } = {}): ApiEvent {
  const { claims, ...rest } = overrides;
  return {
    version: '2.0',
    routeKey: 'PATCH /profiles/me',
    rawPath: '/profiles/me',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    isBase64Encoded: false,
    requestContext: {
      requestId: 'req-1',
      ...(claims ? { authorizer: { jwt: { claims, scopes: [] } } } : {}),
    },
    ...rest,
  } as ApiEvent;
}

const alice = {
  sub: 'alice',
  email: 'alice@example.com',
  name: 'Alice',
  'cognito:groups': '[admin staff]',
  // HTTP APIs hand every claim over as a string.
  auth_time: '1795000000',
};

let received: unknown;
const handler = httpHandler('profiles', {
  'PATCH /profiles/me': route({
    body: z.object({
      full_name: z.string().min(1, 'Please enter your full name'),
      userId: z.string().optional(),
    }),
    run: async ({ body, caller }) => {
      received = { body, caller };
      return { ok: true };
    },
  }),
  'GET /profiles/me': route({
    run: async () => {
      throw new Error('database password is hunter2');
    },
  }),
});

const call = async (e: ApiEvent) => {
  const result = (await handler(e, context)) as ApiResult;
  return { status: result.statusCode, body: result.body ? JSON.parse(result.body) : undefined };
};

// The second-factor check reads the caller's profile first (functions/lib/two-factor.ts; its rules are
// tested against DynamoDB Local in tests/integration/two-factor.test.ts): here, no profile, so no 2FA.
const table = mockClient(DynamoDBDocumentClient);

beforeEach(() => {
  table.reset();
  table.on(GetCommand).resolves({});
  logLines.length = 0;
  received = undefined;
  setDeps(
    createDeps(
      { TABLE_NAME: 'unused' },
      {
        clock: () => new Date('2026-11-22T00:00:00Z'),
        logger: createLogger({}, (line) => logLines.push(line), 'debug'),
      },
    ),
  );
});
afterEach(() => setDeps(undefined));

describe('httpHandler', () => {
  it('gives the route typed input and the caller from the verified claims', async () => {
    const result = await call(event({ claims: alice, body: JSON.stringify({ full_name: 'Alice A' }) }));

    expect(result).toEqual({ status: 200, body: { ok: true } });
    expect(received).toEqual({
      body: { full_name: 'Alice A' },
      caller: {
        userId: 'alice',
        email: 'alice@example.com',
        fullName: 'Alice',
        groups: ['admin', 'staff'],
        isAdmin: true,
        authTime: 1795000000,
      },
    });
  });

  it('refuses with 401 a sign-in older than the person\'s "sign out everywhere", and lets a newer one in', async () => {
    const revoked = (at: number) =>
      table.on(GetCommand).resolves({
        // The stored profile as ElectroDB writes it (entity and version markers).
        Item: { id: 'alice', sessions_revoked_at: at, __edb_e__: 'profile', __edb_v__: '1' },
      });
    revoked(1795000001);
    const before = await call(event({ claims: alice, body: JSON.stringify({ full_name: 'Alice A' }) }));
    revoked(1795000000);
    const after = await call(event({ claims: alice, body: JSON.stringify({ full_name: 'Alice A' }) }));

    expect(before).toEqual({
      status: 401,
      body: { code: 'auth', message: 'Your session has ended. Please sign in again.' },
    });
    expect(after.status).toBe(200);
  });

  it('refuses a signed-out caller with 401 and the spec auth message', async () => {
    const result = await call(event({ body: JSON.stringify({ full_name: 'x' }) }));
    expect(result).toEqual({
      status: 401,
      body: { code: 'auth', message: 'Your session has expired. Please log in again.' },
    });
    expect(received).toBeUndefined();
  });

  it("refuses a userId in the body that is not the caller's with 403", async () => {
    const result = await call(
      event({ claims: alice, body: JSON.stringify({ full_name: 'x', userId: 'mallory' }) }),
    );
    expect(result.status).toBe(403);
    expect(result.body).toEqual({ code: 'forbidden', message: 'userId does not match the signed-in user' });
    expect(received).toBeUndefined();
  });

  it('accepts the caller’s own userId', async () => {
    const result = await call(
      event({ claims: alice, body: JSON.stringify({ full_name: 'x', userId: 'alice' }) }),
    );
    expect(result.status).toBe(200);
  });

  it('names each bad field in a 400', async () => {
    const result = await call(event({ claims: alice, body: JSON.stringify({ full_name: '' }) }));
    expect(result.status).toBe(400);
    expect(result.body.issues).toEqual([{ field: 'full_name', message: 'Please enter your full name' }]);
  });

  it('answers malformed JSON with a 400 on the body', async () => {
    const result = await call(event({ claims: alice, body: '{"full_name":' }));
    expect(result.status).toBe(400);
    expect(result.body.issues).toEqual([{ field: 'body', message: 'must be valid JSON' }]);
  });

  it('hides an unexpected error behind the spec server message and logs without secrets in the reply', async () => {
    const result = await call(event({ claims: alice, routeKey: 'GET /profiles/me', headers: {} }));
    expect(result).toEqual({
      status: 500,
      body: { code: 'server', message: 'Server error. Please try again in a moment.' },
    });
    expect(JSON.stringify(result.body)).not.toContain('hunter2');
    expect(logLines.some((l) => l.includes('"level":"error"'))).toBe(true);
  });

  it('refuses to build a handler with a route that is not in the catalog', () => {
    expect(() =>
      httpHandler('profiles', { 'GET /not-in-catalog': route({ run: async () => undefined }) }),
    ).toThrow(/not in the catalog/);
  });
});

describe('bodies', () => {
  it('treats a bodyless request that names a JSON content type as having no body', async () => {
    const result = await call(event({ claims: alice, routeKey: 'GET /profiles/me', body: undefined }));
    // The GET route throws on purpose; reaching it (a 500, not a 400) shows the body parser let it through.
    expect(result.status).toBe(500);
  });

  it.each(['"text"', '42', '[]', '[{"a":1}]', 'true'])(
    'refuses %s on a route that takes no fields, naming the body',
    async (body) => {
      const result = await call(event({ claims: alice, routeKey: 'GET /profiles/me', body }));
      expect(result.status).toBe(400);
      expect(result.body.issues).toEqual([{ field: 'body', message: 'must be a JSON object' }]);
    },
  );

  it.each(['{}', '{"anything":1}', 'null'])(
    'lets %s through to a route that takes no fields',
    async (body) => {
      const result = await call(event({ claims: alice, routeKey: 'GET /profiles/me', body }));
      expect(result.status).toBe(500);
    },
  );

  it('leaves a body that is not sent as JSON to the route', async () => {
    const result = await call(
      event({
        claims: alice,
        routeKey: 'GET /profiles/me',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
    );
    expect(result.status).toBe(500);
  });
});

describe('provider errors', () => {
  it('maps a Plaid refusal to a 400 with its code, never the provider request', async () => {
    const plaidFailure = Object.assign(new Error('Request failed with status code 400'), {
      config: { data: '{"access_token":"access-sandbox-secret"}' },
      response: {
        status: 400,
        data: {
          error_type: 'INVALID_INPUT',
          error_code: 'INVALID_PUBLIC_TOKEN',
          error_message: 'provided public token is in an invalid format',
          display_message: null,
        },
      },
    });
    const failing = httpHandler('profiles', {
      'GET /profiles/me': route({
        run: async () => {
          throw plaidFailure;
        },
      }),
    });

    const result = (await failing(
      event({ claims: alice, routeKey: 'GET /profiles/me', headers: {} }),
      context,
    )) as ApiResult;

    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body ?? '')).toEqual({
      code: 'provider',
      message: 'provided public token is in an invalid format',
      provider_code: 'INVALID_PUBLIC_TOKEN',
    });
    expect(result.body).not.toContain('access-sandbox');
  });
});
