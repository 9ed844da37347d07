import { describe, expect, it } from 'vitest';
import { oneOffs, seededRandom, series, type SeriesSpec } from './fixtures.ts';
import { detectRecurring } from './recurring.ts';
import { nextOccurrence } from './schedule.ts';
import { scoreDetection, type TruthSeries } from './scoring.ts';

const FROM = '2023-01-01';
const TO = '2024-12-31';
const TODAY = '2025-01-02';

const specs: SeriesSpec[] = [
  {
    name: 'Payroll',
    schedule: { cadence: 'biweekly', anchor: '2023-01-06', shift: 'before' },
    from: FROM,
    to: TO,
    amount: -210_000,
    category: { primary: 'INCOME', detailed: 'INCOME_WAGES' },
  },
  {
    name: 'Rent',
    schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 1, shift: 'after' },
    from: FROM,
    to: TO,
    amount: 180_000,
    lateDays: 2,
    category: { primary: 'RENT_AND_UTILITIES', detailed: 'RENT_AND_UTILITIES_RENT' },
  },
  {
    name: 'Power',
    schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 18, shift: 'after' },
    from: FROM,
    to: TO,
    amount: 11_000,
    variation: 0.3,
    category: { primary: 'RENT_AND_UTILITIES', detailed: 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY' },
  },
  {
    name: 'Netflix',
    schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 31, shift: 'none' },
    from: FROM,
    to: TO,
    amount: 1_549,
    category: { primary: 'ENTERTAINMENT', detailed: 'ENTERTAINMENT_TV_AND_MOVIES' },
  },
  {
    name: 'Car Insurance',
    schedule: { cadence: 'quarterly', anchor_month: '2023-02', day: 12, shift: 'after' },
    from: FROM,
    to: TO,
    amount: 42_000,
    category: { primary: 'GENERAL_SERVICES', detailed: 'GENERAL_SERVICES_INSURANCE' },
  },
  {
    name: 'Old Gym',
    schedule: { cadence: 'monthly', anchor_month: '2023-01', day: 3, shift: 'none' },
    from: FROM,
    to: '2024-05-31',
    amount: 3_000,
    category: { primary: 'PERSONAL_CARE', detailed: 'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS' },
  },
];

describe('scoreDetection', () => {
  it('scores the detector on a synthetic history with a known answer: every series found, no false streams', () => {
    const random = seededRandom(21);
    const truth: TruthSeries[] = [];
    const history = specs.flatMap((spec) => {
      const txs = series(spec, random);
      const ended = spec.to < TO;
      truth.push({
        series_id: spec.name,
        transaction_ids: txs.map((t) => t.id),
        predicted_next_date: ended ? null : nextOccurrence(spec.schedule, TODAY).due_date,
      });
      return txs;
    });
    const streams = detectRecurring([...history, ...oneOffs(FROM, TO, 8, random)], { today: TODAY });
    const score = scoreDetection(streams, truth);
    expect(score).toMatchObject({
      true_positives: 6,
      false_positives: 0,
      false_negatives: 0,
      precision: 1,
      recall: 1,
    });
    // Rent lands up to 2 days late, so its predicted day may be off by as much.
    expect(score.next_date_mae_days).toBeLessThanOrEqual(0.5);
    expect(score.next_date_samples).toBe(5);
  });

  it('counts streams matching nothing as false positives and undetected series as misses', () => {
    const txs = series(specs[3] as SeriesSpec, seededRandom(1));
    const [stream] = detectRecurring(txs, { today: TODAY });
    const truth: TruthSeries[] = [
      { series_id: 'other', transaction_ids: ['a', 'b', 'c'], predicted_next_date: null },
      { series_id: 'one-off', transaction_ids: ['z'], predicted_next_date: null },
    ];
    expect(scoreDetection(stream ? [stream] : [], truth)).toMatchObject({
      true_positives: 0,
      false_positives: 1,
      false_negatives: 1,
      precision: 0,
      recall: 0,
      next_date_mae_days: null,
    });
  });
});
