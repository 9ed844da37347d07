// The profiles resource end to end: cognito-local token → local gateway → handler → DynamoDB Local.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { importJWK, SignJWT, type JWK } from 'jose';
import { describe, expect, it } from 'vitest';
import { catalog } from '../../functions/catalog.ts';
import { api, signUpAndSignIn } from './helpers.ts';

/** Re-signs the claims of a real token with cognito-local's own key, with the given expiry. */
async function resignedToken(idToken: string, exp: number): Promise<string> {
  const require = createRequire(import.meta.url);
  const keyFile = require.resolve('cognito-local/lib/keys/cognitoLocal.private.json');
  const { jwk } = JSON.parse(readFileSync(keyFile, 'utf8')) as { jwk: JWK };
  const claims = JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
  return new SignJWT({ ...claims, exp })
    .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
    .sign(await importJWK(jwk, 'RS256'));
}

describe('GET /profiles/me', () => {
  it('creates the profile on first read from the token, with the spec defaults', async () => {
    const user = await signUpAndSignIn('Ada Lovelace');

    const response = await api('GET', '/profiles/me', { token: user.idToken });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: user.userId,
      email: user.email,
      full_name: 'Ada Lovelace',
      is_admin: false,
      onboarding_completed: false,
      privacy_mode: true, // spec §3: true when unset
      two_factor_enabled: false,
    });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('creates exactly one profile under ten concurrent first reads', async () => {
    const user = await signUpAndSignIn('Concurrent Carl');

    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        api<{ id: string; created_at: string }>('GET', '/profiles/me', { token: user.idToken }),
      ),
    );

    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((r) => r.body.created_at)).size).toBe(1);
  });

  it('refuses a request without a token, with a tampered token, and with garbage', async () => {
    const user = await signUpAndSignIn();
    const [header, payload, signature] = user.idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');

    const results = await Promise.all([
      api('GET', '/profiles/me'),
      api('GET', '/profiles/me', { token: `${header}.${forged}.${signature}` }),
      api('GET', '/profiles/me', { token: 'not-a-jwt' }),
    ]);

    for (const result of results) {
      expect(result.status).toBe(401);
      expect(result.body).toEqual({ message: 'Unauthorized' });
    }
  });

  it('refuses an expired token signed by the pool key, and accepts the same claims while valid', async () => {
    const user = await signUpAndSignIn();
    const now = Math.floor(Date.now() / 1000);

    const expired = await api('GET', '/profiles/me', { token: await resignedToken(user.idToken, now - 60) });
    const valid = await api('GET', '/profiles/me', { token: await resignedToken(user.idToken, now + 600) });

    expect(expired.status).toBe(401);
    expect(valid.status).toBe(200);
  });
});

describe('PATCH /profiles/me', () => {
  it('changes the full name, and a later read returns it', async () => {
    const user = await signUpAndSignIn('Old Name');

    const patched = await api('PATCH', '/profiles/me', {
      token: user.idToken,
      body: { full_name: '  New Name ' },
    });
    const reread = await api('GET', '/profiles/me', { token: user.idToken });

    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ full_name: 'New Name' });
    expect(reread.body).toMatchObject({ full_name: 'New Name', email: user.email });
  });

  it('upper-cases custom initials and saves empty initials as null (spec §5)', async () => {
    const user = await signUpAndSignIn();

    const set = await api('PATCH', '/profiles/me', { token: user.idToken, body: { custom_initials: 'ab' } });
    const cleared = await api('PATCH', '/profiles/me', {
      token: user.idToken,
      body: { custom_initials: '' },
    });

    expect(set.body).toMatchObject({ custom_initials: 'AB' });
    expect(cleared.status).toBe(200);
    expect(cleared.body).not.toHaveProperty('custom_initials');
  });

  it.each([
    [{ full_name: '' }, 'full_name', 'Please enter your full name'],
    [{ custom_initials: 'ABCDE' }, 'custom_initials', 'must be at most 4 characters'],
    [{ avatar_color: 'blue' }, 'avatar_color', 'must be a colour like #3B82F6'],
    [{ is_admin: true }, 'body', 'is_admin'],
    [{}, 'body', 'must change at least one field'],
  ])('refuses %j with a 400 naming %s, and changes nothing', async (body, field, message) => {
    const user = await signUpAndSignIn('Unchanged');

    const response = await api<{ code: string; issues: Array<{ field: string; message: string }> }>(
      'PATCH',
      '/profiles/me',
      { token: user.idToken, body },
    );
    const after = await api('GET', '/profiles/me', { token: user.idToken });

    expect(response.status).toBe(400);
    expect(response.body.code).toBe('validation');
    const issue = response.body.issues.find((i) => i.field === field);
    expect(issue?.message ?? JSON.stringify(response.body.issues)).toContain(message);
    expect(after.body).toMatchObject({ full_name: 'Unchanged', is_admin: false });
  });

  it('answers malformed JSON with a 400 naming the body', async () => {
    const user = await signUpAndSignIn();

    const response = await api('PATCH', '/profiles/me', { token: user.idToken, rawBody: '{"full_name": ' });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'validation', issues: [{ field: 'body' }] });
  });
});

describe('catalog entries whose issue has not landed', () => {
  // Every user-facing entry not yet built answers the same way; the check follows the catalog as it grows.
  const unbuilt = catalog.filter((entry) => entry.handler === null && entry.caller === 'user');
  it.each(unbuilt.map((entry) => [entry.name, entry] as const))(
    '%s answers 501 with a clear message, behind the same authorizer',
    async (name, entry) => {
      const user = await signUpAndSignIn();
      const route = entry.routes[0]!;
      const path = route.path.replace(/\{\w+\}/g, 'x');

      const body = route.method === 'GET' ? undefined : {};
      const anonymous = await api(route.method, path, { body });
      const signedIn = await api(route.method, path, { token: user.idToken, body });

      expect(anonymous.status).toBe(401);
      expect(signedIn.status).toBe(501);
      expect(signedIn.body).toMatchObject({
        code: 'not_implemented',
        message: expect.stringContaining(`${name} is not implemented yet`),
      });
    },
  );

  // Authorize first: an unbuilt admin route tells a non-admin no more than a built one.
  // Every admin route is built now: tests/integration/admin.test.ts checks each × {admin, plain user,
  // group only, is_admin only, signed out} (85 cases, 0 unexpected allows).

  it('unknown routes answer 404 like API Gateway', async () => {
    const response = await api('GET', '/no-such-route');
    expect(response.status).toBe(404);
  });
});
