// Raw Plaid copies are kept only while the spec §5 balance check needs them: a sync writes a copy with
// its expiry (`ttl`, its date + the retention) and none already expired; the check folds posted copies
// older than a month into the account's opening, so its answer stays the same when they expire; reads
// skip copies past their expiry (DynamoDB Local never deletes them); a change to a transaction the
// opening already counts, or a gap longer than the retention, starts the check afresh.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { foldThrough, RAW_COPY_RULES, rawCopyExpiresAt } from '../../domain/balance-validation.ts';
import { balanceCheckFields, dropOpeningsTouched } from '../../functions/lib/plaid/balance-check.ts';
import { api, directData, signUpAndSignIn } from './helpers.ts';
import { eventually, linkSandboxBank, storedTransactions } from './plaid-helpers.ts';

const data = directData();

interface Copy {
  date: string;
  amount: number;
  pending?: boolean;
  ttl?: number;
}

/** A checking account with an opening folded through `through`, and its raw copies. */
async function checkingWith(opening: { cents: number; through: string } | null, copies: Copy[]) {
  const id = randomUUID();
  const userId = randomUUID();
  await data.connectedAccounts
    .create({
      id,
      user_id: userId,
      profile_id: randomUUID(),
      item_id: randomUUID(),
      account_name: 'Checking',
      account_type: 'depository',
      plaid_account_id: randomUUID(),
      ...(opening
        ? { balance_check_opening: opening.cents, balance_check_opening_through: opening.through }
        : {}),
    })
    .go();
  const rows = copies.map((copy) => ({
    plaid_transaction_id: randomUUID(),
    user_id: userId,
    account_id: id,
    name: 'Copy',
    date: copy.date,
    amount: copy.amount,
    pending: copy.pending ?? false,
    ttl: copy.ttl ?? rawCopyExpiresAt(copy.date),
  }));
  await data.plaidTransactionsRaw.put(rows).go();
  return { id, rows };
}

const accountOf = async (id: string) => (await data.connectedAccounts.get({ id }).go()).data!;

async function check(id: string, currentCents: number, checkedAt: string, changed = true) {
  const fields = await balanceCheckFields(data, await accountOf(id), {
    currentCents,
    replayedPosted: undefined,
    changed,
    historicalComplete: true,
    checkedAt,
  });
  await data.connectedAccounts.patch({ id }).set(fields).go();
  return fields;
}

