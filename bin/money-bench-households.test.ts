import { describe, expect, it } from 'vitest';
import { leastMedianError } from './money-bench-households.ts';

describe('leastMedianError', () => {
  it('lands on the likeliest outcome where the median lies between', () => {
    // Three futures in five bring nothing (0), two a withdrawal: one forecast at 0 is exact for
    // six futures in ten, so the least median error is 0, though each history's median is not 0.
    const histories = [
      [0, 0, 0, 40, 50],
      [0, 0, 0, 60, 70],
    ];
    expect(leastMedianError(histories)).toBeCloseTo(0, 6);
  });

  it('is half the narrowest range holding half of every history when they spread evenly', () => {
    // Each history's best range of width 2t holds 2t + 1 of its 0..10; half of 22 futures is 11.
    const spread = Array.from({ length: 11 }, (_, i) => i);
    expect(leastMedianError([spread, spread])).toBeCloseTo(2.5, 3);
  });
});
