// Hosted Link (spec §4, mobile): the server records whose session it started, and finishes it once,
// from the user's return (POST plaid-hosted-link {linkToken}) or from the SESSION_FINISHED webhook,
// whichever comes first, by reading the session's public tokens from Plaid.
import { describe, expect, it } from 'vitest';
import { api, signUpAndSignIn } from './helpers.ts';
import { defaultProfile, eventually, sandbox } from './plaid-helpers.ts';

interface Hosted {
  link_token: string;
  hosted_link_url: string;
}

/** What the sandbox's hosted page does when a person goes through it with user_good. */
async function completeInSandbox(linkToken: string) {
  const started = await sandbox<{ link_session_id: string }>('/link/session/start', {
    link_token: linkToken,
  });
  const sessionFields = { link_token: linkToken, link_session_id: started.link_session_id };
  const login = await sandbox<{ accounts: Array<{ id: string }> }>('/link/session/credentials', {
    ...sessionFields,
    institution_id: 'ins_109509',
    username: 'user_good',
    password: 'pass_good',
  });
  await sandbox('/link/session/complete', { ...sessionFields, account_ids: login.accounts.map((a) => a.id) });
}

describe('hosted link', () => {
  it('is finished on the server exactly once, whether the webhook or the return comes first', async () => {
    const user = await signUpAndSignIn();
    const profileId = await defaultProfile(user);
    const created = await api<Hosted>('POST', '/functions/plaid-hosted-link', {
      token: user.idToken,
      body: {},
      headers: { 'x-profile-id': profileId },
    });
    const early = await api('POST', '/functions/plaid-hosted-link', {
      token: user.idToken,
      body: { linkToken: created.body.link_token },
    });

    await completeInSandbox(created.body.link_token);
    const finished = await api<{ status: string }>('POST', '/functions/plaid-hosted-link', {
      token: user.idToken,
      body: { linkToken: created.body.link_token },
    });
    const accounts = await eventually(
      async () =>
        (
          await api<{ accounts: Array<{ item_id: string }> }>('GET', '/accounts', {
            token: user.idToken,
            headers: { 'x-profile-id': profileId },
          })
        ).body.accounts,
      (list) => list.length > 0,
    );

    expect(created.status).toBe(200);
    expect(created.body.hosted_link_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hl\//);
    expect(early.body).toEqual({ status: 'pending' });
    expect(finished.body.status).toBe('completed');
    expect(accounts.length).toBe(3); // First Gingham: checking, savings, credit card
    expect(new Set(accounts.map((a) => a.item_id)).size).toBe(1);
  });

  it('needs the profile for a new connection, and nobody else can finish the session', async () => {
    const user = await signUpAndSignIn();
    const stranger = await signUpAndSignIn();
    const profileId = await defaultProfile(user);

    const noProfile = await api('POST', '/functions/plaid-hosted-link', { token: user.idToken, body: {} });
    const created = await api<Hosted>('POST', '/functions/plaid-hosted-link', {
      token: user.idToken,
      body: {},
      headers: { 'x-profile-id': profileId },
    });
    const theirs = await api('POST', '/functions/plaid-hosted-link', {
      token: stranger.idToken,
      body: { linkToken: created.body.link_token },
    });

    expect(noProfile.status).toBe(400);
    expect(theirs.status).toBe(404);
  });
});
