// `npm run money -- <command>` (bin/money.ts, docs/money-cli.md) run as a program, once per command:
// JSON in from a file or stdin, JSON out; bad input exits 2 with the reason on stderr.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { series, seededRandom } from '../../domain/money/fixtures.ts';
import { createPlaidSandbox } from '../../local/plaid-sandbox/sandbox.ts';
import { apply, linkItem, plaidClient, syncAll } from '../../local/plaid-sandbox/test-support.ts';

const dir = mkdtempSync(join(tmpdir(), 'money-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function money(args: string[], stdin?: string) {
  const result = spawnSync('node_modules/.bin/tsx', ['bin/money.ts', ...args], {
    input: stdin,
    encoding: 'utf8',
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
  });
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    json: () => JSON.parse(result.stdout) as Record<string, unknown>,
  };
}

/** Plaid-shaped transactions (dollars, Plaid's sign) of a payroll and a rent stream. */
function plaidHistory() {
  const random = seededRandom(7);
  const pay = series(
    {
      name: 'ACME CORP PAYROLL',
      schedule: { cadence: 'biweekly', anchor: '2025-01-03', shift: 'before' },
      from: '2025-01-01',
      to: '2026-11-20',
      amount: -250_000,
      category: { primary: 'INCOME', detailed: 'INCOME_WAGES' },
    },
    random,
  );
  const rent = series(
    {
      name: 'OAKWOOD APARTMENTS RENT',
      schedule: { cadence: 'monthly', anchor_month: '2025-01', day: 1, shift: 'after' },
      from: '2025-01-01',
      to: '2026-11-20',
      amount: 180_000,
      category: { primary: 'RENT_AND_UTILITIES', detailed: 'RENT_AND_UTILITIES_RENT' },
    },
    random,
  );
  return [...pay, ...rent].map((t) => ({
    transaction_id: t.id,
    account_id: t.account_id,
    date: t.date,
    amount: t.amount / 100,
    name: t.name,
    merchant_name: null,
    pending: false,
    personal_finance_category: t.personal_finance_category,
  }));
}

describe('npm run money', () => {
  it('recurring: Plaid-shaped transactions from a file → streams', () => {
    const file = join(dir, 'history.json');
    writeFileSync(file, JSON.stringify({ added: plaidHistory() }));
    const run = money(['recurring', file, '--today', '2026-11-22']);
    expect(run.status, run.stderr).toBe(0);
    const out = run.json() as {
      today: string;
      streams: Array<{ kind: string; cadence: string; amount: { expected: number }; next_date: string }>;
    };
    expect(out.today).toBe('2026-11-22');
    expect(out.streams.map((s) => [s.kind, s.cadence, s.amount.expected])).toEqual(
      expect.arrayContaining([
        ['income', 'biweekly', 250_000],
        ['bill', 'monthly', 180_000],
      ]),
    );
    expect(out.streams.find((s) => s.kind === 'bill')?.next_date).toBe('2026-12-01');
  });

  it('classify: transactions on stdin → direction, normalized amount, category', () => {
    const input = {
      accounts: [{ account_id: 'card', type: 'credit' }],
      transactions: [
        { transaction_id: 'a', account_id: 'chk', date: '2026-11-02', amount: 15.49, name: 'NETFLIX.COM' },
        {
          transaction_id: 'b',
          account_id: 'card',
          date: '2026-11-03',
          amount: -400,
          name: 'PAYMENT - THANK YOU',
          personal_finance_category: {
            primary: 'LOAN_PAYMENTS',
            detailed: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
          },
        },
      ],
    };
    const run = money(['classify', '--account-type', 'depository'], JSON.stringify(input));
    expect(run.status, run.stderr).toBe(0);
    const out = run.json() as { transactions: Array<Record<string, unknown>> };
    expect(out.transactions[0]).toMatchObject({
      account_type: 'depository',
      amount_cents: 1549,
      direction: 'expense',
      normalized_amount: -1549,
      display_amount: '$15.49',
    });
    expect(out.transactions[1]).toMatchObject({
      account_type: 'credit',
      direction: 'income',
      normalized_amount: 40_000,
    });
  });

  it('forecast: balance, planned items, start date, days → daily rows; bad input exits 2', () => {
    const input = {
      balance: 100_000,
      start_date: '2026-11-22',
      days: 10,
      planned: [
        { due_date: '2026-11-25', amount: -30_000, description: 'Rent' },
        { due_date: '2026-11-28', amount: 50_000, description: 'Pay', is_reconciled: true },
      ],
      include_allowance: false,
    };
    const run = money(['forecast'], JSON.stringify(input));
    expect(run.status, run.stderr).toBe(0);
    const out = run.json() as {
      rows: Array<{ balance_date: string; closing_balance: number; is_forecast: boolean }>;
      lowest: unknown;
    };
    expect(out.rows).toHaveLength(11);
    expect(out.rows[0]).toMatchObject({
      balance_date: '2026-11-22',
      closing_balance: 100_000,
      is_forecast: false,
    });
    expect(out.rows[10]).toMatchObject({ balance_date: '2026-12-02', closing_balance: 70_000 });
    expect(out.lowest).toEqual({ balance_date: '2026-11-25', closing_balance: 70_000 });

    const bad = money(['forecast'], JSON.stringify({ ...input, balance: 10.5 }));
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/balance must be integer cents/);
  });

  it('--help and -h print the usage and exit 0; an unknown option or command prints it and exits 2', () => {
    for (const flag of ['--help', '-h']) {
      const run = money([flag]);
      expect(run.status, flag).toBe(0);
      expect(run.stdout).toContain('usage: npm run money -- <command>');
      expect(run.stderr).not.toMatch(/at .*\.ts:\d+/);
    }
    for (const args of [['--bogus'], ['nope']]) {
      const run = money(args, '[]');
      expect(run.status, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('usage: npm run money -- <command>');
      expect(run.stderr).not.toMatch(/at .*\.ts:\d+/);
    }
  });
});

