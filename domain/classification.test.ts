// Transaction classification (spec §5): category precedence and the direction cascade.
import { describe, expect, it } from 'vitest';
import { directionCascade, resolveCategory } from './classification.ts';
import { cascade, pfc, txn } from './classification-test-support.ts';
import { findCategory } from './taxonomy.ts';

describe('category precedence (spec §5 Transaction category precedence)', () => {
  it('1. the detailed code wins over every other field', () => {
    const result = resolveCategory(
      txn({
        ...pfc('TRAVEL', 'FOOD_AND_DRINK_GROCERIES'),
        category_primary: 'MEDICAL',
        category_detailed: ['TRAVEL_FLIGHTS'],
        category: ['Shops'],
        name: 'Joe’s Restaurant',
      }),
    );
    expect(result).toMatchObject({ source: 'detailed', entry: { name: 'Groceries' } });
  });

  it('2. then the primary code (its catch-all category)', () => {
    const result = resolveCategory(
      txn({ ...pfc('TRAVEL', 'TRAVEL_SPACE_TOURISM'), category_primary: 'MEDICAL' }),
    );
    expect(result).toMatchObject({ source: 'primary', entry: { plaidDetailed: 'TRAVEL_OTHER_TRAVEL' } });
  });

  it('3. then category_primary', () => {
    const result = resolveCategory(
      txn({ category_primary: 'Medical', category_detailed: ['TRAVEL_FLIGHTS'] }),
    );
    expect(result).toMatchObject({
      source: 'category_primary',
      entry: { plaidDetailed: 'MEDICAL_OTHER_MEDICAL' },
    });
  });

  it('4. then the first category_detailed, only the first', () => {
    expect(
      resolveCategory(txn({ category_detailed: ['GENERAL_MERCHANDISE_ELECTRONICS', 'TRAVEL_FLIGHTS'] })),
    ).toMatchObject({ source: 'category_detailed', entry: { name: 'Electronics' } });
    expect(resolveCategory(txn({ category_detailed: ['zz', 'TRAVEL_FLIGHTS'] })).source).toBe('default');
  });

  it('5. then the first legacy category', () => {
    const result = resolveCategory(txn({ category: ['Food and Drink', 'Restaurants'] }));
    expect(result).toMatchObject({ source: 'legacy', entry: { group: 'Food & Drink' } });
  });

  const byName = (name: string, amount = 1234) => resolveCategory(txn({ name, amount }));

  it('6a. name pattern: inbound transfer', () => {
    expect(byName('Online Transfer from SAV 1234')).toMatchObject({
      source: 'name_pattern',
      entry: { plaidDetailed: 'TRANSFER_IN_ACCOUNT_TRANSFER' },
    });
  });

  it('6b. name pattern: outbound transfer', () => {
    expect(byName('Online Transfer to SAV 1234').entry.plaidDetailed).toBe('TRANSFER_OUT_ACCOUNT_TRANSFER');
  });

  it('6c. name pattern: a transfer naming no direction goes the way the money went', () => {
    expect(byName('ONLINE TRANSFER REF 88', -5000).entry.plaidDetailed).toBe('TRANSFER_IN_ACCOUNT_TRANSFER');
    expect(byName('ONLINE TRANSFER REF 88', 5000).entry.plaidDetailed).toBe('TRANSFER_OUT_ACCOUNT_TRANSFER');
  });

  it.each(['ACME CORP SALARY', 'Weekly wages', 'GUSTO PAYROLL'])('6d. name pattern: %s → Wages', (name) => {
    expect(byName(name, -250000).entry.plaidDetailed).toBe('INCOME_WAGES');
  });

  it('6e. name pattern: dividend', () => {
    expect(byName('VANGUARD DIVIDEND').entry.plaidDetailed).toBe('INCOME_DIVIDENDS');
  });

  it('6f. name pattern: interest', () => {
    expect(byName('INTEREST PAYMENT').entry.plaidDetailed).toBe('INCOME_INTEREST_EARNED');
  });

  it('6f. name pattern: an interest charge is the Interest Charge fee, not interest earned', () => {
    expect(byName('INTEREST CHARGE ON PURCHASES').entry.plaidDetailed).toBe('BANK_FEES_INTEREST_CHARGE');
  });

  it('6g. name pattern: restaurant', () => {
    expect(byName("LUIGI'S RESTAURANT").entry.plaidDetailed).toBe('FOOD_AND_DRINK_RESTAURANT');
  });

  it('6h. name pattern: grocery', () => {
    expect(byName('CORNER GROCERY #4').entry.plaidDetailed).toBe('FOOD_AND_DRINK_GROCERIES');
  });

  it.each(['GAS N GO', 'Fuel Stop 22'])('6i. name pattern: gas/fuel (%s)', (name) => {
    expect(byName(name).entry.plaidDetailed).toBe('TRANSPORTATION_GAS');
  });

  it("7. else the default 'Other miscellaneous expenses'", () => {
    expect(byName('ZZZ UNRECOGNISED')).toMatchObject({
      source: 'default',
      entry: { name: 'Other miscellaneous expenses', group: 'Other' },
    });
  });

  it('skips fields that resolve nothing and moves on', () => {
    const result = resolveCategory(
      txn({
        ...pfc('', 'ZZ'),
        category_primary: 'zz',
        category_detailed: [],
        category: ['zz'],
        name: 'grocery',
      }),
    );
    expect(result.source).toBe('name_pattern');
  });
});

