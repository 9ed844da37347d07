// The totals of /accounts (domain/money/account-totals.ts, shared with the coach): cash, credit and
// loans owed, investments, and net worth.
import type { Account } from '../../../lib/accounts-api.ts';

export { computeTotals, type AccountTotals } from '@domain/money/account-totals.ts';

/** Money owed on these account types: the balance counts against net worth. */
export const isLiability = (type: Account['account_type']) => type === 'credit' || type === 'loan';
