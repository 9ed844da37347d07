// The preview's verdicts: the same row again by its id, the bank's id on a Plaid transaction, the same
// amount within three days with a similar payee (closest first) or on the same day, one match per held
// transaction; zero amounts and future dates skipped.
import { describe, expect, it } from 'vitest';
import { importedRowId, reviewRows, similarPayee, type HeldTransaction } from './dedupe.ts';
import type { ParsedRow } from './types.ts';

const row = (date: string, amount: number, payee: string, externalId?: string): ParsedRow => ({
  line: 2,
  date,
  amount,
  payee,
  externalId,
});
const held = (id: string, date: string, amount: number, name: string, plaid?: string): HeldTransaction => ({
  id,
  date,
  amount,
  name,
  plaid_transaction_id: plaid,
});
const TODAY = '2026-06-30';

describe('reviewRows', () => {
  it('recognises a row imported before by its id, and a FITID Plaid already gave', () => {
    const again = row('2026-06-01', 1000, 'Coffee');
    const id = reviewRows('acct', [again], [], TODAY)[0]?.id ?? '';
    const [first, second] = reviewRows(
      'acct',
      [again, row('2026-06-02', 500, 'Lunch', 'PLAID-1')],
      [held(id, '2026-06-01', 1000, 'Coffee'), held('p1', '2026-06-09', 999, 'Other', 'PLAID-1')],
      TODAY,
    );
    expect([first?.status, first?.reason]).toEqual(['duplicate', 'Imported before']);
    expect([second?.status, second?.matched_id]).toEqual(['duplicate', 'p1']);
  });

  it('matches the closest similar payee within three days, each held transaction once', () => {
    const rows = [row('2026-06-10', 2812, 'BP#9876543 #1147'), row('2026-06-11', 2812, 'BP#9876543 #1148')];
    const reviewed = reviewRows(
      'acct',
      rows,
      [held('a', '2026-06-09', 2812, 'BP'), held('b', '2026-06-11', 2812, 'BP')],
      TODAY,
    );
    expect(reviewed.map((r) => [r.status, r.matched_id])).toEqual([
      ['duplicate', 'a'],
      ['duplicate', 'b'],
    ]);
  });

  it('keeps a different payee four days away, or another amount, as new; a same-day same amount is a duplicate', () => {
    const reviewed = reviewRows(
      'acct',
      [row('2026-06-14', 4500, 'Grocer'), row('2026-06-10', 4501, 'Grocer'), row('2026-06-20', 700, 'Kiosk')],
      [held('g', '2026-06-10', 4500, 'Grocer'), held('k', '2026-06-20', 700, 'Totally different')],
      TODAY,
    );
    expect(reviewed.map((r) => r.status)).toEqual(['new', 'new', 'duplicate']);
  });

  it('gives two identical rows of one file two ids, and skips zero amounts and future dates', () => {
    const reviewed = reviewRows(
      'acct',
      [
        row('2026-06-01', 450, 'Coffee'),
        row('2026-06-01', 450, 'Coffee'),
        row('2026-06-02', 0, 'Fee'),
        row('2026-07-01', 100, 'Later'),
      ],
      [],
      TODAY,
    );
    expect(reviewed.map((r) => r.status)).toEqual(['new', 'new', 'skipped', 'skipped']);
    expect(reviewed[0]?.id).not.toBe(reviewed[1]?.id);
    expect(reviewed[0]?.id).toBe(importedRowId('acct', '2026-06-01|450|coffee|1'));
  });

  it('reads payees as the same party by a shared word, bank noise aside', () => {
    expect(similarPayee('WHOLE FOODS MKT #10234', 'Whole Foods')).toBe(true);
    expect(similarPayee('POS DEBIT 1234', 'ACH DEBIT 999')).toBe(false);
  });
});
