import { describe, expect, it } from 'vitest';
import { balanceHistory } from './balance-history.ts';

describe('balance history', () => {
  it('walks a cash account back from today: money out was still there before it left', () => {
    const points = balanceHistory({
      currentCents: 10_000,
      accountType: 'depository',
      transactions: [
        { date: '2026-03-03', amount: 2_500, pending: false }, // spent today
        { date: '2026-03-02', amount: -5_000, pending: false }, // paid in yesterday
        { date: '2026-03-03', amount: 999, pending: true }, // pending: not in the balance
      ],
      today: '2026-03-03',
      days: 3,
    });
    expect(points).toEqual([
      { date: '2026-03-01', balance: 7_500 },
      { date: '2026-03-02', balance: 12_500 },
      { date: '2026-03-03', balance: 10_000 },
    ]);
  });

  it('walks a card back the other way: a purchase raised what is owed', () => {
    const points = balanceHistory({
      currentCents: 30_000,
      accountType: 'credit',
      transactions: [
        { date: '2026-03-03', amount: 4_000, pending: false },
        { date: '2026-03-02', amount: -10_000, pending: false }, // a payment lowered it
      ],
      today: '2026-03-03',
      days: 3,
    });
    expect(points.map((p) => p.balance)).toEqual([36_000, 26_000, 30_000]);
  });
});
