import { describe, expect, it } from 'vitest';
import { chartGeometry } from './chart.ts';

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
