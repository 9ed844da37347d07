// The totals of /accounts: cash (depository), credit and loans (money owed), investments, and net
// worth = what is held − what is owed. Balances are integer cents as the API sends them; Plaid reports
// a card's or a loan's current balance as the amount owed, so it is subtracted.
import type { Account } from '../../../lib/accounts-api.ts';

export interface AccountTotals {
  cash: number;
  credit: number;
  loans: number;
  investments: number;
  other: number;
  netWorth: number;
}

export function computeTotals(
  accounts: ReadonlyArray<Pick<Account, 'account_type' | 'current_balance'>>,
): AccountTotals {
  const totals = { cash: 0, credit: 0, loans: 0, investments: 0, other: 0 };
  for (const account of accounts) {
    const cents = account.current_balance ?? 0;
    if (account.account_type === 'depository') totals.cash += cents;
    else if (account.account_type === 'credit') totals.credit += cents;
    else if (account.account_type === 'loan') totals.loans += cents;
    else if (account.account_type === 'investment') totals.investments += cents;
    else totals.other += cents;
  }
  return {
    ...totals,
    netWorth: totals.cash + totals.investments + totals.other - totals.credit - totals.loans,
  };
}

/** Money owed on these account types: the balance counts against net worth. */
export const isLiability = (type: Account['account_type']) => type === 'credit' || type === 'loan';
