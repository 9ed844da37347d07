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
  const month = stream.next_nominal_date ? Number(stream.next_nominal_date.slice(5, 7)) - 1 : -1;
  return amount.by_month?.[month] ?? amount.recent ?? amount.expected;
}
