// spec §7 plaid-exchange-token (3 retries) and link-account-to-profile (2 retries, per new account):
// the public token from Link becomes the bank's accounts in the active financial profile (owner only).
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { PLAID_CALL_RETRY } from '../../../lib/constants.ts';
import { withRetry } from '../../../lib/retry.ts';

const exchangeResultSchema = z.object({
  accounts_count: z.number().int().min(0),
  item_id: z.string(),
  account_ids: z.array(z.string()),
});
export type ExchangeResult = z.infer<typeof exchangeResultSchema>;

export const exchangePublicToken = (publicToken: string, profileId: string) =>
  withRetry(
    async () =>
      exchangeResultSchema.parse(
        await api.post<unknown>('/functions/plaid-exchange-token', { publicToken }, { profileId }),
      ),
    { policy: PLAID_CALL_RETRY.exchangeToken },
  );

export const linkAccountToProfile = (accountId: string, profileId: string) =>
  withRetry(() => api.post<unknown>('/functions/link-account-to-profile', { accountId }, { profileId }), {
    policy: PLAID_CALL_RETRY.linkAccountToProfile,
  });
