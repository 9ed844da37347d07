// Transaction classification (spec §5): interest charges, card payments, normalized and display amounts,
// colours, the income/expense/transfer predicates, the classification output and summary directions.
import { describe, expect, it } from 'vitest';
import {
  DIRECTIONS,
  DIRECTION_COLOURS,
  classifyTransaction,
  formatUsd,
  isExpense,
  isIncome,
  isInterestCharge,
  isTransfer,
  normalizedAmount,
  summaryDirection,
  transactionDirection,
  type AccountType,
  type Direction,
} from './classification.ts';
import { pfc, txn } from './classification-test-support.ts';

describe("interest charge (spec §5: a description containing 'interest charge' is always an expense)", () => {
  it('is an expense even when every code says income and money came in', () => {
    const t = txn({
      ...pfc('INCOME', 'INCOME_INTEREST_EARNED'),
      name: 'PURCHASE INTEREST CHARGE',
      amount: -812,
    });
    expect(transactionDirection(t, 'depository')).toEqual({ direction: 'expense', rule: 'interest_charge' });
    expect(classifyTransaction(t, 'credit').normalizedAmount).toBe(-812);
  });

  it('wins over the credit card payment rule on a card', () => {
    const t = txn({
      ...pfc('LOAN_PAYMENTS', 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT'),
      name: 'Interest Charge',
      amount: -1,
    });
    expect(classifyTransaction(t, 'credit').direction).toBe('expense');
  });

  it('is case-insensitive and also reads the merchant name', () => {
    expect(isInterestCharge({ name: 'interest charge on cash advances' })).toBe(true);
    expect(isInterestCharge({ name: 'CARD 1234', merchant_name: 'Interest Charge' })).toBe(true);
    expect(isInterestCharge({ name: 'INTEREST PAYMENT' })).toBe(false);
  });
});

describe('credit card payment (spec §5: income on a credit-card account, expense otherwise)', () => {
  const payment = (amount: number) =>
    txn({ ...pfc('LOAN_PAYMENTS', 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT'), name: 'AUTOPAY THANK YOU', amount });

  it('on the credit card it is income, a positive amount', () => {
    const result = classifyTransaction(payment(-50000), 'credit');
    expect(result).toMatchObject({
      direction: 'income',
      normalizedAmount: 50000,
      rule: 'credit_card_payment',
      category: { name: 'Payments To A Credit Card' },
    });
  });

  it('on the checking account it is an expense, a negative amount', () => {
    expect(classifyTransaction(payment(50000), 'depository')).toMatchObject({
      direction: 'expense',
      normalizedAmount: -50000,
      rule: 'credit_card_payment',
    });
  });

  it.each<AccountType>(['loan', 'investment', 'other'])('on a %s account it is an expense', (type) => {
    expect(classifyTransaction(payment(50000), type).direction).toBe('expense');
  });

  it('without an account (a planned item) the cascade decides: transfer_out', () => {
    expect(classifyTransaction(payment(50000), null)).toMatchObject({
      direction: 'transfer_out',
      rule: 'cascade_2_detailed',
    });
  });

  it('is recognised through any identifier of the category, such as the credit_card_payment alias', () => {
    const t = txn({ category_primary: 'credit_card_payment', amount: -100 });
    expect(classifyTransaction(t, 'credit').rule).toBe('credit_card_payment');
  });
});

describe('normalized amount (spec §5: positive for income and transfer_in, negative otherwise)', () => {
  it.each<[Direction, number]>([
    ['income', 1500],
    ['transfer_in', 1500],
    ['expense', -1500],
    ['transfer_out', -1500],
  ])('%s → %i, from either raw sign', (direction, expected) => {
    expect(normalizedAmount(1500, direction)).toBe(expected);
    expect(normalizedAmount(-1500, direction)).toBe(expected);
  });

  it('zero stays zero (never -0)', () => {
    expect(Object.is(normalizedAmount(0, 'expense'), 0)).toBe(true);
  });
});

describe('display amount (spec §5: US dollars, 2 decimals, unsigned)', () => {
  it.each([
    [0, '$0.00'],
    [5, '$0.05'],
    [100, '$1.00'],
    [123456, '$1,234.56'],
    [-123456, '$1,234.56'],
    [100000000000, '$1,000,000,000.00'],
  ])('%i cents → %s', (cents, expected) => {
    expect(formatUsd(cents)).toBe(expected);
  });

  it('refuses fractions of a cent', () => {
    expect(() => formatUsd(0.5)).toThrow(RangeError);
  });
});

describe('colour per direction (spec §3 classification output)', () => {
  it('gives each direction its own colour', () => {
    expect(new Set(DIRECTIONS.map((d) => DIRECTION_COLOURS[d])).size).toBe(4);
    for (const d of DIRECTIONS) expect(DIRECTION_COLOURS[d]).toMatch(/^#[0-9A-F]{6}$/);
  });
});

describe('income, expense and transfer predicates (spec §5, Plaid sign flipped)', () => {
  it('income if money came in (Plaid amount < 0)', () => {
    expect(isIncome(-100, 'Food & Drink')).toBe(true);
    expect(isIncome(100, 'Food & Drink')).toBe(false);
  });

  it('income if the group is Income, whatever the sign', () => {
    expect(isIncome(100, 'Income')).toBe(true);
  });

  it('expense if money went out and the group is not Transfer In, Transfer Out or Loan Payments', () => {
    expect(isExpense(100, 'Food & Drink')).toBe(true);
    expect(isExpense(-100, 'Food & Drink')).toBe(false);
    expect(isExpense(100, 'Transfer In')).toBe(false);
    expect(isExpense(100, 'Transfer Out')).toBe(false);
    expect(isExpense(100, 'Loan Payments')).toBe(false);
  });

  it('transfer if the group is Transfer In or Out', () => {
    expect(isTransfer('Transfer In')).toBe(true);
    expect(isTransfer('Transfer Out')).toBe(true);
    expect(isTransfer('Loan Payments')).toBe(false);
  });

  it('are filters, not a partition: money in on a Transfer In category is income and a transfer', () => {
    expect(isIncome(-100, 'Transfer In') && isTransfer('Transfer In')).toBe(true);
  });
});

describe('classifyTransaction (spec §3 Transaction classification output)', () => {
  it('classifies a grocery purchase on a checking account', () => {
    const result = classifyTransaction(
      txn({ ...pfc('FOOD_AND_DRINK', 'FOOD_AND_DRINK_GROCERIES'), name: 'KROGER #123', amount: 8642 }),
      'depository',
    );
    expect(result).toEqual({
      direction: 'expense',
      normalizedAmount: -8642,
      displayAmount: '$86.42',
      colour: DIRECTION_COLOURS.expense,
      category: { name: 'Groceries', group: 'Food & Drink', plaidDetailed: 'FOOD_AND_DRINK_GROCERIES' },
      categorySource: 'detailed',
      rule: 'cascade_3_primary',
    });
  });

  it('classifies a paycheque', () => {
    const result = classifyTransaction(
      txn({ ...pfc('INCOME', 'INCOME_WAGES'), name: 'ACME PAYROLL', amount: -250000 }),
      'depository',
    );
    expect(result).toMatchObject({
      direction: 'income',
      normalizedAmount: 250000,
      displayAmount: '$2,500.00',
      colour: DIRECTION_COLOURS.income,
      rule: 'cascade_2_detailed',
    });
  });

  it('classifies a transfer to savings', () => {
    const result = classifyTransaction(
      txn({ ...pfc('TRANSFER_OUT', 'TRANSFER_OUT_SAVINGS'), amount: 10000 }),
      'depository',
    );
    expect(result).toMatchObject({
      direction: 'transfer_out',
      normalizedAmount: -10000,
      displayAmount: '$100.00',
    });
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties

describe('summaryDirection (one payment counted once)', () => {
  const payment = { amount: -40_035, name: 'PAYMENT RECEIVED - THANK YOU' };
  it('counts the receiving side of a card or loan payment as a transfer in, whatever the spec direction', () => {
    for (const type of ['credit', 'loan'] as const) {
      const c = classifyTransaction(payment, type);
      expect(summaryDirection(c, type, payment.amount)).toBe('transfer_in');
    }
    // The spec's own reading is unchanged: a card payment received is income on the card.
    const card = classifyTransaction(
      { ...payment, personal_finance_category: { detailed: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT' } },
      'credit',
    );
    expect(card.direction).toBe('income');
  });

  it('leaves everything else as classified: wages on checking, a purchase on a card', () => {
    const wages = {
      amount: -250_000,
      name: 'ACME PAYROLL',
      personal_finance_category: { primary: 'INCOME', detailed: 'INCOME_WAGES' },
    };
    expect(summaryDirection(classifyTransaction(wages, 'depository'), 'depository', wages.amount)).toBe(
      'income',
    );
    const purchase = { amount: 1_599, name: 'NETFLIX' };
    expect(summaryDirection(classifyTransaction(purchase, 'credit'), 'credit', purchase.amount)).toBe(
      'expense',
    );
  });
});
