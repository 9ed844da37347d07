// The preview's verdict on each row (docs/import-export.md): new, a likely duplicate of what the account
// already holds, or skipped. A duplicate is the same row imported before (the same id), the bank's own id
// on a Plaid transaction, or a transaction of the same amount dated within DUPLICATE_WINDOW_DAYS with a
// similar payee (or on the very same day). Each held transaction matches one imported row at most, so
// two real $4.50 coffees on one day stay two.
import { createHash } from 'node:crypto';
import { daysBetween } from './dates.ts';
import type { ParsedRow } from './types.ts';

export const DUPLICATE_WINDOW_DAYS = 3;
/** Imported rows' ids start here (Plaid's never do), so a full Plaid resync leaves them alone. */
export const IMPORTED_ID_PREFIX = 'imp_';

export type RowStatus = 'new' | 'duplicate' | 'skipped';

export interface HeldTransaction {
  id: string;
  date: string;
  amount: number;
  name: string;
  merchant_name?: string | undefined;
  plaid_transaction_id?: string | undefined;
}

export interface ReviewedRow extends ParsedRow {
  id: string;
  status: RowStatus;
  reason: string | null;
  /** The held transaction a duplicate matched. */
  matched_id: string | null;
}

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z\s]/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length >= 2 && !NOISE.has(w));

/** Words banks add to any payee, which say nothing about who was paid. */
const NOISE = new Set([
  'the',
  'and',
  'of',
  'inc',
  'llc',
  'ltd',
  'co',
  'www',
  'com',
  'pos',
  'ach',
  'card',
  'debit',
  'purchase',
]);

/** Payees that name the same party: a shared word of two letters or more ("AMAZON MKTP" / "Amazon", "BP#98765" / "BP"). */
export function similarPayee(a: string, b: string): boolean {
  const left = new Set(words(a));
  return words(b).some((w) => left.has(w) || [...left].some((l) => l.startsWith(w) || w.startsWith(l)));
}

const normalizedPayee = (payee: string) => words(payee).join(' ');

/** The row's id: the same row of the same account always gets the same one. */
export function importedRowId(accountId: string, key: string): string {
  return IMPORTED_ID_PREFIX + createHash('sha256').update(`${accountId}|${key}`).digest('hex').slice(0, 24);
}

export function reviewRows(
  accountId: string,
  rows: readonly ParsedRow[],
  held: readonly HeldTransaction[],
  today: string,
): ReviewedRow[] {
  const occurrences = new Map<string, number>();
  const heldById = new Map(held.map((t) => [t.id, t]));
  const heldByPlaidId = new Map(
    held.flatMap((t) => (t.plaid_transaction_id ? [[t.plaid_transaction_id, t]] : [])),
  );
  const taken = new Set<string>();
  // Held transactions by amount: a row only ever matches one of the same amount.
  const byAmount = new Map<number, HeldTransaction[]>();
  for (const t of held) {
    const same = byAmount.get(t.amount);
    if (same) same.push(t);
    else byAmount.set(t.amount, [t]);
  }
  return rows.map((row) => {
    const base = `${row.date}|${row.amount}|${normalizedPayee(row.payee)}`;
    const n = (occurrences.get(base) ?? 0) + 1;
    occurrences.set(base, n);
    const id = importedRowId(accountId, row.externalId ? `fitid:${row.externalId}` : `${base}|${n}`);
    const verdict = (status: RowStatus, reason: string | null, matched: HeldTransaction | null = null) => {
      if (matched) taken.add(matched.id);
      return { ...row, id, status, reason, matched_id: matched?.id ?? null };
    };
    if (row.amount === 0) return verdict('skipped', 'The amount is zero');
    if (row.date > today) return verdict('skipped', 'Dated in the future');
    const same = heldById.get(id);
    if (same) return verdict('duplicate', 'Imported before', same);
    const plaid = row.externalId ? heldByPlaidId.get(row.externalId) : undefined;
    if (plaid && !taken.has(plaid.id))
      return verdict('duplicate', "The bank's own id is already here", plaid);
    const candidates = (byAmount.get(row.amount) ?? []).filter(
      (t) => !taken.has(t.id) && Math.abs(daysBetween(t.date, row.date)) <= DUPLICATE_WINDOW_DAYS,
    );
    // The closest similar payee first; a different payee only on the very same day.
    const distance = (t: HeldTransaction) => Math.abs(daysBetween(t.date, row.date));
    const match =
      candidates
        .filter((t) => similarPayee(row.payee, `${t.merchant_name ?? ''} ${t.name}`))
        .sort((a, b) => distance(a) - distance(b))[0] ?? candidates.find((t) => t.date === row.date);
    if (match)
      return verdict(
        'duplicate',
        `Looks like "${match.merchant_name ?? match.name}" on ${match.date}`,
        match,
      );
    return verdict('new', null);
  });
}
