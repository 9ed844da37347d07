import { describe, expect, it } from 'vitest';
import type { Transaction } from '../api/get-transactions.ts';
import { categoriesOf, emptyFilter, filterTransactions, isInflow } from './transaction-filters.ts';

const txn = (
  id: string,
  name: string,
  direction: Transaction['classification']['direction'],
  category: string,
  display = name,
) =>
  ({
    id,
    account_id: 'a1',
    date: '2026-03-01',
    name,
    merchant_name: null,
    display_name: display,
    amount: 100,
    pending: false,
    classification: {
      direction,
      normalizedAmount: -100,
      displayAmount: '$1.00',
      colour: '#000',
      category: { name: category, group: 'x' },
    },
  }) as Transaction;

const list = [
  txn('1', 'WHOLEFDS MKT #10234', 'expense', 'Groceries'),
  txn('2', 'ACME PAYROLL', 'income', 'Wages'),
  txn('3', 'TRANSFER TO SAV', 'transfer_out', 'Savings', 'Transfer to Savings'),
];

describe('transaction filters', () => {
  it('keeps everything with no filter, and narrows by search, direction and category', () => {
    expect(filterTransactions(list, emptyFilter)).toHaveLength(3);
    expect(filterTransactions(list, { ...emptyFilter, search: 'payroll' }).map((t) => t.id)).toEqual(['2']);
    // The readable name is searched as well as the bank's string.
    expect(filterTransactions(list, { ...emptyFilter, search: 'to savings' }).map((t) => t.id)).toEqual([
      '3',
    ]);
    expect(filterTransactions(list, { ...emptyFilter, direction: 'transfer_out' }).map((t) => t.id)).toEqual([
      '3',
    ]);
    expect(filterTransactions(list, { ...emptyFilter, category: 'Groceries' }).map((t) => t.id)).toEqual([
      '1',
    ]);
  });

  it('lists the categories present and reads inflows', () => {
    expect(categoriesOf(list)).toEqual(['Groceries', 'Savings', 'Wages']);
    expect(isInflow('income')).toBe(true);
    expect(isInflow('transfer_out')).toBe(false);
  });
});
