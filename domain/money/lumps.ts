// Rare, large spending as its own process: a sofa, a car repair, a flight. The everyday allowance caps
// each day, so it never holds them, and a band measured on one short past sees too few of them to know
// how they add up over months. They are modelled as a compound Poisson process — how often and how big
// from the account's own history, pooled with a prior over many accounts where the history is short —
// whose median sum by each day joins the forecast line (for a card paid by its statements, their
// expectation) and whose p10–p90 spread around it joins the band (docs/money-engine.md "Rare large
// spending").
import { percentile, roundCents, type Cents } from './cents.ts';
import { ALLOWANCE_RULES, type AllowanceSpread, type LumpProcess } from './allowance-rules.ts';

/**
 * The threshold of a lump for an account whose everyday purchases over `days` days are `amounts`
 * (cents, > 0): several times a usual purchase, or `weeksOfSpending` weeks of the account's everyday
 * spending if that is less (an account that buys little but now and then something large, whose usual
 * purchase is itself a large one), and never under `minAmount`.
 */
export function lumpThreshold(amounts: readonly Cents[], days: number): Cents {
  const { minAmount, thresholdTimesP75, weeksOfSpending } = ALLOWANCE_RULES.lumpPrior;
  const total = amounts.reduce((sum, a) => sum + a, 0);
  const weeks = days > 0 ? (weeksOfSpending * 7 * total) / days : Number.POSITIVE_INFINITY;
  return Math.max(minAmount, roundCents(Math.min(thresholdTimesP75 * percentile(amounts, 0.75), weeks)));
}

/** xorshift32 with a fixed seed: the same history gives the same band. */
function generator(): () => number {
  let state = 0x2545f491;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

/** A Poisson draw with mean `mean` (Knuth's product of uniforms; the means here are small). */
function poisson(mean: number, next: () => number): number {
  if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * gaussian(next)));
  const limit = Math.exp(-mean);
  let k = 0;
  let product = next();
  while (product > limit) {
    k += 1;
    product *= next();
  }
  return k;
}

function gaussian(next: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
}

/**
 * The process of an account from its own lumps (`sizes`, cents, over `years` of history) and the
 * pooled prior (`ALLOWANCE_RULES.lumpPrior`): the rate is the Gamma–Poisson posterior mean
 * (prior rate × prior years + own count) / (prior years + own years); a size is drawn from the prior's
 * shares of the threshold with the prior's weight, else from the account's own sizes. Per horizon,
 * 2,000 simulated sums give what the line carries (`line`): their median, what half of the futures
 * exceed — none in the next month of an account with a few lumps a year, nearly their expectation
 * over a year — or, for a card paid by its statements, their expectation (the payments the plan takes
 * from its statements carry the expectation, and the card's line must spend what they pay). The
 * spread is their p10 and p90 around the line (cash flows: more lumps than the line is the low side).
 */
export function lumpProcess(
  sizes: readonly Cents[],
  years: number,
  threshold: Cents,
  line: 'median' | 'expectation' = 'median',
): LumpProcess {
  const { perYear, priorYears, priorSizes, draws } = ALLOWANCE_RULES.lumpPrior;
  const rate = (perYear * priorYears + sizes.length) / (priorYears + Math.max(0, years));
  const priorWeight = priorYears / (priorYears + sizes.length);
  const priorMean = (priorSizes.reduce((a, b) => a + b, 0) / priorSizes.length) * threshold;
  const ownMean = sizes.length > 0 ? sizes.reduce((a, b) => a + b, 0) / sizes.length : priorMean;
  const meanSize = priorWeight * priorMean + (1 - priorWeight) * ownMean;
  const next = generator();
  const drawSize = (): number => {
    if (sizes.length === 0 || next() < priorWeight) {
      const at = next() * (priorSizes.length - 1);
      const k = Math.floor(at);
      const a = priorSizes[k] ?? 1;
      return (a + (at - k) * ((priorSizes[k + 1] ?? a) - a)) * threshold;
    }
    return sizes[Math.floor(next() * sizes.length)] ?? threshold;
  };
  const [pLow, pHigh] = ALLOWANCE_RULES.spreadPercentiles;
  const spread: AllowanceSpread[] = [];
  const path: Array<{ days: number; sum: Cents }> = [];
  for (const days of ALLOWANCE_RULES.spreadHorizons) {
    const mean = (rate * days) / 365;
    const sums: number[] = [];
    for (let d = 0; d < draws; d += 1) {
      let sum = 0;
      for (let n = poisson(mean, next); n > 0; n -= 1) sum += drawSize();
      sums.push(sum);
    }
    const carried = line === 'median' ? percentile(sums, 0.5) : mean * meanSize;
    path.push({ days, sum: -roundCents(carried) || 0 });
    spread.push({
      days,
      low: Math.min(0, -roundCents(percentile(sums, pHigh) - carried)) || 0,
      high: Math.max(0, roundCents(carried - percentile(sums, pLow))),
    });
  }
  return {
    threshold,
    per_year: Math.round(rate * 1000) / 1000,
    mean_size: roundCents(meanSize),
    per_day: -roundCents((rate / 365) * meanSize) || 0,
    line: path,
    count: sizes.length,
    years: Math.round(years * 1000) / 1000,
    spread,
  };
}

/**
 * The measured band `a` and the lumps' spread `b`, two independent sources of surprise, as one: their
 * sides add in quadrature (the spread of a sum of independent parts), horizon by horizon. No measured
 * band (under about four months of history) stays no band: the line is then too new to bound.
 */
export function combineSpreads(
  a: readonly AllowanceSpread[],
  b: readonly AllowanceSpread[],
): AllowanceSpread[] {
  return a.map((s) => {
    const other = b.find((x) => x.days === s.days);
    if (!other) return s;
    return {
      days: s.days,
      low: -roundCents(Math.hypot(s.low, other.low)) || 0,
      high: roundCents(Math.hypot(s.high, other.high)),
    };
  });
}

/**
 * The spread held at its width at `days` (interpolated between the horizons around it) for every
 * longer horizon: surprises older than that no longer move the balance (a card's statements pay them).
 */
export function holdSpreadAfter(spread: readonly AllowanceSpread[], days: number): AllowanceSpread[] {
  const after = spread.findIndex((s) => s.days >= days);
  if (after < 0) return [...spread];
  const b = spread[after] as AllowanceSpread;
  const a = spread[after - 1] ?? { days: 0, low: 0, high: 0 };
  const t = b.days === a.days ? 1 : (days - a.days) / (b.days - a.days);
  const low = roundCents(a.low + t * (b.low - a.low)) || 0;
  const high = roundCents(a.high + t * (b.high - a.high));
  return spread.map((s) => (s.days <= days ? s : { days: s.days, low, high }));
}
