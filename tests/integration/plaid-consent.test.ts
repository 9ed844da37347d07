// Liabilities consent through the gateway against DynamoDB Local and the Plaid sandbox: a bank linked
// without consent to share card and loan statements keeps no due dates and says why (details_status
// consent_required, from Plaid's ADDITIONAL_CONSENT_REQUIRED); the person is asked, Link opens in update
// mode asking for liabilities (additional_consented_products), and once they grant it a sync brings in
// the due dates (after one that finds Plaid still extracting them: PRODUCT_NOT_READY). A bank with no card or loan says none (NO_LIABILITY_ACCOUNTS), not a missing consent.
import { describe, expect, it } from 'vitest';
import { api, cloud, signUpAndSignIn, type TestUser } from './helpers.ts';
import { accessTokenOf, eventually, linkSandboxBank, sandbox, type LinkedBank } from './plaid-helpers.ts';

interface Account {
  id: string;
  account_type: string;
  historical_sync_status: string;
  details_status: string | null;
  current_balance: number | null;
  next_payment: { due_date: string; minimum_payment: number | null } | null;
}

async function accountsOf(user: TestUser, bank: LinkedBank) {
  const { body } = await api<{ accounts: Account[] }>('GET', '/accounts', {
    token: user.idToken,
    headers: { 'x-profile-id': bank.profileId },
  });
  return body.accounts;
}

const owed = (accounts: Account[]) => accounts.filter((a) => ['credit', 'loan'].includes(a.account_type));

/** What the Link page does in the browser: the sandbox's session calls with the link token. */
async function linkSession(path: string, body: Record<string, unknown>) {
  const response = await fetch(`${cloud().urls.plaid}/link/session/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(json)).toBe(200);
  return json;
}

describe('consent to share card and loan statements', () => {
  it('missing → the person is asked → granted in update mode → due dates appear', async () => {
    const user = await signUpAndSignIn('Connie Consent');
    const bank = await linkSandboxBank(user, { products: ['transactions'] });
    const before = await eventually(
      () => accountsOf(user, bank),
      (accounts) =>
        accounts.length > 0 &&
        accounts.every((a) => a.historical_sync_status === 'completed') &&
        owed(accounts).every((a) => a.details_status === 'consent_required'),
    );
    // Three owed accounts (card, student loan, mortgage) and no due date on any of them.
    expect(owed(before)).toHaveLength(3);
    expect(owed(before).every((a) => a.next_payment === null)).toBe(true);
    // Depository accounts have nothing to consent to.
    expect(
      before.filter((a) => a.account_type === 'depository').every((a) => a.details_status === null),
    ).toBe(true);

    // The person allows it: update mode asking for liabilities, for this bank only.
    const token = await api<{ link_token: string }>('POST', '/functions/plaid-link-token', {
      token: user.idToken,
      body: { updateMode: true, itemId: bank.itemId, consent: 'liabilities' },
    });
    expect(token.status).toBe(200);
    const started = await linkSession('start', { link_token: token.body.link_token });
    expect(started.mode).toBe('update');
    const session = { link_token: token.body.link_token, link_session_id: started.link_session_id };
    await linkSession('credentials', {
      ...session,
      institution_id: 'ins_109508',
      username: 'user_good',
      password: 'pass_good',
    });
    await linkSession('complete', { ...session, account_ids: [] });
    // The item shares them now, at Plaid.
    const item = await sandbox<{ item: { consented_products: string[] } }>('/item/get', {
      access_token: await accessTokenOf(bank.itemId),
    });
    expect(item.item.consented_products).toContain('liabilities');

    // What the app does after update mode: sync the bank. Plaid may still be extracting the statements
    // (PRODUCT_NOT_READY): the account says so, still without a due date, and the next sync asks again.
    const sync = () =>
      api<{ status: string }>('POST', '/functions/plaid-transactions-sync', {
        token: user.idToken,
        body: { accountId: owed(before)[0]?.id },
      });
    await sandbox('/sandbox/fault/inject', {
      endpoint: '/liabilities/get',
      error_code: 'PRODUCT_NOT_READY',
      access_token: await accessTokenOf(bank.itemId),
    });
    expect((await sync()).status).toBe(200);
    const preparing = await accountsOf(user, bank);
    expect(owed(preparing).map((a) => a.details_status)).toEqual(['not_ready', 'not_ready', 'not_ready']);
    expect(owed(preparing).every((a) => a.next_payment === null)).toBe(true);
    expect((await sync()).status).toBe(200);
    const after = await eventually(
      () => accountsOf(user, bank),
      (accounts) => owed(accounts).every((a) => a.details_status === 'ready' && a.next_payment !== null),
    );
    for (const account of owed(after)) expect(account.next_payment?.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('consent is asked for in update mode only, named in the 400', async () => {
    const user = await signUpAndSignIn('Nora Newlink');
    const refused = await api<{ error?: unknown }>('POST', '/functions/plaid-link-token', {
      token: user.idToken,
      body: { consent: 'liabilities' },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('consent');
  });

  it('a bank with no card or loan asks for nothing; its investment accounts share their holdings', async () => {
    const user = await signUpAndSignIn('Tara Tartan');
    const bank = await linkSandboxBank(user, { institution: 'ins_109511' });
    const accounts = await eventually(
      () => accountsOf(user, bank),
      (list) => list.length > 0 && list.every((a) => a.historical_sync_status === 'completed'),
    );
    expect(accounts.some((a) => a.details_status === 'consent_required')).toBe(false);
    expect(owed(accounts)).toHaveLength(0);
    const investments = accounts.filter((a) => a.account_type === 'investment');
    expect(investments).toHaveLength(2);
    expect(investments.every((a) => a.details_status === 'ready')).toBe(true);
    // Each investment account is worth what it holds.
    for (const account of investments) {
      const { status, body } = await api<{
        holdings: Array<{ value: number }>;
        total_value: number;
        activity: Array<{ date: string; type: string; amount: number }>;
      }>('GET', `/accounts/${account.id}/holdings`, {
        token: user.idToken,
        headers: { 'x-profile-id': bank.profileId },
      });
      expect(status).toBe(200);
      expect(body.holdings.length).toBeGreaterThanOrEqual(3);
      expect(body.total_value).toBe(body.holdings.reduce((sum, h) => sum + h.value, 0));
      expect(account.current_balance).toBe(body.total_value);
      // Its investment transactions too, newest first: the buys behind the holdings among them.
      expect(body.activity.length).toBeGreaterThan(0);
      const dates = body.activity.map((t) => t.date);
      expect(dates).toEqual([...dates].sort().reverse());
    }
    // Nobody else reads them.
    const stranger = await signUpAndSignIn('Sid Stranger');
    const refused = await api('GET', `/accounts/${investments[0]?.id}/holdings`, { token: stranger.idToken });
    expect(refused.status).toBe(404);
  });
});
