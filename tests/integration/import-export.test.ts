// Your data in and out (docs/import-export.md), through the local gateway and DynamoDB Local: manual
// accounts in the totals and the forecast, statement import (OFX, QFX, QIF, CSV) with its preview,
// confirmation, the same file twice and undo; each bad input's message; who may import and export; the
// CSV export. Over Plaid's history and the archive round trip: import-over-plaid.test.ts.
import { describe, expect, it } from 'vitest';
import { computeTotals } from '../../domain/money/account-totals.ts';
import { directData, signUpAndSignIn } from './helpers.ts';
import {
  accountTransactions,
  fixture,
  importFile,
  manualAccount,
  previewFile,
  upload,
  type AccountView,
  type Issue,
} from './import-helpers.ts';
import { defaultProfile, forecastSettled, joinAs, linkedUser, profileApi } from './money-helpers.ts';

async function newProfileWithAccount(kind = 'bank', balance = 100_000) {
  const user = await signUpAndSignIn('Importer');
  const profileId = await defaultProfile(user);
  const account = await manualAccount(user, profileId, {
    account_name: 'Credit union checking',
    kind,
    current_balance: balance,
    balance_as_of: '2026-01-31',
  });
  return { user, profileId, account };
}

describe('manual accounts', () => {
  it('appear in /accounts, marked manual, and count in the totals like a linked one', async () => {
    const { user, profileId, account } = await newProfileWithAccount();
    const house = await manualAccount(user, profileId, {
      account_name: 'House',
      kind: 'property',
      current_balance: 45_000_000,
    });
    const loan = await manualAccount(user, profileId, {
      account_name: 'Loan from Mum',
      kind: 'loan',
      current_balance: 500_000,
    });

    const { body } = await profileApi<{ accounts: AccountView[] }>('GET', '/accounts', {
      token: user.idToken,
      profileId,
    });

    expect(body.accounts.map((a) => [a.id, a.account_type, a.is_manual]).sort()).toEqual(
      [
        [account.id, 'depository', true],
        [house.id, 'other', true],
        [loan.id, 'loan', true],
      ].sort(),
    );
    expect(computeTotals(body.accounts).netWorth).toBe(100_000 + 45_000_000 - 500_000);
    expect(body.accounts.find((a) => a.id === account.id)?.balance_as_of).toBe('2026-01-31');
    // The calendar's picker lists them, marked as kept by hand.
    const calendar = await profileApi<{ accounts: Array<{ id: string; is_manual: boolean }> }>(
      'POST',
      '/functions/get-money-plan-calendar',
      { token: user.idToken, profileId, body: { month: new Date().toISOString().slice(0, 7) } },
    );
    expect(calendar.status, JSON.stringify(calendar.body)).toBe(200);
    expect(calendar.body.accounts.map((a) => [a.id, a.is_manual]).sort()).toEqual(
      [
        [account.id, true],
        [house.id, true],
        [loan.id, true],
      ].sort(),
    );
  });

  it('are named by the coach as kept by hand, beside the banks, with whose balance it counts', async () => {
    // A first bank connection starts the trial the coach needs (spec §4).
    const { user, profileId } = await linkedUser();
    await manualAccount(user, profileId, {
      account_name: 'House',
      kind: 'property',
      current_balance: 45_000_000,
    });
    const ask = async (question: string) =>
      (
        await profileApi<{ answer: { text: string; verified: boolean } }>('POST', '/coach/ask', {
          token: user.idToken,
          profileId,
          body: { question },
        })
      ).body.answer;

    const listed = await ask('what accounts do i have');
    const worth = await ask('whats my net worth');

    expect(listed.text).toContain('• House (kept by hand): $450,000.00');
    // The bank's accounts keep their name and mask, unmarked.
    expect(listed.text).toMatch(/\n• [^\n(]+ ••\d{4}: \$[\d,]+\.\d\d\n/);
    expect(worth.text).toContain('or you last entered for one you keep by hand');
    expect([listed.verified, worth.verified]).toEqual([true, true]);
    await forecastSettled(profileId);
  });

  it("start the forecast's cash and net worth like a linked account", async () => {
    const { user, profileId, account } = await newProfileWithAccount('cash', 123_456);
    await manualAccount(user, profileId, { account_name: 'Car', kind: 'vehicle', current_balance: 900_000 });

    const cash = await profileApi<{ rows: Array<{ balance_date: string; closing_balance: number }> }>(
      'GET',
      '/running-balances?view=cash&days=3&includeAllowance=false',
      { token: user.idToken, profileId },
    );
    const worth = await profileApi<{ rows: Array<{ closing_balance: number }> }>(
      'GET',
      '/running-balances?view=net_worth&days=3&includeAllowance=false',
      { token: user.idToken, profileId },
    );
    const one = await profileApi<{ rows: Array<{ closing_balance: number }> }>(
      'GET',
      `/running-balances?accountId=${account.id}&days=3&includeAllowance=false`,
      { token: user.idToken, profileId },
    );

    expect(cash.status, JSON.stringify(cash.body)).toBe(200);
    expect(cash.body.rows[0]?.closing_balance).toBe(123_456);
    expect(worth.body.rows[0]?.closing_balance).toBe(123_456 + 900_000);
    expect(one.body.rows.map((r) => r.closing_balance)).toEqual([123_456, 123_456, 123_456, 123_456]);
    await forecastSettled(profileId);
  });
});

describe('statement import', () => {
  it("imports a credit union's OFX into a manual account; the same file again adds nothing", async () => {
    const { user, profileId, account } = await newProfileWithAccount();

    const first = await importFile(user, profileId, account.id, 'harbor-cu-checking.ofx');
    const again = await importFile(user, profileId, account.id, 'harbor-cu-checking.ofx');
    const held = await accountTransactions(user, profileId, account.id);
    const { body: after } = await profileApi<AccountView>('GET', `/accounts/${account.id}`, {
      token: user.idToken,
      profileId,
    });

    expect(first.preview.body.format).toBe('ofx');
    expect(first.committed.body.counts).toEqual({ new: 7, duplicate: 0, skipped: 0 });
    expect(again.preview.body.already_imported?.import_id).toBe(first.committed.body.import_id);
    expect(
      again.preview.body.rows.every((r) => r.status === 'duplicate' && r.reason === 'Imported before'),
    ).toBe(true);
    expect(again.committed.body.counts.new).toBe(0);
    expect(held).toHaveLength(7);
    expect(held.reduce((sum, t) => sum + t.amount, 0)).toBe(
      5423 - 245000 + 145000 + 1549 - 245000 + 145000 + 1549,
    );
    // The statement's closing balance is newer than the one entered: the manual account takes it.
    expect([after.current_balance, after.balance_as_of]).toEqual([387056, '2026-03-15']);
    await forecastSettled(profileId);
  });

  it("imports another bank's QFX card statement: purchases are money owed, the payment money in", async () => {
    const { user, profileId, account } = await newProfileWithAccount('credit_card', 50_000);

    const { committed } = await importFile(user, profileId, account.id, 'northwind-card.qfx');
    const held = await accountTransactions(user, profileId, account.id);
    const { body: after } = await profileApi<AccountView>('GET', `/accounts/${account.id}`, {
      token: user.idToken,
      profileId,
    });

    expect(committed.body.counts.new).toBe(4);
    expect(held.map((t) => t.amount).sort((a, b) => a - b)).toEqual([-50000, 1299, 3870, 12745]);
    expect(after.current_balance).toBe(120433);
  });

  it('imports a QIF and classifies its rows with the taxonomy, as a synced transaction is', async () => {
    const { user, profileId, account } = await newProfileWithAccount();

    const { committed } = await importFile(user, profileId, account.id, 'quicken-checking.qif');
    const { data: rows } = await directData()
      .transactions.query.byAccountDate({ account_id: account.id })
      .go({ pages: 'all' });
    const category = (name: string) => rows.find((r) => r.name === name)?.personal_finance_category?.detailed;

    expect(committed.body.counts.new).toBe(5);
    expect(category('Safeway Store 1209')).toBe('FOOD_AND_DRINK_GROCERIES');
    expect(category('Acme Corp Payroll')).toBe('INCOME_WAGES');
    expect(rows.every((r) => r.import_id === committed.body.import_id)).toBe(true);
  });

  it('maps comma and semicolon CSVs, month-first and day-first, and remembers the mapping per account', async () => {
    const { user, profileId, account } = await newProfileWithAccount();
    const eu = await manualAccount(user, profileId, {
      account_name: 'Girokonto',
      kind: 'bank',
      current_balance: 0,
    });
    const uk = await manualAccount(user, profileId, {
      account_name: 'Current account',
      kind: 'bank',
      current_balance: 0,
    });

    const us = await importFile(user, profileId, account.id, 'us-bank-comma.csv', undefined, {
      has_header: true,
      date_column: 0,
      date_format: 'MM/DD/YYYY',
      amount_column: 2,
      payee_column: 1,
      memo_column: 3,
      decimal_separator: '.',
      amount_sign: 'negative_is_money_out',
    });
    const remembered = await previewFile(user, profileId, account.id, 'us-bank-comma.csv');
    const european = await importFile(user, profileId, eu.id, 'eu-bank-semicolon-latin1.csv');
    const british = await importFile(user, profileId, uk.id, 'uk-bank-semicolon-dayfirst.csv');

    expect(us.committed.body.counts).toEqual({ new: 8, duplicate: 0, skipped: 0 });
    expect(remembered.preview.body.mapping?.memo_column).toBe(3);
    expect(european.preview.body).toMatchObject({
      encoding: 'windows-1252',
      mapping: { date_format: 'DD.MM.YYYY' },
    });
    expect(european.preview.body.rows.map((r) => [r.date, r.amount, r.payee])).toContainEqual([
      '2026-03-13',
      108500,
      'Stadtwerke München',
    ]);
    expect(british.preview.body.rows.map((r) => r.date)).toEqual([
      '2026-02-03',
      '2026-02-15',
      '2026-02-21',
      '2026-03-01',
    ]);
    // Two real coffees on one day stay two.
    expect(
      (await accountTransactions(user, profileId, account.id)).filter((t) => t.amount === 450),
    ).toHaveLength(2);
  });

  it('undoes one import whole, leaving the others', async () => {
    const { user, profileId, account } = await newProfileWithAccount();
    const ofx = await importFile(user, profileId, account.id, 'harbor-cu-checking.ofx');
    const qif = await importFile(user, profileId, account.id, 'quicken-checking.qif');

    const undone = await profileApi<{ removed: number }>(
      'DELETE',
      `/imports/${ofx.committed.body.import_id}`,
      {
        token: user.idToken,
        profileId,
      },
    );
    const listed = await profileApi<{ imports: Array<{ import_id: string; status: string }> }>(
      'GET',
      '/imports',
      {
        token: user.idToken,
        profileId,
      },
    );
    const twice = await profileApi('DELETE', `/imports/${ofx.committed.body.import_id}`, {
      token: user.idToken,
      profileId,
    });

    expect(undone.body.removed).toBe(7);
    expect(await accountTransactions(user, profileId, account.id)).toHaveLength(
      qif.committed.body.counts.new,
    );
    expect(listed.body.imports.map((i) => [i.import_id, i.status])).toEqual([
      [qif.committed.body.import_id, 'imported'],
      [ofx.committed.body.import_id, 'undone'],
    ]);
    expect(twice.status).toBe(404);
    await forecastSettled(profileId);
  });
});

describe('bad input', () => {
  const issuesOf = (body: unknown) => (body as { issues: Issue[] }).issues;

  it('refuses a file over the size cap with 413, before it is uploaded', async () => {
    const { user, profileId } = await newProfileWithAccount();
    const granted = await profileApi<{ message: string }>('POST', '/imports/uploads', {
      token: user.idToken,
      profileId,
      body: { file_name: 'ten-years.csv', size: 6 * 1024 * 1024 },
    });
    expect(granted.status).toBe(413);
    expect(granted.body.message).toBe('The file is too large: at most 5 MB can be imported at once');
  });

  const pdf = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
  it.each([
    ['statement.pdf', 'file_name', /^Unknown file format/, pdf],
    ['statement.csv', 'file', /^Unknown file format/, pdf],
    [
      'no-date-column.csv',
      'date_column',
      /^No column of this CSV holds dates/,
      fixture('no-date-column.csv'),
    ],
    [
      'bad-dates.csv',
      'line 4, Date',
      /^"2026-02-30" is not a date in the format YYYY-MM-DD$/,
      fixture('bad-dates.csv'),
    ],
  ])('%s answers 400 naming "%s", and nothing is written', async (name, field, message, bytes) => {
    const { user, profileId, account } = await newProfileWithAccount();
    const answer = name.endsWith('.pdf')
      ? await profileApi('POST', '/imports/uploads', {
          token: user.idToken,
          profileId,
          body: { file_name: name, size: bytes.length },
        })
      : (await previewFile(user, profileId, account.id, name, bytes)).preview;

    expect(answer.status).toBe(400);
    expect(issuesOf(answer.body)).toEqual([{ field, message: expect.stringMatching(message) }]);
    expect(await accountTransactions(user, profileId, account.id)).toHaveLength(0);
  });

  it('a confirmation of a file with a bad amount writes nothing, naming the line and column', async () => {
    const { user, profileId, account } = await newProfileWithAccount();
    const key = await upload(user, profileId, 'bad-amount.csv', fixture('bad-amount.csv'));
    const answer = await profileApi('POST', '/imports', {
      token: user.idToken,
      profileId,
      body: {
        account_id: account.id,
        upload_key: key,
        file_name: 'bad-amount.csv',
        mapping: {
          has_header: true,
          date_column: 0,
          date_format: 'MM/DD/YYYY',
          amount_column: 2,
          payee_column: 1,
          decimal_separator: '.',
          amount_sign: 'negative_is_money_out',
        },
      },
    });
    const { data: imports } = await directData()
      .statementImports.query.byProfile({ profile_id: profileId })
      .go();

    expect(answer.status).toBe(400);
    expect(issuesOf(answer.body)).toEqual([
      { field: 'line 3, Amount', message: '"twelve" is not an amount' },
    ]);
    expect(await accountTransactions(user, profileId, account.id)).toHaveLength(0);
    expect(imports).toHaveLength(0);
  });
});

describe('who may import and export', () => {
  it('viewers export but cannot import (403); editors import', async () => {
    const { user: owner, profileId, account } = await newProfileWithAccount();
    await importFile(owner, profileId, account.id, 'harbor-cu-checking.ofx');
    const viewer = await joinAs(owner, profileId, 'viewer');
    const editor = await joinAs(owner, profileId, 'editor');
    const ownerKey = await upload(owner, profileId, 'quicken-checking.qif', fixture('quicken-checking.qif'));

    const grant = await profileApi('POST', '/imports/uploads', {
      token: viewer.idToken,
      profileId,
      body: { file_name: 'x.csv', size: 10 },
    });
    const confirm = await profileApi('POST', '/imports', {
      token: viewer.idToken,
      profileId,
      body: { account_id: account.id, upload_key: ownerKey, file_name: 'x.qif' },
    });
    const exported = await profileApi<{ content: string; rows: number }>('GET', '/exports/transactions', {
      token: viewer.idToken,
      profileId,
    });
    const archive = await profileApi('GET', '/exports/archive', { token: viewer.idToken, profileId });
    const byEditor = await importFile(editor, profileId, account.id, 'quicken-checking.qif');
    const stranger = await signUpAndSignIn('Stranger');
    const strangerExport = await profileApi('GET', '/exports/transactions', {
      token: stranger.idToken,
      profileId,
    });

    expect([grant.status, confirm.status]).toEqual([403, 403]);
    expect([exported.status, exported.body.rows, archive.status]).toEqual([200, 7, 200]);
    expect(byEditor.committed.body.counts.new).toBe(5);
    expect(strangerExport.status).toBe(404);
  });
});

describe('export', () => {
  it("exports one account's transactions between two dates as CSV that imports back as nothing new", async () => {
    const { user, profileId, account } = await newProfileWithAccount();
    await importFile(user, profileId, account.id, 'harbor-cu-checking.ofx');

    const exported = await profileApi<{ file_name: string; content: string; rows: number }>(
      'GET',
      `/exports/transactions?account_id=${account.id}&from=2026-02-01&to=2026-02-28`,
      { token: user.idToken, profileId },
    );
    const lines = exported.body.content.trim().split(/\r?\n/);
    const back = await importFile(
      user,
      profileId,
      account.id,
      exported.body.file_name,
      Buffer.from(exported.body.content),
    );

    expect(exported.status).toBe(200);
    expect(lines[0]).toBe(
      'Date,Account,Description,Merchant,Amount,Category,Category group,Direction,Pending,Transaction ID',
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 1)[0])).toEqual([
      '2026-02-03',
      '2026-02-05',
      '2026-02-10',
      '2026-02-15',
    ]);
    expect(lines.find((l) => l.startsWith('2026-02-05'))).toContain(',2450.00,');
    expect(back.committed.body.counts).toEqual({ new: 0, duplicate: 4, skipped: 0 });
  });
});
