// spec §5 balance validation: the provider's balance for an account agrees with the raw transactions we
// hold for it when they differ by at most one currency unit (100 cents).
import type { AccountType } from './classification.ts';

export const BALANCE_TOLERANCE_CENTS = 100;

export interface BalanceValidation {
  readonly valid: boolean;
  /** The raw transactions summed in the balance's own sense (see below). */
  readonly transactionsTotalCents: number;
  /** provider balance − transactions total. */
  readonly differenceCents: number;
}

/**
 * Raw amounts are in Plaid's sign (positive = money out). Plaid reports an asset account's balance as
 * money held, and a credit or loan account's balance as money owed, so the raw amounts are summed as
 * −Σ for depository, investment and other accounts and +Σ for credit and loan accounts before the
 * spec's comparison; otherwise a correct checking account would fail by twice its balance.
 */
export function validateBalance(
  providerBalanceCents: number,
  rawAmountsCents: readonly number[],
  accountType: AccountType,
): BalanceValidation {
  for (const cents of [providerBalanceCents, ...rawAmountsCents]) {
    if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount must be integer cents, got ${cents}`);
  }
  const outflowSum = rawAmountsCents.reduce((sum, cents) => sum + cents, 0);
  const owed = accountType === 'credit' || accountType === 'loan';
  const transactionsTotalCents = owed ? outflowSum : -outflowSum || 0;
  const differenceCents = providerBalanceCents - transactionsTotalCents;
  return {
    valid: Math.abs(differenceCents) <= BALANCE_TOLERANCE_CENTS,
    transactionsTotalCents,
    differenceCents,
  };
}
