// spec §5 balance validation through the product: after each sync the server checks that the raw
// transactions it holds for a cash or card account add up to the bank's balance (within one currency
// unit, from the balance before the synced window), and the accounts resource carries the result.
// The sandbox's balance skew stands in for a bank whose balance moved without a transaction.
import { describe, expect, it } from 'vitest';
import { api, directData, signUpAndSignIn, type TestUser } from './helpers.ts';
import { accessTokenOf, eventually, linkSandboxBank, sandbox, type LinkedBank } from './plaid-helpers.ts';

interface BalanceCheck {
  valid: boolean;
  difference: number;
  checked_at: string;
}

interface Account {
  id: string;
  account_name: string;
  account_type: string;
  current_balance: number | null;
  historical_sync_status: string;
  balance_check: BalanceCheck | null;
}

async function accountsOf(user: TestUser, profileId: string): Promise<Account[]> {
  const { body } = await api<{ accounts: Account[] }>('GET', '/accounts', {
    token: user.idToken,
    headers: { 'x-profile-id': profileId },
  });
  return body.accounts;
}

async function linkedAndSynced(): Promise<{ user: TestUser; bank: LinkedBank; accounts: Account[] }> {
  const user = await signUpAndSignIn('Bea Balance');
  const bank = await linkSandboxBank(user);
  const accounts = await eventually(
    () => accountsOf(user, bank.profileId),
    (list) => list.length === 8 && list.every((a) => a.historical_sync_status === 'completed'),
  );
  return { user, bank, accounts };
}

const plaidAccountIdOf = async (accountId: string) => {
  const { data } = await directData().connectedAccounts.get({ id: accountId }).go();
  return data!.plaid_account_id;
};

async function skew(bank: LinkedBank, accountId: string, dollars: number) {
  await sandbox('/sandbox/accounts/balance/skew', {
    access_token: await accessTokenOf(bank.itemId),
    account_id: await plaidAccountIdOf(accountId),
    amount: dollars,
  });
}

async function refresh(user: TestUser, accountId: string) {
  const { status, body } = await api<{ status: string }>('POST', '/functions/smart-plaid-sync', {
    token: user.idToken,
    body: { accountId },
  });
  expect(status).toBe(200);
  expect(body.status).toBe('synced');
}

describe('balance validation after sync (spec §5)', () => {
  it('cash and card accounts add up after the initial sync and after new activity; loans and investments are not checked', async () => {
    const { user, bank, accounts } = await linkedAndSynced();
    const checkable = accounts.filter((a) => ['depository', 'credit'].includes(a.account_type));

    expect(checkable).toHaveLength(4);
    expect(checkable.every((a) => a.balance_check?.valid === true && a.balance_check.difference === 0)).toBe(
      true,
    );
    expect(
      accounts.filter((a) => !checkable.includes(a)).map((a) => [a.account_type, a.balance_check]),
    ).toEqual([
      ['investment', null],
      ['investment', null],
      ['loan', null],
      ['loan', null],
    ]);

    // Two weeks of bank activity: balances move, cards post, pending ones settle; the sync's
    // transactions must explain every balance again.
    const checkedAt = checkable[0]!.balance_check!.checked_at;
    await sandbox('/sandbox/clock/advance', { days: 14 });
    const after = await eventually(
      () => accountsOf(user, bank.profileId),
      (list) => list.every((a) => !a.balance_check || a.balance_check.checked_at > checkedAt),
    );
    const moved = after.filter(
      (a) => a.current_balance !== accounts.find((b) => b.id === a.id)?.current_balance,
    );

    expect(moved.length).toBeGreaterThan(0);
    for (const account of after.filter((a) => a.balance_check)) {
      expect({ name: account.account_name, ...account.balance_check }).toMatchObject({
        name: account.account_name,
        valid: true,
        difference: 0,
      });
    }
  });

  it('flags an account whose balance moved without a transaction, tolerates one unit, and clears when it adds up', async () => {
    const { user, bank, accounts } = await linkedAndSynced();
    const checking = accounts.find((a) => a.account_name === 'Plaid Checking')!;
    const card = accounts.find((a) => a.account_type === 'credit')!;

    await skew(bank, checking.id, 25.5);
    await refresh(user, checking.id);
    const detail = await api<Account>('GET', `/accounts/${checking.id}`, { token: user.idToken });
    const listed = await api<{ accounts: Account[] }>('POST', '/functions/get-financial-accounts', {
      token: user.idToken,
      body: {},
      headers: { 'x-profile-id': bank.profileId },
    });

    expect(detail.body.balance_check).toMatchObject({ valid: false, difference: 2550 });
    expect(detail.body.current_balance).toBe(checking.current_balance! + 2550);
    expect(listed.body.accounts.find((a) => a.id === checking.id)?.balance_check).toEqual(
      detail.body.balance_check,
    );
    expect(listed.body.accounts.find((a) => a.id === card.id)?.balance_check).toMatchObject({
      valid: true,
      difference: 0,
    });

    // Within one currency unit is still valid (spec §5: at most 1 unit).
    await skew(bank, checking.id, -1);
    await refresh(user, checking.id);
    const withinUnit = await api<Account>('GET', `/accounts/${checking.id}`, { token: user.idToken });
    expect(withinUnit.body.balance_check).toMatchObject({ valid: true, difference: -100 });

    await skew(bank, checking.id, 0);
    await refresh(user, checking.id);
    const cleared = await api<Account>('GET', `/accounts/${checking.id}`, { token: user.idToken });
    expect(cleared.body.balance_check).toMatchObject({ valid: true, difference: 0 });
  });

  it('a full replay keeps the opening balance, so it does not hide a difference', async () => {
    const { user, bank, accounts } = await linkedAndSynced();
    const savings = accounts.find((a) => a.account_name === 'Plaid Saving')!;

    await skew(bank, savings.id, -40);
    const { body } = await api<{ status: string }>('POST', '/functions/smart-plaid-sync', {
      token: user.idToken,
      body: { itemId: bank.itemId, forceFullSync: true },
    });
    const detail = await api<Account>('GET', `/accounts/${savings.id}`, { token: user.idToken });

    expect(body.status).toBe('synced');
    expect(detail.body.balance_check).toMatchObject({ valid: false, difference: -4000 });
  });
});
