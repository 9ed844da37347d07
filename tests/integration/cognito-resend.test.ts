// "Resend code" on /verify-email (issue 15 item 4; it answered 500 locally): cognito-local lacks
// ResendConfirmationCode, so the local cloud adds it (local/cognito/resend-confirmation-code.cjs) with
// Cognito's answers, which the SPA's Amplify resendSignUpCode call gets.
import {
  ConfirmSignUpCommand,
  ResendConfirmationCodeCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cognitoClient } from '../../local/bootstrap.ts';
import { LOCAL_CONFIRMATION_CODE } from '../../local/cloud.ts';
import { cloud } from './helpers.ts';

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
});
