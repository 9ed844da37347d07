import { describe, expect, it } from 'vitest';
import { chartGeometry, dateTickIndexes, indexAtFraction, niceTicks } from './chart.ts';

describe('chartGeometry', () => {
  const points = [
    { date: '2026-11-22', value: 1000 },
    { date: '2026-11-23', value: -500 },
    { date: '2026-11-24', value: 2000 },
  ];

  it('finds the lowest and highest points', () => {
    const g = chartGeometry(points, 300, 100);
    expect(g.min?.date).toBe('2026-11-23');
    expect(g.max?.date).toBe('2026-11-24');
  });

  it('spans the width and puts higher balances higher', () => {
    const g = chartGeometry(points, 300, 100);
    expect(g.xOf(0)).toBe(4);
    expect(g.xOf(2)).toBe(296);
    expect(g.yOf(2000)).toBeLessThan(g.yOf(1000));
    expect(g.path.startsWith('M4.0,')).toBe(true);
    expect(g.path.split('L')).toHaveLength(3);
    expect(g.zeroY).not.toBeNull();
  });

  it('handles no points', () => {
    const g = chartGeometry([], 300, 100);
    expect(g.path).toBe('');
    expect(g.min).toBeNull();
  });

  it('draws the likely range as one closed area and scales to fit it', () => {
    const banded = [
      { date: '2026-11-22', value: 1000, low: 1000, high: 1000 },
      { date: '2026-11-23', value: 1000, low: 500, high: 1600 },
      { date: '2026-11-24', value: 1000, low: 0, high: 3000 },
    ];
    const g = chartGeometry(banded, 300, 100);
    expect(g.bandPath.startsWith('M4.0,')).toBe(true);
    expect(g.bandPath.endsWith(' Z')).toBe(true);
    expect(g.bandPath.split('L')).toHaveLength(6);
    // The top of the view box is the highest high, not the highest balance.
    expect(g.yOf(3000)).toBe(4);
    expect(chartGeometry(points, 300, 100).bandPath).toBe('');
  });

  it('leaves as much room below a positive balance as its range, down to zero at most', () => {
    const high = [
      { date: '2026-11-22', value: 70_000 },
      { date: '2026-11-23', value: 80_000 },
    ];
    const g = chartGeometry(high, 300, 100);
    expect(g.yOf(60_000)).toBe(96);
    expect(g.zeroY).toBeNull();
    const near = chartGeometry(
      [
        { date: '2026-11-22', value: 5_000 },
        { date: '2026-11-23', value: 20_000 },
      ],
      300,
      100,
    );
    expect(near.yOf(0)).toBe(96);
    expect(near.zeroY).toBe(96);
  });
});

describe('chart axes', () => {
  it('amount ticks are round values inside the scale', () => {
    expect(niceTicks(0, 10_000_00, 4)).toEqual([0, 200_000, 400_000, 600_000, 800_000, 1_000_000]);
    expect(niceTicks(123_456, 987_654, 4)).toEqual([200_000, 400_000, 600_000, 800_000]);
    expect(niceTicks(-5_000, 5_000, 4)).toEqual([-4_000, -2_000, 0, 2_000, 4_000]);
    expect(niceTicks(7, 7)).toEqual([7]);
  });

  it('date ticks include the first and last day; the read-out finds the nearest point', () => {
    expect(dateTickIndexes(91, 5)).toEqual([0, 23, 45, 68, 90]);
    expect(dateTickIndexes(3, 5)).toEqual([0, 1, 2]);
    expect(indexAtFraction(0.5, 91)).toBe(45);
    expect(indexAtFraction(-1, 91)).toBe(0);
    expect(indexAtFraction(2, 91)).toBe(90);
  });
});
