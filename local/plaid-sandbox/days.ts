// Calendar days as integers (days since 1970-01-01, UTC), the unit the sandbox's bank runs on.
// Plaid's `date` fields are calendar dates; the sandbox treats them as UTC dates.

export type Day = number;

const MS_PER_DAY = 86_400_000;

export const dayOf = (date: Date): Day => Math.floor(date.getTime() / MS_PER_DAY);

export const isoDay = (day: Day): string => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);

export const parseIsoDay = (iso: string): Day => Math.floor(Date.parse(`${iso}T00:00:00Z`) / MS_PER_DAY);

/** 0 = Sunday … 6 = Saturday. */
export const weekday = (day: Day): number => (((day + 4) % 7) + 7) % 7;

export interface YearMonthDay {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

export function ymd(day: Day): YearMonthDay {
  const date = new Date(day * MS_PER_DAY);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export const daysInMonth = (year: number, month: number): number =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The given day of a month, clamped to the month's last day (the 31st of February is the 28th/29th). */
export function dayInMonth(year: number, month: number, dayOfMonth: number): Day {
  const normalizedYear = year + Math.floor((month - 1) / 12);
  const normalizedMonth = ((((month - 1) % 12) + 12) % 12) + 1;
  const clamped = Math.min(dayOfMonth, daysInMonth(normalizedYear, normalizedMonth));
  return Date.UTC(normalizedYear, normalizedMonth - 1, clamped) / MS_PER_DAY;
}

/** Weekend dates move to the Friday before, as employers and billers do. */
export function previousBusinessDay(day: Day): Day {
  const wd = weekday(day);
  if (wd === 6) return day - 1;
  if (wd === 0) return day - 2;
  return day;
}
