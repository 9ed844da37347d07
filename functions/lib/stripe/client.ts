// The Stripe client: the official `stripe` package, pointed at the local sandbox (STRIPE_API_HOST,
// STRIPE_API_PORT, STRIPE_API_PROTOCOL, key in STRIPE_SECRET_KEY, webhook secret in
// STRIPE_WEBHOOK_SECRET) or at Stripe (both read once from Secrets Manager at STRIPE_SECRET_ARN as JSON
// {secretKey, webhookSecret}).
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import Stripe from 'stripe';
import { optionalEnv, requireEnv } from '../env.ts';

export interface StripeAccess {
  client: Stripe;
  /** The `whsec_` secret webhook signatures are checked with. */
  webhookSecret: string;
}

interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
}

async function keysFromSecret(arn: string): Promise<StripeKeys> {
  const result = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  const parsed = JSON.parse(result.SecretString ?? '{}') as Partial<StripeKeys>;
  if (!parsed.secretKey || !parsed.webhookSecret)
    throw new Error('the Stripe secret needs secretKey and webhookSecret');
  return { secretKey: parsed.secretKey, webhookSecret: parsed.webhookSecret };
}

/** Builds the client from the environment; the promise is created once per container. */
export function stripeFromEnvironment(env: NodeJS.ProcessEnv): () => Promise<StripeAccess> {
  let access: Promise<StripeAccess> | undefined;
  return () => {
    access ??= (async () => {
      const host = optionalEnv('STRIPE_API_HOST', env);
      const keys: StripeKeys = host
        ? {
            secretKey: requireEnv('STRIPE_SECRET_KEY', env),
            webhookSecret: requireEnv('STRIPE_WEBHOOK_SECRET', env),
          }
        : await keysFromSecret(requireEnv('STRIPE_SECRET_ARN', env));
      const client = new Stripe(keys.secretKey, {
        ...(host
          ? {
              host,
              port: Number(requireEnv('STRIPE_API_PORT', env)),
              protocol: optionalEnv('STRIPE_API_PROTOCOL', env) === 'http' ? 'http' : 'https',
            }
          : {}),
        maxNetworkRetries: 2,
        timeout: 10_000,
        telemetry: false,
      });
      return { client, webhookSecret: keys.webhookSecret };
    })();
    access.catch(() => (access = undefined));
    return access;
  };
}
