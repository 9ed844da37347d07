import { describe, expect, it } from 'vitest';
import { billCount, isBill } from './bills.ts';

describe('a bill is cash going out', () => {
  it('counts a payment out of checking, or on no account', () => {
    expect(isBill({ amount: -120_00, category_detailed: 'RENT_AND_UTILITIES_RENT' }, 'depository')).toBe(
      true,
    );
    expect(isBill({ amount: -1_580_00, category_detailed: 'LOAN_PAYMENTS_MORTGAGE_PAYMENT' }, null)).toBe(
      true,
    );
    expect(isBill({ amount: -15_49 }, 'credit', 'subscription')).toBe(true);
  });

  it("leaves out a loan's interest accrual and a card's interest charge", () => {
    expect(isBill({ amount: -1_246_08, category_detailed: 'LOAN_PAYMENTS_MORTGAGE_PAYMENT' }, 'loan')).toBe(
      false,
    );
    expect(isBill({ amount: -42_10, category_detailed: 'BANK_FEES_INTEREST_CHARGE' }, 'credit')).toBe(false);
  });

  it("leaves out transfers, card payments and a payment's receiving side", () => {
    expect(isBill({ amount: -500_00 }, 'depository', 'transfer')).toBe(false);
    expect(isBill({ amount: -500_00, category_primary: 'TRANSFER_OUT' }, 'depository')).toBe(false);
    expect(isBill({ amount: -300_00, category_detailed: 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT' }, null)).toBe(
      false,
    );
    expect(isBill({ amount: 300_00 }, 'credit')).toBe(false);
    expect(isBill({ amount: 2_000_00 }, 'depository', 'income')).toBe(false);
  });

  it('counts in English', () => {
    expect(billCount(1)).toBe('1 bill');
    expect(billCount(3)).toBe('3 bills');
    expect(billCount(0)).toBe('0 bills');
  });
});
