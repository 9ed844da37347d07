// The Plaid client: the official `plaid` package, pointed at the local sandbox (PLAID_BASE_PATH, keys in
// PLAID_CLIENT_ID / PLAID_SECRET) or at Plaid (PLAID_ENV, keys read once from Secrets Manager at
// PLAID_SECRET_ARN as JSON {clientId, secret}). Credentials travel only in headers.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { Configuration, PlaidApi, PlaidEnvironments } from 'plaid';
import { optionalEnv, requireEnv } from '../env.ts';

interface PlaidKeys {
  clientId: string;
  secret: string;
}

export function plaidApi(basePath: string, keys: PlaidKeys): PlaidApi {
  return new PlaidApi(
    new Configuration({
      basePath,
      baseOptions: {
        headers: {
          'PLAID-CLIENT-ID': keys.clientId,
          'PLAID-SECRET': keys.secret,
          'Plaid-Version': '2020-09-14',
        },
        timeout: 20_000,
      },
    }),
  );
}

async function keysFromSecret(arn: string): Promise<PlaidKeys> {
  const result = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  const parsed = JSON.parse(result.SecretString ?? '{}') as Partial<PlaidKeys>;
  if (!parsed.clientId || !parsed.secret) throw new Error('the Plaid secret needs clientId and secret');
  return { clientId: parsed.clientId, secret: parsed.secret };
}

/** Builds the client from the environment; the promise is created once per container. */
export function plaidFromEnvironment(env: NodeJS.ProcessEnv): () => Promise<PlaidApi> {
  let client: Promise<PlaidApi> | undefined;
  return () => {
    client ??= (async () => {
      const basePath = optionalEnv('PLAID_BASE_PATH', env);
      if (basePath) {
        return plaidApi(basePath, {
          clientId: requireEnv('PLAID_CLIENT_ID', env),
          secret: requireEnv('PLAID_SECRET', env),
        });
      }
      const environment = requireEnv('PLAID_ENV', env) as keyof typeof PlaidEnvironments;
      const url = PlaidEnvironments[environment];
      if (!url) throw new Error(`PLAID_ENV ${environment} is not a Plaid environment`);
      return plaidApi(url, await keysFromSecret(requireEnv('PLAID_SECRET_ARN', env)));
    })();
    client.catch(() => (client = undefined));
    return client;
  };
}

/** Plaid's error body, carried by the client's axios error. */
export interface PlaidErrorBody {
  error_type: string;
  error_code: string;
  error_message: string;
  display_message?: string | null;
}

export function plaidErrorOf(error: unknown): PlaidErrorBody | null {
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
  if (data && typeof data === 'object' && 'error_code' in data && 'error_type' in data)
    return data as PlaidErrorBody;
  return null;
}
