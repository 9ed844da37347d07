import { describe, expect, it } from 'vitest';
import type { CalendarDay } from '../api/calendar.ts';
import { applyWhatIf, chargesBy, parseWhatIf } from './what-if.ts';

const day = (date: string, closing: number): CalendarDay => ({
  date,
  is_today: false,
  is_forecast: true,
  transactions: [],
  planned: [],
  balances: { total: { opening: closing, closing } },
  flags: { is_low: false, is_negative: false, is_lowest: false },
});

describe('what if', () => {
  it('reads the link and refuses anything else', () => {
    expect(parseWhatIf('60000@2026-12-20', null)).toEqual({
      amount: 60_000,
      date: '2026-12-20',
      monthly: false,
    });
    expect(parseWhatIf('4500@2026-12-31', 'monthly')?.monthly).toBe(true);
    for (const bad of [null, '', '-5@2026-12-20', '0@2026-12-20', '600@tomorrow', '1e9@2026-12-20'])
      expect(parseWhatIf(bad, null), String(bad)).toBeNull();
  });

  it('counts monthly charges on the same day, the month end in shorter months', () => {
    const w = { amount: 1, date: '2026-12-31', monthly: true };
    expect(chargesBy(w, '2026-12-30')).toBe(0);
    expect(chargesBy(w, '2026-12-31')).toBe(1);
    expect(chargesBy(w, '2027-02-27')).toBe(2);
    expect(chargesBy(w, '2027-02-28')).toBe(3);
    expect(chargesBy({ ...w, monthly: false }, '2030-01-01')).toBe(1);
  });

  it('lowers balances from the date on and marks the days again', () => {
    const days = [day('2026-12-19', 50_000), day('2026-12-20', 50_000), day('2026-12-21', 70_000)];
    const out = applyWhatIf(days, { amount: 60_000, date: '2026-12-20', monthly: false }, 10_000);
    expect(out.map((d) => d.balances.total?.closing)).toEqual([50_000, -10_000, 10_000]);
    expect(out[1]?.balances.total?.opening).toBe(50_000);
    expect(out.map((d) => d.flags)).toEqual([
      { is_low: false, is_negative: false, is_lowest: false },
      { is_low: true, is_negative: true, is_lowest: true },
      { is_low: false, is_negative: false, is_lowest: false },
    ]);
  });
});
