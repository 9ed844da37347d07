// The forecast on lumpy households (`variedHousehold`: rare large purchases that cluster, income at no
// schedule, seasonal bills, savings withdrawals, a card paid by its statement), for `npm run bench`:
// each household is cut at its today, the plan and the allowance are made from what was known then, and
// the forecast is compared with what happened next at 30, 90 and 180 days. The calibration seeds and
// the held-out seeds are fixed apart: the engine's constants were chosen on the first, the bench
// reports the second.
import { estimateAllowance } from '../domain/money/allowance.ts';
import { median } from '../domain/money/cents.ts';
import { forecastAccount, type BalanceDay } from '../domain/money/forecast.ts';
import {
  householdStatementTerms,
  variedHousehold,
  type Household,
  type HouseholdAccount,
} from '../domain/money/household.ts';
import { generatePlan } from '../domain/money/plan.ts';
import { detectRecurring } from '../domain/money/recurring.ts';
import { paysCardFromStatements, planFromStatements } from '../domain/money/statements.ts';
import type { AccountType } from '../domain/money/types.ts';
import type { Figure } from './money-bench-figure.ts';

/** Seeds the engine's lumpy-spending constants were chosen on. */
export const CALIBRATION_SEEDS = Array.from({ length: 60 }, (_, i) => 1 + i);
/**
 * Seeds the later near-term constants (habits, the month's carry) were chosen on, the calibration
 * seeds among them: 60 seeds say too little about half a point at 30 days.
 */
export const DEVELOPMENT_SEEDS = { first: 1, last: 2000 } as const;
/** Seeds never looked at while choosing them: what the bench reports. */
export const HELD_OUT_SEEDS = Array.from({ length: 60 }, (_, i) => 5001 + i);
export const HOUSEHOLD_HORIZONS = [30, 90, 180] as const;
export type HouseholdKind = 'checking' | 'savings' | 'credit';
export const HOUSEHOLD_KINDS: readonly HouseholdKind[] = ['checking', 'savings', 'credit'];
export type Method = 'engine' | 'plan' | 'flat';

export interface HouseholdResults {
  /** Median |error| per kind, horizon and method, as a share of the kind's scale (see `scaleOf`). */
  readonly error: (kind: HouseholdKind, h: number, method: Method) => number;
  /** Share of actual balances inside the p10–p90 band. */
  readonly coverage: (kind: HouseholdKind, h: number) => number;
  readonly accounts: (kind: HouseholdKind) => number;
}

const kindOf = (a: HouseholdAccount): HouseholdKind =>
  a.subtype === 'checking' ? 'checking' : a.subtype === 'savings' ? 'savings' : 'credit';

/**
 * What an error is measured against: a month's outflow for checking and cards (the issue's "share of
 * monthly outflow": what a person spends through the account), today's balance for savings (whose
 * outflows are rare withdrawals).
 */
function scaleOf(account: HouseholdAccount, outflowPerMonth: number): number {
  return kindOf(account) === 'savings'
    ? Math.max(1, Math.abs(account.balance_today))
    : Math.max(1, outflowPerMonth);
}

/** One account's forecasts made on the household's `today`, and what its errors are measured against. */
interface AccountForecast {
  readonly account: HouseholdAccount;
  readonly kind: HouseholdKind;
  readonly scale: number;
  readonly engine: readonly BalanceDay[];
  readonly planOnly: readonly BalanceDay[];
}

