// The allowance's rules and shapes: the everyday-spending allowance, its band and the large-withdrawal
// side, as the estimate makes them and the forecast reads them (docs/money-engine.md "Everyday-spending
// allowance" and "Uncertainty band"). A leaf beside types.ts: the allowance's modules and the forecast
// import it, it imports none of them.
import type { Cents } from './cents.ts';
import type { HistoryTransaction, RecurringStream } from './types.ts';

export const ALLOWANCE_RULES = {
  /** About 26 weeks: long enough for 26 samples per weekday, short enough to follow a change of habit. */
  lookbackDays: 180,
  /** Less history than four weeks gives no estimate: one week's shopping would set it. */
  minHistoryDays: 28,
  /** Each day's spending is capped at this percentile of spending days (a sofa is not everyday). */
  dailyCapPercentile: 0.95,
  /** Horizons (days) at which the band is measured, as far as the history allows, or projected. */
  spreadHorizons: [7, 30, 90, 180, 365, 730],
  /** The band is the p10–p90 range of the held-out forecast errors: an 80 % band. */
  spreadPercentiles: [0.1, 0.9],
  /**
   * The band is measured on up to two years of history (the allowance itself on the last half year):
   * the longer the past, the more of what changes over a year (a raise, a new bill) it has seen.
   */
  bandLookbackDays: 730,
  /** A horizon is measured only from this many forecast start days (fewer give no percentile). */
  minBandCuts: 30,
  /** A stream is in a past forecast once this many of its occurrences had posted (as detection needs). */
  knownStreamOccurrences: 3,
  /**
   * A past forecast starts after at least this much history: a quarter, in which monthly streams post
   * the three times detection needs (earlier ones would miss the pay itself, and widen the band with
   * what no real forecast is missing).
   */
  minBandHistoryDays: 90,
  /**
   * Beyond the longest measured horizon the band widens as (h / longest)^growth, the growth measured
   * between the two longest horizons: ½ when surprises are independent days (a sum's spread grows by
   * √h), 1 when they persist (a raise, a bill that ends), more when they compound (interest that
   * grows with the balance). Bounded, as two horizons are little evidence.
   */
  bandGrowth: { min: 1, max: 1.5, unmeasured: 0.5 },
  /**
   * Beyond a month the band also holds what months drawn from the account's own past add up to: the
   * p10 and p90 of sums of ⌈h / blockDays⌉ held-out `blockDays`-day errors drawn at random (`draws`
   * times, a fixed seed: the same history gives the same band). Overlapping windows of one short past
   * see a quarter's or a year's surprises only a few times, and centre them on the line; months drawn
   * apart keep their lumps (a savings withdrawal, a bonus put aside) and their lean (deposits that
   * usually outweigh withdrawals): docs/money-engine.md "Uncertainty band".
   */
  bandBootstrap: { blockDays: 30, draws: 1000 },
  /**
   * Large withdrawals from an account that holds money rather than spends it (no everyday spending:
   * savings), pooled over many such accounts (the empirical-Bayes prior): a withdrawal of at least
   * `minShare` of the balance comes `perYear` times a year, its share of the balance at the deciles in
   * `shares`. One quiet year says little about a withdrawal that comes every year or two, so the
   * account's own count is weighed against the prior's `priorYears` years (`withdrawalRate`); the
   * forecast's low side then reaches the p10 of what such withdrawals take (forecast.ts). Measured on
   * the sandbox's calibration seeds 21–40 (docs/money-engine.md "Uncertainty band").
   */
  withdrawalPrior: {
    minShare: 0.1,
    perYear: 1.32,
    priorYears: 2,
    shares: [0.101, 0.127, 0.156, 0.179, 0.226, 0.278, 0.341, 0.408, 0.478, 0.572, 0.902],
  },
  /**
   * Rare, large spending (lumps.ts): an everyday purchase of at least `thresholdTimesP75` times the
   * account's 75th-percentile purchase, or of `weeksOfSpending` weeks of its everyday spending if that
   * is less (and at least `minAmount` cents), is a lump, left out of the daily mean and modelled apart. The pooled prior: `perYear` lumps a year, weighed as `priorYears`
   * years of the account's own history, their sizes at the deciles `priorSizes` (multiples of the
   * threshold). Measured on the lumpy households' calibration seeds (bin/money-bench-households.ts).
   */
  lumpPrior: {
    minAmount: 10_000,
    thresholdTimesP75: 3,
    weeksOfSpending: 2,
    perYear: 3.6,
    priorYears: 1,
    priorSizes: [1, 1.04, 1.09, 1.14, 1.21, 1.29, 1.45, 1.82, 2.25, 2.77, 5.43],
    draws: 2000,
  },
  /**
   * The rest of this month: its everyday allowance is the usual for those days less `monthCarry` times
   * what this month has already spent above the usual so far at no habit (never below zero): spending
   * done is partly not done again. Habits are read by their own last purchase (`habits`).
   */
  monthCarry: 0.1,
  /**
   * Habits (habits.ts): a payee bought from on at least `minPurchases` days of the allowance's window,
   * at a mean gap of at least `minMeanGap` days with gaps regular enough (coefficient of variation at
   * most `maxGapVariation`). Over the next `nearDays` days the allowance follows each habit's own gaps
   * from its last purchase instead of its even share.
   */
  habits: { minPurchases: 5, minMeanGap: 4, maxGapVariation: 0.6, nearDays: 90 },
  /**
   * A card paid from its statements owes, on any day, what was spent since its last statement and,
   * until the due date, the statement's own: surprises older than a cycle are paid off by the statements
   * that follow. Its band stops widening at the width its own past shows at this many days (measured
   * against payments at their usual amount, which know less than a statement does, so under a full
   * cycle). Chosen on the lumpy households' calibration seeds (20 / 25 / 30 / 45 days gave cards
   * 80 / 85 / 92 / 92 % at 30 days and 83 / 87 / 90 / 92 % at 180).
   */
  statementCycleDays: 25,
  /**
   * A card's statement is issued about this many days before its payment is due (the issuers' usual
   * 21 days or more): a payment due within them is the issued statement's, known to the cent.
   */
  statementGapDays: 21,
  /**
   * An account that earns interest (interest credited in the band's window) earns it at a rate that
   * can change: its band is never narrower than what a change of this much a year (a quarter point,
   * the usual step of a central bank's change) would move the balance by each day, balance × change ×
   * days / 365. Its own past, where the rate held still, shows a band of a few cents. Chosen on
   * development households 1–400 (savings coverage at 30 / 90 / 180 days: 83 / 84 / 81 % at a
   * quarter point, 85 / 86 / 84 % at a half, 87 / 92 / 90 % at a whole point; 65 / 80 / 80 % without).
   */
  interestRateChange: 0.0025,
  /**
   * Seasonal bills (seasonal.ts): an everyday payee bought from in at least two seasons (runs of
   * purchases with no gap over `seasonGapDays`, no longer than `maxSeasonMonths`) that share at least
   * `minSeasonMonths` calendar months, in at most `maxMonths` calendar months and at most `maxPerMonth`
   * times a month, seen over at least `minHistoryDays`: expected in its months at their amounts, not
   * spread over the year.
   */
  seasonalBills: {
    minHistoryDays: 540,
    seasonGapDays: 75,
    minSeasonMonths: 3,
    maxSeasonMonths: 8,
    maxMonths: 8,
    maxPerMonth: 5,
  },
  /**
   * Income in no stream (gig payouts, side jobs) is expected at its mean over the allowance's window
   * when it came at least `minCount` times in at least `minMonths` different months: a habit, not a
   * one-time bonus.
   */
  unplannedIncome: { minCount: 4, minMonths: 3 },
} as const;

