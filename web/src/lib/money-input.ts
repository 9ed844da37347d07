// Reading amounts people type into money forms (planned items, the low-balance threshold).

/**
 * Dollars as typed ("12", "1,234.5", "$9.99") to integer cents ≥ 0; null when it is not an amount with
 * at most two decimals, or is zero (unless `allowZero`: a threshold of $0 means "below zero").
 */
export function parseDollars(text: string, { allowZero = false } = {}): number | null {
  const cleaned = text.trim().replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.') as [string, string?];
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return cents > 0 || (allowZero && cents === 0) ? cents : null;
}

/** Cents as the plain dollars a form field shows: 12345 → "123.45". */
export const dollarsText = (cents: number): string => (Math.abs(cents) / 100).toFixed(2);
