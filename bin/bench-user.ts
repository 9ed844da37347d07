// A confirmed, signed-in person on a local cloud for the benchmarks: cognito-local's sign-up, the fixed
// confirmation code, then a password sign-in.
import { randomUUID } from 'node:crypto';
import {
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from '../local/bootstrap.ts';
import { LOCAL_CONFIRMATION_CODE, type LocalCloud } from '../local/cloud.ts';

export const BENCH_PASSWORD = 'secret1';

/** A new person; their e-mail and ID token. */
export async function benchUser(
  cloud: Pick<LocalCloud, 'urls' | 'config'>,
  prefix = 'bench',
): Promise<{ email: string; token: string }> {
  const client = cognitoClient(cloud.urls.cognito);
  const email = `${prefix}-${randomUUID()}@example.com`;
  const ClientId = cloud.config.userPoolClientId;
  await client.send(
    new SignUpCommand({
      ClientId,
      Username: email,
      Password: BENCH_PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: 'Bench User' },
      ],
    }),
  );
  await client.send(
    new ConfirmSignUpCommand({ ClientId, Username: email, ConfirmationCode: LOCAL_CONFIRMATION_CODE }),
  );
  const auth = await client.send(
    new InitiateAuthCommand({
      ClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: BENCH_PASSWORD },
    }),
  );
  const token = auth.AuthenticationResult?.IdToken;
  if (!token) throw new Error('no token');
  return { email, token };
}
