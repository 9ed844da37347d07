// "Sign out everywhere" and the admin's "Revoke sessions",
// functions/lib/sessions.ts: every sign-in up to the call ends — its ID token refused by the API with 401,
// its refresh token revoked by Cognito (cognito-local here, local/cognito/fidelity.cjs) — and a new
// sign-in works.
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { SESSION_ENDED_MESSAGE } from '../../functions/lib/sessions.ts';
import { cognitoClient } from '../../local/bootstrap.ts';
import { cloudMessagesTo, eventually } from './email-helpers.ts';
import { api, cloud, directData, signInWithPassword, signUpAdmin, signUpAndSignIn } from './helpers.ts';

async function refresh(token: string) {
  const { urls, config } = cloud();
  return cognitoClient(urls.cognito).send(
    new InitiateAuthCommand({
      ClientId: config.userPoolClientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: token },
    }),
  );
}

const me = (idToken: string) => api<{ message?: string }>('GET', '/profiles/me', { token: idToken });
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describe('sign out everywhere', () => {
  it('ends every sign-in of the person (ID tokens refused, refresh tokens revoked); a new sign-in works', async () => {
    const user = await signUpAndSignIn();
    const laptop = await signInWithPassword(user);
    const phone = await signInWithPassword(user);
    const stranger = await signUpAndSignIn();
    expect((await me(laptop.idToken)).status).toBe(200);
    expect((await me(phone.idToken)).status).toBe(200);

    const ended = await api<{ revoked_at: string }>('POST', '/profiles/me/sign-out-everywhere', {
      token: laptop.idToken,
      body: {},
    });

    expect(ended.status).toBe(200);
    expect(Date.parse(ended.body.revoked_at)).toBeGreaterThan(Date.now() - 60_000);
    for (const token of [laptop.idToken, phone.idToken, user.idToken]) {
      const refused = await me(token);
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe(SESSION_ENDED_MESSAGE);
    }
    await expect(refresh(phone.refreshToken)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    // Someone else's sign-in is untouched.
    expect((await me(stranger.idToken)).status).toBe(200);
    const { data: events } = await directData()
      .securityEvents.query.byUser({ user_id: user.userId })
      .go({ pages: 'all' });
    expect(events.filter((e) => e.event_type === 'sessions_revoked')).toHaveLength(1);
    // The notice every security change sends, to the person only.
    const notices = await eventually(
      async () => cloudMessagesTo(user.email).filter((m) => m.kind === 'security_notice'),
      (found) => found.length > 0,
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe('You were signed out everywhere');
    expect(cloudMessagesTo(stranger.email).filter((m) => m.kind === 'security_notice')).toHaveLength(0);

    await nextSecond();
    const again = await signInWithPassword(user);
    expect((await me(again.idToken)).status).toBe(200);
  });

  it('takes no body fields and needs a sign-in', async () => {
    const user = await signUpAndSignIn();
    const extra = await api<{ message: string }>('POST', '/profiles/me/sign-out-everywhere', {
      token: user.idToken,
      body: { userId: 'someone-else', keep: true },
    });
    const anonymous = await api('POST', '/profiles/me/sign-out-everywhere', { body: {} });

    expect([403, 400]).toContain(extra.status);
    expect(anonymous.status).toBe(401);
    expect((await me(user.idToken)).status).toBe(200);
  });
});

describe('admin: revoke sessions', () => {
  it("ends the person's sign-ins locally as in the cloud", async () => {
    const admin = await signUpAdmin();
    const target = await signUpAndSignIn();
    // The first signed-in read creates the person's record, which the admin area acts on.
    expect((await me(target.idToken)).status).toBe(200);

    const revoked = await api('POST', `/admin/users/${target.userId}/actions`, {
      token: admin.idToken,
      body: { action: 'revoke_sessions' },
    });

    expect(revoked.status).toBe(200);
    expect((await me(target.idToken)).status).toBe(401);
    expect((await me(admin.idToken)).status).toBe(200);
  });
});
