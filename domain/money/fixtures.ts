// Synthetic, seeded account histories for the money engine's tests and benchmarks: recurring series
// with the jitter, weekend shifts and amount noise real banks show, plus random one-off spending.
import { addDays, formatDay, parseDay } from './dates.ts';
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
): HistoryTransaction[] {
  const out: HistoryTransaction[] = [];
  const start = parseDay(from);
  const end = parseDay(to);
  for (let day = start; day <= end; day += 1) {
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
