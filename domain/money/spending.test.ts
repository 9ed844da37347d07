import { describe, expect, it } from 'vitest';
import { spendingByCategory, type SpendingDay } from './spending.ts';

const expense = (cents: number, group: string, pending = false) => ({
  pending,
  classification: { direction: 'expense', normalizedAmount: -cents, category: { group } },
});
const transfer = (cents: number) => ({
  classification: {
    direction: 'transfer_out',
    normalizedAmount: -cents,
    category: { group: 'Transfer Out' },
  },
});

describe('spendingByCategory', () => {
  it('sums posted expenses and planned outflows by group, leaving transfers, card payments, income and pending out', () => {
    const days: SpendingDay[] = [
      {
        transactions: [
          expense(4_500, 'Food & Drink'),
          expense(1_000, 'Food & Drink', true),
          transfer(50_000),
        ],
        planned: [
          { amount: -6_000, category_primary: 'FOOD_AND_DRINK' },
          { amount: -120_000, category_primary: 'RENT_AND_UTILITIES' },
          {
            amount: -40_000,
            category_primary: 'LOAN_PAYMENTS',
            category_detailed: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT',
          },
          {
            amount: -25_000,
            category_primary: 'LOAN_PAYMENTS',
            category_detailed: 'LOAN_PAYMENTS_MORTGAGE_PAYMENT',
          },
          { amount: 300_000, category_primary: 'INCOME' },
          { amount: -999, category_primary: 'ENTERTAINMENT', is_user_deleted: true },
        ],
      },
      {
        transactions: [expense(2_500, 'Entertainment')],
        planned: [{ amount: -700, category_primary: null }],
      },
    ];
    const previous: SpendingDay[] = [{ transactions: [expense(3_000, 'Food & Drink')], planned: [] }];
    expect(spendingByCategory(days, previous)).toEqual([
      { group: 'Rent & Utilities', actual: 0, planned: 120_000, last_month: 0 },
      { group: 'Loan Payments', actual: 0, planned: 25_000, last_month: 0 },
      { group: 'Food & Drink', actual: 4_500, planned: 6_000, last_month: 3_000 },
      { group: 'Entertainment', actual: 2_500, planned: 0, last_month: 0 },
      { group: 'Uncategorized', actual: 0, planned: 700, last_month: 0 },
    ]);
  });

  it('counts each purchase and each loan payment once across accounts (the First Platypus month)', () => {
    const types = new Map([
      ['checking', 'depository'],
      ['card', 'credit'],
      ['mortgage', 'loan'],
    ]);
    const posted = (account_id: string, amount: number, group: string, detailed: string) => ({
      account_id,
      amount,
      personal_finance_category: { detailed },
      classification: { direction: 'expense', normalizedAmount: -Math.abs(amount), category: { group } },
    });
    const days: SpendingDay[] = [
      {
        transactions: [
          // The mortgage payment leaves checking, and the mortgage account receives it.
          posted('checking', 223_248, 'Loan Payments', 'LOAN_PAYMENTS_MORTGAGE_PAYMENT'),
          posted('mortgage', -223_248, 'Loan Payments', 'LOAN_PAYMENTS_MORTGAGE_PAYMENT'),
          // A purchase on the card, then the card's payment from checking that settles it.
          posted('card', 8_000, 'Food & Drink', 'FOOD_AND_DRINK_RESTAURANT'),
          posted('checking', 181_235, 'Loan Payments', 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT'),
        ],
        planned: [],
      },
    ];
    expect(spendingByCategory(days, null, types)).toEqual([
      { group: 'Loan Payments', actual: 223_248, planned: 0, last_month: null },
      { group: 'Food & Drink', actual: 8_000, planned: 0, last_month: null },
    ]);
  });

  it('has no last month without one, and nothing for an empty month', () => {
    expect(spendingByCategory([{ transactions: [expense(100, 'Travel')], planned: [] }])).toEqual([
      { group: 'Travel', actual: 100, planned: 0, last_month: null },
    ]);
    expect(spendingByCategory([])).toEqual([]);
  });
});

describe('refunds', () => {
  it('counts a refund against its group, so a month is spending net of refunds', () => {
    const posted = (amount: number, group: string) => ({
      account_id: 'checking',
      amount,
      classification: { direction: 'expense', normalizedAmount: -Math.abs(amount), category: { group } },
    });
    const days: SpendingDay[] = [
      {
        transactions: [
          posted(12_000, 'General Merchandise'),
          // The same shop gives 4,000 back: money in, in an expense category.
          posted(-4_000, 'General Merchandise'),
          posted(2_500, 'Food & Drink'),
        ],
        planned: [],
      },
    ];
    const rows = spendingByCategory(days, null, new Map([['checking', 'depository']]));
    expect(rows).toEqual([
      { group: 'General Merchandise', actual: 8_000, planned: 0, last_month: null },
      { group: 'Food & Drink', actual: 2_500, planned: 0, last_month: null },
    ]);
    expect(rows.reduce((s, r) => s + r.actual, 0)).toBe(10_500);
  });
});
