// Synthetic, seeded account histories for the money engine's tests and benchmarks: recurring series
// with the jitter, weekend shifts and amount noise real banks show, plus random one-off spending.
import { addDays, formatDay, parseDay, toCivil } from './dates.ts';
import type { CategoryRef, HistoryTransaction } from './recurring.ts';
import { occurrencesBetween, type Schedule } from './schedule.ts';

/** mulberry32: a tiny seeded generator, so a failing case can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Where a history's draws come from when it is told apart from its future (`FutureSplit`): a seeded
 * history generator calls `at(day)` before the draws of each day, and `at` of its first day before draws
 * that belong to no day (a household's parameters). Draws for days after `cut` come from a stream of
 * their own, so the same history can be given many futures: the best any forecast could do is what
 * those futures' own median misses by (bin/money-bench-households.ts "best possible").
 */
export interface FutureSplit {
  /** The last day of the history (the forecast's today). */
  readonly cut: number;
  /** Which future: each seed gives another, the history stays the same. */
  readonly futureSeed: number;
}

export interface DayRandom {
  readonly random: () => number;
  /** Draw the next numbers for `day`. */
  readonly at: (day: number) => void;
}

/** One seeded stream (`at` does nothing), or with a `split` two: the history's and the future's. */
export function dayRandom(seed: number, split?: FutureSplit): DayRandom {
  const past = seededRandom(seed);
  if (!split) return { random: past, at: () => undefined };
  const future = seededRandom(Math.imul(split.futureSeed + 1, 0x9e3779b1) ^ seed);
  let current = past;
  return {
    random: () => current(),
    at: (day) => {
      current = day > split.cut ? future : past;
    },
  };
}

/**
 * Everyday groceries with no schedule: on each of the `days` days before `today`, with chance
 * `chance`, one purchase of $20–$80 at the corner grocery on checking ('chk'), ids `${idPrefix}${day}`.
 * The same draw for the same seed.
 */
