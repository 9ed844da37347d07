// Content hashes of the items a forecast regeneration stores (running-balance months, month views):
// each item carries the hash of what it holds, and the forecast header lists the hashes of the current
// generation, month by month. A regeneration writes only the items whose hash changed; a reader takes an
// item as current when its hash is the one the header lists (forecast-store.ts, month-views.ts).
import { createHash } from 'node:crypto';

/**
 * Characters of a hash (base64url, 6 bits each): 48 bits. Two different contents of one item share a
 * hash by chance once in 2^48 comparisons, and the header stays small (8 bytes per item).
 */
export const HASH_CHARS = 8;
/** Stands for a month with no stored item of this generation (a view too large to store). */
export const NO_HASH = '-'.repeat(HASH_CHARS);

export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, HASH_CHARS);
}

/** Months between two `YYYY-MM` months (`to` − `from`). */
function monthsBetween(from: string, to: string): number {
  return (
    (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 +
    Number(to.slice(5, 7)) -
    Number(from.slice(5, 7))
  );
}

/**
 * Consecutive months' hashes as one string, from `from` on (`NO_HASH` for a month without an item):
 * the header's form, a quarter of the bytes of a map of months.
 */
export function joinHashes(from: string, byMonth: ReadonlyMap<string, string>): string {
  const months = [...byMonth.keys()].sort();
  const last = months[months.length - 1];
  if (!last) return '';
  const out: string[] = [];
  for (let i = 0; i <= monthsBetween(from, last); i += 1) out.push(NO_HASH);
  for (const [month, hash] of byMonth) {
    const i = monthsBetween(from, month);
    if (i >= 0) out[i] = hash;
  }
  return out.join('');
}

/** The hash `joinHashes` recorded for `month`, or undefined (outside the months, or no item). */
export function hashAt(
  joined: string | undefined,
  from: string | undefined,
  month: string,
): string | undefined {
  if (!joined || !from) return undefined;
  const i = monthsBetween(from, month);
  if (i < 0) return undefined;
  const hash = joined.slice(i * HASH_CHARS, (i + 1) * HASH_CHARS);
  return hash.length === HASH_CHARS && hash !== NO_HASH ? hash : undefined;
}

/** The months `joinHashes` recorded an item for, from `from` on. */
export function hashedMonths(joined: string | undefined, from: string | undefined): string[] {
  if (!joined || !from) return [];
  const out: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  for (let i = 0; i * HASH_CHARS < joined.length; i += 1) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (joined.slice(i * HASH_CHARS, (i + 1) * HASH_CHARS) !== NO_HASH) out.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return out;
}
