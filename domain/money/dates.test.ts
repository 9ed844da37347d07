import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  InvalidDateError,
  addDays,
  daysInMonth,
  formatDay,
  fromCivil,
  isBankHoliday,
  isBusinessDay,
  nextBusinessDay,
  parseDay,
  previousBusinessDay,
  weekday,
} from './dates.ts';

// 1900-01-01 … 2199-12-31
const dayNumbers = fc.integer({ min: fromCivil(1900, 1, 1), max: fromCivil(2199, 12, 31) });

describe('day numbers', () => {
  it('agree with the JavaScript calendar for every date, and round-trip through text', () => {
    fc.assert(
      fc.property(dayNumbers, (n) => {
        const date = new Date(n * 86_400_000);
        const text = date.toISOString().slice(0, 10);
        expect(formatDay(n)).toBe(text);
        expect(parseDay(text)).toBe(n);
        expect(weekday(n)).toBe(date.getUTCDay());
      }),
    );
  });

  it('refuses text that is not a calendar date', () => {
    for (const bad of [
      '2023-02-29',
      '2024-13-01',
      '2024-00-10',
      '2024-1-01',
      '2024/01/01',
      'abcd-ef-gh',
      '',
    ]) {
      expect(() => parseDay(bad), bad).toThrow(InvalidDateError);
    }
    expect(parseDay('2024-02-29')).toBe(fromCivil(2024, 2, 29));
  });

  it('knows month lengths in leap and common years', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(2024, 4)).toBe(30);
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
});

describe('bank holidays and business days', () => {
  it('lists the Federal Reserve holidays of 2024', () => {
    const holidays = [
      '2024-01-01',
      '2024-01-15',
      '2024-02-19',
      '2024-05-27',
      '2024-06-19',
      '2024-07-04',
      '2024-09-02',
      '2024-10-14',
      '2024-11-11',
      '2024-11-28',
      '2024-12-25',
    ];
    for (const h of holidays) expect(isBankHoliday(parseDay(h)), h).toBe(true);
    expect(isBankHoliday(parseDay('2024-07-05'))).toBe(false);
  });

  it('observes a Sunday holiday on Monday but not a Saturday one on Friday', () => {
    expect(isBankHoliday(parseDay('2021-07-05'))).toBe(true);
    expect(isBankHoliday(parseDay('2022-12-26'))).toBe(true);
    expect(isBankHoliday(parseDay('2021-12-24'))).toBe(false);
    expect(isBankHoliday(parseDay('2021-06-18'))).toBe(false);
  });

  it('moves weekend and holiday dates to the nearest business day in either direction', () => {
    const labourDayWeekendSaturday = parseDay('2024-08-31');
    expect(formatDay(previousBusinessDay(labourDayWeekendSaturday))).toBe('2024-08-30');
    expect(formatDay(nextBusinessDay(labourDayWeekendSaturday))).toBe('2024-09-03');
    expect(isBusinessDay(parseDay('2024-09-03'))).toBe(true);
    expect(formatDay(nextBusinessDay(parseDay('2024-09-04')))).toBe('2024-09-04');
  });
});