describe('raw Plaid copies expire once the balance check has folded them in', () => {
  it('a first sync writes copies only within the retention, each with its expiry, and reads skip an expired one', async () => {
    const user = await signUpAndSignIn('Rita Retention');
    const bank = await linkSandboxBank(user);
    await eventually(
      () => Promise.all(bank.accountIds.map(accountOf)),
      (accounts) => accounts.every((a) => a.historical_sync_status === 'completed'),
    );
    const now = new Date();
    const oldestKept = new Date(now.getTime() - (RAW_COPY_RULES.retentionDays - 1) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const checking = (await Promise.all(bank.accountIds.map(accountOf))).find(
      (a) => a.account_name === 'Plaid Checking',
    )!;
    const transactions = await storedTransactions([checking.id]);
    const { data: copies } = await data.plaidTransactionsRaw.query
      .byAccountDate({ account_id: checking.id })
      .go({ pages: 'all' });

    expect(transactions.some((t) => t.date < oldestKept)).toBe(true);
    expect(copies.length).toBeGreaterThan(0);
    expect(copies.length).toBeLessThan(transactions.length / 3);
    expect(copies.every((c) => c.date >= oldestKept && c.ttl === rawCopyExpiresAt(c.date))).toBe(true);
    expect(copies.every((c) => typeof c.pending === 'boolean')).toBe(true);
    expect(checking.balance_check).toMatchObject({ valid: true, difference: 0 });
    expect(checking.balance_check_opening_through).toBe(foldThrough(now.toISOString().slice(0, 10)));

    // DynamoDB deletes an expired item some time after its expiry (DynamoDB Local never): until then
    // neither the raw list nor the check may read it.
    const lingering = {
      plaid_transaction_id: randomUUID(),
      user_id: checking.user_id,
      account_id: checking.id,
      name: 'Expired copy',
      date: copies[copies.length - 1]!.date,
      amount: 999_999,
      pending: false,
      ttl: Math.floor(now.getTime() / 1000) - 60,
    };
    await data.plaidTransactionsRaw.put(lingering).go();
    const listed = await api<{ transactions: Array<{ plaid_transaction_id: string; ttl?: number }> }>(
      'GET',
      `/transactions/raw?accountId=${checking.id}&limit=500`,
      { token: user.idToken, headers: { 'x-profile-id': bank.profileId } },
    );
    const recheck = await balanceCheckFields(data, checking, {
      currentCents: checking.current_balance!,
      replayedPosted: undefined,
      changed: true,
      historicalComplete: true,
      checkedAt: now.toISOString(),
    });

    expect(listed.status).toBe(200);
    expect(listed.body.transactions.map((t) => t.plaid_transaction_id).sort()).toEqual(
      copies.map((c) => c.plaid_transaction_id).sort(),
    );
    expect(listed.body.transactions.every((t) => t.ttl === undefined)).toBe(true);
    expect(recheck.balance_check).toMatchObject({ valid: true, difference: 0 });
  });

  it('gives the same answer before and after folding, and after the folded copies expire', async () => {
    // Opening $1,000.00 through 30 days before the first check; $25.50 the transactions do not explain.
    const { id, rows } = await checkingWith({ cents: 100_000, through: '2026-01-30' }, [
      { date: '2026-02-05', amount: 2_000 },
      { date: '2026-02-20', amount: -50_000 },
      { date: '2026-02-27', amount: 1_500 },
      { date: '2026-02-28', amount: 999, pending: true },
    ]);
    const current = 100_000 - (2_000 - 50_000 + 1_500) + 2_550;

    const before = await check(id, current, '2026-03-01T12:00:00.000Z');
    const folded = await check(id, current, '2026-03-25T12:00:00.000Z');
    const foldedQuietly = await check(id, current, '2026-04-10T12:00:00.000Z', false);
    await data.plaidTransactionsRaw
      .delete(rows.map((r) => ({ plaid_transaction_id: r.plaid_transaction_id })))
      .go();
    const afterExpiry = await check(id, current, '2026-04-11T12:00:00.000Z');

    expect(before).toMatchObject({
      balance_check_opening: 100_000,
      balance_check_opening_through: '2026-01-30',
      balance_check: { valid: false, difference: 2_550, transactions_total: current - 2_550 },
    });
    expect(folded).toMatchObject({
      balance_check_opening: 148_000,
      balance_check_opening_through: '2026-02-23',
      balance_check: before.balance_check && {
        ...before.balance_check,
        checked_at: '2026-03-25T12:00:00.000Z',
      },
    });
    // Nothing changed, but a week and more has passed the horizon: folded without a new result.
    expect(foldedQuietly).toMatchObject({
      balance_check_opening: 146_500,
      balance_check_opening_through: '2026-03-11',
      balance_check: { ...folded.balance_check, checked_at: '2026-04-10T12:00:00.000Z' },
    });
    expect(afterExpiry.balance_check).toMatchObject({ valid: false, difference: 2_550 });
  });

  it('starts afresh after a gap longer than the retention', async () => {
    const { id } = await checkingWith({ cents: 1, through: '2025-09-01' }, [
      { date: '2026-02-20', amount: -50_000 },
      { date: '2026-02-27', amount: 1_500 },
    ]);

    const fields = await check(id, 70_000, '2026-03-10T12:00:00.000Z');

    expect(fields).toMatchObject({
      balance_check_opening: 70_000 - 50_000 + 1_500,
      balance_check_opening_through: '2026-02-08',
      balance_check: { valid: true, difference: 0 },
    });
  });

  it('a sync that changes what the opening counts drops it; one that leaves the counted amount does not', async () => {
    const { id, rows } = await checkingWith({ cents: 100_000, through: '2026-02-23' }, [
      { date: '2026-02-05', amount: 2_000 },
      { date: '2026-02-27', amount: 1_500 },
    ]);
    const account = await accountOf(id);
    const [folded, kept] = rows as [(typeof rows)[number], (typeof rows)[number]];
    const now = new Date('2026-03-25T12:00:00.000Z');
    const drops = (changes: Partial<Parameters<typeof dropOpeningsTouched>[2]>) =>
      dropOpeningsTouched(data, [account], { added: [], modified: [], removed: [], ...changes }, now);

    // A correction that leaves the amount, date and posted state (a merchant recognised).
    expect(await drops({ modified: [{ ...folded }] })).toEqual(new Set());
    expect(await drops({ modified: [{ ...kept, amount: 1_600 }] })).toEqual(new Set());
    expect(await drops({ added: [{ ...kept, plaid_transaction_id: randomUUID() }] })).toEqual(new Set());
    expect(await accountOf(id)).toMatchObject({ balance_check_opening: 100_000 });

    expect(await drops({ modified: [{ ...folded, amount: 2_100 }] })).toEqual(new Set([id]));
    expect((await accountOf(id)).balance_check_opening).toBeUndefined();
    await data.connectedAccounts.patch({ id }).set({ balance_check_opening: 100_000 }).go();
    expect(await drops({ added: [{ ...folded, plaid_transaction_id: randomUUID() }] })).toEqual(
      new Set([id]),
    );
    await data.connectedAccounts
      .patch({ id })
      .set({ balance_check_opening: 100_000, balance_check_opening_through: '2026-02-23' })
      .go();
    expect(await drops({ removed: [{ id: folded.plaid_transaction_id, accountId: id }] })).toEqual(
      new Set([id]),
    );
  });
});
