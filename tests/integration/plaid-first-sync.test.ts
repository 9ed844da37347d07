// Plaid's first sync in two steps, through the gateway against DynamoDB Local and the Plaid sandbox:
// the bank's recent transactions come first (Plaid's initial update) and the job says the history is
// still coming; only after the historical update (its SYNC_UPDATES_AVAILABLE webhook) is the whole
// history stored, the accounts complete and the job done. The sandbox login user_history_held holds the
// second step until the test lets it go, so each step is observed, not raced.
import { describe, expect, it } from 'vitest';
import type { PublicJob } from '../../domain/jobs.ts';
import { api, signUpAndSignIn, type TestUser } from './helpers.ts';
import {
  accessTokenOf,
  eventually,
  linkSandboxBank,
  sandbox,
  sandboxTransactionIds,
  storedTransactions,
  type LinkedBank,
} from './plaid-helpers.ts';

interface Account {
  id: string;
  historical_sync_status: string;
}

async function jobOf(user: TestUser, bank: LinkedBank) {
  const { body } = await api<PublicJob>('GET', `/jobs/${bank.jobId}`, {
    token: user.idToken,
    headers: { 'x-profile-id': bank.profileId },
  });
  return body;
}

async function accountsOf(user: TestUser, bank: LinkedBank) {
  const { body } = await api<{ accounts: Account[] }>('GET', '/accounts', {
    token: user.idToken,
    headers: { 'x-profile-id': bank.profileId },
  });
  return body.accounts;
}

const daysAgo = (iso: string) => (Date.now() - Date.parse(`${iso}T00:00:00Z`)) / 86_400_000;

describe('the first sync', () => {
  it('recent transactions first, "still bringing in your history", then the whole history', async () => {
    const user = await signUpAndSignIn('Hana History');
    const bank = await linkSandboxBank(user, { institution: 'ins_109509', username: 'user_history_held' });

    // Step one: the recent transactions are in and the job says the rest is coming.
    const waiting = await eventually(
      () => jobOf(user, bank),
      (job) => job.step === 'history',
    );
    expect(waiting.status).toBe('running');
    expect(waiting.message).toBe('Your recent transactions are in. Still bringing in your history');
    const recent = await storedTransactions(bank.accountIds);
    expect(recent.length).toBeGreaterThan(0);
    expect(Math.max(...recent.map((t) => daysAgo(t.date)))).toBeLessThan(32);
    // No account claims a complete history.
    const partial = await accountsOf(user, bank);
    expect(partial.every((a) => a.historical_sync_status !== 'completed')).toBe(true);

    // Step two: Plaid's historical update and its webhook.
    const token = await accessTokenOf(bank.itemId);
    await sandbox('/sandbox/transactions/complete_history', { access_token: token });
    const done = await eventually(
      () => jobOf(user, bank),
      (job) => job.status === 'succeeded',
    );
    expect(done.result).toMatchObject({ history_complete: true });
    const accounts = await accountsOf(user, bank);
    expect(accounts.every((a) => a.historical_sync_status === 'completed')).toBe(true);
    const all = await storedTransactions(bank.accountIds);
    expect(Math.max(...all.map((t) => daysAgo(t.date)))).toBeGreaterThan(600);
    // Exactly what Plaid holds: nothing lost or doubled between the two steps.
    expect(new Set(all.map((t) => t.id))).toEqual(await sandboxTransactionIds(token));
  });
});
