// Shared helpers for integration tests: real Cognito users on cognito-local and HTTP calls through
// the local gateway, exactly as the SPA makes them.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { createData } from '../../functions/lib/data/index.ts';
import { cognitoClient, dynamoClient } from '../../local/bootstrap.ts';
import { LOCAL_CONFIRMATION_CODE, LOCAL_PLAID_KEYS } from '../../local/cloud.ts';
import { makeAdmin } from '../../bin/make-admin.ts';

export const cloud = () => inject('cloud');

/** The environment a deployed function has, for its deps in this process: the suite's table, token
 * key and Plaid sandbox. */
export function functionEnv(): NodeJS.ProcessEnv {
  const { urls, tableName, dataDir } = cloud();
  return {
    TABLE_NAME: tableName,
    DYNAMODB_ENDPOINT: urls.dynamodb,
    AWS_REGION: 'us-east-1',
    LOCAL_TOKEN_KEY_FILE: join(dataDir, 'token-key'),
    PLAID_BASE_PATH: urls.plaid,
    PLAID_CLIENT_ID: LOCAL_PLAID_KEYS.clientId,
    PLAID_SECRET: LOCAL_PLAID_KEYS.secret,
  };
}

export interface TestUser {
  email: string;
  password: string;
  fullName: string;
  idToken: string;
  userId: string;
}

export async function signUpAndSignIn(fullName = 'Test User'): Promise<TestUser> {
  const { urls, config } = cloud();
  const client = cognitoClient(urls.cognito);
  const email = `user-${randomUUID()}@example.com`;
  const password = 'secret1';
  const signUp = await client.send(
    new SignUpCommand({
      ClientId: config.userPoolClientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: fullName },
      ],
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
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const idToken = auth.AuthenticationResult?.IdToken;
  if (!idToken || !signUp.UserSub) throw new Error('sign-in returned no ID token');
  return { email, password, fullName, idToken, userId: signUp.UserSub };
}

/** A new sign-in of an existing user (another device): fresh ID and refresh tokens. */
export async function signInWithPassword(user: Pick<TestUser, 'email' | 'password'>) {
  const { urls, config } = cloud();
  const auth = await cognitoClient(urls.cognito).send(
    new InitiateAuthCommand({
      ClientId: config.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    }),
  );
  return {
    idToken: auth.AuthenticationResult?.IdToken ?? '',
    refreshToken: auth.AuthenticationResult?.RefreshToken ?? '',
  };
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export async function api<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined || options.rawBody !== undefined)
    headers['content-type'] = 'application/json';
  const response = await fetch(`${cloud().urls.api}${path}`, {
    method,
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as T,
    headers: response.headers,
  };
}

/** The data layer bound straight to the suite's DynamoDB Local, for repository tests and checks. */
export function directData() {
  const { urls, tableName } = cloud();
  const ddb = DynamoDBDocumentClient.from(dynamoClient(urls.dynamodb), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return createData({ ddb, tableName });
}

/** A signed-in admin: both the `admin` group and profiles.is_admin, set the way an
 * operator does (bin/make-admin.ts), then signed in again so the token carries the group. */
export async function signUpAdmin(fullName = 'Ada Admin'): Promise<TestUser> {
  const user = await signUpAndSignIn(fullName);
  const { urls, config } = cloud();
  // The profile exists after the first signed-in read (spec §5 signup).
  await api('GET', '/profiles/me', { token: user.idToken });
  const client = cognitoClient(urls.cognito);
  await makeAdmin({ cognito: client, userPoolId: config.userPoolId, data: directData() }, user.email);
  const auth = await client.send(
    new InitiateAuthCommand({
      ClientId: config.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
    }),
  );
  return { ...user, idToken: auth.AuthenticationResult?.IdToken ?? '' };
}
