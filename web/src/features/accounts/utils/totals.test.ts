import { describe, expect, it } from 'vitest';
import { computeTotals, isLiability } from './totals.ts';

describe('account totals', () => {
  it('sums cash, credit, loans and investments, with credit and loans as owed', () => {
    const totals = computeTotals([
      { account_type: 'depository', current_balance: 250_000 },
      { account_type: 'depository', current_balance: 1_050 },
      { account_type: 'credit', current_balance: 41_099 },
      { account_type: 'loan', current_balance: 1_500_000 },
      { account_type: 'investment', current_balance: 2_300_000 },
    ]);
    expect(totals).toEqual({
      cash: 251_050,
      credit: 41_099,
      loans: 1_500_000,
      investments: 2_300_000,
      other: 0,
      netWorth: 251_050 + 2_300_000 - 41_099 - 1_500_000,
    });
  });

  it('counts a missing balance as zero, other accounts as held, and an overpaid card as money back', () => {
    const totals = computeTotals([
      { account_type: 'depository', current_balance: null },
      { account_type: 'other', current_balance: 500 },
      { account_type: 'credit', current_balance: -2_000 },
    ]);
    expect(totals.netWorth).toBe(2_500);
    expect(computeTotals([]).netWorth).toBe(0);
  });

  it('names liabilities', () => {
    expect(isLiability('credit')).toBe(true);
    expect(isLiability('loan')).toBe(true);
    expect(isLiability('depository')).toBe(false);
  });
});
