// What a stream is planned at, shared by the plan and the stream's explanation.
import type { Cents } from './cents.ts';
import type { RecurringStream } from './types.ts';

/**
 * The amount a stream is planned at: a seasonal bill's amount for the month of its next occurrence
 * (`StreamAmount.by_month`), a variable bill's recent amounts (`StreamAmount.recent`, their
 * recency-weighted median: a water bill of $59 and $53 lately is not planned at last year's $43),
 * otherwise what the next occurrence is expected to be.
 */
export function plannedAmount(
  stream: Pick<RecurringStream, 'kind' | 'amount'> & { readonly next_nominal_date?: string },
): Cents {
  const { amount } = stream;
  if (stream.kind !== 'bill' || !amount.variable) return amount.expected;
  return monthAmount(amount.by_month, stream.next_nominal_date) ?? amount.recent ?? amount.expected;
}

/** A seasonal bill's amount (`StreamAmount.by_month`) for the calendar month of `date` (YYYY-MM-DD). */
export function monthAmount(
  byMonth: readonly (Cents | null)[] | undefined,
  date: string | undefined,
): Cents | null {
  return date === undefined ? null : (byMonth?.[Number(date.slice(5, 7)) - 1] ?? null);
}
