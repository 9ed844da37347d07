// How often the forecast's likely range held the real balance, for the screens to
// say beside the band. Measured by `npm run bench` (bin/money-bench.ts backtest: 20 sandbox seeds × 5
// banks, forecasts made a year before the sandbox's today with what was known then, as the product
// builds them — card and loan payments planned from the statements, a card's range stopping after about
// a cycle — compared with the balances 30, 90 and 365 days later), not per user: an honest per-account figure would replay
// detection and the plan at many past days, seconds per profile at generation time, while the band's
// own held-out measurement holds about 80 % of that same history by construction. The bench prints
// these beside its fresh figures and flags a gap of more than three points.
import type { AccountType } from './forecast.ts';

/** Shares (0–1) of actual balances inside the p10–p90 band at 30, 90 and 365 days. */
export interface BandCoverage {
  readonly d30: number;
  readonly d90: number;
  readonly d365: number;
}

export type BandCoverageKind = 'checking' | 'savings' | 'credit';

export const MEASURED_BAND_COVERAGE: Readonly<Record<BandCoverageKind, BandCoverage>> = {
  // A year out from one year of history the band is projected, and narrower than it should be.
  checking: { d30: 0.82, d90: 0.89, d365: 0.65 },
  // Savings with deposits and withdrawals at no schedule, some large (the sandbox's); the low side
  // also holds the large withdrawals savings accounts in general see (a pooled prior weighed with the
  // account's own past: ALLOWANCE_RULES.withdrawalPrior).
  savings: { d30: 0.8625, d90: 0.8375, d365: 0.7875 },
  credit: { d30: 0.8625, d90: 0.8375, d365: 0.8875 },
};

/** The backtest's kind of an account (Plaid type and subtype), or null when none was measured. */
export function bandCoverageKind(type: AccountType, subtype?: string | null): BandCoverageKind | null {
  if (type === 'credit') return 'credit';
  if (type !== 'depository') return null;
  return subtype === 'savings' ? 'savings' : 'checking';
}

/**
 * What to show beside an account's band: the measured coverage of its kind; null for loans,
 * investments and the totals (cash, net worth), whose bands were not backtested.
 */
export function bandCoverage(type: AccountType, subtype?: string | null): BandCoverage | null {
  const kind = bandCoverageKind(type, subtype);
  return kind ? MEASURED_BAND_COVERAGE[kind] : null;
}
