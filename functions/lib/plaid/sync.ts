// Transaction sync of one Plaid item (ARCHITECTURE.md "Sync"): page /transactions/sync from the stored
// cursor until has_more is false, restarting from that cursor on TRANSACTIONS_SYNC_MUTATION_DURING_
// PAGINATION; then apply every page (idempotent puts and deletes keyed by Plaid's ids) and only then
// move the cursor, conditionally on it being unchanged. A crash before the cursor write replays the
// same pages next time, which changes nothing. One sync per item at a time: a lease (sync-lease.ts).
import { refreshDetails } from './details.ts';
import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import type { PlaidApi, RemovedTransaction, Transaction as PlaidTransaction } from 'plaid';
import { backoffMinutes, nextRefreshAt, refreshTier } from '../../../domain/balance-refresh.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import { balanceCheckFields, dropOpeningsTouched, type PostedAmount } from './balance-check.ts';
import { rawCopyExpired } from '../../../domain/balance-validation.ts';
import { plaidErrorOf, type PlaidErrorBody } from './client.ts';
import { allDueShards, dueShard } from '../../../events/queues.ts';
import { recordSyncRun } from '../admin/sync-runs.ts';
import { inParallel, isConditionFailure } from '../money/store.ts';
import { acquireSyncLease, releaseSyncLease } from './sync-lease.ts';
import { rawTransactionRecord, toCents, transactionRecord } from './mapping.ts';
import { IMPORTED_ID_PREFIX } from '../import/dedupe.ts';

const PAGE_SIZE = 500;
const MAX_RESTARTS = 5;
/**
 * BatchWriteItem requests (25 items each) in flight per entity; transactions and their raw copies are
 * written side by side, so twice this many in all. One at a time made the initial sync of 24 months
 * wait on about 150 sequential round trips.
 */
export const WRITE_CONCURRENCY = 4;
const UNPROCESSED_RETRIES = 5;

export type SyncOutcome =
  | { status: 'synced'; added: number; modified: number; removed: number; accountIds: string[] }
  | { status: 'already_running' }
  /** Plaid has not extracted the bank's first transactions yet (NOT_READY); its webhook will say. */
  | { status: 'not_ready' }
  | { status: 'skipped'; nextRefreshAfter: string }
  /** Backing off: `errorCode` when Plaid just refused (a rate limit or an outage), none while waiting. */
  | { status: 'rate_limited'; retryAfter: string; errorCode?: string }
  | { status: 'login_required'; errorCode: string }
  | { status: 'error'; errorCode: string };

/**
 * A batch put or delete that finishes or throws: DynamoDB may hand back unprocessed items under
 * throttling, and a silently dropped row would be lost for good once the cursor moves past it.
 */
async function writeAll<T>(
  items: T[],
  write: (batch: T[]) => Promise<{ unprocessed: unknown[] }>,
): Promise<void> {
  let pending = items;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > UNPROCESSED_RETRIES) throw new Error(`${pending.length} rows left unprocessed`);
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt));
    pending = (await write(pending)).unprocessed as T[];
  }
}

interface Pages {
  added: PlaidTransaction[];
  modified: PlaidTransaction[];
  removed: RemovedTransaction[];
  nextCursor: string;
  accounts: Array<{ account_id: string; balances: { current: number | null; available: number | null } }>;
  historicalComplete: boolean;
  /** Plaid's first extraction has not begun to yield (transactions_update_status NOT_READY). */
  notReady: boolean;
}

async function fetchAllPages(
  plaid: PlaidApi,
  accessToken: string,
  cursor: string | undefined,
): Promise<Pages> {
  for (let attempt = 0; ; attempt++) {
    const pages: Pages = {
      added: [],
      modified: [],
      removed: [],
      nextCursor: cursor ?? '',
      accounts: [],
      historicalComplete: true,
      notReady: false,
    };
    let next = cursor;
    try {
      for (;;) {
        const { data } = await plaid.transactionsSync({
          access_token: accessToken,
          ...(next ? { cursor: next } : {}),
          count: PAGE_SIZE,
        });
        pages.added.push(...data.added);
        pages.modified.push(...data.modified);
        pages.removed.push(...data.removed);
        pages.accounts = data.accounts ?? pages.accounts;
        const status = data.transactions_update_status ?? 'HISTORICAL_UPDATE_COMPLETE';
        pages.historicalComplete = status === 'HISTORICAL_UPDATE_COMPLETE';
        // Plaid's first sync in two steps: nothing yet, then the recent transactions, then the rest.
        pages.notReady = status === 'NOT_READY';
        if (pages.notReady) return pages;
        next = data.next_cursor;
        pages.nextCursor = data.next_cursor;
        if (!data.has_more) return pages;
      }
    } catch (error) {
      // Plaid: restart the whole pagination loop from the cursor it started with.
      if (
        plaidErrorOf(error)?.error_code === 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION' &&
        attempt < MAX_RESTARTS
      ) {
        continue;
      }
      throw error;
    }
  }
}

