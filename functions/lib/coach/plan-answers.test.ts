import { describe, expect, it } from 'vitest';
import { findCategorySubject } from '../../../domain/coach/lexicon.ts';
import { isBillLike, isBillOf, nextOfEach } from './plan-answers.ts';

const bill = (description: string, category: string | null, date = '2026-12-07', amount = 5_999) => ({
  description,
  category,
  date,
  amount,
});
const rows = [
  bill('Disney+', 'ENTERTAINMENT_TV_AND_MOVIES', '2026-11-29', 1_399),
  bill('Xfinity', 'RENT_AND_UTILITIES_INTERNET_AND_CABLE', '2026-12-07', 5_999),
  bill('AT&T', 'RENT_AND_UTILITIES_TELEPHONE', '2026-12-13', 8_500),
  bill('City Power & Light', 'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY', '2026-12-19', 10_723),
  bill('Xfinity', 'RENT_AND_UTILITIES_INTERNET_AND_CABLE', '2027-01-07', 5_999),
  bill('State Farm', 'GENERAL_SERVICES_INSURANCE', '2026-12-10', 16_691),
];
const subject = (words: string) => findCategorySubject(words)!;

describe('a bill asked by its category or name', () => {
  it('picks the bills of the category asked, not every bill', () => {
    expect(rows.filter((r) => isBillOf(r, subject('phone bill'))).map((r) => r.description)).toEqual([
      'AT&T',
    ]);
    expect(rows.filter((r) => isBillOf(r, subject('internet'))).map((r) => r.date)).toEqual([
      '2026-12-07',
      '2027-01-07',
    ]);
    // A group covers its codes: every utility.
    expect(rows.filter((r) => isBillOf(r, subject('utilities'))).map((r) => r.description)).toEqual([
      'Xfinity',
      'AT&T',
      'City Power & Light',
      'Xfinity',
    ]);
    expect(rows.filter((r) => isBillOf(r, { kind: 'merchant', label: 'State Farm' }))).toHaveLength(1);
    expect(isBillOf(bill('Mystery', null), subject('phone bill'))).toBe(false);
  });

  it('gives the next bill of each stream, in date order', () => {
    const internet = rows.filter((r) => isBillOf(r, subject('utilities')));
    expect(nextOfEach(internet).map((r) => `${r.description} ${r.date}`)).toEqual([
      'Xfinity 2026-12-07',
      'AT&T 2026-12-13',
      'City Power & Light 2026-12-19',
    ]);
  });

  it('knows which categories are paid as bills', () => {
    for (const words of ['phone bill', 'internet', 'car insurance', 'electric bill', 'rent', 'gym'])
      expect(isBillLike(subject(words)), words).toBe(true);
    for (const words of ['groceries', 'eating out', 'coffee', 'gas'])
      expect(isBillLike(subject(words)), words).toBe(false);
  });
});
