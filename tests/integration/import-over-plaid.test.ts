// Statement import over Plaid's own history of the account, and the whole-profile archive restored into
// an empty profile with identical totals (docs/import-export.md), through the local gateway, DynamoDB
// Local and the Plaid sandbox.
import { describe, expect, it } from 'vitest';
import { computeTotals } from '../../domain/money/account-totals.ts';
import {
  accountTransactions,
  importFile,
  manualAccount,
  upload,
  type AccountView,
  type Issue,
} from './import-helpers.ts';
import { drainQueues, forecastSettled, linkedUser, profileApi } from './money-helpers.ts';

describe('over Plaid and across profiles', () => {
  it("importing a bank's CSV of the same account over Plaid's history adds nothing", async () => {
    const { user, profileId, accounts } = await linkedUser();
    const checking = accounts.find((a) => a.account_type === 'depository') ?? accounts[0];
    if (!checking) throw new Error('no account');
    const plaid = (await accountTransactions(user, profileId, checking.id)).filter((t) => t.date <= '2099');
    // The bank's own export: its dates a day later now and then, its payees in capitals with a store number.
    const csv = [
      'Date,Description,Amount',
      ...plaid.map((t, i) => {
        const date =
          i % 3 === 0
            ? new Date(Date.parse(`${t.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
            : t.date;
        const [y, m, d] = date.split('-');
        return `${m}/${d}/${y},"${t.name.toUpperCase()} #${1000 + i}",${(-t.amount / 100).toFixed(2)}`;
      }),
    ].join('\n');

    const { preview, committed } = await importFile(
      user,
      profileId,
      checking.id,
      'bank-export.csv',
      Buffer.from(csv),
    );

    expect(plaid.length).toBeGreaterThan(5);
    expect(preview.body.rows.filter((r) => r.status === 'new')).toEqual([]);
    expect(committed.body.counts.new).toBe(0);
    expect(await accountTransactions(user, profileId, checking.id)).toHaveLength(plaid.length);
    await forecastSettled(profileId);
  });

  it('the archive round-trips into an empty profile with identical totals; a profile with data refuses it', async () => {
    const { user, profileId } = await linkedUser();
    const cash = await manualAccount(user, profileId, {
      account_name: 'Wallet',
      kind: 'cash',
      current_balance: 8_000,
    });
    await importFile(user, profileId, cash.id, 'quicken-checking.qif');
    await drainQueues();
    const archive = await profileApi<{ content: string; file_name: string }>('GET', '/exports/archive', {
      token: user.idToken,
      profileId,
    });
    const created = await profileApi<{ id: string }>('POST', '/financial-profiles', {
      token: user.idToken,
      profileId,
      body: { name: 'Restored' },
    });
    const target = created.body.id;
    // A hand-edited archive whose plan a record of cannot be stored is refused whole, naming the record.
    const parsedArchive = JSON.parse(archive.body.content) as {
      plan: { series: Array<Record<string, unknown>> };
    };
    expect(parsedArchive.plan.series.length).toBeGreaterThan(0);
    const broken = {
      ...parsedArchive,
      plan: { ...parsedArchive.plan, series: [{ ...parsedArchive.plan.series[0], amount: 'lots' }] },
    };
    const refused = await profileApi<{ issues: Issue[] }>('POST', '/imports/archive', {
      token: user.idToken,
      profileId: target,
      body: {
        upload_key: await upload(user, target, 'broken.json', Buffer.from(JSON.stringify(broken))),
        file_name: 'broken.json',
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.issues.map((i) => i.field)).toEqual(['plan.series.0']);
    const key = await upload(user, target, archive.body.file_name, Buffer.from(archive.body.content));

    const restored = await profileApi<{ accounts: number; transactions: number }>(
      'POST',
      '/imports/archive',
      {
        token: user.idToken,
        profileId: target,
        body: { upload_key: key, file_name: archive.body.file_name },
      },
    );
    const again = await profileApi('POST', '/imports/archive', {
      token: user.idToken,
      profileId: target,
      body: {
        upload_key: await upload(user, target, 'again.json', Buffer.from(archive.body.content)),
        file_name: 'again.json',
      },
    });
    const summary = async (id: string) => {
      const { body } = await profileApi<{ accounts: AccountView[] }>('GET', '/accounts', {
        token: user.idToken,
        profileId: id,
      });
      const { body: tx } = await profileApi<{ content: string; rows: number }>('GET', '/exports/archive', {
        token: user.idToken,
        profileId: id,
      });
      const parsed = JSON.parse(tx.content) as {
        transactions: Array<{ amount: number }>;
        plan: { items: Array<{ amount: number }>; series: unknown[] };
      };
      return {
        totals: computeTotals(body.accounts),
        accounts: body.accounts.length,
        transactions: parsed.transactions.length,
        transactionSum: parsed.transactions.reduce((s, t) => s + t.amount, 0),
        planItems: parsed.plan.items.length,
        planSum: parsed.plan.items.reduce((s, t) => s + t.amount, 0),
        series: parsed.plan.series.length,
      };
    };
    const before = await summary(profileId);
    const after = await summary(target);

    expect(restored.status, JSON.stringify(restored.body)).toBe(201);
    expect(after).toEqual(before);
    expect(before.transactions).toBeGreaterThan(50);
    expect(again.status).toBe(409);
    await forecastSettled(profileId);
    await forecastSettled(target);
  });
});
