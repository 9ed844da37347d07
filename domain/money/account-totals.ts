// What a profile's accounts add up to, as /accounts shows it and the coach states it: cash (depository),
// credit and loans (money owed), investments, other, and net worth = what is held − what is owed.
// Balances are integer cents; Plaid reports a card's or a loan's current balance as the amount owed, so
// it is subtracted.

export interface AccountTotals {
  cash: number;
  credit: number;
  loans: number;
  investments: number;
  other: number;
  netWorth: number;
}

export function computeTotals(
  accounts: ReadonlyArray<{ account_type: string; current_balance?: number | null | undefined }>,
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
