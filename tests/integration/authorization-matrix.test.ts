// The authorization matrix: every profile-scoped endpoint × {owner, editor, viewer, other user,
// signed out}, asserting the exact allow or deny. Roles run least-privileged first and the owner last,
// so a destructive endpoint is only ever allowed at the end of its row. Later issues add their
// profile-scoped endpoints to `endpoints`.
import { afterAll, describe, expect, it } from 'vitest';
import type { Permission } from '../../domain/access.ts';
import { api, signUpAndSignIn, type ApiResponse, type TestUser } from './helpers.ts';

type Actor = 'signed out' | 'other user' | 'viewer' | 'editor' | 'owner';
const actors: Actor[] = ['signed out', 'other user', 'viewer', 'editor', 'owner'];

interface Fixture {
  profileId: string;
  users: Record<Exclude<Actor, 'signed out'>, TestUser>;
  /** A second viewer, the target of member removal. */
  target: TestUser;
  pendingInvitationId: string;
  /** A planned item of the profile (no account), made by the owner. */
  planItemId: string;
}

interface Endpoint {
  name: string;
  permission: Permission;
  /** read: looks; write: changes something. */
  kind: 'read' | 'write';
  call: (f: Fixture, token: string | undefined) => Promise<ApiResponse>;
}

const endpoints: Endpoint[] = [
  {
    name: 'GET /financial-profiles/{id}/members',
    permission: 'read',
    kind: 'read',
    call: (f, token) => api('GET', `/financial-profiles/${f.profileId}/members`, { token }),
  },
  {
    name: 'PATCH /financial-profiles/{id}',
    permission: 'manage',
    kind: 'write',
    call: (f, token) =>
      api('PATCH', `/financial-profiles/${f.profileId}`, { token, body: { name: 'Renamed' } }),
  },
  {
    name: 'GET /financial-profiles/{id}/invitations',
    permission: 'manage',
    kind: 'read',
    call: (f, token) => api('GET', `/financial-profiles/${f.profileId}/invitations`, { token }),
  },
  {
    name: 'POST /financial-profiles/{id}/invitations',
    permission: 'manage',
    kind: 'write',
    call: (f, token) =>
      api('POST', `/financial-profiles/${f.profileId}/invitations`, {
        token,
        body: { email: 'newcomer@example.com', role: 'viewer' },
      }),
  },
  {
    name: 'DELETE /financial-profiles/{id}/invitations/{invitationId}',
    permission: 'manage',
    kind: 'write',
    call: (f, token) =>
      api('DELETE', `/financial-profiles/${f.profileId}/invitations/${f.pendingInvitationId}`, { token }),
  },
  {
    name: 'DELETE /financial-profiles/{id}/members/{another member}',
    permission: 'manage',
    kind: 'write',
    call: (f, token) =>
      api('DELETE', `/financial-profiles/${f.profileId}/members/${f.target.userId}`, { token }),
  },
  ...moneyEngineEndpoints(),
  {
    name: 'POST /functions/archive-financial-profile',
    permission: 'manage',
    kind: 'write',
    call: (f, token) =>
      api('POST', '/functions/archive-financial-profile', { token, body: { profileId: f.profileId } }),
  },
];

