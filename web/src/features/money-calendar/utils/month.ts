// Pure helpers of the Money Calendar: months (YYYY-MM), the month grid (weeks from Sunday), the
// navigation window (24 months back and ahead, docs/money-plan-api.md), a day's balance tone, and
// dollars typed by the user as integer cents.

import { MONTH_NAMES, WEEKDAY_NAMES } from '@domain/money/dates.ts';

/** How far the calendar may move from the current month (the API's limit). */
export const MONTH_WINDOW = 24;

export function monthOf(date: string): string {
  return date.slice(0, 7);
}

export function addMonths(month: string, delta: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + delta;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
}

export function monthDistance(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return ty * 12 + tm - (fy * 12 + fm);
}

/** Whether `month` may be shown when the current month is `current`. */
export function isMonthInWindow(month: string, current: string): boolean {
  return Math.abs(monthDistance(current, month)) <= MONTH_WINDOW;
}

/** The month the calendar opens on: a link's `?month=YYYY-MM` within the window, else the current one. */
export function openingMonth(linked: string | null, current: string): string {
  return linked && /^\d{4}-(0[1-9]|1[0-2])$/.test(linked) && isMonthInWindow(linked, current)
    ? linked
    : current;
}

export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** 0 = Sunday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

// English names by hand (domain/money/dates.ts), not Intl.DateTimeFormat: a page's first Intl formatter
// loads ICU's data, which cost ≈ 130–180 ms of a 4×-throttled CPU on the calendar's first render (issue
// 12). The output is Intl's en-US 'long' forms exactly (month.test.ts compares them day by day).

/** "November 2026". */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${y}`;
}

/** "Thursday, November 26, 2026". */
export function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${WEEKDAY_NAMES[weekdayOf(date)]}, ${MONTH_NAMES[m - 1]} ${d}, ${y}`;
}

/**
 * The month as weeks of seven cells, Sunday first; cells outside the month are null. Each date of the
 * month appears exactly once.
 */
export function buildMonthGrid(month: string): (string | null)[][] {
  const count = daysInMonth(month);
  const lead = weekdayOf(`${month}-01`);
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= count; day++) cells.push(`${month}-${String(day).padStart(2, '0')}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

export type BalanceTone = 'negative' | 'low' | 'normal' | 'none';

/** How a day's end-of-day balance is highlighted: negative beats low; no balance, no tone. */
export function balanceTone(
  flags: { is_low: boolean; is_negative: boolean } | null | undefined,
  closing: number | null | undefined,
): BalanceTone {
  if (closing === null || closing === undefined) return 'none';
  if (flags?.is_negative || closing < 0) return 'negative';
  if (flags?.is_low) return 'low';
  return 'normal';
}

/** A signed amount in cents for display: "+$12.00" money in, "−$12.00" money out. */
export function signedUsd(cents: number, format: (c: number) => string): string {
  if (cents === 0) return format(0);
  return `${cents > 0 ? '+' : '−'}${format(Math.abs(cents))}`;
}
