// Connected accounts of the active financial profile (spec §2 /accounts, /accounts/{accountId}; §7
// connected_accounts calls). Reading needs a role on the account's profile; renaming and unlinking are
// the owner's. Unlinking the last account of a bank removes the Plaid item and its data.
import { z } from 'zod';
import { NotFoundError } from '../../domain/errors.ts';
import { profileIdFromRequest, requireRecordAccess } from '../lib/access.ts';
import { dataFor, type Data } from '../lib/data/index.ts';
import type { Deps } from '../lib/deps.ts';
import { httpHandler, route, type Caller } from '../lib/http.ts';
import { accountActivity, accountHoldings } from '../lib/plaid/investments.ts';
import { accountOrderKey, listProfileAccounts, publicAccount } from '../lib/plaid/items.ts';
import { pageInMemory, pageQuery } from '../lib/paging.ts';
import { deleteAccountHistory, deleteItemData } from '../lib/plaid/webhook.ts';
import { oneLine } from '../lib/text-input.ts';

const accountPath = z.object({ accountId: z.string().min(1).max(128) });

async function accountWithAccess(
  data: Data,
  caller: Caller,
  accountId: string,
  permission: 'read' | 'manage',
) {
  const { data: account } = await data.connectedAccounts.get({ id: accountId }).go();
  if (!account || !account.is_active) throw new NotFoundError('Account not found');
  await requireRecordAccess(data, caller, account.profile_id, permission, 'Account not found');
  return account;
}

async function unlinkAccount(deps: Deps, data: Data, caller: Caller, accountId: string) {
  const account = await accountWithAccess(data, caller, accountId, 'manage');
  const { data: siblings } = await data.connectedAccounts.query
    .byItem({ item_id: account.item_id })
    .go({ pages: 'all', hydrate: true });
  const othersActive = siblings.some((a) => a.id !== account.id && a.is_active);
  // The forecast and the plan follow: an unlinked account's rows and planned items drop out.
  const announce = (removed: number) =>
    deps.events.publish('TransactionsChanged', {
      userId: account.user_id,
      profileId: account.profile_id,
      accountIds: [account.id],
      added: 0,
      modified: 0,
      removed,
    });
  // A manual account has no bank to let go of: its rows and itself go.
  if (account.is_manual) {
    const removed = await deleteAccountHistory(data, account.id);
    await data.connectedAccounts.delete({ id: account.id }).go();
    await announce(removed);
    return;
  }
  if (othersActive) {
    // The raw copies go too: an unlinked account keeps nothing of its history.
    const removed = await deleteAccountHistory(data, account.id);
    await data.connectedAccounts.patch({ id: account.id }).set({ is_active: false }).go();
    await announce(removed);
    return;
  }
  const { data: item } = await data.plaidItems.get({ id: account.item_id }).go();
  if (item && item.status !== 'removed') {
    const accessToken = await deps.tokenCipher.decrypt(item.access_token_ciphertext, { item_id: item.id });
    await (await deps.plaid()).itemRemove({ access_token: accessToken });
  }
  await deleteItemData(data, account.item_id);
  await announce(0);
}

export const handler = httpHandler('accounts', {
  'GET /accounts': route({
    query: z.object(pageQuery(100, 500)),
    run: async ({ deps, caller, event, query }) => {
      const accounts = await listProfileAccounts(dataFor(deps), caller, profileIdFromRequest(event));
      const page = pageInMemory(accounts, accountOrderKey, query);
      return { accounts: page.items, next_cursor: page.next_cursor };
    },
  }),
  'GET /accounts/{accountId}': route({
    path: accountPath,
    run: async ({ deps, caller, path }) => {
      const data = dataFor(deps);
      const account = await accountWithAccess(data, caller, path.accountId, 'read');
      const { data: item } = await data.plaidItems.get({ id: account.item_id }).go();
      return publicAccount(account, item?.status, item ?? undefined);
    },
  }),
  'GET /accounts/{accountId}/holdings': route({
    path: accountPath,
    run: async ({ deps, caller, path }) => {
      const data = dataFor(deps);
      const account = await accountWithAccess(data, caller, path.accountId, 'read');
      // Holdings belong to investment accounts; any other account holds none.
      const investment = account.account_type === 'investment';
      const [holdings, activity] = investment
        ? await Promise.all([accountHoldings(data, account.id), accountActivity(data, account.id)])
        : [[], []];
      return {
        account_id: account.id,
        holdings,
        // The account's value is their sum (sync sets it so); the total is sent to show it.
        total_value: holdings.reduce((sum, h) => sum + h.value, 0),
        // The latest investment transactions (buys, sells, dividends), newest first.
        activity,
        refreshed_at: account.last_balance_refresh ?? null,
      };
    },
  }),
  'PATCH /accounts/{accountId}': route({
    path: accountPath,
    body: z
      .object({ account_name: oneLine(z.string().trim().min(1, 'Please enter an account name').max(80)) })
      .strict(),
    run: async ({ deps, caller, path, body }) => {
      const data = dataFor(deps);
      const account = await accountWithAccess(data, caller, path.accountId, 'manage');
      const { data: updated } = await data.connectedAccounts
        .patch({ id: account.id })
        .set({ account_name: body.account_name })
        .go({ response: 'all_new' });
      const { data: item } = await data.plaidItems.get({ id: account.item_id }).go();
      return publicAccount(updated, item?.status, item ?? undefined);
    },
  }),
  'DELETE /accounts/{accountId}': route({
    path: accountPath,
    run: ({ deps, caller, path }) => unlinkAccount(deps, dataFor(deps), caller, path.accountId),
  }),
});
