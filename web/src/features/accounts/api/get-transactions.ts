// GET /transactions (profile-scoped, newest first), each with its classification (domain/
// classification.ts: direction, normalized and display amount, colour, category) and its readable
// payee (`display_name`, domain/money/merchant.ts; `name` is the bank's own string).
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import type { Direction } from '@domain/classification.ts';
import { api } from '../../../lib/api-client.ts';
import { followPages } from '../../../lib/paging.ts';
import { PREFETCH_FRESHNESS_MS } from '../../../lib/constants.ts';
import { cacheAreas } from '../../../lib/react-query.ts';

export const directionSchema = z.enum([
  'income',
  'expense',
  'transfer_in',
  'transfer_out',
] as const satisfies readonly Direction[]);

export const transactionSchema = z.looseObject({
  id: z.string(),
  account_id: z.string(),
  date: z.string(),
  name: z.string(),
  merchant_name: z.nullish(z.string()),
  /** The payee as a person reads it ("Online Transfer to Savings ••1111"). */
  display_name: z.string(),
  amount: z.int(),
  pending: z._default(z.boolean(), false),
  classification: z.object({
    direction: directionSchema,
    normalizedAmount: z.number(),
    displayAmount: z.string(),
    colour: z.string(),
    category: z.looseObject({ name: z.string(), group: z.string() }),
  }),
});
export type Transaction = z.infer<typeof transactionSchema>;

export interface TransactionQuery {
  accountId?: string;
  from?: string;
  to?: string;
  /** Rows per page (the server's default when absent). */
  limit?: number;
  /** Only the first page (the newest `limit` rows) rather than every row of the range. */
  firstPageOnly?: boolean;
}

const pageSchema = z.looseObject({
  transactions: z.array(transactionSchema),
  next_cursor: z.optional(z.nullable(z.string())),
});

/** The range's transactions, newest first: every page unless `firstPageOnly`. */
export async function getTransactions(
  profileId: string,
  { firstPageOnly = false, ...query }: TransactionQuery,
  signal?: AbortSignal,
): Promise<Transaction[]> {
  const fetchPage = async (cursor: string | undefined) => {
    const body = pageSchema.parse(
      await api.get<unknown>('/transactions', {
        profileId,
        signal,
        query: { ...query, ...(cursor ? { cursor } : {}) },
      }),
    );
    return { items: body.transactions, next_cursor: firstPageOnly ? null : (body.next_cursor ?? null) };
  };
  return followPages(fetchPage);
}

export const transactionsQueryOptions = (profileId: string, query: TransactionQuery) =>
  queryOptions({
    queryKey: [cacheAreas.transactions, profileId, query] as const,
    queryFn: ({ signal }) => getTransactions(profileId, query, signal),
    staleTime: PREFETCH_FRESHNESS_MS.transactions,
  });
