// Detection quality against ground truth: precision and recall of recurring streams, mean absolute
// error of predicted next dates. Pure, so `npm run bench` can feed it the Plaid sandbox's ground truth
// and tests can feed it hand-made histories.
import { parseDay } from './dates.ts';
import type { RecurringStream } from './recurring.ts';

export interface TruthSeries {
  readonly series_id: string;
  readonly transaction_ids: readonly string[];
  /** The next date the series is due, or null when it has ended. */
  readonly predicted_next_date: string | null;
}

export interface DetectionScore {
  readonly true_positives: number;
  readonly false_positives: number;
  readonly false_negatives: number;
  readonly precision: number;
  readonly recall: number;
  /** Over matched active streams whose series has a next date; null when there are none. */
  readonly next_date_mae_days: number | null;
  readonly next_date_samples: number;
  readonly matches: ReadonlyArray<{
    readonly stream_key: string;
    readonly series_id: string;
    readonly overlap: number;
  }>;
}

/**
 * A stream matches the series it shares most transactions with (Jaccard overlap of transaction ids at
 * least `minOverlap`), one to one, best overlaps first. Series with fewer than two transactions cannot
 * be detected by anyone and are not counted as misses.
 */
export function scoreDetection(
  streams: readonly RecurringStream[],
  truth: readonly TruthSeries[],
  minOverlap = 0.5,
): DetectionScore {
  const pairs: Array<{ stream: RecurringStream; series: TruthSeries; overlap: number }> = [];
  for (const stream of streams) {
    const ids = new Set(stream.transaction_ids);
    for (const series of truth) {
      let shared = 0;
      for (const id of series.transaction_ids) if (ids.has(id)) shared += 1;
      if (shared === 0) continue;
      const overlap = shared / (ids.size + series.transaction_ids.length - shared);
      if (overlap >= minOverlap) pairs.push({ stream, series, overlap });
    }
  }
  pairs.sort((a, b) => b.overlap - a.overlap || (a.stream.key < b.stream.key ? -1 : 1));
  const usedStreams = new Set<string>();
  const usedSeries = new Set<string>();
  const matches: Array<{ stream: RecurringStream; series: TruthSeries; overlap: number }> = [];
  for (const pair of pairs) {
    if (usedStreams.has(pair.stream.key) || usedSeries.has(pair.series.series_id)) continue;
    usedStreams.add(pair.stream.key);
    usedSeries.add(pair.series.series_id);
    matches.push(pair);
  }
  const detectable = truth.filter((s) => s.transaction_ids.length >= 2 || usedSeries.has(s.series_id));
  const tp = matches.length;
  const fp = streams.length - tp;
  const fn = detectable.length - tp;
  const errors = matches
    .filter((m) => m.stream.status === 'active' && m.series.predicted_next_date !== null)
    .map((m) =>
      Math.abs(parseDay(m.stream.next_date) - parseDay(m.series.predicted_next_date ?? m.stream.next_date)),
    );
  return {
    true_positives: tp,
    false_positives: fp,
    false_negatives: fn,
    precision: streams.length === 0 ? 1 : tp / streams.length,
    recall: detectable.length === 0 ? 1 : tp / detectable.length,
    next_date_mae_days: errors.length === 0 ? null : errors.reduce((a, b) => a + b, 0) / errors.length,
    next_date_samples: errors.length,
    matches: matches.map((m) => ({
      stream_key: m.stream.key,
      series_id: m.series.series_id,
      overlap: m.overlap,
    })),
  };
}