describe('direction cascade (spec §5)', () => {
  describe('step 1: category name or group mentioning transfer in/out', () => {
    it('a Transfer In category is transfer_in', () => {
      const t = txn({ ...pfc('TRANSFER_IN', 'TRANSFER_IN_SAVINGS'), amount: -5000 });
      expect(directionCascade(t, resolveCategory(t).entry)).toEqual({ direction: 'transfer_in', step: 1 });
    });

    it('a Transfer Out category is transfer_out, even against the detailed code', () => {
      const t = txn({ ...pfc('INCOME', 'INCOME_WAGES') });
      expect(directionCascade(t, findCategory('TRANSFER_OUT_SAVINGS')!)).toEqual({
        direction: 'transfer_out',
        step: 1,
      });
    });

    it('a transfer found by name pattern is a transfer too', () => {
      const t = txn({ name: 'Transfer to savings' });
      expect(directionCascade(t, resolveCategory(t).entry)).toEqual({ direction: 'transfer_out', step: 1 });
    });
  });

  describe('step 2: detailed provider category', () => {
    it('inbound transfer → transfer_in', () => {
      expect(cascade(txn(pfc(null, 'TRANSFER_IN_ACCOUNT_TRANSFER')))).toEqual({
        direction: 'transfer_in',
        step: 2,
      });
    });

    it('outbound transfer → transfer_out', () => {
      expect(cascade(txn(pfc(null, 'TRANSFER_OUT_WITHDRAWAL')))).toEqual({
        direction: 'transfer_out',
        step: 2,
      });
    });

    it('check or ATM deposit → transfer_in', () => {
      expect(cascade(txn(pfc(null, 'CHECK_DEPOSIT')))).toEqual({ direction: 'transfer_in', step: 2 });
      expect(cascade(txn(pfc(null, 'ATM_DEPOSIT')))).toEqual({ direction: 'transfer_in', step: 2 });
    });

    it('third-party payment app → transfer, the way the money went', () => {
      expect(cascade(txn({ ...pfc(null, 'THIRD_PARTY_PAYMENT_APP'), amount: -2000 }))).toEqual({
        direction: 'transfer_in',
        step: 2,
      });
      expect(cascade(txn({ ...pfc(null, 'THIRD_PARTY_PAYMENT_APP'), amount: 2000 }))).toEqual({
        direction: 'transfer_out',
        step: 2,
      });
    });

    it('credit card payment → transfer_out', () => {
      expect(cascade(txn(pfc('LOAN_PAYMENTS', 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT')))).toEqual({
        direction: 'transfer_out',
        step: 2,
      });
    });

    it.each(['INCOME_WAGES', 'INCOME_UNEMPLOYMENT', 'INCOME_RETIREMENT_PENSION', 'INCOME_OTHER_INCOME'])(
      'payroll, unemployment, retirement or other income (%s) → income',
      (detailed) => {
        expect(cascade(txn({ ...pfc(null, detailed), amount: 1000 }))).toEqual({
          direction: 'income',
          step: 2,
        });
      },
    );

    it('reads the first category_detailed when the provider object has no detailed code', () => {
      expect(cascade(txn({ category_detailed: ['TRANSFER_OUT_SAVINGS'] }))).toEqual({
        direction: 'transfer_out',
        step: 2,
      });
    });
  });

  describe('step 3: primary category', () => {
    it('INCOME → income', () => {
      expect(cascade(txn(pfc('INCOME', null)))).toEqual({ direction: 'income', step: 3 });
      // Income codes step 2 does not name still land here, through their primary.
      expect(cascade(txn(pfc(null, 'INCOME_DIVIDENDS')))).toEqual({ direction: 'income', step: 3 });
    });

    it('TRANSFER_IN → transfer_in', () => {
      expect(cascade(txn(pfc('TRANSFER_IN', null)))).toEqual({ direction: 'transfer_in', step: 3 });
    });

    it('TRANSFER_OUT → transfer_out', () => {
      expect(cascade(txn(pfc('TRANSFER_OUT', null)))).toEqual({ direction: 'transfer_out', step: 3 });
    });

    it('every other primary → expense, whatever the sign', () => {
      expect(cascade(txn({ ...pfc('FOOD_AND_DRINK', null), amount: -1500 }))).toEqual({
        direction: 'expense',
        step: 3,
      });
      expect(cascade(txn(pfc('LOAN_PAYMENTS', 'LOAN_PAYMENTS_MORTGAGE_PAYMENT')))).toEqual({
        direction: 'expense',
        step: 3,
      });
    });

    it('category_primary counts when it names a Plaid primary', () => {
      expect(cascade(txn({ category_primary: 'Food and Drink', amount: -100 }))).toEqual({
        direction: 'expense',
        step: 3,
      });
      expect(cascade(txn({ category_primary: 'Transfer', category: ['Transfer', 'Debit'] })).step).toBe(4);
    });
  });

  describe('step 4: legacy category text', () => {
    const legacy = (category: string[], amount = 1234) => cascade(txn({ category, amount }));

    it('transfer debit → transfer_out; transfer credit → transfer_in', () => {
      expect(legacy(['Transfer', 'Debit'], -100)).toEqual({ direction: 'transfer_out', step: 4 });
      expect(legacy(['Transfer', 'Credit'], 100)).toEqual({ direction: 'transfer_in', step: 4 });
    });

    it('a transfer naming no direction goes the way the money went', () => {
      expect(legacy(['Transfer'], -100)).toEqual({ direction: 'transfer_in', step: 4 });
      expect(legacy(['Transfer'], 100)).toEqual({ direction: 'transfer_out', step: 4 });
    });

    it('payroll is income', () => {
      expect(legacy(['Transfer', 'Payroll'], -100)).toEqual({ direction: 'income', step: 4 });
    });

    it('a credit card payment is transfer_out, as in step 2', () => {
      expect(legacy(['Payment', 'Credit Card'])).toEqual({ direction: 'transfer_out', step: 4 });
    });

    it('a deposit is transfer_in', () => {
      expect(legacy(['Deposit'], -100)).toEqual({ direction: 'transfer_in', step: 4 });
    });

    it('interest charged is an expense', () => {
      expect(legacy(['Interest', 'Interest Charged'], -100)).toEqual({ direction: 'expense', step: 4 });
    });

    it('unrecognised legacy text decides nothing', () => {
      expect(legacy(['Shops'], -100).step).toBe(6);
    });
  });

  describe('step 5: description keywords', () => {
    const described = (name: string, amount = -1234) => cascade(txn({ name, amount }));

    it('social security is income', () => {
      expect(described('SSA TREAS 310 SOCIAL SECURITY', -150000)).toEqual({ direction: 'income', step: 5 });
    });

    it('mobile deposit is transfer_in', () => {
      expect(described('MOBILE DEPOSIT REF 1')).toEqual({ direction: 'transfer_in', step: 5 });
    });

    it.each(['PAYMENT TO CHASE CARD', 'AUTOSAVE TO SAVINGS', 'SWEEP TO CHECKING'])(
      '%s is transfer_out',
      (name) => {
        expect(described(name)).toEqual({ direction: 'transfer_out', step: 5 });
      },
    );

    it.each(['COMCAST CABLE', 'GEICO AUTO', 'NAVIENT', 'WALMART SUPERCENTER', 'DUKE ENERGY'])(
      'utility, insurance, lending and retailer names are expenses (%s), even with money in',
      (name) => {
        expect(described(name, -500)).toEqual({ direction: 'expense', step: 5 });
      },
    );

    it('matches whole words only', () => {
      expect(described('TARGETED ADS LLC').step).toBe(6);
    });
  });

  describe('step 6: amount fallback', () => {
    it('a positive raw amount (money out, Plaid sign) is an expense', () => {
      expect(cascade(txn({ amount: 100 }))).toEqual({ direction: 'expense', step: 6 });
    });

    it('otherwise income, zero included', () => {
      expect(cascade(txn({ amount: -100 }))).toEqual({ direction: 'income', step: 6 });
      expect(cascade(txn({ amount: 0 }))).toEqual({ direction: 'income', step: 6 });
    });
  });

  it('runs the steps in order: 2 before 3, 3 before 4, 4 before 5, 5 before 6', () => {
    expect(cascade(txn(pfc('LOAN_PAYMENTS', 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT'))).step).toBe(2);
    expect(cascade(txn({ ...pfc('FOOD_AND_DRINK', null), category: ['Transfer', 'Credit'] })).step).toBe(3);
    expect(cascade(txn({ category: ['Transfer', 'Debit'], name: 'SOCIAL SECURITY' })).direction).toBe(
      'transfer_out',
    );
    expect(cascade(txn({ name: 'COMCAST', amount: -100 })).direction).toBe('expense');
  });

  it('refuses an amount that is not integer cents', () => {
    expect(() => cascade(txn({ amount: 12.5 }))).toThrow(RangeError);
  });
});