/** The money engine's profile-scoped endpoints: the profile travels in X-Profile-Id. */
function moneyEngineEndpoints(): Endpoint[] {
  const scoped = (method: string, path: string, body?: unknown) => (f: Fixture, token: string | undefined) =>
    api(method, path, { token, body, headers: { 'x-profile-id': f.profileId } });
  const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  return [
    {
      name: 'GET /money-plan/items',
      permission: 'read',
      kind: 'read',
      call: scoped('GET', '/money-plan/items'),
    },
    {
      name: 'POST /money-plan/items',
      permission: 'edit',
      kind: 'write',
      call: scoped('POST', '/money-plan/items', {
        description: 'Dentist',
        amount: -9000,
        due_date: day,
        account_id: null,
      }),
    },
    {
      name: 'PATCH /money-plan/items/{itemId}',
      permission: 'edit',
      kind: 'write',
      call: (f, token) => scoped('PATCH', `/money-plan/items/${f.planItemId}`, { amount: -4200 })(f, token),
    },
    {
      name: 'DELETE /money-plan/items/{itemId}',
      permission: 'edit',
      kind: 'write',
      call: (f, token) => scoped('DELETE', `/money-plan/items/${f.planItemId}`)(f, token),
    },
    {
      name: 'POST /money-plan/items/{itemId}/unreconcile',
      permission: 'edit',
      kind: 'write',
      call: (f, token) => scoped('POST', `/money-plan/items/${f.planItemId}/unreconcile`)(f, token),
    },
    {
      name: 'GET /money-plan/settings',
      permission: 'read',
      kind: 'read',
      call: scoped('GET', '/money-plan/settings'),
    },
    {
      // Each member's own view of the profile: viewers may save theirs.
      name: 'PUT /money-plan/settings',
      permission: 'read',
      kind: 'write',
      call: scoped('PUT', '/money-plan/settings', { low_balance_threshold: 20_000 }),
    },
    {
      // The coach: any member may ask, and read or clear their own conversation.
      name: 'POST /coach/ask',
      permission: 'read',
      kind: 'write',
      call: scoped('POST', '/coach/ask', { question: 'What bills are due this week?' }),
    },
    {
      name: 'GET /coach/messages',
      permission: 'read',
      kind: 'read',
      call: scoped('GET', '/coach/messages'),
    },
    {
      name: 'DELETE /coach/messages',
      permission: 'read',
      kind: 'write',
      call: scoped('DELETE', '/coach/messages'),
    },
    {
      name: 'POST /money-plan/generate',
      permission: 'edit',
      kind: 'write',
      call: scoped('POST', '/money-plan/generate', {}),
    },
    {
      name: 'GET /money-plan/streams',
      permission: 'read',
      kind: 'read',
      call: scoped('GET', '/money-plan/streams'),
    },
    {
      name: 'GET /money-plan/categories',
      permission: 'read',
      kind: 'read',
      call: scoped('GET', '/money-plan/categories'),
    },
    {
      name: 'POST /money-plan/categories',
      permission: 'edit',
      kind: 'write',
      // A new name each call: the editor's category must not make the owner's a duplicate.
      call: (f, token) =>
        scoped('POST', '/money-plan/categories', { name: `Holidays ${Math.random().toString(36).slice(2)}` })(
          f,
          token,
        ),
    },
    {
      name: 'GET /running-balances',
      permission: 'read',
      kind: 'read',
      call: scoped('GET', '/running-balances'),
    },
    {
      name: 'GET /running-balances/lowest',
      permission: 'read',
      kind: 'read',
      call: scoped('GET', '/running-balances/lowest?days=30'),
    },
    {
      // Recomputes derived data only: anyone who may read the forecast may refresh it.
      name: 'POST /running-balances/regenerate',
      permission: 'read',
      kind: 'write',
      call: scoped('POST', '/running-balances/regenerate', {}),
    },
    {
      name: 'GET /jobs',
      permission: 'read',
      kind: 'read',
      call: scoped('GET', '/jobs'),
    },
    {
      name: 'POST /functions/get-money-plan-calendar',
      permission: 'read',
      kind: 'read',
      call: scoped('POST', '/functions/get-money-plan-calendar', { month: day.slice(0, 7) }),
    },
  ];
}

const roleGrants: Record<Actor, Permission[]> = {
  'signed out': [],
  'other user': [],
  viewer: ['read'],
  editor: ['read', 'edit'],
  owner: ['read', 'edit', 'manage'],
};

