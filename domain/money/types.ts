// The money engine's shared shapes: transactions as synced, detected streams and account types. A leaf
// module (it imports nothing that imports it), so detection, the plan, the allowance and the forecast
// can all name these types without importing one another.
import type { Cents } from './cents.ts';
import type { Cadence, Schedule } from './schedule.ts';

/** connected_accounts.account_type. */
export type AccountType = 'depository' | 'credit' | 'loan' | 'investment' | 'other';

export interface CategoryRef {
  readonly primary: string;
  readonly detailed: string;
}

/** A posted (or pending) transaction as synced from Plaid, amount in integer cents. */
export interface HistoryTransaction {
  readonly id: string;
  readonly account_id: string;
  readonly date: string;
  /** Integer cents with Plaid's sign: positive = money out of the account, negative = money in. */
  readonly amount: Cents;
  readonly name: string;
  readonly merchant_name?: string | null;
  readonly personal_finance_category?: Partial<CategoryRef> | null;
  /** Pending transactions are skipped: Plaid replaces them with a posted one under another id. */
  readonly pending?: boolean;
}

/** Money into the account (Plaid amount < 0) or out of it (> 0). */
export type Direction = 'inflow' | 'outflow';
export type StreamKind = 'income' | 'bill' | 'subscription' | 'transfer';
export type StreamStatus = 'active' | 'ended';

export interface StreamAmount {
  /** Amounts are magnitudes in cents; `direction` gives the sign. */
  readonly median: Cents;
  readonly mad: Cents;
  readonly min: Cents;
  readonly max: Cents;
  /** What the next occurrence is expected to be (see `expectedAmount`). */
  readonly expected: Cents;
  /** The amount varies (MAD above 2 % of the median), like a utility bill or hourly pay. */
  readonly variable: boolean;
  /**
   * The recency-weighted median of the last 12 (`recentMedian`): what a variable bill's next
   * occurrences are planned at. Absent on streams detected before it existed: `expected` then.
   */
  readonly recent?: Cents;
  /** The latest three amounts, oldest first (for "about $55, last three $43–$59"). */
  readonly last?: readonly Cents[];
  /**
   * A monthly bill whose amounts follow the seasons: what each calendar month's occurrence is planned
   * at (index 0 = January; null for a month never seen), instead of `recent` (`seasonalAmounts`).
   */
  readonly by_month?: readonly (Cents | null)[];
}

/** The numbers behind `confidence`, shown to users who ask "why is this recurring?". */
export interface StreamEvidence {
  readonly occurrences: number;
  /** Occurrences the schedule expects between the first and the last one seen. */
  readonly expected_occurrences: number;
  readonly missed: number;
  readonly mean_deviation_days: number;
  readonly max_deviation_days: number;
  /** MAD / median of the amounts. */
  readonly amount_spread: number;
}

export interface RecurringStream {
  /** Stable identity across re-detection: account, direction, payee and cadence (plus amount on a clash). */
  readonly key: string;
  readonly account_id: string;
  /** The payee as the bank shows it most often. */
  readonly merchant: string;
  readonly merchant_key: string;
  readonly direction: Direction;
  readonly kind: StreamKind;
  readonly cadence: Cadence;
  readonly schedule: Schedule;
  readonly amount: StreamAmount;
  readonly category: CategoryRef | null;
  readonly first_date: string;
  readonly last_date: string;
  /** When the next occurrence is due (after the business-day shift): always after `today`. */
  readonly next_date: string;
  /** The schedule's own date of that occurrence (names it; see plan.ts). */
  readonly next_nominal_date: string;
  /**
   * An occurrence due on or before today that has not posted, at most the cadence's date tolerance
   * ago: still expected, so the plan puts it on today. `next_date` is always the one after it.
   */
  readonly late: { readonly due_date: string; readonly nominal_date: string } | null;
  readonly status: StreamStatus;
  /** The transactions the stream was built from, oldest first. */
  readonly transaction_ids: readonly string[];
  /** 0..1; see docs/money-engine.md for the formula. */
  readonly confidence: number;
  readonly evidence: StreamEvidence;
  /** Plain sentences for the Money Plan's "why" panel. */
  readonly explanation: readonly string[];
}

export interface DetectOptions {
  /** Today's calendar date: streams silent for more than two periods before it have ended. */
  readonly today: string;
  /**
   * Each account's type (connected_accounts.account_type), when known: on a card or loan, a payment
   * received is the other side of a payment from cash, a transfer, never income.
   */
  readonly account_types?: Readonly<Record<string, AccountType>>;
}
