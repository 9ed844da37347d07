// Where cognito-local differed from Cognito in what the app meets (local/cognito/fidelity.cjs): "Resend
// code" on /verify-email (it answered 500 locally) and a wrong current password on
// "Change password" (InvalidPasswordException locally, NotAuthorizedException in Cognito).
import {
  ChangePasswordCommand,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cognitoClient } from '../../local/bootstrap.ts';
import { LOCAL_CONFIRMATION_CODE } from '../../local/cloud.ts';
import { cloud, signInWithPassword, signUpAndSignIn } from './helpers.ts';

describe('ResendConfirmationCode locally', () => {
  it('sends a new code to an unconfirmed user, refuses a confirmed or unknown one as Cognito does', async () => {
    const { urls, config } = cloud();
    const client = cognitoClient(urls.cognito);
    const email = `resend-${randomUUID()}@example.com`;
    await client.send(
      new SignUpCommand({
        ClientId: config.userPoolClientId,
        Username: email,
        Password: 'secret1',
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    const resent = await client.send(
      new ResendConfirmationCodeCommand({ ClientId: config.userPoolClientId, Username: email }),
    );
    expect(resent.CodeDeliveryDetails).toMatchObject({ AttributeName: 'email', DeliveryMedium: 'EMAIL' });
    expect(resent.CodeDeliveryDetails?.Destination).toMatch(/^r\*\*\*@e\*\*\*$/);
    // The resent code confirms the account.
    await client.send(
      new ConfirmSignUpCommand({
        ClientId: config.userPoolClientId,
        Username: email,
        ConfirmationCode: LOCAL_CONFIRMATION_CODE,
      }),
    );
    await expect(
      client.send(new ResendConfirmationCodeCommand({ ClientId: config.userPoolClientId, Username: email })),
    ).rejects.toMatchObject({ name: 'InvalidParameterException', message: 'User is already confirmed.' });
    await expect(
      client.send(
        new ResendConfirmationCodeCommand({
          ClientId: config.userPoolClientId,
          Username: `nobody-${randomUUID()}@example.com`,
        }),
      ),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });

  it('refuses a wrong current password on ChangePassword as Cognito does (NotAuthorizedException)', async () => {
    const { urls, config } = cloud();
    const client = cognitoClient(urls.cognito);
    const email = `change-${randomUUID()}@example.com`;
    await client.send(
      new SignUpCommand({
        ClientId: config.userPoolClientId,
        Username: email,
        Password: 'secret1',
        UserAttributes: [{ Name: 'email', Value: email }],
      }),
    );
    await client.send(
      new ConfirmSignUpCommand({
        ClientId: config.userPoolClientId,
        Username: email,
        ConfirmationCode: LOCAL_CONFIRMATION_CODE,
      }),
    );
    const auth = await client.send(
      new InitiateAuthCommand({
        ClientId: config.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: 'secret1' },
      }),
    );
    const accessToken = auth.AuthenticationResult?.AccessToken ?? '';
    await expect(
      client.send(
        new ChangePasswordCommand({
          AccessToken: accessToken,
          PreviousPassword: 'wrong',
          ProposedPassword: 'secret2',
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    await client.send(
      new ChangePasswordCommand({
        AccessToken: accessToken,
        PreviousPassword: 'secret1',
        ProposedPassword: 'secret2',
      }),
    );
    const again = await client.send(
      new InitiateAuthCommand({
        ClientId: config.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: 'secret2' },
      }),
    );
    expect(again.AuthenticationResult?.IdToken).toBeTruthy();
  });
});

describe('sign-in lockout locally', () => {
  it('refuses even the right password for a while after 5 wrong ones, as Cognito does, then lets it in', async () => {
    const user = await signUpAndSignIn();
    const signIn = (password: string) => signInWithPassword({ email: user.email, password });
    for (let i = 0; i < 5; i++) await expect(signIn('wrong-password')).rejects.toBeDefined();

    await expect(signIn(user.password)).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await signIn(user.password)).idToken).toBeTruthy();
  });
});
