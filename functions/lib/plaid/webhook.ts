// What a verified Plaid webhook does (spec §4 sync; issue: ITEM_LOGIN_REQUIRED marks the item for
// reconnection, USER_PERMISSION_REVOKED deletes the item's data). Every branch is idempotent, so a
// replayed webhook changes nothing after the first.
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import { batchUntilDone } from '../money/store.ts';
import { completeHostedLink } from './items.ts';
import { tallyAll, tallyItem } from '../admin/tally.ts';

export interface PlaidWebhookBody {
  webhook_type?: string;
  webhook_code?: string;
  item_id?: string;
  link_token?: string;
  status?: string;
  error?: { error_code?: string } | null;
}

type WebhookDeps = Pick<Deps, 'clock' | 'logger' | 'plaid' | 'tokenCipher' | 'events'>;

/**
 * Deletes an account's transactions, their raw copies, its holdings and investment transactions
 * (unlinking, a revoked item, a deleted account);
 * returns how many transactions went.
 */
export async function deleteAccountHistory(data: Data, accountId: string): Promise<number> {
  const { data: txns } = await data.transactions.query
    .byAccountDate({ account_id: accountId })
    .go({ pages: 'all', attributes: ['id'] });
  await batchUntilDone(
    txns,
    (k) => String(k.id),
    (batch) => data.transactions.delete(batch).go({ concurrency: 8 }),
  );
  const { data: raw } = await data.plaidTransactionsRaw.query
    .byAccountDate({ account_id: accountId })
    .go({ pages: 'all', attributes: ['plaid_transaction_id'] });
  await batchUntilDone(
    raw,
    (k) => String(k.plaid_transaction_id),
    (batch) => data.plaidTransactionsRaw.delete(batch).go({ concurrency: 8 }),
  );
  const { data: holdings } = await data.investmentHoldings.query
    .byAccount({ account_id: accountId })
    .go({ pages: 'all', attributes: ['account_id', 'security_id'] });
  if (holdings.length > 0) await data.investmentHoldings.delete(holdings).go();
  const { data: activity } = await data.investmentTransactions.query
    .byAccountDate({ account_id: accountId })
    .go({ pages: 'all', attributes: ['account_id', 'date', 'investment_transaction_id'] });
  if (activity.length > 0) await data.investmentTransactions.delete(activity).go();
  return txns.length;
}

/** Deletes an item's accounts, transactions and raw copies, and marks the item removed. */
export async function deleteItemData(data: Data, itemId: string): Promise<void> {
  const { data: accounts } = await data.connectedAccounts.query
    .byItem({ item_id: itemId })
    .go({ pages: 'all', hydrate: true });
  for (const account of accounts) {
    await deleteAccountHistory(data, account.id);
    await data.connectedAccounts.delete({ id: account.id }).go();
  }
  await data.plaidItems
    .patch({ id: itemId })
    .set({ status: 'removed', access_token_ciphertext: 'removed' })
    .remove(['plaid_sync_token', 'next_refresh_after', 'refresh_queue'])
    .go();
  await tallyAll(
    data,
    [{ kind: 'item', itemId }, ...accounts.map((a) => ({ kind: 'account' as const, accountId: a.id }))],
    new Date(),
  );
}