/** The household's forecasts as the product makes them, from what was known on its `today`. */
export function forecastHousehold(household: Household): AccountForecast[] {
  const { today, history } = household;
  const types: Record<string, AccountType> = {};
  for (const a of household.accounts) types[a.account_id] = a.account_type;
  const streams = detectRecurring(history, { today, account_types: types });
  // As the product plans: detection's plan, with the card's payments from its statements.
  const terms = householdStatementTerms(household);
  const { plan } = planFromStatements({
    profile_id: 'bench',
    today,
    horizon_days: 200,
    plan: generatePlan({ profile_id: 'bench', streams, today, horizon_days: 200 }),
    streams,
    transactions: history,
    ...terms,
  });
  // The cash side of the cards' payments the plan takes from their statements.
  const cardIds = new Set(terms.cards.map((c) => c.account_id));
  const fromStatement = (s: (typeof streams)[number]) =>
    paysCardFromStatements(
      { account_id: s.account_id, outflow: s.direction === 'outflow', detailed: s.category?.detailed },
      cardIds,
    );
  return household.accounts.map((account) => {
    const own = history.filter((t) => t.account_id === account.account_id);
    const lastYear = own.filter((t) => t.date > `${Number(today.slice(0, 4)) - 1}${today.slice(4)}`);
    const outflow = lastYear.reduce((s, t) => s + (t.amount > 0 ? t.amount : 0), 0) / 12;
    const allowance = estimateAllowance({
      transactions: own,
      today,
      streams: streams
        .filter((s) => s.account_id === account.account_id)
        .map((s) => ({ transaction_ids: s.transaction_ids, from_statement: fromStatement(s) })),
      paid_by_statement: terms.cards.some((c) => c.account_id === account.account_id),
    });
    const input = {
      account: {
        account_id: account.account_id,
        account_type: account.account_type,
        current_balance: account.balance_today,
      },
      planned: plan,
      transactions: own.filter((t) => t.date === today),
      allowance,
      today,
      days: 180,
    };
    return {
      account,
      kind: kindOf(account),
      scale: scaleOf(account, outflow),
      engine: forecastAccount({ ...input, include_allowance: true }).rows,
      planOnly: forecastAccount({ ...input, include_allowance: false }).rows,
    };
  });
}

const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const pushTo = (map: Map<string, number[]>, key: string, value: number) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/**
 * Errors and band hits of account forecasts against what happened (`actuals`, balances in cents: one
 * future, or many of the same history), per kind and horizon, as `HouseholdResults`.
 */
function resultsTally() {
  const errors = new Map<string, number[]>();
  const inside = new Map<string, number[]>();
  const accounts = new Map<HouseholdKind, number>();
  return {
    add({ account, kind, scale, engine, planOnly }: AccountForecast, actuals: (h: number) => number[]) {
      accounts.set(kind, (accounts.get(kind) ?? 0) + 1);
      for (const h of HOUSEHOLD_HORIZONS) {
        const row = engine[h];
        for (const actual of actuals(h)) {
          pushTo(errors, `${kind}|${h}|engine`, Math.abs((row?.closing_balance ?? 0) - actual) / scale);
          pushTo(errors, `${kind}|${h}|plan`, Math.abs((planOnly[h]?.closing_balance ?? 0) - actual) / scale);
          pushTo(errors, `${kind}|${h}|flat`, Math.abs(account.balance_today - actual) / scale);
          pushTo(
            inside,
            `${kind}|${h}`,
            row && row.closing_low <= actual && actual <= row.closing_high ? 1 : 0,
          );
        }
      }
    },
    results: (): HouseholdResults => ({
      error: (kind, h, method) => median(errors.get(`${kind}|${h}|${method}`) ?? []),
      coverage: (kind, h) => mean(inside.get(`${kind}|${h}`) ?? []),
      accounts: (kind) => accounts.get(kind) ?? 0,
    }),
  };
}

export function householdBacktest(
  seeds: readonly number[],
  everyday: 'checking' | 'card' = 'checking',
): HouseholdResults {
  const tally = resultsTally();
  for (const seed of seeds)
    for (const forecast of forecastHousehold(variedHousehold(seed, undefined, everyday)))
      tally.add(forecast, (h) => [forecast.account.balances_after[h] ?? Number.NaN]);
  return tally.results();
}

/** The engine over many futures of each history, beside the best any forecast could do on them. */
export interface BestPossible extends HouseholdResults {
  /**
   * Median |error| of a forecast that knows each history's own generator (its rates, sizes and
   * state on the day) and forecasts the median of the history's futures: what is left is chance.
   */
  readonly knowing: (kind: HouseholdKind, h: number) => number;
  /** The least median |error| any one forecast per history could reach on these futures. */
  readonly least: (kind: HouseholdKind, h: number) => number;
}

/** The most of `sorted` that one range `width` wide can hold. */
function mostWithin(sorted: readonly number[], width: number): number {
  let most = 0;
  for (let lo = 0, hi = 0; hi < sorted.length; hi += 1) {
    while (sorted[hi]! - sorted[lo]! > width) lo += 1;
    most = Math.max(most, hi - lo + 1);
  }
  return most;
}

