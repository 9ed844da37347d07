// The connected accounts of the active financial profile (GET /accounts, GET /accounts/{id}) and the
// syncs that refresh them (spec §7 smart-plaid-sync, trigger-full-sync-pipeline). Shared, not in a
// feature: the connect flow, the get-started readiness and the accounts screens all read them.
import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from './api-client.ts';
import { PREFETCH_FRESHNESS_MS, PLAID_CALL_RETRY } from './constants.ts';
import { invokeFunction } from './invoke-function.ts';
import { followPages } from './paging.ts';
import { cacheAreas } from './react-query.ts';

export const accountTypeSchema = z.enum(['depository', 'credit', 'loan', 'investment', 'other']);
export type AccountType = z.infer<typeof accountTypeSchema>;

export const itemStatusSchema = z.enum(['active', 'login_required', 'error', 'removed']);
export type ItemStatus = z.infer<typeof itemStatusSchema>;

/** functions/lib/plaid/items.ts publicAccount: balances in integer cents, no secrets. */
export const accountSchema = z.object({
  id: z.string(),
  profile_id: z.string(),
  item_id: z.string(),
  item_status: z.catch(itemStatusSchema, 'error'),
  account_name: z.string(),
  official_name: z.nullable(z.string()),
  institution_name: z.nullable(z.string()),
  account_type: z.catch(accountTypeSchema, 'other'),
  account_subtype: z.nullable(z.string()),
  mask: z.nullable(z.string()),
  is_active: z.boolean(),
  current_balance: z.nullable(z.int()),
  available_balance: z.nullable(z.int()),
  credit_limit: z.nullable(z.int()),
  iso_currency_code: z.string(),
  last_balance_refresh: z.nullable(z.string()),
  historical_sync_status: z.string(),
  historical_sync_completed_at: z.nullable(z.string()),
  /** spec §5 balance validation, checked on the server after each sync; null when not checked. */
  balance_check: z.catch(
    z.nullable(z.object({ valid: z.boolean(), difference: z.int(), checked_at: z.string() })),
    null,
  ),
  /** A manual account (docs/import-export.md): no bank behind it, its balance as of balance_as_of. */
  is_manual: z.catch(z.boolean(), false),
  balance_as_of: z.catch(z.nullable(z.string()), null),
  /**
   * Whether the bank shares a card's or loan's statements, or an investment account's holdings:
   * 'consent_required' (the person can allow it), 'not_ready', 'none', 'error', 'ready'; null: n/a.
   */
  details_status: z.catch(z.nullable(z.string()), null),
  /** A card's or loan's next payment from the bank's statement (cents). */
  next_payment: z.catch(
    z.nullable(
      z.object({
        due_date: z.string(),
        minimum_payment: z.nullable(z.int()),
        statement_balance: z.nullable(z.int()),
        amount: z.nullable(z.int()),
      }),
    ),
    null,
  ),
  created_at: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

const accountListSchema = z.object({
  accounts: z.array(accountSchema),
  next_cursor: z.optional(z.nullable(z.string())),
});

/** spec §3: historical_sync_status "anything other than completed means in progress". */
export const isSyncing = (account: Pick<Account, 'historical_sync_status'>) =>
  account.historical_sync_status !== 'completed';

export const needsReconnect = (account: Pick<Account, 'item_status'>) =>
  account.item_status === 'login_required';

/** Every account of the profile (the list's pages followed to the end). */
export async function listAccounts(profileId: string, signal?: AbortSignal): Promise<Account[]> {
  return followPages(async (cursor) => {
    const body = accountListSchema.parse(
      await api.get<unknown>('/accounts', { profileId, signal, ...(cursor ? { query: { cursor } } : {}) }),
    );
    return { items: body.accounts, next_cursor: body.next_cursor ?? null };
  });
}

export async function getAccount(accountId: string, signal?: AbortSignal): Promise<Account> {
  return accountSchema.parse(
    await api.get<unknown>(`/accounts/${encodeURIComponent(accountId)}`, { signal }),
  );
}

export const accountsQueryKey = (profileId: string) => [cacheAreas.accounts, profileId, 'list'] as const;
export const accountQueryKey = (profileId: string, accountId: string) =>
  [cacheAreas.accounts, profileId, 'detail', accountId] as const;

export const accountsQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: accountsQueryKey(profileId),
    queryFn: ({ signal }) => listAccounts(profileId, signal),
    staleTime: PREFETCH_FRESHNESS_MS.accounts,
  });

export const accountQueryOptions = (profileId: string, accountId: string) =>
  queryOptions({
    queryKey: accountQueryKey(profileId, accountId),
    queryFn: ({ signal }) => getAccount(accountId, signal),
    staleTime: PREFETCH_FRESHNESS_MS.accounts,
  });

export const syncStatusSchema = z.enum([
  'synced',
  'already_running',
  'login_required',
  'error',
  'rate_limited',
  'skipped',
  // Plaid is still extracting a new bank's first transactions; its webhook syncs when they are there.
  'not_ready',
]);
export type SyncStatus = z.infer<typeof syncStatusSchema>;

const syncResultSchema = z.looseObject({ item_id: z.string(), status: z.catch(syncStatusSchema, 'error') });
export type SyncResult = z.infer<typeof syncResultSchema>;

/** spec §7 smart-plaid-sync (2 retries): a user-requested sync of one bank, named by item or account. */
export async function smartPlaidSync(
  target: { itemId: string } | { accountId: string },
): Promise<SyncResult> {
  return syncResultSchema.parse(
    await invokeFunction('smart-plaid-sync', target, { retry: PLAID_CALL_RETRY.smartSync }),
  );
}

/** spec §7 trigger-full-sync-pipeline: sync every bank of the active profile (the spec §4 safety net). */
export async function triggerFullSyncPipeline(profileId: string): Promise<SyncResult[]> {
  const body = z
    .object({ items: z.array(syncResultSchema) })
    .parse(await invokeFunction('trigger-full-sync-pipeline', {}, { profileId }));
  return body.items;
}

/** spec §4 "sync and refresh": what a change to the accounts makes stale. */
export const accountDataAreas = [
  cacheAreas.accounts,
  cacheAreas.accountBalances,
  cacheAreas.transactions,
  cacheAreas.transactionsCalendar,
  cacheAreas.transactionsOptimized,
  cacheAreas.runningBalances,
  cacheAreas.syncStatus,
] as const;
