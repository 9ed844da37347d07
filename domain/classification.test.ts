import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DIRECTIONS,
  DIRECTION_COLOURS,
  classifyTransaction,
  directionCascade,
  formatUsd,
  isExpense,
  isIncome,
  isInterestCharge,
  isTransfer,
  normalizedAmount,
  resolveCategory,
  summaryDirection,
  transactionDirection,
  type AccountType,
  type ClassifiableTransaction,
  type Direction,
} from './classification.ts';
import { DEFAULT_CATEGORY, TAXONOMY, findCategory } from './taxonomy.ts';

function txn(overrides: Partial<ClassifiableTransaction> = {}): ClassifiableTransaction {
  return { amount: 1234, name: 'ZZZ UNRECOGNISED 123', ...overrides };
}
const pfc = (primary: string | null, detailed: string | null) => ({
  personal_finance_category: { primary, detailed },
});

/** The cascade on its own, with a category that says nothing about direction. */
const cascade = (t: ClassifiableTransaction) => directionCascade(t, DEFAULT_CATEGORY);

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

const codes = TAXONOMY.map((e) => e.plaidDetailed);
const words = [
  'transfer',
  'to savings',
  'payroll',
  'interest charge',
  'interest',
  'social security',
  'mobile deposit',
  'comcast',
  'grocery',
  'gas',
  'restaurant',
  'dividend',
  'payment to',
];
const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const text = fc.oneof(fc.string(), fc.constantFrom(...words), fc.constantFrom(...codes));

const transactionArb: fc.Arbitrary<ClassifiableTransaction> = fc.record({
  amount: fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
  name: fc.oneof(
    fc.string(),
    fc.array(fc.constantFrom(...words), { maxLength: 3 }).map((w) => w.join(' ')),
  ),
  merchant_name: optional(fc.oneof(fc.constant(null), fc.string())),
  personal_finance_category: optional(
    fc.record({
      primary: optional(
        fc.oneof(fc.constant(null), fc.constantFrom(...TAXONOMY.map((e) => e.plaidPrimary)), text),
      ),
      detailed: optional(fc.oneof(fc.constant(null), text)),
    }),
  ),
  category_primary: optional(fc.oneof(fc.constant(null), text)),
  category_detailed: optional(fc.array(text, { maxLength: 2 })),
  category: optional(
    fc.array(fc.oneof(text, fc.constantFrom('Transfer', 'Debit', 'Credit', 'Payroll')), { maxLength: 2 }),
  ),
});
const accountArb = fc.constantFrom<AccountType | null>(
  'depository',
  'credit',
  'loan',
  'investment',
  'other',
  null,
);

describe('classification properties (fast-check)', () => {
  it('is total: every transaction gets a direction, a taxonomy category and that direction’s colour', () => {
    fc.assert(
      fc.property(transactionArb, accountArb, (t, account) => {
        const result = classifyTransaction(t, account);
        expect(DIRECTIONS).toContain(result.direction);
        expect(TAXONOMY.some((e) => e.plaidDetailed === result.category.plaidDetailed)).toBe(true);
        expect(result.colour).toBe(DIRECTION_COLOURS[result.direction]);
      }),
    );
  });

  it('the normalized amount’s sign always matches the direction, and its size the raw amount', () => {
    fc.assert(
      fc.property(transactionArb, accountArb, (t, account) => {
        const { direction, normalizedAmount: n } = classifyTransaction(t, account);
        expect(Math.abs(n)).toBe(Math.abs(t.amount));
        if (direction === 'income' || direction === 'transfer_in') expect(n).toBeGreaterThanOrEqual(0);
        else expect(n).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('the display amount is never negative and reads back to the raw amount’s size', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (cents) => {
        const shown = formatUsd(cents);
        expect(shown).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(Number(shown.replace(/[$,.]/g, ''))).toBe(Math.abs(cents));
      }),
    );
  });

  it('an interest charge is an expense whatever else the transaction says', () => {
    fc.assert(
      fc.property(transactionArb, accountArb, fc.string(), (t, account, prefix) => {
        const charged = { ...t, name: `${prefix} INTEREST CHARGE` };
        expect(classifyTransaction(charged, account).direction).toBe('expense');
      }),
    );
  });

  it('is deterministic', () => {
    fc.assert(
      fc.property(transactionArb, accountArb, (t, account) => {
        expect(classifyTransaction(t, account)).toEqual(classifyTransaction(t, account));
      }),
    );
  });
});

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
