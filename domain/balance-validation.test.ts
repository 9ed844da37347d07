import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BALANCE_TOLERANCE_CENTS, validateBalance } from './balance-validation.ts';

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

  it('refuses amounts that are not integer cents', () => {
    expect(() => validateBalance(10.5, [], 'depository')).toThrow(RangeError);
    expect(() => validateBalance(0, [1.25], 'depository')).toThrow(RangeError);
  });

  it('property: valid exactly when |balance − total| ≤ 100 cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.array(fc.integer({ min: -1_000_000, max: 1_000_000 }), { maxLength: 50 }),
        fc.constantFrom('depository', 'credit', 'loan', 'investment', 'other' as const),
        (balance, amounts, type) => {
          const result = validateBalance(balance, amounts, type);
          expect(result.differenceCents).toBe(balance - result.transactionsTotalCents);
          expect(result.valid).toBe(Math.abs(result.differenceCents) <= BALANCE_TOLERANCE_CENTS);
        },
      ),
    );
  });
});