export function groceriesAtRandom(o: {
  today: string;
  days: number;
  chance: number;
  seed: number;
  idPrefix: string;
}): HistoryTransaction[] {
  const random = seededRandom(o.seed);
  const out: HistoryTransaction[] = [];
  for (let i = 1; i <= o.days; i += 1)
    if (random() < o.chance)
      out.push({
        id: `${o.idPrefix}${i}`,
        account_id: 'chk',
        date: addDays(o.today, -i),
        amount: Math.round(2_000 + random() * 6_000),
        name: 'Corner Grocery',
        personal_finance_category: { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES' },
      });
  return out;
}

export interface SeriesSpec {
  readonly name: string;
  readonly schedule: Schedule;
  readonly from: string;
  readonly to: string;
  /** Plaid sign: positive = money out. */
  readonly amount: number;
  /** Each amount is drawn uniformly within ±variation of `amount` (0.3 = ±30 %). */
  readonly variation?: number;
  /** Each date moves 0..lateDays later (processing delays). */
  readonly lateDays?: number;
  readonly category?: CategoryRef;
  readonly account_id?: string;
  readonly idPrefix?: string;
}

export function series(spec: SeriesSpec, random: () => number = seededRandom(1)): HistoryTransaction[] {
  const prefix = spec.idPrefix ?? spec.name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return occurrencesBetween(spec.schedule, spec.from, spec.to).map((occurrence, i) => {
    const late = spec.lateDays ? Math.floor(random() * (spec.lateDays + 1)) : 0;
    const factor = spec.variation ? 1 + (random() * 2 - 1) * spec.variation : 1;
    return {
      id: `${prefix}-${i}`,
      account_id: spec.account_id ?? 'acc-1',
      date: addDays(occurrence.due_date, late),
      amount: Math.round(spec.amount * factor),
      name: spec.name,
      ...(spec.category ? { personal_finance_category: spec.category } : {}),
    };
  });
}

const ONE_OFF_MERCHANTS = [
  'Corner Grocery',
  'Shell Oil',
  'Target',
  'Home Depot',
  'Chipotle',
  'Uber Trip',
  'CVS Pharmacy',
  'Local Bookstore',
  'Hardware Store',
  'Pet Supplies Plus',
];

/** Random everyday spending: about `perWeek` purchases a week between $5 and $150 at assorted shops. */
export function oneOffs(
  from: string,
  to: string,
  perWeek: number,
  random: () => number,
  accountId = 'acc-1',
  /** Told each day before its draws (`DayRandom.at`). */
  at: (day: number) => void = () => undefined,
): HistoryTransaction[] {
  const out: HistoryTransaction[] = [];
  const start = parseDay(from);
  const end = parseDay(to);
  for (let day = start; day <= end; day += 1) {
    at(day);
    if (random() >= perWeek / 7) continue;
    const merchant = ONE_OFF_MERCHANTS[Math.floor(random() * ONE_OFF_MERCHANTS.length)] ?? 'Shop';
    out.push({
      id: `oneoff-${day}-${out.length}`,
      account_id: accountId,
      date: formatDay(day),
      amount: 500 + Math.floor(random() * 14_500),
      name: `${merchant} #${100 + Math.floor(random() * 900)}`,
      personal_finance_category: {
        primary: 'GENERAL_MERCHANDISE',
        detailed: 'GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE',
      },
    });
  }
  return out;
}

// ── Varied histories: what the detector has not been tuned on ─────────────────────

/** The recurring patterns `variedHistory` plants; the bench reports detection per history, not per kind. */
export type VariedPattern = 'pay' | 'fixed' | 'multi-level' | 'add-on' | 'seasonal-drift';

/** A planted recurring series: the transactions it made and when it is next due after `today`. */
export interface VariedSeries {
  readonly series_id: string;
  readonly pattern: VariedPattern;
  readonly transaction_ids: readonly string[];
  readonly predicted_next_date: string | null;
}

export interface VariedHistory {
  readonly today: string;
  readonly transactions: HistoryTransaction[];
  /** The recurring series planted (ground truth); everything else is noise. */
  readonly truth: VariedSeries[];
}

const GROCERIES = { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES' } as const;
const PATTERN_NAMES = {
  mealKit: ['HelloFresh', 'Blue Apron', 'Home Chef', 'Green Chef', 'Factor Meals', 'EveryPlate'],
  addOn: ['Verizon Wireless', 'Comcast Xfinity', 'State Farm Insurance', 'Spectrum', 'T-Mobile'],
  utility: ['Pacific Gas & Electric', 'Con Edison', 'Duke Energy', 'City Water Dept', 'National Grid'],
  sub: ['Netflix', 'Spotify', 'Planet Fitness', 'Adobe Creative Cloud', 'NYTimes Digital'],
  grocer: ['Trader Joes', 'Safeway', 'Kroger', 'Whole Foods Market', 'Aldi'],
  fuel: ['Chevron', 'Exxon Mobil', 'Speedway', 'Circle K'],
  diner: ['Olive Garden', 'The Cheesecake Factory', 'Panera Bread', 'Five Guys'],
  fixedHabit: ['Mister Car Wash', 'Great Clips', 'Jiffy Lube', 'Parking Garage'],
} as const;

/**
 * One seeded 24-month checking history with recurring patterns real banks show and a clean synthetic
 * history does not: amounts at two or three levels (a weekly meal kit that is dearer about one week in
 * five), a bill with an occasional add-on, a monthly bill whose day drifts a few days and whose amount
 * follows the seasons (electricity, peaking in summer and winter), beside pay, rent and a fixed
 * subscription — and noise that must *not* be detected: one-off purchases and near-miss habits
 * (groceries every 4–10 days, fuel every 6–16, a restaurant every 3–6 weeks, a fixed-price car wash or
 * haircut at irregular intervals). Parameters (levels, shares, days, amplitudes) vary with the seed.
 */
export function variedHistory(
  seed: number,
  today = '2026-06-15',
  months = 24,
  /** Draws after `split.cut` from a future of their own (`dayRandom`). */
  split?: FutureSplit,
): VariedHistory {
  const { random, at } = dayRandom(seed * 7919 + 17, split);
  const uniform = (lo: number, hi: number) => lo + random() * (hi - lo);
  const int = (lo: number, hi: number) => Math.floor(uniform(lo, hi + 1));
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const account = `acc-${seed}`;
  const to = parseDay(today);
  const from = to - Math.round(months * 30.44);
  const start = formatDay(from);
  const transactions: HistoryTransaction[] = [];
  const truth: VariedSeries[] = [];
  const used = new Set<string>();
  const freshName = (pool: readonly string[]): string => {
    const free = pool.filter((n) => !used.has(n));
    const name = pick(free.length > 0 ? free : pool);
    used.add(name);
    return name;
  };

  const plant = (
    pattern: VariedPattern,
    name: string,
    schedule: Schedule,
    amountAt: (i: number, day: number) => number,
    options: { category?: CategoryRef; driftDays?: number } = {},
  ) => {
    const id = `${pattern}-${truth.length}`;
    const ids: string[] = [];
    for (const [i, o] of occurrencesBetween(schedule, start, today).entries()) {
      // A bill due just after the cut may drift before it: its draws are the history's.
      at(parseDay(o.due_date) - (options.driftDays ?? 0));
      const drift = options.driftDays ? int(-options.driftDays, options.driftDays) : 0;
      const day = parseDay(o.due_date) + drift;
      if (day > to || day < from) continue;
      const tx: HistoryTransaction = {
        id: `${id}-${i}`,
        account_id: account,
        date: formatDay(day),
        amount: Math.round(amountAt(i, day)),
        name,
        ...(options.category ? { personal_finance_category: options.category } : {}),
      };
      transactions.push(tx);
      ids.push(tx.id);
    }
    at(from);
    const next = occurrencesBetween(schedule, addDays(today, 1), addDays(today, 400))[0];
    truth.push({
      series_id: id,
      pattern,
      transaction_ids: ids,
      predicted_next_date: next?.due_date ?? null,
    });
  };
  const anchor = (offset: number) => formatDay(from + offset);

  // Pay: biweekly or semi-monthly, fixed or hourly (±8 %).
  const pay = -Math.round(uniform(1_400, 4_200)) * 100;
  const hourly = random() < 0.4;
  plant(
    'pay',
    pick(['ACME CORP PAYROLL', 'GLOBEX DIRECT DEP', 'INITECH PAYROLL']),
    random() < 0.5
      ? { cadence: 'biweekly', anchor: anchor(int(0, 13)), shift: 'before' }
      : { cadence: 'semi-monthly', days: [15, 31], shift: 'before' },
    () => (hourly ? pay * uniform(0.92, 1.08) : pay),
    { category: { primary: 'INCOME', detailed: 'INCOME_WAGES' } },
  );
  // Rent and a fixed subscription.
  const rent = int(9, 28) * 10_000;
  plant(
    'fixed',
    'Landlord Properties LLC',
    { cadence: 'monthly', anchor_month: start.slice(0, 7), day: 1, shift: 'after' },
    () => rent,
    { category: { primary: 'RENT_AND_UTILITIES', detailed: 'RENT_AND_UTILITIES_RENT' } },
  );
  const subPrice = int(499, 2_499);
  plant(
    'fixed',
    freshName(PATTERN_NAMES.sub),
    { cadence: 'monthly', anchor_month: start.slice(0, 7), day: int(1, 28), shift: 'none' },
    () => subPrice,
    { category: { primary: 'ENTERTAINMENT', detailed: 'ENTERTAINMENT_TV_AND_MOVIES' } },
  );

  // Amounts at two or three levels: a meal kit (weekly, sometimes biweekly) dearer now and then.
  const kits = int(1, 2);
  for (let k = 0; k < kits; k += 1) {
    const base = int(45, 95) * 100 + int(0, 99);
    const dearer = Math.round(base * uniform(1.15, 1.6));
    const dearShare = uniform(0.12, 0.3);
    const third = random() < 0.35 ? Math.round(base * uniform(0.6, 0.85)) : null;
    const levels = (): number => {
      const r = random();
      if (r < dearShare) return dearer;
      if (third !== null && r < dearShare + 0.1) return third;
      return base;
    };
    plant(
      'multi-level',
      freshName(PATTERN_NAMES.mealKit),
      { cadence: random() < 0.75 ? 'weekly' : 'biweekly', anchor: anchor(int(0, 13)), shift: 'none' },
      levels,
      { category: GROCERIES },
    );
  }

  // A bill with an occasional add-on (an extra line, a pay-per-view, a rider).
  const billBase = int(40, 160) * 100 + int(0, 99);
  const addOn = int(5, 45) * 100;
  const addOnShare = uniform(0.15, 0.4);
  plant(
    'add-on',
    freshName(PATTERN_NAMES.addOn),
    { cadence: 'monthly', anchor_month: start.slice(0, 7), day: int(1, 28), shift: 'after' },
    () => billBase + (random() < addOnShare ? addOn : 0),
    random() < 0.7
      ? { category: { primary: 'RENT_AND_UTILITIES', detailed: 'RENT_AND_UTILITIES_TELEPHONE' } }
      : {},
  );

  // Electricity: read on a day that drifts a few days either way; dear in summer and winter.
  const mean = int(60, 220) * 100;
  const amplitude = uniform(0.2, 0.5);
  const driftDays = int(1, 3);
  plant(
    'seasonal-drift',
    freshName(PATTERN_NAMES.utility),
    { cadence: 'monthly', anchor_month: start.slice(0, 7), day: int(3, 26), shift: 'after' },
    (_i, day) => {
      const month = toCivil(day).month;
      // Peaks in January and July, troughs in April and October.
      return mean * (1 + amplitude * Math.cos((2 * Math.PI * (month - 1)) / 6)) * uniform(0.94, 1.06);
    },
    {
      driftDays,
      ...(random() < 0.8
        ? {
            category: {
              primary: 'RENT_AND_UTILITIES',
              detailed: 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY',
            },
          }
        : {}),
    },
  );

  // Noise: one-offs, and habits that come back without a schedule.
  transactions.push(...oneOffs(start, today, uniform(2, 7), random, account, at));
  at(from);
  const habit = (
    name: string,
    gap: readonly [number, number],
    amount: () => number,
    category: CategoryRef,
  ) => {
    let n = 0;
    for (let day = from + int(0, gap[1]); day <= to; day += int(gap[0], gap[1])) {
      at(day);
      transactions.push({
        id: `habit-${name}-${n}`.replace(/[^A-Za-z0-9-]+/g, '-'),
        account_id: account,
        date: formatDay(day),
        amount: Math.round(amount()),
        name,
        personal_finance_category: category,
      });
      n += 1;
    }
    at(from);
  };
  habit(freshName(PATTERN_NAMES.grocer), [4, 10], () => uniform(3_000, 18_000), GROCERIES);
  habit(freshName(PATTERN_NAMES.fuel), [6, 16], () => uniform(2_500, 6_500), {
    primary: 'TRANSPORTATION',
    detailed: 'TRANSPORTATION_GAS',
  });
  habit(freshName(PATTERN_NAMES.diner), [20, 45], () => uniform(3_500, 7_000), {
    primary: 'FOOD_AND_DRINK',
    detailed: 'FOOD_AND_DRINK_RESTAURANT',
  });
  const fixedPrice = int(12, 40) * 100;
  habit(freshName(PATTERN_NAMES.fixedHabit), [10, 50], () => fixedPrice, {
    primary: 'GENERAL_SERVICES',
    detailed: 'GENERAL_SERVICES_AUTOMOTIVE',
  });

  transactions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1));
  return { today, transactions, truth };
}
