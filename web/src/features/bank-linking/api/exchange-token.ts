// spec §7 plaid-exchange-token (3 retries) and link-account-to-profile (2 retries, per new account):
// the public token from Link becomes the bank's accounts in the active financial profile (owner only).
import * as z from 'zod/mini';
import { PLAID_CALL_RETRY } from '../../../lib/constants.ts';
import { invokeFunction } from '../../../lib/invoke-function.ts';

const exchangeResultSchema = z.object({
  accounts_count: z.int().check(z.gte(0)),
  item_id: z.string(),
  account_ids: z.array(z.string()),
  /** The server started the 7-day trial with this first connection (spec §4). */
  trial_started: z.optional(z.boolean()),
});
export type ExchangeResult = z.infer<typeof exchangeResultSchema>;

export const exchangePublicToken = async (publicToken: string, profileId: string) =>
  exchangeResultSchema.parse(
    await invokeFunction(
      'plaid-exchange-token',
      { publicToken },
      { profileId, retry: PLAID_CALL_RETRY.exchangeToken },
    ),
  );

export const linkAccountToProfile = (accountId: string, profileId: string) =>
  invokeFunction(
    'link-account-to-profile',
    { accountId },
    { profileId, retry: PLAID_CALL_RETRY.linkAccountToProfile },
  );