/** Income in no stream, expected at its mean (see `ALLOWANCE_RULES.unplannedIncome`). */
export interface UnplannedIncome {
  /** Cash flow per day (≥ 0). */
  readonly per_day: Cents;
  /** Deposits counted and the months they came in. */
  readonly count: number;
  readonly months: number;
}

/** Rare, large spending as a compound Poisson process (lumps.ts), cash flows where signed. */
export interface LumpProcess {
  /** A purchase of at least this much (cents) is a lump. */
  readonly threshold: Cents;
  /** Lumps a year: the prior weighed with the account's own count. */
  readonly per_year: number;
  /** Their mean size (cents, > 0). */
  readonly mean_size: Cents;
  /** Their expectation per day, cash-flow sign (≤ 0): what a card's statements pay of them. */
  readonly per_day: Cents;
  /**
   * What the forecast line carries of them by each horizon, cash flows (≤ 0): the median of their sum
   * (the expectation on a card paid by its statements), between horizons linearly, beyond the last at
   * `per_day`. Absent (an allowance stored before it): `per_day` from tomorrow.
   */
  readonly line?: readonly { readonly days: number; readonly sum: Cents }[];
  /** The account's own lumps and the years of history they were counted in. */
  readonly count: number;
  readonly years: number;
  /** The p10–p90 spread of their sum around the expectation per horizon (cash flows). */
  readonly spread: readonly AllowanceSpread[];
}

