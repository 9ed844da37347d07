import { describe, expect, it } from 'vitest';
import {
  batchDueAt,
  DEFAULT_ALERT_PREFERENCES,
  deliveryFor,
  groupAlerts,
  isUnusualSpending,
  lowBalancePoint,
} from './alerts.ts';

describe('alert delivery (spec §7 smart-alert-batching, §3 alert_preferences)', () => {
  it('follows the preference per priority, and force_immediate wins', () => {
    expect(deliveryFor(DEFAULT_ALERT_PREFERENCES, 1, false)).toBe('immediate');
    expect(deliveryFor(DEFAULT_ALERT_PREFERENCES, 2, false)).toBe('hourly');
    expect(deliveryFor(DEFAULT_ALERT_PREFERENCES, 3, false)).toBe('daily');
    expect(deliveryFor(DEFAULT_ALERT_PREFERENCES, 4, true)).toBe('immediate');
  });

  it('batches hourly at the next hour and daily at the next 13:00 UTC', () => {
    const now = new Date('2026-11-23T13:20:00Z');
    expect(batchDueAt('hourly', now).toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(batchDueAt('daily', now).toISOString()).toBe('2026-11-24T13:00:00.000Z');
    expect(batchDueAt('daily', new Date('2026-11-23T08:00:00Z')).toISOString()).toBe(
      '2026-11-23T13:00:00.000Z',
    );
  });

  it('merges alerts of one kind with smart batching, most urgent first; keeps them apart without', () => {
    const at = (m: number) => `2026-11-23T10:0${m}:00.000Z`;
    const alerts = [
      { id: '1', kind: 'unusual', priority: 2 as const, title: 'A', body: 'a', created_at: at(1) },
      { id: '2', kind: 'low', priority: 1 as const, title: 'B', body: 'b', created_at: at(2) },
      { id: '3', kind: 'unusual', priority: 2 as const, title: 'C', body: 'c', created_at: at(3) },
    ];
    const smart = groupAlerts(alerts, true);
    expect(smart.map((g) => [g.kind, g.count])).toEqual([
      ['low', 1],
      ['unusual', 2],
    ]);
    expect(smart[1]?.bodies).toEqual(['c', 'a']);
    expect(groupAlerts(alerts, false)).toHaveLength(3);
  });
});

describe('low balance in the next 30 days', () => {
  const rows = [
    { balance_date: '2026-11-23', closing_balance: 50_000 },
    { balance_date: '2026-12-01', closing_balance: 5_000 },
    { balance_date: '2026-12-10', closing_balance: 5_000 },
    { balance_date: '2027-01-05', closing_balance: -90_000 },
  ];
  it('is the first lowest day under the threshold, within the window only', () => {
    expect(lowBalancePoint(rows, '2026-11-23', '2026-12-23', 10_000)).toEqual(rows[1]);
    expect(lowBalancePoint(rows, '2026-11-23', '2026-12-23', 5_000)).toBeNull();
  });
});

describe('unusual spending', () => {
  it('needs $500 and three times the usual spending', () => {
    const usual = Array.from({ length: 20 }, () => 20_000);
    expect(isUnusualSpending(49_999, [])).toBe(false);
    expect(isUnusualSpending(50_000, [])).toBe(true);
    expect(isUnusualSpending(60_001, usual)).toBe(true);
    expect(isUnusualSpending(59_999, usual)).toBe(false);
  });
});
