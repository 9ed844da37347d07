// The forecast chart's geometry: closing balances as an SVG polyline in a fixed view box, the zero
// line when it falls inside, and the lowest point.

export interface ChartPoint {
  date: string;
  value: number;
}

export interface ChartGeometry {
  path: string;
  min: ChartPoint | null;
  max: ChartPoint | null;
  /** y of the zero line, or null when 0 is outside the range. */
  zeroY: number | null;
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
  const lo = Math.min(min?.value ?? 0, 0);
  const hi = Math.max(max?.value ?? 0, 0);
  const span = hi - lo || 1;
  const xOf = (i: number) =>
    points.length <= 1 ? width / 2 : pad + (i * (width - 2 * pad)) / (points.length - 1);
  const yOf = (v: number) => pad + ((hi - v) * (height - 2 * pad)) / span;
  const path = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${xOf(i).toFixed(1)},${yOf(p.value).toFixed(1)}`)
    .join(' ');
  const zeroY = lo < 0 && hi > 0 ? yOf(0) : lo === 0 && hi > 0 ? yOf(0) : null;
  return { path, min, max, zeroY, xOf, yOf };
}