describe('npm run money on a Plaid export (First Platypus Bank, 24 months through the official client)', () => {
  const today = '2026-06-15';
  const keys = { clientId: 'cli-client', secret: 'cli-secret' };
  let exportFile = '';
  let checking: { account_id: string; balance: number } = { account_id: '', balance: 0 };
  let transactions: Array<{ account_id: string; transaction_id: string }> = [];

  beforeAll(async () => {
    const sandbox = await createPlaidSandbox({
      port: 0,
      ...keys,
      seed: 'money-cli',
      now: () => new Date(`${today}T12:00:00Z`),
    });
    try {
      const client = plaidClient(sandbox.url, keys);
      const { access_token } = await linkItem(client, { institution_id: 'ins_109508', days_requested: 730 });
      const drained = await syncAll(client, access_token);
      // The export a person could save: /transactions/sync's pages drained (every added transaction,
      // then modified and removed applied) beside /accounts/get's accounts.
      const all: unknown[] = [...apply(new Map(), drained).values()];
      const { data } = await client.accountsGet({ access_token });
      const accounts = data.accounts as Array<{
        account_id: string;
        type: string;
        subtype?: string | null;
        balances: { current: number | null };
      }>;
      transactions = all as typeof transactions;
      const found = accounts.find((a) => a.type === 'depository' && a.subtype === 'checking');
      checking = {
        account_id: found?.account_id ?? '',
        balance: Math.round((found?.balances.current ?? 0) * 100),
      };
      exportFile = join(dir, 'platypus-export.json');
      writeFileSync(exportFile, JSON.stringify({ accounts, added: all }));
    } finally {
      await sandbox.close();
    }
  }, 120_000);

  it('plan: transactions → streams → planned items, every date after --today', () => {
    const run = money(['plan', exportFile, '--today', today, '--compact']);
    expect(run.status, run.stderr).toBe(0);
    const out = run.json() as {
      streams: Array<{ kind: string; next_date: string; account_id: string }>;
      items: Array<{ due_date: string; amount: number; series_id: string }>;
    };
    expect(out.streams.length).toBeGreaterThan(5);
    expect(out.streams.some((s) => s.kind === 'income')).toBe(true);
    for (const stream of out.streams) expect(stream.next_date > today, stream.next_date).toBe(true);
    expect(out.items.length).toBeGreaterThan(100);
    for (const item of out.items) expect(item.due_date >= today).toBe(true);
    // The loans' side of their payments is not income, as on the server.
    const incomeAccounts = new Set(out.streams.filter((s) => s.kind === 'income').map((s) => s.account_id));
    expect(incomeAccounts.has(checking.account_id)).toBe(true);
  });

  it('forecast: a balance and the account transactions, planned from them as the server does', () => {
    const input = {
      balance: checking.balance,
      account_type: 'depository',
      start_date: today,
      days: 90,
      transactions: transactions.filter((t) => t.account_id === checking.account_id),
    };
    const run = money(['forecast', '--compact'], JSON.stringify(input));
    expect(run.status, run.stderr).toBe(0);
    const out = run.json() as {
      rows: Array<{ balance_date: string; closing_balance: number }>;
      planned_from_transactions: { streams: unknown[]; items: number };
      allowance: { transactions_used: number } | null;
    };
    expect(out.rows).toHaveLength(91);
    expect(out.rows[0]?.closing_balance).toBe(checking.balance);
    expect(out.planned_from_transactions.items).toBeGreaterThan(5);
    // The planned streams' own transactions are not everyday spending.
    expect(out.allowance?.transactions_used ?? 0).toBeLessThan(input.transactions.length);
  });
});