/** The rest of today's month, as the near term reads it (see `ALLOWANCE_RULES.monthCarry`). */
export interface MonthRest {
  /** Days after today up to the month's end. */
  readonly days: number;
  /** The usual everyday spending of those days and what is expected now, cash flows (≤ 0). */
  readonly usual: Cents;
  readonly expected: Cents;
  /** This month's everyday spending so far (today included) and the usual for those days (cents, ≥ 0). */
  readonly spent: Cents;
  readonly usual_so_far: Cents;
}

/**
 * The past outflows of an account that holds money (`Allowance.withdrawals`): each as its amount
 * (cents, > 0) and the net cash flow after its day up to today, so that its share of the balance then
 * follows from today's balance: amount / (balance − after + amount).
 */
export interface PastWithdrawals {
  /** The years of history the outflows were looked for in. */
  readonly years: number;
  readonly past: readonly { readonly amount: Cents; readonly after: Cents }[];
}

/**
 * How far what the plan does not foresee strayed from the allowance (its mean × days) over `days` days
 * in the window: the 10th and 90th percentiles of rolling `days`-day sums of the *unplanned* flows
 * (see `estimateAllowance`), minus the mean × days, as cash flows (`low` ≤ 0: more went out than the
 * forecast assumes; `high` ≥ 0: less went out, or more came in).
 */
export interface AllowanceSpread {
  readonly days: number;
  readonly low: Cents;
  readonly high: Cents;
}

/**
 * What a drifting stream adds beyond its planned amount, as cash flows: `amount` on day `first_day`
 * after today, then every `period_days` (rounded to whole days) `step` more each time.
 */
export interface StreamDrift {
  readonly first_day: number;
  readonly period_days: number;
  readonly amount: Cents;
  readonly step: Cents;
  /**
   * The yearly rate of what ends the growth (a large withdrawal): the occurrence on day i counts
   * exp(−rate × i / 365) of itself, the chance the growth lasted that long. Absent: none.
   */
  readonly ends_per_year?: number;
}

