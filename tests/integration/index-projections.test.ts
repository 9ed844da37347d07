// The indexes hold what their queries read (functions/lib/data/table-design.ts): DynamoDB Local honours
// projections as DynamoDB does, so a query through gsi2 or gsi3 answers the projected attributes only,
// and with `hydrate` the whole item, exactly as a read by key returns it.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_LIST_ATTRIBUTES } from '../../functions/lib/data/table-design.ts';
import { directData } from './helpers.ts';

const data = directData();
const id = () => randomUUID();

describe('index projections', () => {
  it('a profile’s transactions: the list attributes from gsi2, the whole row when hydrated', async () => {
    const profileId = id();
    const txnId = id();
    await data.transactions
      .create({
        id: txnId,
        user_id: id(),
        profile_id: profileId,
        account_id: id(),
        date: '2026-10-02',
        authorized_date: '2026-10-01',
        name: 'TRADER JOES #552',
        merchant_name: "Trader Joe's",
        amount: 4_210,
        pending_transaction_id: 'p-1',
        plaid_transaction_id: txnId,
        personal_finance_category: { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES' },
        category_primary: 'FOOD_AND_DRINK',
        category_detailed: ['FOOD_AND_DRINK_GROCERIES'],
        category: ['Food and Drink'],
      })
      .go();
    const { data: whole } = await data.transactions.get({ id: txnId }).go();

    const { data: listed } = await data.transactions.query.byProfileDate({ profile_id: profileId }).go();
    const { data: hydrated } = await data.transactions.query
      .byProfileDate({ profile_id: profileId })
      .go({ hydrate: true });

    expect(Object.keys(listed[0] ?? {}).sort()).toEqual([...TRANSACTION_LIST_ATTRIBUTES].sort());
    expect(listed[0]).toEqual(Object.fromEntries(TRANSACTION_LIST_ATTRIBUTES.map((a) => [a, whole?.[a]])));
    expect(hydrated).toEqual([whole]);
  });

  it('an item’s and a user’s accounts: ids from the index, whole accounts when hydrated', async () => {
    const itemId = id();
    const userId = id();
    const accountId = id();
    await data.connectedAccounts
      .create({
        id: accountId,
        user_id: userId,
        profile_id: id(),
        item_id: itemId,
        account_name: 'Checking',
        account_type: 'depository',
        plaid_account_id: 'pa-' + accountId,
        current_balance: 120_00,
      })
      .go();
    const { data: whole } = await data.connectedAccounts.get({ id: accountId }).go();

    const byItem = await data.connectedAccounts.query.byItem({ item_id: itemId }).go();
    const byUser = await data.connectedAccounts.query.byUser({ user_id: userId }).go();

    expect(byItem.data).toEqual([{ id: accountId }]);
    expect(byUser.data).toEqual([{ id: accountId }]);
    expect(
      (await data.connectedAccounts.query.byItem({ item_id: itemId }).go({ hydrate: true })).data,
    ).toEqual([whole]);
    expect(
      (await data.connectedAccounts.query.byUser({ user_id: userId }).go({ hydrate: true })).data,
    ).toEqual([whole]);
  });

  it('a Plaid item by Plaid’s id and in the refresh queue; planned items of a series; every notice', async () => {
    const itemId = id();
    const plaidItemId = 'plaid-' + itemId;
    await data.plaidItems
      .create({
        id: itemId,
        user_id: id(),
        profile_id: id(),
        plaid_item_id: plaidItemId,
        access_token_ciphertext: 'enc',
        next_refresh_after: '2026-11-22T06:00:00.000Z',
        refresh_queue: 'projection-test',
      })
      .go();
    const { data: item } = await data.plaidItems.get({ id: itemId }).go();
    expect(
      (await data.plaidItems.query.byPlaidItemId({ plaid_item_id: plaidItemId }).go({ hydrate: true })).data,
    ).toEqual([item]);
    expect(
      (await data.plaidItems.query.byRefreshDue({ refresh_queue: 'projection-test' }).go()).data,
    ).toEqual([{ id: itemId }]);

    const profileId = id();
    const plannedId = id();
    await data.moneyPlanTransactions
      .create({
        id: plannedId,
        profile_id: profileId,
        user_id: id(),
        due_date: '2027-01-01',
        amount: -150_000,
        description: 'Rent',
        series_id: 'rent',
        reconciliation_reasons: ['Same account'],
      })
      .go();
    const { data: planned } = await data.moneyPlanTransactions.get({ id: plannedId }).go();
    expect(
      (
        await data.moneyPlanTransactions.query
          .bySeries({ profile_id: profileId, series_id: 'rent' })
          .go({ hydrate: true })
      ).data,
    ).toEqual([planned]);

    const noticeId = id();
    await data.userNotifications
      .create({ id: noticeId, title: 'Hi', content: '<p>Hello</p>', target_page: 'calendar' })
      .go();
    const { data: notice } = await data.userNotifications.get({ id: noticeId }).go();
    const { data: notices } = await data.userNotifications.query.all({}).go({ pages: 'all', hydrate: true });
    expect(notices.find((n) => n.id === noticeId)).toEqual(notice);
  });
});
