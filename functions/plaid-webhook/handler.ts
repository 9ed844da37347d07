// Plaid's webhooks. Verification is mandatory (ES256 only, key by kid, iat within 5 minutes, body hash
// in constant time): an unverified request gets 401 and does nothing; a verified one always gets 200,
// even when acting on it fails (Plaid would otherwise retry what the next sync will catch up anyway).
import { dataFor } from '../lib/data/index.ts';
import { AuthError } from '../../domain/errors.ts';
import { httpHandler, route } from '../lib/http.ts';
import { handlePlaidWebhook, type PlaidWebhookBody } from '../lib/plaid/webhook.ts';
import {
  cachedKeyFetcher,
  verifyPlaidWebhook,
  type KeyFetcher,
  type VerificationKey,
} from '../lib/plaid/webhook-verification.ts';
import type { Deps } from '../lib/deps.ts';

let keys: KeyFetcher | undefined;
/** Signing keys by kid, fetched with the client credentials and kept for the container's life. */
const keyFetcher = (deps: Deps): KeyFetcher =>
  (keys ??= cachedKeyFetcher(async (kid) => {
    const { data } = await (await deps.plaid()).webhookVerificationKeyGet({ key_id: kid });
    return data.key as unknown as VerificationKey;
  }));

export const handler = httpHandler(
  'plaid-webhook',
  {
    'POST /webhooks/plaid': route({
      run: async ({ deps, event, log }) => {
        const raw = event.isBase64Encoded
          ? Buffer.from(event.body ?? '', 'base64').toString('utf8')
          : (event.body ?? '');
        try {
          await verifyPlaidWebhook(
            event.headers?.['plaid-verification'],
            raw,
            keyFetcher(deps),
            deps.clock(),
          );
        } catch (error) {
          log.warn('plaid webhook refused', { reason: (error as Error).message });
          throw new AuthError('Webhook verification failed');
        }
        try {
          const result = await handlePlaidWebhook(deps, dataFor(deps), JSON.parse(raw) as PlaidWebhookBody);
          log.info('plaid webhook', result);
        } catch (error) {
          log.error('plaid webhook handling failed', { error: (error as Error).message });
        }
        return { received: true };
      },
    }),
  },
  { rawBody: true },
);
