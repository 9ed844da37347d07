// spec §7 plaid-link-token and plaid-hosted-link: a Link token for a new connection, or for
// reconnecting a bank (update mode names the bank's item; the browser never holds an access token).
import * as z from 'zod/mini';
import { PLAID_CALL_RETRY } from '../../../lib/constants.ts';
import { invokeFunction } from '../../../lib/invoke-function.ts';
import type { ConnectMode } from '../utils/connect-machine.ts';

const linkTokenSchema = z.object({ link_token: z.string().check(z.minLength(1)), expiration: z.string() });
const hostedLinkSchema = z.extend(linkTokenSchema, { hosted_link_url: z.url() });

/** A product the person can allow their bank to share after linking (docs/bank-linking.md "Consent"). */
export type ConsentProduct = 'liabilities' | 'investments';

export interface LinkTarget {
  mode: ConnectMode;
  itemId?: string | null;
  /** Update mode: Link asks the person to share this product too. */
  consent?: ConsentProduct | null;
}

const bodyFor = ({ mode, itemId, consent }: LinkTarget) =>
  mode === 'update' ? { updateMode: true, itemId, ...(consent ? { consent } : {}) } : { updateMode: false };

/** spec §7: plaid-link-token, 3 retries. */
export const createLinkToken = async (target: LinkTarget) =>
  linkTokenSchema.parse(
    await invokeFunction('plaid-link-token', bodyFor(target), { retry: PLAID_CALL_RETRY.linkToken }),
  );

/** spec §7: plaid-hosted-link, 3 retries from a 1 s base. A new connection lands in `profileId`. */
export const createHostedLink = async (target: LinkTarget, profileId: string) =>
  hostedLinkSchema.parse(
    await invokeFunction('plaid-hosted-link', bodyFor(target), {
      profileId,
      retry: PLAID_CALL_RETRY.hostedLink,
    }),
  );

const hostedCompletionSchema = z.union([
  z.object({
    status: z.literal('completed'),
    accounts_count: z.number(),
    item_ids: z.array(z.string()),
    account_ids: z.array(z.string()),
  }),
  z.object({ status: z.literal('pending') }),
]);

/**
 * On return from hosted Link the server finishes the session itself (Plaid's /link/token/get lists its
 * public tokens; the SESSION_FINISHED webhook does the same, whichever comes first wins).
 */
export const completeHostedLink = async (linkToken: string) =>
  hostedCompletionSchema.parse(
    await invokeFunction('plaid-hosted-link', { linkToken }, { retry: PLAID_CALL_RETRY.hostedLink }),
  );
