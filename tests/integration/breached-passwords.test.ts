// spec §5's 6-character passwords are made up for by refusing the passwords seen most often in data
// breaches at sign-up: the sign-up form sends the password's digest as validation data, and the user
// pool's pre sign-up trigger (the cloud's handler, invoked by the local identity provider through the
// gateway's Lambda endpoint) refuses a breached one with the message the form shows.
import { randomUUID } from 'node:crypto';
import { SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { BREACHED_PASSWORD_MESSAGE, breachCheckDigest } from '../../domain/breached-passwords.ts';
import { cognitoClient } from '../../local/bootstrap.ts';
import { cloud } from './helpers.ts';

async function signUp(password: string, email = `breach-${randomUUID()}@example.com`) {
  const { urls, config } = cloud();
  return cognitoClient(urls.cognito).send(
    new SignUpCommand({
      ClientId: config.userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: 'Bree Breach' },
      ],
      ValidationData: [{ Name: 'password_sha256', Value: await breachCheckDigest(password) }],
    }),
  );
}

describe('sign-up refuses a common breached password', () => {
  it('refuses one in any case, with the message the form shows, and creates no account', async () => {
    const email = `breach-${randomUUID()}@example.com`;
    for (const password of ['password1', 'Password1', 'QWERTY123']) {
      const refused = await signUp(password, email).then(
        () => null,
        (error: Error) => error,
      );

      expect(refused?.name).toBe('UserLambdaValidationException');
      expect(refused?.message).toContain(`breached_password: ${BREACHED_PASSWORD_MESSAGE}`);
    }
    // The address is still free: none of the refused sign-ups made an account.
    expect((await signUp('tallywise-orchid-lantern', email)).UserSub).toBeDefined();
  });

  it('accepts a password that is not on the list', async () => {
    const accepted = await signUp('tallywise-orchid-lantern');

    expect(accepted.UserSub).toMatch(/^[0-9a-f-]{36}$/);
  });
});