export async function handlePlaidWebhook(
  deps: WebhookDeps & Pick<Deps, 'plaidWebhookUrl' | 'appUrl' | 'billingClock' | 'queue'>,
  data: Data,
  body: PlaidWebhookBody,
) {
  if (body.webhook_type === 'LINK' && body.webhook_code === 'SESSION_FINISHED' && body.link_token) {
    if (body.status?.toUpperCase() !== 'SUCCESS')
      return { handled: false, kind: 'LINK:SESSION_FINISHED (exited)' };
    const outcome = await completeHostedLink(deps, data, body.link_token, undefined, (itemId) =>
      deps.events.publish('SyncRequested', { itemId, reason: 'LINK:SESSION_FINISHED' }),
    ).catch((error: unknown) => ({ status: 'failed', reason: (error as Error).message }));
    return { handled: true, kind: 'LINK:SESSION_FINISHED', outcome: outcome.status };
  }
  if (!body.item_id) return { handled: false, reason: 'no item_id' };
  const { data: items } = await data.plaidItems.query
    .byPlaidItemId({ plaid_item_id: body.item_id })
    .go({ hydrate: true });
  const item = items[0];
  if (!item || item.status === 'removed') return { handled: false, reason: 'unknown item' };
  await data.plaidItems.patch({ id: item.id }).set({ last_webhook_at: deps.clock().toISOString() }).go();
  const kind = `${body.webhook_type}:${body.webhook_code}`;
  switch (kind) {
    case 'TRANSACTIONS:SYNC_UPDATES_AVAILABLE':
    case 'TRANSACTIONS:DEFAULT_UPDATE':
    case 'TRANSACTIONS:INITIAL_UPDATE':
    case 'TRANSACTIONS:HISTORICAL_UPDATE': {
      // Acknowledged at once; the sync (a first one can page for many seconds) runs from the bus, far
      // from API Gateway's 29 s limit.
      await deps.events.publish('SyncRequested', { itemId: item.id, reason: kind });
      return { handled: true, kind, outcome: 'queued' };
    }
    // New statements or holdings at the bank: the next sync reads them instead of the kept ones.
    case 'LIABILITIES:DEFAULT_UPDATE':
    case 'HOLDINGS:DEFAULT_UPDATE':
    case 'INVESTMENTS_TRANSACTIONS:DEFAULT_UPDATE': {
      if (kind === 'LIABILITIES:DEFAULT_UPDATE') {
        const { data: accounts } = await data.connectedAccounts.query
          .byItem({ item_id: item.id })
          .go({ pages: 'all', hydrate: true });
        // Marked stale, not dropped: the plan keeps the last statement until the new one is read.
        for (const account of accounts) {
          if (!account.liability) continue;
          const stale = { ...account.liability, refreshed_at: new Date(0).toISOString() };
          await data.connectedAccounts.patch({ id: account.id }).set({ liability: stale }).go();
        }
      } else {
        await data.plaidItems.patch({ id: item.id }).remove(['holdings_refreshed_at']).go();
      }
      await deps.events.publish('SyncRequested', { itemId: item.id, reason: kind });
      return { handled: true, kind, outcome: 'queued' };
    }
    case 'ITEM:ERROR':
    case 'ITEM:LOGIN_REPAIRED':
    case 'ITEM:PENDING_EXPIRATION':
    case 'ITEM:PENDING_DISCONNECT': {
      if (kind === 'ITEM:LOGIN_REPAIRED') {
        await data.plaidItems.patch({ id: item.id }).set({ status: 'active' }).remove(['error_code']).go();
        await tallyItem(data, item.id, item.user_id, deps.clock(), deps.logger);
        return { handled: true, kind };
      }
      const code = body.error?.error_code ?? body.webhook_code ?? 'ITEM_ERROR';
      const loginRequired = code === 'ITEM_LOGIN_REQUIRED' || kind !== 'ITEM:ERROR';
      await data.plaidItems
        .patch({ id: item.id })
        .set({ status: loginRequired ? 'login_required' : 'error', error_code: code })
        .go();
      await tallyItem(data, item.id, item.user_id, deps.clock(), deps.logger);
      if (loginRequired) {
        await deps.events.publish('ItemLoginRequired', {
          userId: item.user_id,
          profileId: item.profile_id,
          itemId: item.id,
          errorCode: code,
        });
      }
      return { handled: true, kind, status: loginRequired ? 'login_required' : 'error' };
    }
    case 'ITEM:USER_PERMISSION_REVOKED':
    case 'ITEM:USER_ACCOUNT_REVOKED': {
      await deleteItemData(data, item.id);
      return { handled: true, kind, status: 'removed' };
    }
    default:
      deps.logger.info('plaid webhook ignored', { kind });
      return { handled: false, kind };
  }
}
