// spec §7 plaid-link-token and plaid-hosted-link: a Link token for a new connection, or for
// reconnecting a bank (update mode names the bank's item; the browser never holds an access token).
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { PLAID_CALL_RETRY } from '../../../lib/constants.ts';
import { withRetry } from '../../../lib/retry.ts';
import type { ConnectMode } from '../utils/connect-machine.ts';

const linkTokenSchema = z.object({ link_token: z.string().min(1), expiration: z.string() });
const hostedLinkSchema = linkTokenSchema.extend({ hosted_link_url: z.url() });

export interface LinkTarget {
  mode: ConnectMode;
  itemId?: string | null;
}

const bodyFor = ({ mode, itemId }: LinkTarget) =>
  mode === 'update' ? { updateMode: true, itemId } : { updateMode: false };

/** spec §7: plaid-link-token, 3 retries. */
export const createLinkToken = (target: LinkTarget) =>
  withRetry(
    async () =>
      linkTokenSchema.parse(await api.post<unknown>('/functions/plaid-link-token', bodyFor(target))),
    { policy: PLAID_CALL_RETRY.linkToken },
  );

/** spec §7: plaid-hosted-link, 3 retries from a 1 s base. */
export const createHostedLink = (target: LinkTarget) =>
  withRetry(
    async () =>
      hostedLinkSchema.parse(await api.post<unknown>('/functions/plaid-hosted-link', bodyFor(target))),
    { policy: PLAID_CALL_RETRY.hostedLink },
  );
