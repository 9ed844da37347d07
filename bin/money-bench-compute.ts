// The forecast's computation time for `npm run bench`: one 730-day account with 50 repeating streams
// and 1,000 one-offs, against the obvious per-day loop over every item (target 2 ms).
import { performance } from 'node:perf_hooks';
import { estimateAllowance, type Allowance } from '../domain/money/allowance.ts';
import { lumpsCarried } from '../domain/money/allowance-series.ts';
import { addDays } from '../domain/money/dates.ts';
import { seededRandom } from '../domain/money/fixtures.ts';
import {
  balanceDelta,
  countsTowardForecast,
  forecastAccount,
  type AccountType,
  type BalanceDay,
  type ForecastPlanned,
} from '../domain/money/forecast.ts';
import { expandSeries } from '../domain/money/plan.ts';
import { CADENCES, scheduleFromDate } from '../domain/money/schedule.ts';
import { percentile, type Figure } from './money-bench-figure.ts';

const DAYS = 730;

/** The obvious implementation: for each day, look through every planned item, with Date objects. */
function naiveForecast(
  today: string,
  balance: number,
  type: AccountType,
  accountId: string,
  planned: readonly ForecastPlanned[],
  allowance: Allowance,
): BalanceDay[] {
  const rows: BalanceDay[] = [];
  const lumps = lumpsCarried(allowance);
  let opening = balance;
  const start = new Date(`${today}T00:00:00Z`).getTime();
  for (let i = 0; i <= DAYS; i += 1) {
    const date = new Date(start + i * 86_400_000);
    const day = date.toISOString().slice(0, 10);
    let forecasted = 0;
    for (const item of planned) {
      if (item.due_date !== day || !countsTowardForecast(item)) continue;
      if (item.account_id !== null && item.account_id !== undefined && item.account_id !== accountId)
        continue;
      forecasted += balanceDelta(type, item.amount);
    }
    if (i > 0) {
      // Everyday spending (the rest of this month as expected now), what the line carries of large
      // spending by this day less by the day before, seasonal bills due this day, and unplanned
      // income's expectation: the allowance's day, as the forecast adds it.
      const rest = allowance.month_rest;
      const factor = rest && rest.usual < 0 && i <= rest.days ? rest.expected / rest.usual : 1;
      const seasonal = (allowance.seasonal?.charges ?? [])
        .filter((c) => c.date === day)
        .reduce((sum, c) => sum + c.amount, 0);
      const flow =
        (allowance.per_weekday[date.getUTCDay()] ?? 0) * factor +
        (allowance.near_term?.[i - 1] ?? 0) -
        (Math.round(lumps(i)) - Math.round(lumps(i - 1))) +
        seasonal +
        (allowance.unplanned_income?.per_day ?? 0);
      forecasted += balanceDelta(type, Math.round(flow));
    }
    const closing = opening + forecasted;
    rows.push({
      balance_date: day,
      opening_balance: opening,
      closing_balance: closing,
      actual_transactions_total: 0,
      forecasted_transactions_total: forecasted,
      is_forecast: i > 0,
      closing_low: closing,
      closing_high: closing,
    });
    opening = closing;
  }
  return rows;
}

function time(runs: number, fn: () => unknown): { median: number; mean: number } {
  for (let i = 0; i < Math.min(50, runs); i += 1) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), mean: times.reduce((a, b) => a + b, 0) / times.length };
}

/** One 730-day account with 50 repeating streams and 1,000 one-offs (under 2 ms). */
export function benchForecastComputation(): Figure[] {
  const today = '2026-01-05';
  const end = addDays(today, DAYS);
  const random = seededRandom(50);
  const planned: ForecastPlanned[] = [];
  for (let i = 0; i < 50; i += 1) {
    const cadence = CADENCES[i % CADENCES.length] ?? 'monthly';
    const series = {
      series_id: `s${i}`,
      schedule: scheduleFromDate(cadence, addDays(today, i % 28), i % 2 ? 'after' : 'none'),
      amount: i % 7 === 0 ? 150_000 + Math.round(random() * 100_000) : -Math.round(500 + random() * 50_000),
      description: `stream ${i}`,
      account_id: i % 10 === 0 ? null : 'acc',
      category: null,
      starts: today,
    };
    for (const o of expandSeries(series, today, end))
      planned.push({ account_id: series.account_id, due_date: o.due_date, amount: series.amount });
  }
  const streamItems = planned.length;
  for (let i = 0; i < 1000; i += 1)
    planned.push({
      account_id: 'acc',
      due_date: addDays(today, Math.floor(random() * (DAYS + 1))),
      amount: -Math.round(100 + random() * 20_000),
      is_reconciled: i % 50 === 0,
    });
  const allowance = estimateAllowance({
    transactions: Array.from({ length: 400 }, (_, i) => ({
      id: `h${i}`,
      account_id: 'acc',
      date: addDays(today, -1 - Math.floor(random() * 170)),
      amount: Math.round(300 + random() * 9_000),
      name: 'Corner Grocery',
      personal_finance_category: { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES' },
    })),
    today,
  });
  const account = { account_id: 'acc', account_type: 'depository' as const, current_balance: 250_000 };
  const fast = () => forecastAccount({ account, planned, allowance, today, days: DAYS });
  const naive = () => naiveForecast(today, 250_000, 'depository', 'acc', planned, allowance);
  const a = fast().rows;
  const b = naive();
  if (a.length !== b.length || a.some((row, i) => row.closing_balance !== b[i]?.closing_balance))
    throw new Error('the forecast and its naive baseline disagree');
  const engine = time(2000, fast);
  const baseline = time(40, naive);
  return [
    {
      name: `forecastAccount per 730-day account, 50 streams (${streamItems} items) + 1,000 one-offs, median`,
      value: engine.median,
      unit: 'ms',
      baselineName: 'naive per-day loop over every item, median',
      baseline: baseline.median,
      budget: 2,
    },
    {
      name: 'forecastAccount, same input, mean',
      value: engine.mean,
      unit: 'ms',
      baselineName: 'naive per-day loop, mean',
      baseline: baseline.mean,
      budget: 2,
    },
  ];
}
