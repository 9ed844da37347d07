import { format, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { addDays } from '@domain/money/dates.ts';
import { formatBalance, friendlyDate, longDate, money, monthDay, shortDate } from './money-format.ts';

describe('money-format', () => {
  it('reads a balance in its convention: owed positive with "owed", a credit balance as credit', () => {
    expect(formatBalance(103_519, 'owed')).toBe('$1,035.19 owed');
    expect(formatBalance(-1_200, 'owed')).toBe('$12.00 credit');
    expect(formatBalance(-216_000_00, 'net')).toBe('−$216,000.00');
    expect(formatBalance(35_546, 'held')).toBe('$355.46');
    expect(money(-5)).toBe('−$0.05');
  });

  it('writes dates as people do, on the given calendar day whatever the time zone', () => {
    expect(shortDate('2026-12-14')).toBe('Mon, Dec 14');
    expect(longDate('2027-02-22')).toBe('Feb 22, 2027');
    expect(monthDay('2026-11-30')).toBe('Nov 30');
    expect(friendlyDate('2026-12-14', '2026-11-24')).toBe('Mon, Dec 14');
    expect(friendlyDate('2027-01-04', '2026-11-24')).toBe('Mon, Jan 4, 2027');
  });

  it('writes every day as date-fns does in en-US (four years, leap days included)', () => {
    for (let date = '2024-01-01'; date < '2028-01-01'; date = addDays(date, 1)) {
      const parsed = parseISO(date);
      expect(shortDate(date)).toBe(format(parsed, 'EEE, MMM d'));
      expect(longDate(date)).toBe(format(parsed, 'MMM d, yyyy'));
      expect(monthDay(date)).toBe(format(parsed, 'MMM d'));
      expect(friendlyDate(date, '2020-06-01')).toBe(format(parsed, 'EEE, MMM d, yyyy'));
    }
  });

  it('reads the date part of a timestamp, and refuses what is not a date', () => {
    expect(shortDate('2026-12-14T23:30:00.000Z')).toBe('Mon, Dec 14');
    expect(() => shortDate('2026-02-30')).toThrow();
    expect(() => longDate('soon')).toThrow();
  });
});