/**
 * The least median |error| any choice of one forecast per history can reach, each history's futures
 * given (scaled, sorted): the least `t` for which ranges `2t` wide, one per history, hold half of all
 * the futures. A median of errors rewards landing exactly on the likeliest outcome (no withdrawal this
 * half year), which neither each history's median nor its mean does.
 */
export function leastMedianError(histories: readonly (readonly number[])[]): number {
  const total = histories.reduce((n, h) => n + h.length, 0);
  const fits = (t: number) => histories.reduce((n, h) => n + mostWithin(h, 2 * t), 0) * 2 >= total;
  let lo = 0;
  let hi = Math.max(...histories.map((h) => h[h.length - 1]! - h[0]!), 0) / 2;
  for (let step = 0; step < 40; step += 1) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * Each history given `futures` futures of its own (`variedHousehold`'s `futureSeed`): the engine's
 * one forecast measured against every future, beside the forecast of one who knew how the history was
 * made (the futures' own median) and the least error any forecast could reach on them. A forecast made
 * from the history alone cannot expect to beat the first; the gap to it is what a better engine could
 * still win, the rest is chance.
 */
export function householdBestPossible(
  seeds: readonly number[],
  everyday: 'checking' | 'card' = 'checking',
  futures = 40,
): BestPossible {
  const tally = resultsTally();
  const medianErrors = new Map<string, number[]>();
  const outcomesOf = new Map<string, number[][]>();
  for (const seed of seeds) {
    const others = Array.from({ length: futures - 1 }, (_, f) =>
      variedHousehold(seed, undefined, everyday, f + 1),
    );
    forecastHousehold(variedHousehold(seed, undefined, everyday, 0)).forEach((forecast, a) => {
      const actuals = (h: number) =>
        [forecast.account, ...others.map((o) => o.accounts[a]!)].map(
          (acc) => acc.balances_after[h] ?? Number.NaN,
        );
      tally.add(forecast, actuals);
      const { kind, scale } = forecast;
      for (const h of HOUSEHOLD_HORIZONS) {
        const scaled = actuals(h)
          .map((actual) => actual / scale)
          .sort((x, y) => x - y);
        const centre = median(scaled);
        for (const actual of scaled) pushTo(medianErrors, `${kind}|${h}`, Math.abs(centre - actual));
        const list = outcomesOf.get(`${kind}|${h}`) ?? [];
        list.push(scaled);
        outcomesOf.set(`${kind}|${h}`, list);
      }
    });
  }
  return {
    ...tally.results(),
    knowing: (kind, h) => median(medianErrors.get(`${kind}|${h}`) ?? []),
    least: (kind, h) => leastMedianError(outcomesOf.get(`${kind}|${h}`) ?? []),
  };
}

/** The backtest's figures as a table, one line per kind and horizon. */
export function printHouseholdTable(results: HouseholdResults, label: string): void {
  console.log(`lumpy households, ${label}`);
  for (const kind of HOUSEHOLD_KINDS)
    for (const h of HOUSEHOLD_HORIZONS)
      console.log(
        `${kind.padEnd(8)} ${String(h).padStart(3)} d  coverage ${(results.coverage(kind, h) * 100).toFixed(1).padStart(5)} %  ` +
          `error engine ${(results.error(kind, h, 'engine') * 100).toFixed(1).padStart(5)} %  plan ${(results.error(kind, h, 'plan') * 100).toFixed(1).padStart(5)} %  flat ${(results.error(kind, h, 'flat') * 100).toFixed(1).padStart(5)} %`,
      );
}

/**
 * The held-out figures of the engine before rare large spending had its own process and before the
 * near term read this month's spending, with the card's payments as detection planned them (coverage %,
 * median |error| % of the scale per method), the same seeds and histories: what `npm run bench` prints
 * each figure beside, and what the 90- and 180-day errors are held to.
 */
interface Before {
  readonly coverage: number;
  readonly engine: number;
  readonly plan: number;
}

export const BEFORE: Record<HouseholdKind, Record<number, Before>> = {
  checking: {
    30: { coverage: 86.7, engine: 6.8, plan: 32.4 },
    90: { coverage: 86.7, engine: 17.7, plan: 91.6 },
    180: { coverage: 85.0, engine: 41.2, plan: 166.7 },
  },
  savings: {
    30: { coverage: 76.7, engine: 0.0, plan: 0.1 },
    90: { coverage: 93.3, engine: 0.4, plan: 0.4 },
    180: { coverage: 90.0, engine: 17.7, plan: 17.6 },
  },
  credit: {
    30: { coverage: 75.0, engine: 31.0, plan: 102.2 },
    90: { coverage: 93.3, engine: 29.1, plan: 285.0 },
    180: { coverage: 98.3, engine: 49.9, plan: 579.6 },
  },
};

/**
 * The same held-out seeds with the everyday shopping on the card only (`variedHousehold(…, 'card')`):
 * checking holds the plan's streams, the card's payments and the rare and irregular flows, so the plan
 * alone is already close at a month. Checking's figures before the line carried the median of rare
 * large spending rather than its expectation, before seasonal bills had their own months and before
 * two weeks' spending made a lump (savings and cards are the households' own above).
 */
export const BEFORE_CARD_SHOPPERS: Record<number, { coverage: number; engine: number; plan: number }> = {
  30: { coverage: 81.7, engine: 8.5, plan: 10.8 },
  90: { coverage: 90.0, engine: 25.9, plan: 24.8 },
  180: { coverage: 85.0, engine: 70.9, plan: 56.4 },
};

const pct = (x: number) => `${x.toFixed(1)} %`;

/**
 * The held-out figures for `npm run bench`, each beside the engine's before it and its target, a
 * missed target flagged ✖: coverage 70–90 % at every horizon and kind; the median error at 30 days at
 * most 6 % of a month's outflow (checking and cards) and never above the plan alone at any horizon; at
 * 90 and 180 days no worse than before.
 */
export function benchHouseholds(seeds: readonly number[] = HELD_OUT_SEEDS): Figure[] {
  const where = `${seeds.length} held-out lumpy households, one future each (seeds ${seeds[0]}–${seeds[seeds.length - 1]}; calibrated on ${CALIBRATION_SEEDS[0]}–${CALIBRATION_SEEDS[CALIBRATION_SEEDS.length - 1]}, developed on ${DEVELOPMENT_SEEDS.first}–${DEVELOPMENT_SEEDS.last})`;
  return [
    ...householdFigures(householdBacktest(seeds), HOUSEHOLD_KINDS, where, (kind, h) => BEFORE[kind][h]),
    ...householdFigures(
      householdBacktest(seeds, 'card'),
      ['checking'],
      where.replace('lumpy households', 'lumpy households shopping by card only'),
      (_kind, h) => BEFORE_CARD_SHOPPERS[h],
    ),
    ...futuresFigures(seeds),
  ];
}

/** Futures per held-out history for the figures over many futures (`householdBestPossible`). */
export const FUTURES_PER_HISTORY = 40;

/**
 * Checking over `FUTURES_PER_HISTORY` futures of each held-out history (2,400 outcomes a cell for 60
 * histories, where one future each is 60 and a few lucky or unlucky draws move a figure by a point):
 * the engine before rare large spending had its own process (the one `BEFORE` measures, run on these
 * same histories and futures), coverage % and median |error| % of a month's outflow. Measured once:
 * that engine is gone from the code.
 */
export const BEFORE_OVER_FUTURES: {
  readonly households: Record<HouseholdKind, Record<number, Before>>;
  readonly cardShoppers: Record<number, Before>;
} = {
  households: {
    checking: {
      30: { coverage: 77.2, engine: 9.3, plan: 33.7 },
      90: { coverage: 83.6, engine: 22.2, plan: 95.5 },
      180: { coverage: 80.4, engine: 39.1, plan: 176.6 },
    },
    savings: {
      30: { coverage: 75.6, engine: 0.0, plan: 0.1 },
      90: { coverage: 93.2, engine: 0.1, plan: 0.2 },
      180: { coverage: 90.3, engine: 8.1, plan: 4.8 },
    },
    credit: {
      30: { coverage: 77.5, engine: 24.8, plan: 92.6 },
      90: { coverage: 89.7, engine: 33.3, plan: 277.6 },
      180: { coverage: 92.0, engine: 52.2, plan: 557.1 },
    },
  },
  cardShoppers: {
    30: { coverage: 76.5, engine: 12.2, plan: 12.9 },
    90: { coverage: 83.3, engine: 31.8, plan: 32.2 },
    180: { coverage: 79.9, engine: 62.3, plan: 55.6 },
  },
};

/**
 * Every kind over many futures of each held-out history (the card shoppers' checking beside them),
 * each figure beside the engine's before it and its target, with the best possible on the same
 * futures: the error of a forecast that knew how each history was made, and the least any forecast
 * could reach. The issue's targets are judged here rather than on one future per history.
 */
function futuresFigures(seeds: readonly number[]): Figure[] {
  return (['checking', 'card'] as const).flatMap((everyday) => {
    const best = householdBestPossible(seeds, everyday, FUTURES_PER_HISTORY);
    return householdFigures(
      best,
      everyday === 'card' ? ['checking'] : HOUSEHOLD_KINDS,
      `over ${FUTURES_PER_HISTORY} futures of each of ${seeds.length} held-out lumpy ${everyday === 'card' ? 'households shopping by card only' : 'households'}`,
      (kind, h) =>
        everyday === 'card' ? BEFORE_OVER_FUTURES.cardShoppers[h] : BEFORE_OVER_FUTURES.households[kind][h],
      (kind, h) =>
        kind === 'checking'
          ? `; knowing how each history was made ${pct(best.knowing(kind, h) * 100)}, the least any forecast could reach ${pct(best.least(kind, h) * 100)}`
          : '',
    );
  });
}

function householdFigures(
  results: HouseholdResults,
  kinds: readonly HouseholdKind[],
  where: string,
  beforeOf: (kind: HouseholdKind, h: number) => Before | undefined,
  /** More to say of an error figure (the best possible beside it). */
  extraOf: (kind: HouseholdKind, h: number) => string = () => '',
): Figure[] {
  const figures: Figure[] = [];
  for (const kind of kinds)
    for (const h of HOUSEHOLD_HORIZONS) {
      const before = beforeOf(kind, h);
      const coverage = results.coverage(kind, h) * 100;
      const inTarget = coverage >= 70 && coverage <= 90;
      figures.push({
        name: `lumpy forecast band coverage ${kind}, ${h} days (${where}; ${results.accounts(kind)} accounts; target 70–90 %${inTarget ? '' : ' ✖ outside'})`,
        value: coverage,
        unit: '%',
        baselineName: 'before',
        baseline: before?.coverage ?? Number.NaN,
      });
      const engine = results.error(kind, h, 'engine') * 100;
      const plan = results.error(kind, h, 'plan') * 100;
      const flat = results.error(kind, h, 'flat') * 100;
      const scale = kind === 'savings' ? "today's balance" : "a month's outflow";
      const misses: string[] = [];
      if (engine > plan) misses.push('✖ above the plan alone');
      if (h === 30 && kind === 'checking' && engine > 6) misses.push('✖ over 6 %');
      if (h > 30 && before && engine > before.engine) misses.push('✖ worse than before');
      const target =
        h === 30 && kind === 'checking'
          ? 'target ≤ 6 % and ≤ the plan alone'
          : h === 30
            ? 'target ≤ the plan alone'
            : 'target ≤ before and ≤ the plan alone';
      figures.push({
        name: `lumpy forecast median |error| ${kind}, ${h} days, share of ${scale} (${where}; plan alone ${pct(plan)}, flat ${pct(flat)}${extraOf(kind, h)}; ${target}${misses.length > 0 ? ` ${misses.join(' ')}` : ''})`,
        value: engine,
        unit: '%',
        baselineName: 'before',
        baseline: before?.engine ?? Number.NaN,
      });
    }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `npx tsx bin/money-bench-households.ts [calibration|held-out]`: the table on either set; on the
  // held-out set also the figures `npm run bench` prints, each beside the figure before and its target.
  const which = process.argv[2] ?? 'calibration';
  const seeds = which === 'held-out' ? HELD_OUT_SEEDS : CALIBRATION_SEEDS;
  printHouseholdTable(householdBacktest(seeds), `${which} seeds`);
  printHouseholdTable(householdBacktest(seeds, 'card'), `${which} seeds, shopping by card only`);
  if (which === 'held-out')
    for (const f of benchHouseholds(seeds))
      console.log(
        `${f.value.toFixed(1)} ${f.unit} (${f.baselineName}: ${f.baseline.toFixed(1)} ${f.unit})  ${f.name}`,
      );
}