export interface SyncOptions {
  /** A user-requested refresh bypasses the interval (spec §9), never a rate-limit backoff. */
  forced: boolean;
  /** Told once the bank has answered (0 accounts done) and as each account's rows are stored: a first
   * sync's job shows "Syncing 3 of 8 accounts". */
  onAccountsSynced?: (done: number, total: number) => Promise<void>;
}

/** Accounts whose rows are written at once (each with WRITE_CONCURRENCY batches per entity in flight). */
const ACCOUNTS_AT_ONCE = 2;

/** One sync of an item; each one that reached Plaid leaves a sync run (admin Plaid health, timeline). */
export async function syncItem(
  deps: Pick<Deps, 'clock' | 'logger' | 'plaid' | 'tokenCipher' | 'events'>,
  data: Data,
  itemId: string,
  options: SyncOptions = { forced: true },
): Promise<SyncOutcome> {
  const started = deps.clock();
  const { data: before } = await data.plaidItems.get({ id: itemId }).go();
  const outcome = await syncItemOnce(deps, data, itemId, options, before);
  if (
    before &&
    (outcome.status === 'synced' || outcome.status === 'login_required' || outcome.status === 'error')
  )
    await recordSyncRun(deps, data, before, outcome, started);
  // A refusal Plaid answered is a failed run for Plaid health, though the item only backs off.
  if (before && outcome.status === 'rate_limited' && outcome.errorCode)
    await recordSyncRun(deps, data, before, { status: 'error', errorCode: outcome.errorCode }, started);
  return outcome;
}

