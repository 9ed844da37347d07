// GET /accounts/{accountId}/holdings: what an investment account holds (Plaid's holdings, kept by sync),
// cents except the quantity; the account's value is their sum.
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client.ts';
import { cacheAreas } from '../../../lib/react-query.ts';

export const holdingSchema = z.object({
  security_id: z.string(),
  name: z.string(),
  ticker_symbol: z.nullable(z.string()),
  security_type: z.nullable(z.string()),
  is_cash: z.boolean(),
  quantity: z.number(),
  /** Cents per unit. */
  price: z.int(),
  value: z.int(),
  cost_basis: z.nullable(z.int()),
  gain: z.nullable(z.int()),
  price_as_of: z.nullable(z.string()),
  iso_currency_code: z.string(),
});
export type Holding = z.infer<typeof holdingSchema>;

export const activitySchema = z.object({
  id: z.string(),
  date: z.string(),
  name: z.string(),
  type: z.string(),
  subtype: z.string(),
  quantity: z.number(),
  /** Cents, Plaid's sign: positive is money out of the account (a buy), negative into it. */
  amount: z.int(),
});
export type Activity = z.infer<typeof activitySchema>;

const holdingsSchema = z.object({
  account_id: z.string(),
  holdings: z.array(holdingSchema),
  activity: z._default(z.array(activitySchema), []),
  total_value: z.int(),
  refreshed_at: z.nullable(z.string()),
});

export const holdingsQueryOptions = (profileId: string, accountId: string) =>
  queryOptions({
    queryKey: [cacheAreas.accounts, profileId, 'holdings', accountId] as const,
    queryFn: async ({ signal }) =>
      holdingsSchema.parse(
        await api.get<unknown>(`/accounts/${encodeURIComponent(accountId)}/holdings`, { profileId, signal }),
      ),
  });
