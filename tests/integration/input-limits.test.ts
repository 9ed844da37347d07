// Input limits at the edge, through the local gateway: control characters in names
// and descriptions are a 400 naming the field and change nothing; an audit event's data has a strict,
// small shape; bodies over a route's limit are a 413 (public routes included), and the gateway refuses
// a 5 MB body without reading it all.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, cloud, signUpAndSignIn, type TestUser } from './helpers.ts';
import { defaultProfile, profileApi } from './money-helpers.ts';

let user: TestUser;
let profileId: string;

beforeAll(async () => {
  user = await signUpAndSignIn('Plain Text');
  profileId = await defaultProfile(user);
});

type Issues = { code: string; issues?: Array<{ field: string; message: string }> };
const fieldOf = (body: Issues) => body.issues?.[0]?.field;

describe('control characters', () => {
  it.each([
    ['PATCH', '/profiles/me', { full_name: 'Ada\u0000Lovelace' }, 'full_name'],
    ['PATCH', '/profiles/me', { full_name: 'Ada\r\nBcc: x@example.com' }, 'full_name'],
    ['POST', '/financial-profiles', { name: 'Household\r\nSubject: hi' }, 'name'],
    ['POST', '/money-plan/categories', { name: 'Fun\u0007' }, 'name'],
    [
      'POST',
      '/money-plan/items',
      { description: 'Line one\nline two', amount: -100, due_date: '2026-12-24', account_id: null },
      'description',
    ],
  ] as const)('%s %s refuses %j (400 naming %s)', async (method, path, body, field) => {
    const response = await profileApi<Issues>(method, path, { token: user.idToken, profileId, body });
    expect(response.status).toBe(400);
    expect(fieldOf(response.body)).toBe(field);
    expect(response.body.issues?.[0]?.message).toContain('control characters');
  });

  it('leaves the name as it was', async () => {
    const me = await api<{ full_name: string }>('GET', '/profiles/me', { token: user.idToken });
    expect(me.body.full_name).toBe('Plain Text');
    const profiles = await api<Array<{ name: string }>>('GET', '/financial-profiles', {
      token: user.idToken,
    });
    expect(profiles.body.map((p) => p.name).join('')).not.toMatch(/[\r\n]/);
  });
});

describe('audit events', () => {
  const post = (p_event_data: unknown) =>
    api<Issues>('POST', '/security-events', {
      token: user.idToken,
      body: { p_event_type: 'member_added', p_event_data },
    });

  it('keeps a small plain record', async () => {
    expect((await post({ profile_id: 'fp_1', role: 'viewer', count: 2, ok: true })).status).toBe(201);
  });

  it.each<[unknown, string]>([
    [{ note: 'x'.repeat(201) }, 'a string over 200 characters'],
    [{ note: 'a\nb' }, 'a line break'],
    [{ 'Bad Key': 1 }, 'a field name that is not snake_case'],
    [{ nested: { deep: true } }, 'a nested object'],
    [Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}`, i])), 'eleven fields'],
    [Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`f${i}`, 'y'.repeat(200)])), 'over 2 KB'],
  ])('refuses %j (%s) with a 400 naming p_event_data', async (data, _why) => {
    const response = await post(data);
    expect(response.status).toBe(400);
    expect(fieldOf(response.body)).toMatch(/^p_event_data/);
  });

  it('refuses a 450 KB body with a 413, not a 500', async () => {
    const response = await post({ note: 'z'.repeat(450 * 1024) });
    expect(response.status).toBe(413);
  });
});

describe('request bodies', () => {
  it('a public route answers a 100 KB body 413', async () => {
    const response = await api('POST', '/onboarding-responses', {
      body: { answers: 'q'.repeat(100 * 1024) },
    });
    expect(response.status).toBe(413);
  });

  it('the gateway refuses a 5 MB body without reading it all', async () => {
    const response = await fetch(`${cloud().urls.api}/onboarding-responses`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answers: 'q'.repeat(5 * 1024 * 1024) }),
    }).catch((error: unknown) => error);
    // Either the 413 arrives or the connection is cut once the limit is passed; never a 2xx or 500.
    if (response instanceof Response) expect(response.status).toBe(413);
    else expect(response).toBeInstanceOf(Error);
  });
});
