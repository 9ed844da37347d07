// Transaction classification (spec §5) as properties over generated transactions (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DIRECTIONS,
  DIRECTION_COLOURS,
  classifyTransaction,
  formatUsd,
  type AccountType,
  type ClassifiableTransaction,
} from './classification.ts';
import { TAXONOMY } from './taxonomy.ts';

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
