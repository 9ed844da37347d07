import { describe, expect, it } from 'vitest';
import { RECOMMENDATION_THRESHOLDS, assessWindow, type OperationCounters } from './client-health.ts';

const op = (name: string, count: number, avgMs: number, errors = 0): OperationCounters => ({
  op: name,
  count,
  errors,
  sum_ms: count * avgMs,
  slow: avgMs > 1000 ? count : 0,
});
const rules = (rows: OperationCounters[]) =>
  assessWindow(rows, 'the last hour').recommendations.map((r) => `${r.rule}${r.op ? ` ${r.op}` : ''}`);

describe('assessWindow: spec §9 recommendation thresholds', () => {
  it('names nothing for a healthy, busy window', () => {
    expect(rules([op('api:GET /accounts', 150, 200), op('route:/calendar', 50, 400)])).toEqual([]);
  });

  it('flags an average just over 1 s, not one at 1 s', () => {
    expect(rules([op('api:GET /a', 100, 1000)])).toEqual([]);
    expect(rules([op('api:GET /a', 100, 1001)])).toEqual(['average_over_1s']);
  });

  it('flags an error rate just over 5 %, for the window and the operation, not 5 % itself', () => {
    expect(rules([op('api:GET /a', 100, 100, 5)])).toEqual([]);
    expect(rules([op('api:GET /a', 100, 100, 6)])).toEqual([
      'error_rate_over_5_percent',
      'error_rate_over_5_percent api:GET /a',
    ]);
  });

  it('flags throughput under 100 operations, not 100', () => {
    expect(rules([op('api:GET /a', 99, 100)])).toEqual(['throughput_under_100']);
    expect(rules([op('api:GET /a', 100, 100)])).toEqual([]);
    expect(rules([])).toEqual(['throughput_under_100']);
  });

  it('flags one operation averaging over 2 s even when the whole window is fast', () => {
    const window = [op('api:GET /fast', 500, 100), op('route:/settings', 2, 2500)];

    const health = assessWindow(window, 'the last day');

    expect(health.totals.avg_ms).toBeLessThan(RECOMMENDATION_THRESHOLDS.averageMs);
    expect(health.recommendations).toEqual([
      {
        rule: 'operation_average_over_2s',
        op: 'route:/settings',
        value: 2500,
        threshold: 2000,
        message: 'route:/settings averaged 2500 ms over the last day, above 2000 ms.',
      },
    ]);
    expect(rules([op('route:/settings', 200, 2000)])).toEqual(['average_over_1s']);
  });

  it('merges the time slots of one operation and sorts the slowest first', () => {
    const health = assessWindow(
      [op('api:GET /a', 50, 100), op('api:GET /b', 60, 300), op('api:GET /a', 50, 300)],
      'the last hour',
    );

    expect(health.operations.map((o) => [o.op, o.count, o.avg_ms])).toEqual([
      ['api:GET /b', 60, 300],
      ['api:GET /a', 100, 200],
    ]);
    expect(health.totals).toMatchObject({ count: 160, errors: 0 });
  });
});