async function syncItemOnce(
  deps: Pick<Deps, 'clock' | 'logger' | 'plaid' | 'tokenCipher' | 'events'>,
  data: Data,
  itemId: string,
  options: SyncOptions,
  /** The item as read before the lease: enough to tell whether it is due or backing off. */
  seen: EntityItem<Data['plaidItems']> | null,
): Promise<SyncOutcome> {
  if (!seen || seen.status === 'removed') return { status: 'error', errorCode: 'ITEM_NOT_FOUND' };
  // spec §9: a due time from the item's most urgent account, or a rate-limit backoff.
  const now = deps.clock();
  const due = seen.next_refresh_after ? new Date(seen.next_refresh_after) : null;
  if ((seen.backoff_step ?? 0) > 0 && due && due > now) {
    return { status: 'rate_limited', retryAfter: due.toISOString() };
  }
  if (!options.forced && due && due > now) return { status: 'skipped', nextRefreshAfter: due.toISOString() };
  const owner = randomUUID();
  if (!(await acquireSyncLease(data, itemId, owner, deps.clock()))) return { status: 'already_running' };
  try {
    // Read again once the bank is ours: a sync that held it between the first read and the lease (a
    // webhook's, while a first-sync job waited) has moved the cursor, and this one starts from there.
    const { data: item } = await data.plaidItems.get({ id: itemId }).go({ consistent: true });
    if (!item || item.status === 'removed') return { status: 'error', errorCode: 'ITEM_NOT_FOUND' };
    const accessToken = await deps.tokenCipher.decrypt(item.access_token_ciphertext, { item_id: item.id });
    const plaid = await deps.plaid();
    let pages: Pages;
    try {
      pages = await fetchAllPages(plaid, accessToken, item.plaid_sync_token);
    } catch (error) {
      const plaidError = plaidErrorOf(error);
      if (!plaidError) throw error;
      if (isTransient(plaidError)) {
        const step = (item.backoff_step ?? 0) + 1;
        const retryAfter = new Date(deps.clock().getTime() + backoffMinutes(step) * 60_000).toISOString();
        await data.plaidItems
          .patch({ id: itemId })
          .set({ backoff_step: step, next_refresh_after: retryAfter, refresh_queue: dueShard(itemId) })
          .go();
        deps.logger.warn('plaid backing off', { itemId, step, retryAfter, errorCode: plaidError.error_code });
        return { status: 'rate_limited', retryAfter, errorCode: plaidError.error_code };
      }
      const loginRequired = plaidError.error_code === 'ITEM_LOGIN_REQUIRED';
      await data.plaidItems
        .patch({ id: itemId })
        .set({ status: loginRequired ? 'login_required' : 'error', error_code: plaidError.error_code })
        .remove(['next_refresh_after', 'refresh_queue'])
        .go();
      deps.logger.warn('plaid sync failed', { itemId, errorCode: plaidError.error_code });
      if (loginRequired) {
        await deps.events.publish('ItemLoginRequired', {
          userId: item.user_id,
          profileId: item.profile_id,
          itemId,
          errorCode: plaidError.error_code,
        });
      }
      return loginRequired
        ? { status: 'login_required', errorCode: plaidError.error_code }
        : { status: 'error', errorCode: plaidError.error_code };
    }

    // Nothing to store and no cursor to keep: the webhook announcing the first transactions syncs again.
    if (pages.notReady) return { status: 'not_ready' };
    // An account unlinked from the bank keeps nothing of its history: its rows are not written again.
    const accounts = (
      await data.connectedAccounts.query.byItem({ item_id: itemId }).go({ pages: 'all', hydrate: true })
    ).data.filter((a) => a.is_active);
    const byPlaidId = new Map(accounts.map((a) => [a.plaid_account_id, a]));
    const changed = new Set<string>();
    if (!item.plaid_sync_token) {
      // A replay from the start (first sync or forceFullSync) reports no removals: what we hold for the
      // item's accounts beyond the replayed set is stale, so it goes. Read before writing the replay
      // (nothing else writes the item's rows while we hold the lease), so a first sync reads nothing.
      const replayed = new Set(pages.added.map((t) => t.transaction_id));
      const held = await Promise.all(
        accounts.map(async (account) => {
          const { data: rows } = await data.transactions.query
            .byAccountDate({ account_id: account.id })
            .go({ pages: 'all', attributes: ['id'] });
          return rows.map((t) => ({ transaction_id: t.id, account_id: account.plaid_account_id }));
        }),
      );
      // Rows imported from a statement (functions/lib/import/) are not Plaid's to remove.
      pages.removed.push(
        ...held
          .flat()
          .filter((t) => !replayed.has(t.transaction_id) && !t.transaction_id.startsWith(IMPORTED_ID_PREFIX)),
      );
    }
    const records = [...pages.added, ...pages.modified].flatMap((txn) => {
      const account = byPlaidId.get(txn.account_id);
      if (!account) return [];
      changed.add(account.id);
      const context = { userId: item.user_id, profileId: account.profile_id, accountId: account.id };
      return [{ txn: transactionRecord(txn, context), raw: rawTransactionRecord(txn, context) }];
    });
    // A copy already past its retention is not written (a first sync's 24 months keep about 3).
    const syncStarted = deps.clock();
    const live = (raw: (typeof records)[number]['raw']) => !rawCopyExpired(raw.date, syncStarted);
    const modifiedIds = new Set(pages.modified.map((t) => t.transaction_id));
    const restarted = item.plaid_sync_token
      ? await dropOpeningsTouched(
          data,
          accounts,
          {
            added: records.filter((r) => !modifiedIds.has(r.raw.plaid_transaction_id)).map((r) => r.raw),
            modified: records.filter((r) => modifiedIds.has(r.raw.plaid_transaction_id)).map((r) => r.raw),
            removed: pages.removed.flatMap((r) => {
              const account = r.account_id ? byPlaidId.get(r.account_id) : undefined;
              return account ? [{ id: r.transaction_id, accountId: account.id }] : [];
            }),
          },
          syncStarted,
        )
      : new Set<string>();
    const batch = { concurrent: WRITE_CONCURRENCY };
    // Account by account (a few at once), so a first sync can say how many are in.
    const recordsOf = new Map<string, typeof records>();
    for (const record of records)
      recordsOf.set(record.txn.account_id, [...(recordsOf.get(record.txn.account_id) ?? []), record]);
    let accountsDone = 0;
    await options.onAccountsSynced?.(0, accounts.length);
    await inParallel(accounts, ACCOUNTS_AT_ONCE, async (account) => {
      const rows = recordsOf.get(account.id) ?? [];
      await Promise.all([
        writeAll(
          rows.map((r) => r.txn),
          (items) => data.transactions.put(items).go(batch),
        ),
        writeAll(rows.map((r) => r.raw).filter(live), (items) =>
          data.plaidTransactionsRaw.put(items).go(batch),
        ),
      ]);
      accountsDone += 1;
      await options.onAccountsSynced?.(accountsDone, accounts.length);
    });
    for (const removed of pages.removed) {
      const account = removed.account_id ? byPlaidId.get(removed.account_id) : undefined;
      if (account) changed.add(account.id);
    }
    await Promise.all([
      writeAll(
        pages.removed.map((r) => ({ id: r.transaction_id })),
        (keys) => data.transactions.delete(keys).go(batch),
      ),
      writeAll(
        pages.removed.map((r) => ({ plaid_transaction_id: r.transaction_id })),
        (keys) => data.plaidTransactionsRaw.delete(keys).go(batch),
      ),
    ]);

    const syncedAt = deps.clock();
    const nowIso = syncedAt.toISOString();
    // A card's statement, a loan's terms and the holdings, asked again when the kept ones are half a day old.
    const details = await refreshDetails(
      plaid,
      data,
      item,
      accounts,
      accessToken,
      syncedAt,
      (message, fields) => deps.logger.warn(message, { itemId, ...fields }),
    );
    const liabilityByPlaidId = details.liabilities;
    // A replay from the start holds the account's whole window: its posted amounts need no read back.
    const replayedPosted = item.plaid_sync_token ? null : new Map<string, PostedAmount[]>();
    for (const txn of replayedPosted ? pages.added : []) {
      if (txn.pending) continue;
      const amounts = replayedPosted?.get(txn.account_id) ?? [];
      amounts.push({ date: txn.date, amount: toCents(txn.amount) ?? 0 });
      replayedPosted?.set(txn.account_id, amounts);
    }
    await Promise.all(
      pages.accounts.map(async (balance) => {
        const account = byPlaidId.get(balance.account_id);
        if (!account) return;
        // An investment account is worth what it holds: the sum of its holdings when Plaid listed them.
        const currentCents = details.holdingValues.get(account.id) ?? toCents(balance.balances.current);
        // A moved balance moves every forecast day of the account, so it is news like a transaction.
        if (currentCents !== undefined && currentCents !== account.current_balance) changed.add(account.id);
        const opened = restarted.has(account.id)
          ? { ...account, balance_check_opening: undefined, balance_check_opening_through: undefined }
          : account;
        const check = await balanceCheckFields(data, opened, {
          currentCents,
          replayedPosted: replayedPosted ? (replayedPosted.get(account.plaid_account_id) ?? []) : undefined,
          changed: changed.has(account.id),
          historicalComplete: pages.historicalComplete,
          checkedAt: nowIso,
        });
        await data.connectedAccounts
          .patch({ id: account.id })
          .set({
            ...(currentCents !== undefined ? { current_balance: currentCents } : {}),
            ...(balance.balances.available !== null
              ? { available_balance: toCents(balance.balances.available) }
              : {}),
            last_balance_refresh: nowIso,
            ...(liabilityByPlaidId.has(account.plaid_account_id)
              ? { liability: liabilityByPlaidId.get(account.plaid_account_id) }
              : {}),
            ...(pages.historicalComplete && account.historical_sync_status !== 'completed'
              ? { historical_sync_status: 'completed', historical_sync_completed_at: nowIso }
              : {}),
            ...check,
          })
          .go();
      }),
    );

    // spec §9: the item is next due when its most urgent account is.
    const { data: person } = await data.profiles.get({ id: item.user_id }).go();
    const lastActive = person?.last_active_at ? new Date(person.last_active_at) : null;
    const nextDue = accounts
      .map((account) => {
        const balance = pages.accounts.find((b) => b.account_id === account.plaid_account_id)?.balances
          .current;
        const tier = refreshTier(
          {
            accountType: account.account_type,
            balanceCents: toCents(balance) ?? account.current_balance ?? null,
            creditLimitCents: account.credit_limit ?? null,
            userLastActiveAt: lastActive,
          },
          syncedAt,
        );
        return nextRefreshAt(syncedAt, tier, syncedAt).getTime();
      })
      .reduce((a, b) => Math.min(a, b), syncedAt.getTime() + 24 * 3_600_000);

    // The cursor moves only after the data is written, and only if nobody moved it meanwhile.
    const previous = item.plaid_sync_token;
    const moved = await data.plaidItems
      .patch({ id: itemId })
      .set({
        plaid_sync_token: pages.nextCursor,
        last_synced_at: nowIso,
        status: 'active',
        backoff_step: 0,
        next_refresh_after: new Date(nextDue).toISOString(),
        refresh_queue: dueShard(itemId),
      })
      .remove(['error_code'])
      .where((attr, op) =>
        previous ? op.eq(attr.plaid_sync_token, previous) : op.notExists(attr.plaid_sync_token),
      )
      .go()
      .then(
        () => true,
        (error: unknown) => {
          if (isConditionFailure(error)) return false;
          throw error;
        },
      );
    // Another sync moved the cursor past this one (its lease ran out under a slow sync): the rows written
    // are Plaid's own and idempotent, and the caller syncs again from the cursor that sync left.
    if (!moved) {
      deps.logger.warn('plaid sync overtaken', { itemId });
      return { status: 'already_running' };
    }

    const outcome = {
      status: 'synced' as const,
      added: pages.added.length,
      modified: pages.modified.length,
      removed: pages.removed.length,
      accountIds: [...changed],
    };
    if (outcome.added + outcome.modified + outcome.removed > 0 || changed.size > 0) {
      await deps.events.publish('TransactionsChanged', {
        userId: item.user_id,
        profileId: item.profile_id,
        accountIds: outcome.accountIds,
        added: outcome.added,
        modified: outcome.modified,
        removed: outcome.removed,
        // The transaction summary e-mail lists what is new; a first sync's history is
        // not news, so only a sync from a stored cursor names its additions.
        ...(previous
          ? {
              addedTransactionIds: pages.added
                .filter((t) => byPlaidId.has(t.account_id))
                .slice(0, 500)
                .map((t) => t.transaction_id),
            }
          : {}),
      });
    }
    deps.logger.info('plaid sync', {
      itemId,
      added: outcome.added,
      modified: outcome.modified,
      removed: outcome.removed,
    });
    return outcome;
  } finally {
    await releaseSyncLease(data, itemId, owner);
  }
}

