// The money engine's figures for `npm run bench`, each with the baseline it is
// compared with in the same run: forecast computation against a naive per-day loop; running-balance
// items written per account against 731 daily rows; get-money-plan-calendar through the gateway against
// GET /profiles/me; detection quality on the Plaid sandbox's ground truth against a naive detector; and
// a forecast backtest on sandbox histories with and without the everyday-spending allowance, and on
// lumpy households the calibration never saw (money-bench-households.ts).
import { detectRecurring } from '../domain/money/recurring.ts';
import { scoreDetection } from '../domain/money/scoring.ts';
import type { Figure } from './money-bench-figure.ts';
import { benchHouseholds } from './money-bench-households.ts';
import {
  backtest,
  HORIZONS,
  naiveDetect,
  sandboxHistories,
  totals,
  type BandGroup,
} from './money-bench-sandbox.ts';
import { benchVariedDetection, documentedCoverage } from './money-bench-varied.ts';

export { benchForecastComputation } from './money-bench-compute.ts';
export { benchMoneyThroughGateway, profileWithBank } from './money-bench-gateway.ts';
export { percentile, type Figure } from './money-bench-figure.ts';

export async function benchSandboxHistories(seeds: number): Promise<Figure[]> {
  const items = await sandboxHistories(seeds);
  const engine = totals(
    items.map((item) =>
      scoreDetection(detectRecurring(item.transactions, { today: item.today }), item.truth),
    ),
  );
  const naive = totals(
    items.map((item) => scoreDetection(naiveDetect(item.transactions, item.today), item.truth)),
  );
  const { error, coverage, samples } = backtest(items);
  const where = `${seeds} seeds × 5 banks, 24 months each`;
  const figures: Figure[] = [
    {
      name: `recurring detection precision (${where})`,
      value: engine.precision,
      unit: '',
      baselineName: 'naive detector (same payee 3+ times, amounts within 10 %)',
      baseline: naive.precision,
    },
    {
      name: 'recurring detection recall',
      value: engine.recall,
      unit: '',
      baselineName: 'naive detector',
      baseline: naive.recall,
    },
    {
      name: 'next-date mean absolute error (matched active streams)',
      value: engine.mae,
      unit: 'days',
      baselineName: 'naive detector (last date + median gap)',
      baseline: naive.mae,
    },
    ...benchVariedDetection(naiveDetect),
    ...benchHouseholds(),
  ];
  const label: Record<'depository' | 'credit', string> = {
    depository: 'checking/savings',
    credit: 'credit cards',
  };
  for (const group of ['depository', 'credit'] as const)
    for (const h of HORIZONS)
      figures.push({
        name: `forecast backtest ${label[group]}, ${h} days: median |error| with the allowance`,
        value: error(group, h, 'with'),
        unit: 'USD',
        baselineName: `without the allowance (flat balance: $${error(group, h, 'flat').toFixed(0)})`,
        baseline: error(group, h, 'without'),
      });
  for (const h of HORIZONS)
    figures.push({
      name: `card forecast from statements (payment at the statement on its due date), ${h} days: median |error|`,
      value: error('credit', h, 'statements'),
      unit: 'USD',
      baselineName: `flat balance (detected payments only: $${error('credit', h, 'with').toFixed(0)})`,
      baseline: error('credit', h, 'flat'),
    });
  for (const h of HORIZONS)
    figures.push({
      name: `loan forecast from statements (scheduled payment with interest), ${h} days: median |error|`,
      value: error('loan', h, 'statements'),
      unit: 'USD',
      baselineName: `flat balance (detected payments only: $${error('loan', h, 'with').toFixed(0)})`,
      baseline: error('loan', h, 'flat'),
    });
  const bandLabel: Record<BandGroup, string> = {
    checking: 'checking',
    savings: 'savings',
    credit: 'credit cards',
  };
  for (const kind of ['checking', 'savings', 'credit'] as const)
    for (const h of HORIZONS)
      figures.push({
        name: `forecast band coverage ${bandLabel[kind]}, ${h} days: actual balances inside the p10–p90 band (${samples(kind, h)} accounts)`,
        value: coverage(kind, h) * 100,
        unit: '%',
        baselineName: documentedCoverage(kind, h, coverage(kind, h)),
        baseline: 80,
      });
  return figures;
}
