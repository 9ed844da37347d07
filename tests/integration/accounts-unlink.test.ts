// Unlinking one account of a bank (DELETE /accounts/{accountId}): its transactions and their raw copies
// are deleted, the bank's other accounts keep theirs; only the profile's owner may unlink.
import { describe, expect, it } from 'vitest';
import { syncLeaseHeld } from '../../functions/lib/plaid/sync-lease.ts';
import { api, directData, signUpAndSignIn } from './helpers.ts';
import { eventually, linkSandboxBank, storedTransactions } from './plaid-helpers.ts';

const data = directData();

async function rawRows(accountId: string) {
  const { data: rows } = await data.plaidTransactionsRaw.query
    .byAccountDate({ account_id: accountId })
    .go({ pages: 'all' });
  return rows;
}

describe('unlinking one account', () => {
  it('deletes its transactions and raw copies, and leaves the bank’s other accounts alone', async () => {
    const owner = await signUpAndSignIn('Una Unlinker');
    const bank = await linkSandboxBank(owner);
    // The whole history in (Plaid's first sync comes in two steps) and no sync holding the bank.
    await eventually(
      async () => ({
        item: (await data.plaidItems.get({ id: bank.itemId }).go()).data,
        leased: await syncLeaseHeld(data, bank.itemId, new Date()),
        accounts: (await data.connectedAccounts.query.byItem({ item_id: bank.itemId }).go({ hydrate: true }))
          .data,
      }),
      ({ item, leased, accounts }) =>
        !leased &&
        Boolean(item?.last_synced_at) &&
        accounts.every((a) => a.historical_sync_status === 'completed'),
    );
    const counts = await Promise.all(
      bank.accountIds.map(async (id) => ({
        id,
        raw: (await rawRows(id)).length,
        transactions: (await storedTransactions([id])).length,
      })),
    );
    const [gone, kept] = counts.filter((c) => c.raw > 0);
    const stranger = await signUpAndSignIn();

    const refused = await api('DELETE', `/accounts/${gone!.id}`, { token: stranger.idToken });
    const result = await api('DELETE', `/accounts/${gone!.id}`, { token: owner.idToken });

    expect(refused.status).toBe(404);
    expect(result.status).toBe(204);
    expect(await storedTransactions([gone!.id])).toEqual([]);
    expect(await rawRows(gone!.id)).toEqual([]);
    expect((await rawRows(kept!.id)).length).toBe(kept!.raw);
    expect((await storedTransactions([kept!.id])).length).toBe(kept!.transactions);
  });
});
