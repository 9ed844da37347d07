import { describe, expect, it } from 'vitest';
import { MEASURED_BAND_COVERAGE, bandCoverage } from './band-coverage.ts';

describe('bandCoverage', () => {
  it('gives each backtested kind its measured coverage, and null where none was measured', () => {
    expect(bandCoverage('depository', 'checking')).toBe(MEASURED_BAND_COVERAGE.checking);
    expect(bandCoverage('depository', 'money market')).toBe(MEASURED_BAND_COVERAGE.checking);
    expect(bandCoverage('depository', 'savings')).toBe(MEASURED_BAND_COVERAGE.savings);
    expect(bandCoverage('credit', 'credit card')).toBe(MEASURED_BAND_COVERAGE.credit);
    expect(bandCoverage('loan', 'mortgage')).toBeNull();
    expect(bandCoverage('investment')).toBeNull();
  });

  it('holds shares between 0 and 1 at 30, 90 and 365 days', () => {
    for (const kind of Object.values(MEASURED_BAND_COVERAGE))
      for (const share of [kind.d30, kind.d90, kind.d365]) expect(share >= 0 && share <= 1).toBe(true);
  });
});
