// The realtime WebSocket against the local gateway's ws server: $connect refuses
// forged and missing tokens, the heartbeat answers, oversized and unknown messages are refused without
// closing anything, a plan change reaches every connection of every member of the profile (and nobody
// else), and a connection that answers 410 Gone is forgotten.
import { createHash } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RealtimePush, RealtimeServerMessage } from '../../events/realtime.ts';
import { api, cloud, directData, signUpAndSignIn, type TestUser } from './helpers.ts';
import { advanceClock, sandboxNow } from './stripe-helpers.ts';

const opened: WebSocket[] = [];
afterAll(() => opened.forEach((ws) => ws.terminate()));

/** Opens a socket; resolves with it once open, or rejects with the handshake's HTTP status. */
function connect(
  token: string | null,
  twoFactorSession?: string,
): Promise<{ ws: WebSocket; messages: RealtimeServerMessage[] }> {
  const base = cloud().config.realtimeUrl;
  const query = new URLSearchParams();
  if (token !== null) query.set('token', token);
  if (twoFactorSession) query.set('twoFactorSession', twoFactorSession);
  const url = `${base}?${query.toString()}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const messages: RealtimeServerMessage[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as RealtimeServerMessage));
    ws.once('open', () => {
      opened.push(ws);
      resolve({ ws, messages });
    });
    ws.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    ws.once('error', reject);
  });
}

async function waitFor<T>(read: () => T | undefined | Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const pushes = (messages: RealtimeServerMessage[], event: string) =>
  messages.filter((m): m is RealtimePush => m.type === 'event' && m.event === event);

async function sharedProfile(): Promise<{ owner: TestUser; editor: TestUser; profileId: string }> {
  const [owner, editor] = await Promise.all([signUpAndSignIn('Owner'), signUpAndSignIn('Editor')]);
  const created = await api<{ id: string }>('POST', '/financial-profiles', {
    token: owner.idToken,
    body: { name: 'Household' },
  });
  const profileId = created.body.id;
  const invitation = await api<{ invite_url: string }>(
    'POST',
    `/financial-profiles/${profileId}/invitations`,
    {
      token: owner.idToken,
      body: { email: editor.email, role: 'editor' },
    },
  );
  const token = new URL(invitation.body.invite_url).searchParams.get('token');
  const accepted = await api('POST', `/invitations/${token}/accept`, { token: editor.idToken, body: {} });
  expect(accepted.status).toBe(200);
  return { owner, editor, profileId };
}

describe('realtime $connect', () => {
  it('opens for a valid ID token and refuses a missing, malformed or forged one with 401', async () => {
    const user = await signUpAndSignIn();
    const { ws } = await connect(user.idToken);
    expect(ws.readyState).toBe(WebSocket.OPEN);

    await expect(connect(null)).rejects.toThrow('HTTP 401');
    await expect(connect('not-a-jwt')).rejects.toThrow('HTTP 401');
    // Same claims, signed by a key that is not the pool's.
    const claims = JSON.parse(Buffer.from(user.idToken.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const header = JSON.parse(Buffer.from(user.idToken.split('.')[0]!, 'base64url').toString()) as {
      kid: string;
    };
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: header.kid })
      .sign(privateKey);
    await expect(connect(forged)).rejects.toThrow('HTTP 401');
    // An expired token: the pool's own claims, but exp in the past (and so re-signed: still refused).
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'RS256', kid: header.kid })
      .sign(privateKey);
    await expect(connect(expired)).rejects.toThrow('HTTP 401');

    const { data } = await directData().realtimeConnections.query.byUser({ user_id: user.userId }).go();
    expect(data).toHaveLength(1);

    // Only the realtime path upgrades.
    const elsewhere = cloud().config.realtimeUrl.replace(/\/realtime$/, '/profiles/me');
    await expect(
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`${elsewhere}?token=${encodeURIComponent(user.idToken)}`);
        ws.once('open', resolve);
        ws.once('unexpected-response', (_r, response) => reject(new Error(`HTTP ${response.statusCode}`)));
      }),
    ).rejects.toThrow('HTTP 404');
  });

  it('asks a person with two-factor authentication on for their second-factor session too', async () => {
    const user = await signUpAndSignIn();
    const data = directData();
    await data.profiles.upsert({ id: user.userId, email: user.email, two_factor_enabled: true }).go();
    await expect(connect(user.idToken)).rejects.toThrow('HTTP 401');
    await expect(connect(user.idToken, 'not-a-session')).rejects.toThrow('HTTP 401');
    const session = 'session-token-of-a-verified-sign-in';
    const expires = new Date(Date.now() + 3_600_000);
    await data.twoFactorSessions
      .create({
        session_hash: createHash('sha256').update(session).digest('hex'),
        user_id: user.userId,
        expires_at: expires.toISOString(),
        ttl: Math.floor(expires.getTime() / 1000),
      })
      .go();
    const { ws } = await connect(user.idToken, session);
    expect(ws.readyState).toBe(WebSocket.OPEN);
  });
});

describe('realtime messages', () => {
  it("a pong carries the billing clock (locally the Stripe sandbox's), so an open app sees a trial end", async () => {
    const user = await signUpAndSignIn();
    const { ws, messages } = await connect(user.idToken);
    // Time passes for trials and grace on the billing clock, not on the device's or the server's own.
    const moved = await advanceClock({ days: 3 });

    ws.send(JSON.stringify({ action: 'ping' }));
    const pong = await waitFor(() => messages.find((m) => m.type === 'pong'));
    const after = await sandboxNow();

    if (pong.type !== 'pong') throw new Error('not a pong');
    const billingAt = Date.parse(pong.billing_at);
    expect(billingAt).toBeGreaterThanOrEqual(moved.getTime());
    expect(billingAt).toBeLessThanOrEqual(after.getTime());
    expect(billingAt - Date.parse(pong.at)).toBeGreaterThan(2 * 86_400_000);
  });

  it('answers a ping with a pong, refuses oversized and unknown messages, and stays open', async () => {
    const user = await signUpAndSignIn();
    const { ws, messages } = await connect(user.idToken);

    ws.send(JSON.stringify({ action: 'ping' }));
    await waitFor(() => messages.find((m) => m.type === 'pong'));
    ws.send(JSON.stringify({ action: 'ping', padding: 'x'.repeat(2048) }));
    const tooLarge = await waitFor(() => messages.find((m) => m.type === 'error'));
    expect(tooLarge).toMatchObject({ code: 'message_too_large' });
    ws.send(JSON.stringify({ action: 'subscribe', profileId: 'someone-else' }));
    ws.send('not json');
    await waitFor(() =>
      messages.filter((m) => m.type === 'error' && m.code === 'unknown_message').length === 2
        ? true
        : undefined,
    );
    expect(ws.readyState).toBe(WebSocket.OPEN);
  });

  it('forgets the connection when the socket closes ($disconnect)', async () => {
    const user = await signUpAndSignIn();
    const { ws } = await connect(user.idToken);
    const connections = () => directData().realtimeConnections.query.byUser({ user_id: user.userId }).go();
    expect((await connections()).data).toHaveLength(1);
    ws.close();
    await waitFor(async () => ((await connections()).data.length === 0 ? true : undefined));
  });
});

describe('realtime fan-out', () => {
  it("sends an editor's plan change to every connection of every member, not to others, and forgets 410s", async () => {
    const { owner, editor, profileId } = await sharedProfile();
    const stranger = await signUpAndSignIn('Stranger');
    const [ownerTab1, ownerTab2, editorTab, strangerTab] = await Promise.all([
      connect(owner.idToken),
      connect(owner.idToken),
      connect(editor.idToken),
      connect(stranger.idToken),
    ]);
    // A connection the gateway no longer has (a browser that vanished without $disconnect).
    const data = directData();
    await data.realtimeConnections
      .put({
        connection_id: 'vanished-connection',
        user_id: owner.userId,
        ttl: Math.floor(Date.now() / 1000) + 3600,
      })
      .go();

    const created = await api('POST', '/money-plan/items', {
      token: editor.idToken,
      headers: { 'x-profile-id': profileId },
      body: {
        description: 'Piano lessons',
        amount: -4_000,
        due_date: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
        account_id: null,
      },
    });
    expect(created.status).toBe(201);

    for (const tab of [ownerTab1, ownerTab2, editorTab]) {
      const [push] = await waitFor(() => {
        const found = pushes(tab.messages, 'PlanChanged');
        return found.length > 0 ? found : undefined;
      });
      expect(push).toMatchObject({ type: 'event', event: 'PlanChanged', profileId });
      // A push names what changed, never the figures.
      expect(JSON.stringify(push)).not.toContain('Piano');
    }
    // The 410 Gone answer made the publisher forget the vanished connection.
    await waitFor(async () =>
      (await data.realtimeConnections.get({ connection_id: 'vanished-connection' }).go()).data === null
        ? true
        : undefined,
    );
    expect(pushes(strangerTab.messages, 'PlanChanged')).toHaveLength(0);
    const { data: ownerConnections } = await data.realtimeConnections.query
      .byUser({ user_id: owner.userId })
      .go();
    expect(ownerConnections).toHaveLength(2);
  });
});

describe('realtime access ended', () => {
  it("tells a removed member's every open connection at once, and nobody else", async () => {
    const { owner, editor, profileId } = await sharedProfile();
    const [ownerTab, memberTab1, memberTab2] = await Promise.all([
      connect(owner.idToken),
      connect(editor.idToken),
      connect(editor.idToken),
    ]);

    const removed = await api('DELETE', `/financial-profiles/${profileId}/members/${editor.userId}`, {
      token: owner.idToken,
    });
    expect(removed.status).toBe(204);

    for (const tab of [memberTab1, memberTab2]) {
      const [push] = await waitFor(() => {
        const found = pushes(tab.messages, 'MemberRemoved');
        return found.length > 0 ? found : undefined;
      });
      expect(push).toMatchObject({ type: 'event', event: 'MemberRemoved', profileId });
    }
    expect(pushes(ownerTab.messages, 'MemberRemoved')).toHaveLength(0);
    // And the profile's next change no longer reaches them.
    const created = await api('POST', '/money-plan/items', {
      token: owner.idToken,
      headers: { 'x-profile-id': profileId },
      body: {
        description: 'Gym',
        amount: -3_000,
        due_date: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
        account_id: null,
      },
    });
    expect(created.status).toBe(201);
    await waitFor(() => (pushes(ownerTab.messages, 'PlanChanged').length > 0 ? true : undefined));
    expect(pushes(memberTab1.messages, 'PlanChanged')).toHaveLength(0);
  });
});
