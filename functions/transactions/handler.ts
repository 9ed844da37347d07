// Transactions of the active financial profile by date range and account (spec §7 transactions and
// plaid_transactions_raw calls), each with its classification (spec §3 output: direction, normalized
// and display amount, colour, category) and the payee as a person reads it (`display_name`,
// domain/money/merchant.ts; `name` keeps the bank's own string). Newest first, a page at a time (`limit`, `cursor` →
// `next_cursor`; functions/lib/paging.ts).
import { z } from 'zod';
import { classifyTransaction } from '../../domain/classification.ts';
import { NotFoundError } from '../../domain/errors.ts';
import { displayName } from '../../domain/money/merchant.ts';
import { profileIdFromRequest, requireProfileAccess } from '../lib/access.ts';
import { dataFor } from '../lib/data/index.ts';
import { epochSeconds } from '../lib/data/entities/plaid-transaction-raw.ts';
import { httpHandler, route } from '../lib/http.ts';
import { calendarDate } from '../lib/money/validation.ts';
import { pageQuery, queryPage } from '../lib/paging.ts';

const rangeQuery = z.object({
  accountId: z.string().min(1).max(128).optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  ...pageQuery(500, 1000),
});

export const handler = httpHandler('transactions', {
  'GET /transactions': route({
    query: rangeQuery,
    run: async ({ deps, caller, query, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'read');
      const { data: accounts } = await data.connectedAccounts.query
        .byProfile({ profile_id: profileId })
        .go({ pages: 'all' });
      const typeOf = new Map(accounts.map((a) => [a.id, a.account_type]));
      if (query.accountId && !typeOf.has(query.accountId)) throw new NotFoundError('Account not found');
      const from = { date: query.from ?? '0000-00-00' };
      const to = { date: `${query.to ?? '9999-99-99'}~` };
      const options = (cursor: string | null) => ({ order: 'desc' as const, count: query.limit, cursor });
      const page = await queryPage(query.cursor, (cursor) =>
        query.accountId
          ? data.transactions.query
              .byAccountDate({ account_id: query.accountId })
              .between(from, to)
              .go(options(cursor))
          : // The profile's index holds the list's attributes only; whole rows are read by key.
            data.transactions.query
              .byProfileDate({ profile_id: profileId })
              .between(from, to)
              .go({ ...options(cursor), hydrate: true }),
      );
      return {
        transactions: page.items.map((t) => ({
          ...t,
          display_name: displayName(t),
          classification: classifyTransaction(t, typeOf.get(t.account_id) ?? null),
        })),
        next_cursor: page.next_cursor,
      };
    },
  }),
  'GET /transactions/raw': route({
    query: rangeQuery.extend({ accountId: z.string().min(1).max(128) }),
    run: async ({ deps, caller, query, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'read');
      const { data: account } = await data.connectedAccounts.get({ id: query.accountId }).go();
      if (!account || account.profile_id !== profileId) throw new NotFoundError('Account not found');
      const page = await queryPage(query.cursor, (cursor) =>
        data.plaidTransactionsRaw.query
          .byAccountDate({ account_id: query.accountId })
          .between({ date: query.from ?? '0000-00-00' }, { date: `${query.to ?? '9999-99-99'}~` })
          // Expired copies may linger until DynamoDB deletes them (DynamoDB Local never does).
          .where(
            ({ ttl }, { notExists, gt }) => `${notExists(ttl)} OR ${gt(ttl, epochSeconds(deps.clock()))}`,
          )
          .go({ count: query.limit, cursor }),
      );
      return {
        transactions: page.items.map(({ payload: _payload, ttl: _ttl, ...rest }) => rest),
        next_cursor: page.next_cursor,
      };
    },
  }),
});
