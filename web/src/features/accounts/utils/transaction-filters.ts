// The account detail's transaction filters: a text search (the readable name, the bank's description or the merchant), a direction and a
// category; the date range is asked of the server. Directions read as the classification names them.
import type { Direction } from '@domain/classification.ts';
import type { Transaction } from '../api/get-transactions.ts';

export const directionLabels: Readonly<Record<Direction, string>> = {
  income: 'Income',
  expense: 'Expense',
  transfer_in: 'Transfer in',
  transfer_out: 'Transfer out',
};

/** Money in (income, transfer in) reads "+", money out "−" (spec §5 normalized sign). */
export const isInflow = (direction: Direction) => direction === 'income' || direction === 'transfer_in';

export interface TransactionFilter {
  search: string;
  direction: Direction | 'all';
  category: string | 'all';
}

export const emptyFilter: TransactionFilter = { search: '', direction: 'all', category: 'all' };

export function filterTransactions(
  transactions: readonly Transaction[],
  filter: TransactionFilter,
): Transaction[] {
  const needle = filter.search.trim().toLowerCase();
  return transactions.filter(
    (t) =>
      (filter.direction === 'all' || t.classification.direction === filter.direction) &&
      (filter.category === 'all' || t.classification.category.name === filter.category) &&
      (!needle ||
        t.name.toLowerCase().includes(needle) ||
        t.display_name.toLowerCase().includes(needle) ||
        (t.merchant_name ?? '').toLowerCase().includes(needle)),
  );
}

/** The categories present, alphabetically: the category filter's options. */
export function categoriesOf(transactions: readonly Transaction[]): string[] {
  return [...new Set(transactions.map((t) => t.classification.category.name))].sort((a, b) =>
    a.localeCompare(b),
  );
}
