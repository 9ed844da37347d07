// The forecast chart's geometry: closing balances as an SVG polyline in a fixed view box, the likely
// range around them as a closed area, the zero line when it falls inside, and the lowest point.

export interface ChartPoint {
  date: string;
  value: number;
  /** The likely range of the balance (docs/money-engine.md); absent or equal to value: none. */
  low?: number;
  high?: number;
}

export interface ChartGeometry {
  path: string;
  /** The band from low to high as one closed area ('' when every point's range is empty). */
  bandPath: string;
  min: ChartPoint | null;
  max: ChartPoint | null;
  /** y of the zero line, or null when 0 is outside the range. */
  zeroY: number | null;
  /** The value scale's ends (bottom, top). */
  lo: number;
  hi: number;
  xOf: (index: number) => number;
  yOf: (value: number) => number;
}

export function chartGeometry(
  points: readonly ChartPoint[],
  width: number,
  height: number,
  pad = 4,
): ChartGeometry {
  let min: ChartPoint | null = null;
  let max: ChartPoint | null = null;
  for (const p of points) {
    if (!min || p.value < min.value) min = p;
    if (!max || p.value > max.value) max = p;
  }
  let dataLo = min?.value ?? 0;
  let dataHi = max?.value ?? 0;
  let hasBand = false;
  for (const p of points) {
    dataLo = Math.min(dataLo, p.low ?? p.value);
    dataHi = Math.max(dataHi, p.high ?? p.value);
    if ((p.low ?? p.value) !== (p.high ?? p.value)) hasBand = true;
  }
  // Room on the far side of zero equal to the data's own range, but never past zero: a $70k balance
  // that moves by $10k (and its likely range) is not a flat line at the top of a 0–$80k scale, and
  // a balance that comes near or below zero shows the zero line.
  const range = dataHi - dataLo;
  const lo = dataLo > 0 ? Math.max(0, dataLo - range) : dataLo;
  const hi = dataHi < 0 ? Math.min(0, dataHi + range) : dataHi;
  const span = hi - lo || 1;
  const xOf = (i: number) =>
    points.length <= 1 ? width / 2 : pad + (i * (width - 2 * pad)) / (points.length - 1);
  const yOf = (v: number) => pad + ((hi - v) * (height - 2 * pad)) / span;
  const path = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${xOf(i).toFixed(1)},${yOf(p.value).toFixed(1)}`)
    .join(' ');
  const xy = (i: number, v: number) => `${xOf(i).toFixed(1)},${yOf(v).toFixed(1)}`;
  const bandPath = hasBand
    ? `M${points.map((p, i) => xy(i, p.high ?? p.value)).join(' L')} L${points
        .map((p, i) => ({ p, i }))
        .reverse()
        .map(({ p, i }) => xy(i, p.low ?? p.value))
        .join(' L')} Z`
    : '';
  const zeroY = lo < 0 && hi > 0 ? yOf(0) : lo === 0 && hi > 0 ? yOf(0) : null;
  return { path, bandPath, min, max, zeroY, lo, hi, xOf, yOf };
}

/**
 * Round values for the amount axis inside [lo, hi]: steps of 1, 2 or 5 × a power of ten, about
 * `count` of them ("$0, $2,000, $4,000" rather than "$1,234.57").
 */
export function niceTicks(lo: number, hi: number, count = 4): number[] {
  if (!(hi > lo)) return [lo];
  const rough = (hi - lo) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  // The round step nearest the rough one (by ratio), so there are about `count` ticks.
  const step = [1, 2, 5, 10]
    .map((m) => m * power)
    .reduce((best, s) => (Math.abs(Math.log(s / rough)) < Math.abs(Math.log(best / rough)) ? s : best));
  const ticks: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) ticks.push(Math.round(v));
  return ticks;
}

/** Indexes of about `count` evenly spaced points for the date axis, first and last included. */
export function dateTickIndexes(length: number, count = 5): number[] {
  if (length <= 0) return [];
  if (length <= count) return Array.from({ length }, (_, i) => i);
  const out = new Set<number>();
  for (let k = 0; k < count; k++) out.add(Math.round((k * (length - 1)) / (count - 1)));
  return [...out];
}

/** The point nearest a horizontal position given as a fraction (0–1) of the plot's width. */
export function indexAtFraction(fraction: number, length: number): number {
  if (length <= 1) return 0;
  return Math.min(length - 1, Math.max(0, Math.round(fraction * (length - 1))));
}
