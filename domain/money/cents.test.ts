import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  InvalidAmountError,
  assertCents,
  formatCents,
  fromDollars,
  median,
  medianAbsoluteDeviation,
  percentile,
  roundCents,
} from './cents.ts';

describe('cents', () => {
  it('converts Plaid dollar floats with two decimals exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }), (cents) => {
        expect(fromDollars(Number((cents / 100).toFixed(2)))).toBe(cents);
      }),
    );
    expect(fromDollars(0.1 + 0.2)).toBe(30);
  });

  it('rounds half away from zero, symmetric in sign', () => {
    expect(roundCents(2.5)).toBe(3);
    expect(roundCents(-2.5)).toBe(-3);
    expect(Object.is(roundCents(-0.2), 0)).toBe(true);
  });

  it('refuses amounts that are not integer cents', () => {
    expect(() => assertCents(1.5)).toThrow(InvalidAmountError);
    expect(assertCents(-150)).toBe(-150);
  });

  it('formats dollars for explanations', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(-5)).toBe('-$0.05');
    expect(formatCents(100_000_000)).toBe('$1,000,000.00');
  });
});

describe('robust statistics', () => {
  it('median and MAD ignore a single outlier', () => {
    const values = [100, 102, 98, 101, 99, 5000];
    expect(median(values)).toBe(100.5);
    expect(medianAbsoluteDeviation(values)).toBe(1.5);
    expect(median([])).toBe(0);
  });

  it('interpolates percentiles', () => {
    expect(percentile([1, 2, 3, 4, 5], 0.5)).toBe(3);
    expect(percentile([0, 10], 0.95)).toBeCloseTo(9.5);
    expect(percentile([], 0.9)).toBe(0);
  });
});
