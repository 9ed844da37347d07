// Exports as CSV (docs/import-export.md): a profile's transactions (one account's, between two dates,
// when asked) and its Money Plan. Amounts are written as banks write them — money in positive, money
// out negative, a dot for decimals — so an exported file imports back with the default mapping.
import Papa from 'papaparse';
import { classifyTransaction, type AccountType } from '../../../domain/classification.ts';
import type { Data } from '../data/index.ts';
import { activeAccounts, planItemsBetween, transactionsBetween } from '../money/store.ts';

/** Cents, Plaid's sign (positive = money out), as a bank writes it: "-54.23", "2450.00". */
export function bankAmount(plaidCents: number): string {
  const cents = -plaidCents;
  const sign = cents < 0 ? '-' : '';
  const size = Math.abs(cents);
  return `${sign}${Math.floor(size / 100)}.${String(size % 100).padStart(2, '0')}`;
}

export interface ExportFile {
  file_name: string;
  content_type: string;
  content: string;
  rows: number;
}

export async function transactionsCsv(
  data: Data,
  profileId: string,
  range: { from: string; to: string; accountId?: string | undefined },
): Promise<ExportFile> {
  const accounts = await activeAccounts(data, profileId);
  const byId = new Map(accounts.map((a) => [a.id, a]));
  const rows = (await transactionsBetween(data, profileId, range.from, range.to, range.accountId)).filter(
    (t) => byId.has(t.account_id),
  );
  const content = Papa.unparse({
    fields: [
      'Date',
      'Account',
      'Description',
      'Merchant',
      'Amount',
      'Category',
      'Category group',
      'Direction',
      'Pending',
      'Transaction ID',
    ],
    data: rows.map((t) => {
      const account = byId.get(t.account_id);
      const c = classifyTransaction(t, (account?.account_type ?? null) as AccountType | null);
      return [
        t.date,
        account?.account_name ?? '',
        t.name,
        t.merchant_name ?? '',
        bankAmount(t.amount),
        c.category.name,
        c.category.group,
        c.direction,
        t.pending ? 'yes' : 'no',
        t.id,
      ];
    }),
  });
  const scope = range.accountId
    ? `${(byId.get(range.accountId)?.account_name ?? 'account').replace(/[^\w-]+/g, '-')}-`
    : '';
  return {
    file_name: `transactions-${scope}${range.from}-to-${range.to}.csv`.replace(/0000-00-00-to-/, ''),
    content_type: 'text/csv',
    content,
    rows: rows.length,
  };
}

export async function moneyPlanCsv(
  data: Data,
  profileId: string,
  from: string,
  to: string,
): Promise<ExportFile> {
  const [accounts, items] = await Promise.all([
    activeAccounts(data, profileId),
    planItemsBetween(data, profileId, from, to),
  ]);
  const names = new Map(accounts.map((a) => [a.id, a.account_name]));
  const shown = items.filter((i) => !i.is_user_deleted);
  const content = Papa.unparse({
    fields: [
      'Due date',
      'Description',
      'Amount',
      'Account',
      'Category',
      'Recurring',
      'Reconciled',
      'Edited',
      'Plan item ID',
    ],
    data: shown.map((i) => [
      i.due_date,
      i.description,
      // A planned item's amount is already a cash flow (negative = money out).
      bankAmount(-i.amount),
      i.account_id ? (names.get(i.account_id) ?? '') : '',
      i.personal_finance_category?.detailed ?? i.category_detailed ?? i.category_primary ?? '',
      i.series_id ? 'yes' : 'no',
      i.is_reconciled ? 'yes' : 'no',
      i.is_user_edited ? 'yes' : 'no',
      i.id,
    ]),
  });
  return {
    file_name: `money-plan-${from}-to-${to}.csv`,
    content_type: 'text/csv',
    content,
    rows: shown.length,
  };
}
