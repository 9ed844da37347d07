// What the classification tests share: a transaction to vary, a Plaid category pair, and the direction
// cascade on its own (with a category that says nothing about direction).
import { directionCascade, type ClassifiableTransaction } from './classification.ts';
import { DEFAULT_CATEGORY } from './taxonomy.ts';

export function txn(overrides: Partial<ClassifiableTransaction> = {}): ClassifiableTransaction {
  return { amount: 1234, name: 'ZZZ UNRECOGNISED 123', ...overrides };
}
export const pfc = (primary: string | null, detailed: string | null) => ({
  personal_finance_category: { primary, detailed },
});

/** The cascade on its own, with a category that says nothing about direction. */
export const cascade = (t: ClassifiableTransaction) => directionCascade(t, DEFAULT_CATEGORY);
