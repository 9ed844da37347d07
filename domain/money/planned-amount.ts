// What a stream is planned at, shared by the plan and the stream's explanation.
import type { Cents } from './cents.ts';
import type { RecurringStream } from './types.ts';

/**
 * The amount a stream is planned at: a variable bill's recent amounts (`StreamAmount.recent`, their
 * recency-weighted median: a water bill of $59 and $53 lately is not planned at last year's $43),
 * otherwise what the next occurrence is expected to be.
 */
export function plannedAmount(stream: Pick<RecurringStream, 'kind' | 'amount'>): Cents {
  const { amount } = stream;
  return stream.kind === 'bill' && amount.variable && amount.recent !== undefined
    ? amount.recent
    : amount.expected;
}
