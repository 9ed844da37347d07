// spec §5 balance validation: the provider's balance for an account agrees with the raw transactions we
// hold for it when they differ by at most one currency unit (100 cents). The transactions are summed
// from the balance the account had before the synced window (docs/decisions.md).
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
  /**
   * The balance before the first of `rawAmountsCents` (0 when they are the account's whole life). A
   * bank shows a limited window of history, so the product infers it once (openingBalance below).
   */
  openingBalanceCents = 0,
): BalanceValidation {
  for (const cents of [providerBalanceCents, openingBalanceCents]) {
    if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount must be integer cents, got ${cents}`);
  }
  const transactionsTotalCents = openingBalanceCents + signedTotal(rawAmountsCents, accountType);
  const differenceCents = providerBalanceCents - transactionsTotalCents;
  return {
    valid: Math.abs(differenceCents) <= BALANCE_TOLERANCE_CENTS,
    transactionsTotalCents,
    differenceCents,
  };
}

/** Raw amounts summed in the balance's own sense: −Σ for money held, +Σ for money owed. */
function signedTotal(rawAmountsCents: readonly number[], accountType: AccountType): number {
  for (const cents of rawAmountsCents) {
    if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount must be integer cents, got ${cents}`);
  }
  const outflowSum = rawAmountsCents.reduce((sum, cents) => sum + cents, 0);
  const owed = accountType === 'credit' || accountType === 'loan';
  return owed ? outflowSum : -outflowSum || 0;
}

/**
 * The balance the account had before its oldest synced transaction: the provider's balance less what
 * the synced window moved. Taken once, when the whole window first arrives (docs/decisions.md).
 */
export function openingBalance(
  providerBalanceCents: number,
  rawAmountsCents: readonly number[],
  accountType: AccountType,
): number {
  if (!Number.isSafeInteger(providerBalanceCents))
    throw new RangeError(`Amount must be integer cents, got ${providerBalanceCents}`);
  return providerBalanceCents - signedTotal(rawAmountsCents, accountType) || 0;
}

/**
 * The opening moved forward over posted raw amounts: the balance after them, when they are folded in so
 * their copies need not be read again (RAW_COPY_RULES).
 */
export function foldIntoOpening(
  openingBalanceCents: number,
  rawAmountsCents: readonly number[],
  accountType: AccountType,
): number {
  if (!Number.isSafeInteger(openingBalanceCents))
    throw new RangeError(`Amount must be integer cents, got ${openingBalanceCents}`);
  return openingBalanceCents + signedTotal(rawAmountsCents, accountType) || 0;
}

/**
 * How long a raw Plaid copy serves the check. Posted copies older than `foldAfterDays` are folded into
 * the opening (they are then counted there and never read again); a copy expires `retentionDays` after
 * its date, leaving room for late corrections and for weeks without a sync before a copy goes unfolded.
 * A fold is written at most every `foldStepDays` when nothing else about the account changed.
 */
export const RAW_COPY_RULES = { foldAfterDays: 30, retentionDays: 90, foldStepDays: 7 } as const;

const DAY_MS = 86_400_000;
const dayNumber = (date: string): number => Math.floor(Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / DAY_MS);
const dateOfDay = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** When a raw copy of a transaction on `date` expires: DynamoDB's TTL, epoch seconds. */
export const rawCopyExpiresAt = (date: string): number =>
  (dayNumber(date) + RAW_COPY_RULES.retentionDays) * 86_400;

/** A copy of `date` is already past its expiry at `now` (never written, never counted). */
export const rawCopyExpired = (date: string, now: Date): boolean =>
  rawCopyExpiresAt(date) <= Math.floor(now.getTime() / 1000);

/** The last date folded into the opening when the check runs on `today` (YYYY-MM-DD). */
export const foldThrough = (today: string): string =>
  dateOfDay(dayNumber(today) - RAW_COPY_RULES.foldAfterDays);

/** Days from one date to a later one. */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

/**
 * An opening folded only through `through` no longer explains the balance once copies dated after it
 * may have expired unfolded (no sync for longer than the retention): the check starts afresh.
 */
export const openingOutlived = (through: string, today: string): boolean =>
  daysBetween(through, today) > RAW_COPY_RULES.retentionDays;

/**
 * Accounts whose bank itemizes every movement of the balance. Investment values move with the market
 * and loan balances with accrued interest, neither as transactions, so a check there would always warn.
 */
export const balanceCheckApplies = (accountType: AccountType): boolean =>
  accountType === 'depository' || accountType === 'credit';