/** Allowed → 2xx; signed out → 401; no role → 404 (existence not revealed); too little → 403. */
function expectedStatus(actor: Actor, permission: Permission): 'allow' | 401 | 403 | 404 {
  if (roleGrants[actor].includes(permission)) return 'allow';
  if (actor === 'signed out') return 401;
  if (actor === 'other user') return 404;
  return 403;
}

async function join(owner: TestUser, profileId: string, user: TestUser, role: 'viewer' | 'editor') {
  const invitation = await api<{ invite_url: string }>(
    'POST',
    `/financial-profiles/${profileId}/invitations`,
    {
      token: owner.idToken,
      body: { email: user.email, role },
    },
  );
  const token = new URL(invitation.body.invite_url).searchParams.get('token');
  const accepted = await api('POST', `/invitations/${token}/accept`, { token: user.idToken, body: {} });
  expect(accepted.status).toBe(200);
}

async function fixture(): Promise<Fixture> {
  const [owner, editor, viewer, other, target] = await Promise.all([
    signUpAndSignIn('Owner'),
    signUpAndSignIn('Editor'),
    signUpAndSignIn('Viewer'),
    signUpAndSignIn('Other'),
    signUpAndSignIn('Target'),
  ]);
  const { body: profile } = await api<{ id: string }>('POST', '/financial-profiles', {
    token: owner.idToken,
    body: { name: 'Shared' },
  });
  // The paid features (the coach) need an entitled owner; the owner's trial covers the members
  // (docs/subscriptions.md).
  const trial = await api('POST', '/functions/start-trial', { token: owner.idToken, body: {} });
  expect(trial.status).toBe(200);
  await join(owner, profile.id, editor, 'editor');
  await join(owner, profile.id, viewer, 'viewer');
  await join(owner, profile.id, target, 'viewer');
  const { body: pending } = await api<{ id: string }>(
    'POST',
    `/financial-profiles/${profile.id}/invitations`,
    {
      token: owner.idToken,
      body: { email: 'pending@example.com', role: 'editor' },
    },
  );
  const { body: planned } = await api<{ item: { id: string } }>('POST', '/money-plan/items', {
    token: owner.idToken,
    headers: { 'x-profile-id': profile.id },
    body: {
      description: 'Car service',
      amount: -25000,
      due_date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      account_id: null,
    },
  });
  return {
    profileId: profile.id,
    users: { owner, editor, viewer, 'other user': other },
    target,
    pendingInvitationId: pending.id,
    planItemId: planned.item.id,
  };
}

const outcomes: Array<{ endpoint: string; actor: Actor; expected: string; status: number }> = [];

describe('authorization matrix', () => {
  for (const endpoint of endpoints) {
    it(`${endpoint.name} (${endpoint.kind}, needs ${endpoint.permission})`, async () => {
      const f = await fixture();
      for (const actor of actors) {
        const token = actor === 'signed out' ? undefined : f.users[actor].idToken;
        const response = await endpoint.call(f, token);
        const expected = expectedStatus(actor, endpoint.permission);
        outcomes.push({
          endpoint: endpoint.name,
          actor,
          expected: String(expected),
          status: response.status,
        });
        if (expected === 'allow') {
          expect(response.status, `${actor} on ${endpoint.name}`).toBeGreaterThanOrEqual(200);
          expect(response.status, `${actor} on ${endpoint.name}`).toBeLessThan(300);
        } else {
          expect(response.status, `${actor} on ${endpoint.name}`).toBe(expected);
        }
      }
    });
  }

  afterAll(() => {
    const unexpectedAllows = outcomes.filter((o) => o.expected !== 'allow' && o.status < 300).length;
    const allowed = outcomes.filter((o) => o.expected === 'allow').length;
    console.log(
      `authorization matrix: ${outcomes.length} cases (${endpoints.length} endpoints × ${actors.length} callers), ` +
        `${allowed} allowed as expected, ${unexpectedAllows} unexpected allows`,
    );
    expect(unexpectedAllows).toBe(0);
  });
});
