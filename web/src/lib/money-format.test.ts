import { describe, expect, it } from 'vitest';
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
});
