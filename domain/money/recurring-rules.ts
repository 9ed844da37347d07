// Recurring detection's thresholds, in one place for the detector, the documentation and the tests
// (docs/money-engine.md "Recurring detection" explains each).
import type { Cadence } from './schedule.ts';

/** The detector's thresholds, in one place for the documentation and the tests. */
export const RECURRING_RULES = {
  /**
   * Fewer occurrences cannot show a cadence apart from chance; the cadences of two weeks or less need
   * four, as three of them span only two to four weeks.
   */
  minOccurrences: {
    weekly: 4,
    biweekly: 4,
    'semi-monthly': 4,
    monthly: 3,
    quarterly: 3,
    yearly: 3,
  } satisfies Record<Cadence, number>,
  /** Two renewals a year apart, from a payee seen exactly twice, at (nearly) the same price. */
  minYearlyOccurrences: 2,
  yearlyPairAmountTolerance: 0.1,
  /** …and on the anniversary (beyond a business-day shift): a renewal is dated, a purchase is not. */
  yearlyPairMaxDeviationDays: 2,
  /** Largest distance (days, beyond a business-day shift) from the schedule for a transaction to belong. */
  maxDeviationDays: {
    weekly: 2,
    biweekly: 3,
    'semi-monthly': 3,
    monthly: 4,
    quarterly: 6,
    yearly: 10,
  } satisfies Record<Cadence, number>,
  /** Share of scheduled occurrences (first to last) that must have happened. */
  minCoverage: 0.75,
  /** Share of the candidate transactions, and of the payee's transactions of that size, a schedule must explain. */
  minExplainedShare: 0.6,
  /** Occurrences needed when the payee's other transactions outnumber the stream's (a shop you visit). */
  minOccurrencesAmongOthers: 6,
  /** MAD / median above which amounts are too scattered to be one bill (±30 % utilities pass). */
  maxAmountSpread: 0.25,
  /**
   * A stream this regular (6+ occurrences, 90 % of its periods, within a quarter of the date tolerance
   * on average) may vary more: a card payment or a growing interest payment is recurring by its dates.
   */
  regularOccurrences: 6,
  regularCoverage: 0.9,
  regularMaxAmountSpread: 0.6,
  /**
   * In everyday-spending categories only a fixed price (changing at most twice: price rises) repeated
   * at least six times counts: a meal kit or a membership repeats; visits to a shop or a barber at
   * similar intervals are habits, which the everyday-spending allowance covers.
   */
  everydayMinOccurrences: 6,
  everydayMaxPriceChanges: 2,
  /** …or comes at two or three prices throughout (a meal kit that is dearer some weeks). */
  everydayMaxPriceLevels: 3,
  /** An amount more than 3 times the stream's median, or less than a third of it, is not part of it. */
  amountOutlierRatio: 3,
  /** MAD / median up to which an amount counts as fixed. */
  fixedAmountSpread: 0.02,
  /** A stream with no occurrence for more than this many periods has ended. */
  endedAfterPeriods: 2,
  /** A subscription costs at most this much per month (cents). */
  subscriptionMaxMonthly: 10_000,
  /** Without a category, only this small a fixed charge is presumed a subscription (cents per month). */
  uncategorisedSubscriptionMaxMonthly: 3_000,
} as const;
