import { describe, expect, it } from 'vitest';
import {
  addMonths,
  balanceTone,
  buildMonthGrid,
  dayLabel,
  daysInMonth,
  isMonthInWindow,
  monthLabel,
  monthDistance,
  signedUsd,
} from './month.ts';

describe('labels', () => {
  it("reads as Intl's en-US long forms, every day of the calendar's reach and beyond", () => {
    const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const day = new Intl.DateTimeFormat('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    let checked = 0;
    for (let time = Date.UTC(2023, 0, 1); time <= Date.UTC(2030, 11, 31); time += 86_400_000) {
      const date = new Date(time).toISOString().slice(0, 10);
      expect(dayLabel(date)).toBe(day.format(new Date(time)));
      if (date.endsWith('-01')) expect(monthLabel(date.slice(0, 7))).toBe(month.format(new Date(time)));
      checked += 1;
    }
    expect(checked).toBe(2922);
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(dayLabel('2026-11-26')).toBe('Thursday, November 26, 2026');
  });
});

describe('months', () => {
  it('adds months across years, both ways', () => {
    expect(addMonths('2026-11', 1)).toBe('2026-12');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-11', 24)).toBe('2028-11');
    expect(addMonths('2026-11', -24)).toBe('2024-11');
  });

  it('measures the distance and keeps the 24-month window', () => {
    expect(monthDistance('2026-11', '2028-11')).toBe(24);
    expect(isMonthInWindow('2028-11', '2026-11')).toBe(true);
    expect(isMonthInWindow('2028-12', '2026-11')).toBe(false);
    expect(isMonthInWindow('2024-11', '2026-11')).toBe(true);
    expect(isMonthInWindow('2024-10', '2026-11')).toBe(false);
  });

  it('knows month lengths, leap years included', () => {
    expect(daysInMonth('2028-02')).toBe(29);
    expect(daysInMonth('2026-02')).toBe(28);
    expect(daysInMonth('2026-12')).toBe(31);
  });
});

describe('buildMonthGrid', () => {
  it('lays a month out in Sunday-first weeks with every date once', () => {
    const grid = buildMonthGrid('2026-11'); // 1 Nov 2026 is a Sunday
    expect(grid[0]?.[0]).toBe('2026-11-01');
    expect(grid.every((week) => week.length === 7)).toBe(true);
    const dates = grid.flat().filter((d): d is string => d !== null);
    expect(dates).toHaveLength(30);
    expect(new Set(dates).size).toBe(30);
    expect(grid.at(-1)?.filter(Boolean).at(-1)).toBe('2026-11-30');
  });

  it('pads the first week before the 1st', () => {
    const grid = buildMonthGrid('2026-12'); // 1 Dec 2026 is a Tuesday
    expect(grid[0]?.slice(0, 2)).toEqual([null, null]);
    expect(grid[0]?.[2]).toBe('2026-12-01');
  });
});

describe('balanceTone', () => {
  it('prefers negative over low and shows nothing without a balance', () => {
    expect(balanceTone({ is_low: true, is_negative: true }, -5)).toBe('negative');
    expect(balanceTone({ is_low: true, is_negative: false }, 50)).toBe('low');
    expect(balanceTone({ is_low: false, is_negative: false }, 50_000)).toBe('normal');
    expect(balanceTone(null, null)).toBe('none');
    expect(balanceTone(null, -1)).toBe('negative');
  });
});

describe('signedUsd', () => {
  it('signs amounts for display', () => {
    const f = (c: number) => `$${(c / 100).toFixed(2)}`;
    expect(signedUsd(1200, f)).toBe('+$12.00');
    expect(signedUsd(-1200, f)).toBe('−$12.00');
  });
});
