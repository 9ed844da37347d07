// GET /transactions (profile-scoped, newest first), each with its classification (domain/
// classification.ts: direction, normalized and display amount, colour, category).
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { Direction } from '../../../../../domain/classification.ts';
import { api } from '../../../lib/api-client.ts';
import { PREFETCH_FRESHNESS_MS } from '../../../lib/constants.ts';
import { cacheAreas } from '../../../lib/react-query.ts';

export const directionSchema = z.enum([
  'income',
  'expense',
  'transfer_in',
  'transfer_out',
] as const satisfies readonly Direction[]);

export const transactionSchema = z
  .object({
    id: z.string(),
    account_id: z.string(),
    date: z.string(),
    name: z.string(),
    merchant_name: z.string().nullish(),
    amount: z.number().int(),
    pending: z.boolean().default(false),
    classification: z.object({
      direction: directionSchema,
      normalizedAmount: z.number(),
      displayAmount: z.string(),
      colour: z.string(),
      category: z.object({ name: z.string(), group: z.string() }).loose(),
    }),
  })
  .loose();
export type Transaction = z.infer<typeof transactionSchema>;

export interface TransactionQuery {
  accountId?: string;
  from?: string;
  to?: string;
  limit?: number;
}

export async function getTransactions(
  profileId: string,
  query: TransactionQuery,
  signal?: AbortSignal,
): Promise<Transaction[]> {
  const body = z
    .object({ transactions: z.array(transactionSchema) })
    .parse(await api.get<unknown>('/transactions', { profileId, signal, query: { ...query } }));
  return body.transactions;
}

export const transactionsQueryOptions = (profileId: string, query: TransactionQuery) =>
  queryOptions({
    queryKey: [cacheAreas.transactions, profileId, query] as const,
    queryFn: ({ signal }) => getTransactions(profileId, query, signal),
    staleTime: PREFETCH_FRESHNESS_MS.transactions,
  });
