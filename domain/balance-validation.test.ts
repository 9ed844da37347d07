import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BALANCE_TOLERANCE_CENTS,
  balanceCheckApplies,
  openingBalance,
  validateBalance,
} from './balance-validation.ts';

describe('balance validation (spec §5: valid within 1 currency unit)', () => {
  // Checking: +$1,500 paycheque (Plaid -150000) and a $500 bill (Plaid +50000) → $1,000 held.
  const checking = [-150000, 50000];

  it('agrees when the raw transactions add up to the balance', () => {
    expect(validateBalance(100000, checking, 'depository')).toEqual({
      valid: true,
      transactionsTotalCents: 100000,
      differenceCents: 0,
    });
  });

  it('is valid at a difference of exactly 100 cents, either way', () => {
    expect(validateBalance(100100, checking, 'depository')).toMatchObject({
      valid: true,
      differenceCents: 100,
    });
    expect(validateBalance(99900, checking, 'depository')).toMatchObject({
      valid: true,
      differenceCents: -100,
    });
  });

  it('is invalid at 101 cents, either way', () => {
    expect(validateBalance(100101, checking, 'depository')).toMatchObject({
      valid: false,
      differenceCents: 101,
    });
    expect(validateBalance(99899, checking, 'depository')).toMatchObject({
      valid: false,
      differenceCents: -101,
    });
  });

  it('sums a credit card the way Plaid reports its balance: money owed', () => {
    // $80 of purchases, a $30 payment → $50 owed.
    expect(validateBalance(5000, [8000, -3000], 'credit')).toMatchObject({
      valid: true,
      transactionsTotalCents: 5000,
    });
    expect(validateBalance(5000, [8000, -3000], 'depository').valid).toBe(false);
    expect(validateBalance(5000, [8000, -3000], 'loan').valid).toBe(true);
  });

  it('an account with no transactions is valid only near zero', () => {
    expect(validateBalance(100, [], 'depository').valid).toBe(true);
    expect(validateBalance(101, [], 'investment').valid).toBe(false);
  });

  it('sums a window of history from the balance before it', () => {
    // $2,000 held before the window; the window moved +$1,000 → $3,000 now.
    expect(validateBalance(300000, checking, 'depository', 200000)).toEqual({
      valid: true,
      transactionsTotalCents: 300000,
      differenceCents: 0,
    });
    expect(validateBalance(302500, checking, 'depository', 200000)).toMatchObject({
      valid: false,
      differenceCents: 2500,
    });
    // A card owing $200 before the window, $50 more charged in it.
    expect(validateBalance(25000, [8000, -3000], 'credit', 20000).valid).toBe(true);
  });

  it('infers the opening balance that makes the window add up to the balance it ends at', () => {
    expect(openingBalance(300000, checking, 'depository')).toBe(200000);
    expect(openingBalance(25000, [8000, -3000], 'credit')).toBe(20000);
    expect(openingBalance(0, [], 'depository')).toBe(0);
    expect(() => openingBalance(1.5, [], 'depository')).toThrow(RangeError);
  });

  it('applies where the bank itemizes every movement: cash and cards, not loans or investments', () => {
    expect(balanceCheckApplies('depository')).toBe(true);
    expect(balanceCheckApplies('credit')).toBe(true);
    expect(balanceCheckApplies('loan')).toBe(false);
    expect(balanceCheckApplies('investment')).toBe(false);
    expect(balanceCheckApplies('other')).toBe(false);
  });

  it('refuses amounts that are not integer cents', () => {
    expect(() => validateBalance(10.5, [], 'depository')).toThrow(RangeError);
    expect(() => validateBalance(0, [1.25], 'depository')).toThrow(RangeError);
    expect(() => validateBalance(0, [], 'depository', 0.5)).toThrow(RangeError);
  });

  it('property: valid exactly when |balance − total| ≤ 100 cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.array(fc.integer({ min: -1_000_000, max: 1_000_000 }), { maxLength: 50 }),
        fc.constantFrom('depository', 'credit', 'loan', 'investment', 'other' as const),
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        (balance, amounts, type, opening) => {
          const result = validateBalance(balance, amounts, type, opening);
          expect(result.differenceCents).toBe(balance - result.transactionsTotalCents);
          expect(result.valid).toBe(Math.abs(result.differenceCents) <= BALANCE_TOLERANCE_CENTS);
          // The inferred opening balance always makes the same window add up exactly.
          expect(
            validateBalance(balance, amounts, type, openingBalance(balance, amounts, type)),
          ).toMatchObject({ valid: true, differenceCents: 0 });
        },
      ),
    );
  });
});