/**
 * Plaid's answers that say "not now" rather than "never": its rate limits (429) and its own or the
 * institution's outages (API_ERROR, INSTITUTION_ERROR). The item backs off (spec §9) and stays due.
 */
function isTransient(error: PlaidErrorBody): boolean {
  return (
    error.error_type === 'RATE_LIMIT_EXCEEDED' ||
    error.error_code === 'RATE_LIMIT_EXCEEDED' ||
    error.error_type === 'API_ERROR' ||
    error.error_type === 'INSTITUTION_ERROR'
  );
}

/**
 * The hourly refresh's scheduler: finds the items whose refresh time has come, shard by shard of the
 * sparse due index, and puts one message per item on the plaid-refresh queue. A worker syncs each
 * (refreshDueItem); an item enqueued twice (a slow queue overlapping the next hour) syncs once, as the
 * second delivery finds it no longer due.
 */
export async function enqueueDueItems(deps: Pick<Deps, 'clock' | 'queue'>, data: Data) {
  const now = deps.clock().toISOString();
  const shards = await Promise.all(
    allDueShards().map(async (shard) => {
      const { data: due } = await data.plaidItems.query
        .byRefreshDue({ refresh_queue: shard })
        .lte({ next_refresh_after: now })
        .go({ pages: 'all', attributes: ['id'] });
      const messages = due.map((item) => ({ itemId: item.id }));
      await deps.queue.send('plaidRefresh', messages);
      return messages.length;
    }),
  );
  return { enqueued: shards.reduce((a, b) => a + b, 0) };
}
