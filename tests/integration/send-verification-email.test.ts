// spec §7 send-verification-email: public, (re)sends the sign-up code through Cognito
// (cognito-local here), answers the same whatever the address, and stops a flood per address with spec §8's
// message. A send is seen as the user record's last-modified date moving (a new code is stored on it).
import { randomUUID } from 'node:crypto';
import {
  AdminGetUserCommand,
  ConfirmSignUpCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES } from '../../domain/two-factor.ts';
import { VERIFICATION_SENDS_PER_WINDOW } from '../../functions/send-verification-email/handler.ts';
import { cognitoClient } from '../../local/bootstrap.ts';
import { LOCAL_CONFIRMATION_CODE } from '../../local/cloud.ts';
import { api, cloud, signUpAndSignIn } from './helpers.ts';

const PATH = '/functions/send-verification-email';

async function unconfirmedUser() {
  const { urls, config } = cloud();
  const email = `verify-${randomUUID()}@example.com`;
  const signUp = await cognitoClient(urls.cognito).send(
    new SignUpCommand({
      ClientId: config.userPoolClientId,
      Username: email,
      Password: 'secret1',
      UserAttributes: [{ Name: 'email', Value: email }],
    }),
  );
  return { email, userId: signUp.UserSub ?? '' };
}

async function lastModified(email: string) {
  const { urls, config } = cloud();
  const user = await cognitoClient(urls.cognito).send(
    new AdminGetUserCommand({ UserPoolId: config.userPoolId, Username: email }),
  );
  return { modified: user.UserLastModifiedDate?.getTime() ?? 0, status: user.UserStatus };
}

const waitPastOneSecond = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describe('send-verification-email', () => {
  it('sends a new code to an unconfirmed account, and the code confirms it; no sign-in needed', async () => {
    const { email, userId } = await unconfirmedUser();
    const before = await lastModified(email);
    await waitPastOneSecond();

    const sent = await api(`POST`, PATH, { body: { userId, email, isResend: true } });

    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ sent: true });
    const after = await lastModified(email);
    expect(after.modified).toBeGreaterThan(before.modified);
    const { urls, config } = cloud();
    await cognitoClient(urls.cognito).send(
      new ConfirmSignUpCommand({
        ClientId: config.userPoolClientId,
        Username: email,
        ConfirmationCode: LOCAL_CONFIRMATION_CODE,
      }),
    );
    expect((await lastModified(email)).status).toBe('CONFIRMED');
  });

  it('answers a confirmed or unknown address exactly as an unconfirmed one, and sends nothing', async () => {
    const confirmed = await signUpAndSignIn();
    const before = await lastModified(confirmed.email);
    await waitPastOneSecond();

    const known = await api('POST', PATH, { body: { email: confirmed.email } });
    const unknown = await api('POST', PATH, { body: { email: `nobody-${randomUUID()}@example.com` } });

    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(known.body).toEqual(unknown.body);
    expect((await lastModified(confirmed.email)).modified).toBe(before.modified);
  });

  it(`stops after ${VERIFICATION_SENDS_PER_WINDOW} sends to one address with spec §8's message; others still go`, async () => {
    const { email } = await unconfirmedUser();
    const statuses: number[] = [];
    for (let i = 0; i < VERIFICATION_SENDS_PER_WINDOW; i++)
      statuses.push((await api('POST', PATH, { body: { email, isResend: true } })).status);
    const refused = await api<{ message: string }>('POST', PATH, { body: { email: email.toUpperCase() } });
    const other = await unconfirmedUser();
    const otherSent = await api('POST', PATH, { body: { email: other.email } });

    expect(statuses).toEqual(Array(VERIFICATION_SENDS_PER_WINDOW).fill(202));
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(TWO_FACTOR_MESSAGES.tooManyAttempts);
    expect(otherSent.status).toBe(202);
  });

  it('refuses bad input naming the field, and sends nothing', async () => {
    const { email } = await unconfirmedUser();
    const before = await lastModified(email);
    await waitPastOneSecond();

    const badEmail = await api<{ message: string }>('POST', PATH, { body: { email: 'not-an-address' } });
    const badId = await api<{ message: string }>('POST', PATH, { body: { email, userId: 'x; drop' } });
    const badFlag = await api<{ message: string }>('POST', PATH, { body: { email, isResend: 'yes' } });
    const noBody = await api<{ message: string }>('POST', PATH, {});

    expect([badEmail.status, badId.status, badFlag.status, noBody.status]).toEqual([400, 400, 400, 400]);
    expect(badEmail.body.message).toMatch(/email/);
    expect(badId.body.message).toMatch(/userId/);
    expect(badFlag.body.message).toMatch(/isResend/);
    expect((await lastModified(email)).modified).toBe(before.modified);
  });
});
