// Calendar dates for the money engine as integer day numbers (days since 1970-01-01), so detection,
// plan generation and the 730-day forecast do integer arithmetic instead of allocating Date objects.
// Dates are the profile's calendar dates (ARCHITECTURE.md "Data"), so no time zone is involved.

/** The months' English names, January first (labels: the plan's schedules, the calendar's months). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The weekdays' English names, Sunday first (as `Date.getUTCDay` numbers them). */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Days since 1970-01-01 of a calendar date. */
export type DayNumber = number;

export class InvalidDateError extends Error {
  constructor(readonly value: string) {
    super(`Not a calendar date (YYYY-MM-DD): ${JSON.stringify(value)}`);
    this.name = 'InvalidDateError';
  }
}

export interface CivilDate {
  readonly year: number;
  /** 1..12 */
  readonly month: number;
  /** 1..31 */
  readonly day: number;
}

// Howard Hinnant's days_from_civil / civil_from_days: exact for the proleptic Gregorian calendar.
export function fromCivil(year: number, month: number, day: number): DayNumber {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function toCivil(dayNumber: DayNumber): CivilDate {
  const z = dayNumber + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const monthLengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (monthLengths[month - 1] ?? 31);
}

function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/** Parses `YYYY-MM-DD` (a real calendar date) without building a Date: this runs per planned item. */
export function parseDay(value: string): DayNumber {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) {
    throw new InvalidDateError(value);
  }
  const century = twoDigits(value, 0);
  const yy = twoDigits(value, 2);
  const month = twoDigits(value, 5);
  const day = twoDigits(value, 8);
  if (century < 0 || yy < 0 || month < 1 || month > 12 || day < 1) throw new InvalidDateError(value);
  const year = century * 100 + yy;
  if (day > daysInMonth(year, month)) throw new InvalidDateError(value);
  return fromCivil(year, month, day);
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

export function formatCivil(year: number, month: number, day: number): string {
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

export function formatDay(dayNumber: DayNumber): string {
  const { year, month, day } = toCivil(dayNumber);
  return formatCivil(year, month, day);
}

export function addDays(date: string, days: number): string {
  return formatDay(parseDay(date) + days);
}

/** 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday). */
export function weekday(dayNumber: DayNumber): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

/** Months since year 0 (year * 12 + month - 1): consecutive months differ by one. */
export function monthIndexOf(year: number, month: number): number {
  return year * 12 + month - 1;
}

export function monthIndex(dayNumber: DayNumber): number {
  const { year, month } = toCivil(dayNumber);
  return monthIndexOf(year, month);
}

/** The day `day` of a month index, clamped to the month's length (the 31st in February is the 28th/29th). */
export function dayOfMonthIndex(index: number, day: number): DayNumber {
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return fromCivil(year, month, Math.min(day, daysInMonth(year, month)));
}

function nthWeekday(year: number, month: number, wd: number, n: number): DayNumber {
  const first = fromCivil(year, month, 1);
  return first + ((wd - weekday(first) + 7) % 7) + 7 * (n - 1);
}

function lastWeekday(year: number, month: number, wd: number): DayNumber {
  const last = fromCivil(year, month, daysInMonth(year, month));
  return last - ((weekday(last) - wd + 7) % 7);
}

/** A fixed-date holiday on a Sunday is observed on Monday; on a Saturday the Federal Reserve stays open. */
function observed(year: number, month: number, day: number): DayNumber {
  const d = fromCivil(year, month, day);
  return weekday(d) === 0 ? d + 1 : d;
}

const holidays = new Set<DayNumber>();
const holidayYears = new Set<number>();

// ACH and payroll follow the Federal Reserve's calendar, so a salary due on a holiday Monday lands on
// the Friday before and a bill on the Tuesday after.
function addBankHolidays(year: number): void {
  holidayYears.add(year);
  const days = [
    observed(year, 1, 1),
    nthWeekday(year, 1, 1, 3),
    nthWeekday(year, 2, 1, 3),
    lastWeekday(year, 5, 1),
    ...(year >= 2022 ? [observed(year, 6, 19)] : []),
    observed(year, 7, 4),
    nthWeekday(year, 9, 1, 1),
    nthWeekday(year, 10, 1, 2),
    observed(year, 11, 11),
    nthWeekday(year, 11, 4, 4),
    observed(year, 12, 25),
  ];
  for (const d of days) holidays.add(d);
}

/** US Federal Reserve bank holiday (as observed). */
export function isBankHoliday(dayNumber: DayNumber): boolean {
  // Detection asks this hundreds of thousands of times: a set lookup, filled a year at a time, with the
  // year only approximated (the neighbours are filled too) so no calendar conversion is needed.
  const approxYear = Math.floor(dayNumber / 365.2425) + 1970;
  if (!holidayYears.has(approxYear)) {
    for (let y = approxYear - 1; y <= approxYear + 1; y += 1) if (!holidayYears.has(y)) addBankHolidays(y);
  }
  return holidays.has(dayNumber);
}

export function isBusinessDay(dayNumber: DayNumber): boolean {
  const wd = weekday(dayNumber);
  return wd !== 0 && wd !== 6 && !isBankHoliday(dayNumber);
}

/** The day itself if it is a business day, else the last business day before it. */
export function previousBusinessDay(dayNumber: DayNumber): DayNumber {
  let d = dayNumber;
  while (!isBusinessDay(d)) d -= 1;
  return d;
}

/** The day itself if it is a business day, else the first business day after it. */
export function nextBusinessDay(dayNumber: DayNumber): DayNumber {
  let d = dayNumber;
  while (!isBusinessDay(d)) d += 1;
  return d;
}
