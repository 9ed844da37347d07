// One figure of `npm run bench` and the percentile the benches share: a leaf the benches import, so
// none of them imports another for its types.
export interface Figure {
  name: string;
  value: number;
  unit: string;
  baselineName: string;
  baseline: number;
  budget?: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}
