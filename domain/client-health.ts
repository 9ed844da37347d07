// The client-health roll-up: per operation over a window (the last hour, the last day),
// the figures and the recommendations spec §9's thresholds give. Pure: the server feeds it the stored
// per-operation counters (functions/lib/client-reports.ts), tests feed it small worlds.

/** spec §9 Recommendation thresholds. */
export const RECOMMENDATION_THRESHOLDS = {
  /** Average over every operation above 1 s. */
  averageMs: 1000,
  /** Failed operations above 5 percent. */
  errorRate: 0.05,
  /** Fewer than 100 operations in the window: the figures are too thin to act on. */
  minThroughput: 100,
  /** One operation's own average above 2 s. */
  operationAverageMs: 2000,
} as const;

/** spec §9: an operation over 1 s is slow (the SPA warns and counts it). */
export const SLOW_OPERATION_MS = 1000;

/** Counters of one operation over some stretch of time (weighted back from the sample rate). */
export interface OperationCounters {
  op: string;
  count: number;
  errors: number;
  sum_ms: number;
  slow: number;
}

export interface OperationFigures extends OperationCounters {
  avg_ms: number;
  error_rate: number;
}

export type RecommendationRule =
  'average_over_1s' | 'error_rate_over_5_percent' | 'throughput_under_100' | 'operation_average_over_2s';

export interface Recommendation {
  rule: RecommendationRule;
  /** The operation it is about; null for the whole window. */
  op: string | null;
  value: number;
  threshold: number;
  message: string;
}

export interface WindowHealth {
  totals: { count: number; errors: number; avg_ms: number; error_rate: number; slow: number };
  operations: OperationFigures[];
  recommendations: Recommendation[];
}

const round = (n: number, places = 0) => Math.round(n * 10 ** places) / 10 ** places;
const pct = (rate: number) => `${round(rate * 100, 1)} %`;

/** Sums counters of the same operation (several time slots) into one row each. */
export function mergeCounters(rows: readonly OperationCounters[]): OperationCounters[] {
  const byOp = new Map<string, OperationCounters>();
  for (const row of rows) {
    const into = byOp.get(row.op) ?? { op: row.op, count: 0, errors: 0, sum_ms: 0, slow: 0 };
    into.count += row.count;
    into.errors += row.errors;
    into.sum_ms += row.sum_ms;
    into.slow += row.slow;
    byOp.set(row.op, into);
  }
  return [...byOp.values()];
}

/**
 * The window's figures and what crosses spec §9's thresholds, slowest operations first. `label` names
 * the window in the messages ("the last hour").
 */
export function assessWindow(rows: readonly OperationCounters[], label: string): WindowHealth {
  const t = RECOMMENDATION_THRESHOLDS;
  const operations: OperationFigures[] = mergeCounters(rows)
    .filter((row) => row.count > 0)
    .map((row) => ({
      ...row,
      count: round(row.count),
      errors: round(row.errors),
      sum_ms: round(row.sum_ms),
      slow: round(row.slow),
      avg_ms: round(row.sum_ms / row.count),
      error_rate: round(row.errors / row.count, 4),
    }))
    .sort((a, b) => b.avg_ms - a.avg_ms || a.op.localeCompare(b.op));
  const count = operations.reduce((n, o) => n + o.count, 0);
  const errors = operations.reduce((n, o) => n + o.errors, 0);
  const sum = operations.reduce((n, o) => n + o.sum_ms, 0);
  const slow = operations.reduce((n, o) => n + o.slow, 0);
  const totals = {
    count,
    errors,
    slow,
    avg_ms: count > 0 ? round(sum / count) : 0,
    error_rate: count > 0 ? round(errors / count, 4) : 0,
  };

  const recommendations: Recommendation[] = [];
  if (totals.avg_ms > t.averageMs) {
    recommendations.push({
      rule: 'average_over_1s',
      op: null,
      value: totals.avg_ms,
      threshold: t.averageMs,
      message: `Operations averaged ${totals.avg_ms} ms over ${label}, above ${t.averageMs} ms: look at the slowest operations below.`,
    });
  }
  if (count > 0 && totals.error_rate > t.errorRate) {
    recommendations.push({
      rule: 'error_rate_over_5_percent',
      op: null,
      value: totals.error_rate,
      threshold: t.errorRate,
      message: `${pct(totals.error_rate)} of operations failed over ${label}, above ${pct(t.errorRate)}: read the error reports.`,
    });
  }
  if (count < t.minThroughput) {
    recommendations.push({
      rule: 'throughput_under_100',
      op: null,
      value: count,
      threshold: t.minThroughput,
      message: `Only ${count} operations were recorded over ${label} (under ${t.minThroughput}): too few to judge averages by.`,
    });
  }
  for (const operation of operations) {
    if (operation.avg_ms > t.operationAverageMs) {
      recommendations.push({
        rule: 'operation_average_over_2s',
        op: operation.op,
        value: operation.avg_ms,
        threshold: t.operationAverageMs,
        message: `${operation.op} averaged ${operation.avg_ms} ms over ${label}, above ${t.operationAverageMs} ms.`,
      });
    }
  }
  for (const operation of operations) {
    if (operation.errors > 0 && operation.error_rate > t.errorRate) {
      recommendations.push({
        rule: 'error_rate_over_5_percent',
        op: operation.op,
        value: operation.error_rate,
        threshold: t.errorRate,
        message: `${operation.op} failed ${pct(operation.error_rate)} of the time over ${label}.`,
      });
    }
  }
  return { totals, operations, recommendations };
}