export interface Allowance {
  /** Typical non-recurring spending per weekday (0 = Sunday … 6 = Saturday), cash-flow sign (≤ 0). */
  readonly per_weekday: readonly [Cents, Cents, Cents, Cents, Cents, Cents, Cents];
  /** The mean over the whole window, cash-flow sign (≤ 0). */
  readonly daily_average: Cents;
  /** The history window used, inclusive. Null dates when there was too little history. */
  readonly from: string | null;
  readonly to: string | null;
  readonly days: number;
  readonly transactions_used: number;
  /** The per-day cap applied to spending before averaging, in cents (Plaid sign: spending). */
  readonly daily_cap: Cents;
  readonly method: 'weekday-mean-of-capped-days';
  /**
   * The measured spread per horizon, shortest first, each at least as wide as the one before. Empty
   * when there was too little history (or none measured): the forecast then has no band.
   */
  readonly spread: readonly AllowanceSpread[];
  /** How the band widens beyond the longest measured horizon (`ALLOWANCE_RULES.bandGrowth`); ½ if absent. */
  readonly spread_growth?: number;
  /**
   * Streams whose amounts drift one way (interest on a growing balance), which the plan keeps level:
   * the forecast adds what they bring beyond the plan's amounts, with the allowance. Absent or empty:
   * none.
   */
  readonly drift?: readonly StreamDrift[];
  /**
   * For an account with no everyday spending (money held, not spent: savings), its unplanned outflows
   * over the band's window, for the forecast's large-withdrawal side (`withdrawalRate`). Absent: none.
   */
  readonly withdrawals?: PastWithdrawals;
  /**
   * Rare, large spending (not in `per_weekday`): the forecast adds its expectation per day, and its
   * spread is already in `spread`. Absent: none (money held, not spent).
   */
  readonly lumps?: LumpProcess;
  /**
   * Bills that come only in some seasons (seasonal.ts), left out of the weekday mean: each payee with
   * its months, and its expected charges from tomorrow on (cash flows ≤ 0). Absent: none.
   */
  readonly seasonal?: {
    readonly bills: readonly {
      readonly payee: string;
      readonly months: readonly { readonly month: number; readonly amount: Cents }[];
    }[];
    readonly charges: readonly { readonly date: string; readonly amount: Cents }[];
  };
  /** Interest was credited in the band's window (`ALLOWANCE_RULES.interestRateChange`). */
  readonly earns_interest?: boolean;
  /** Income in no stream the forecast line expects. Absent: none. */
  readonly unplanned_income?: UnplannedIncome;
  /** The rest of today's month, read from what it has already spent. Absent: the usual allowance. */
  readonly month_rest?: MonthRest;
  /**
   * What the habits (habits.ts) change in the everyday allowance per day from tomorrow (index 0), cash
   * flows: positive where a habit was bought lately and is not due, negative where it is due. Absent:
   * none.
   */
  readonly near_term?: readonly Cents[];
  /** Why the allowance is zero, when it is. */
  readonly note: 'insufficient_history' | null;
}

export interface AllowanceInput {
  /** One account's history (Plaid sign). Pending transactions are ignored. */
  readonly transactions: readonly HistoryTransaction[];
  readonly today: string;
  /**
   * Streams whose transactions are excluded (they are in the plan already), one entry per stream: the
   * band measures each one's amounts against what the plan would have expected of them.
   */
  readonly streams?: readonly (Pick<RecurringStream, 'transaction_ids'> & {
    /**
     * The cash side of a card's payments the plan takes from its statements: a payment due within a
     * statement's gap (`statementGapDays`) is the issued statement's, so the band's past forecasts
     * know it too.
     */
    readonly from_statement?: boolean;
  })[];
  /** More transactions to exclude, e.g. those reconciled with a user's one-off planned items. */
  readonly exclude_transaction_ids?: Iterable<string>;
  readonly lookback_days?: number;
  readonly min_history_days?: number;
  /**
   * A card whose payments the plan takes from its statements (`planFromStatements`): the payments
   * follow what was spent, so its band stops widening after about a statement cycle
   * (`ALLOWANCE_RULES.statementCycleDays`): what is spent later is paid by later statements.
   */
  readonly paid_by_statement?: boolean;
}

export const NO_ALLOWANCE: Allowance = {
  per_weekday: [0, 0, 0, 0, 0, 0, 0],
  daily_average: 0,
  from: null,
  to: null,
  days: 0,
  transactions_used: 0,
  daily_cap: 0,
  method: 'weekday-mean-of-capped-days',
  spread: [],
  note: 'insufficient_history',
};
