// Integer cents and the robust statistics the money engine uses on them (median, MAD, percentiles).
// Money is integer cents everywhere inside (ARCHITECTURE.md "Data"); floats only at the edges.

/** An integer number of cents. */
export type Cents = number;

export class InvalidAmountError extends Error {
  constructor(readonly value: number) {
    super(`Not an integer number of cents: ${value}`);
    this.name = 'InvalidAmountError';
  }
}

export function isCents(value: number): boolean {
  return Number.isSafeInteger(value);
}

export function assertCents(value: number): Cents {
  if (!isCents(value)) throw new InvalidAmountError(value);
  return value;
}

/** Rounds half away from zero, so a sign flip never changes a rounded magnitude. */
export function roundCents(value: number): Cents {
  const r = Math.round(Math.abs(value));
  return value < 0 ? -r || 0 : r;
}

/** Plaid reports dollars as floats with at most two decimals; `x * 100` is within 1e-9 of the integer. */
export function fromDollars(dollars: number): Cents {
  return roundCents(dollars * 100);
}

/** `$1,234.56` or `-$1,234.56`, for explanations shown to users. */
export function formatCents(cents: Cents): string {
  const abs = Math.abs(cents);
  // Grouping by hand: toLocaleString loads ICU data, which costs more than the whole detection.
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = String(abs % 100).padStart(2, '0');
  return `${cents < 0 ? '-' : ''}$${dollars}.${rest}`;
}

function sorted(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

/** Median; the mean of the two middle values for an even count. 0 for no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const s = sorted(values);
  const mid = s.length >> 1;
  const hi = s[mid] ?? 0;
  return s.length % 2 === 1 ? hi : ((s[mid - 1] ?? 0) + hi) / 2;
}

/** Median absolute deviation from the median: the spread measure one outlier cannot move. */
export function medianAbsoluteDeviation(values: readonly number[], center = median(values)): number {
  return median(values.map((v) => Math.abs(v - center)));
}

/** Linear-interpolated percentile, p in [0, 1]. 0 for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const s = sorted(values);
  const pos = Math.min(Math.max(p, 0), 1) * (s.length - 1);
  const lo = Math.floor(pos);
  const a = s[lo] ?? 0;
  const b = s[Math.min(lo + 1, s.length - 1)] ?? a;
  return a + (b - a) * (pos - lo);
}
