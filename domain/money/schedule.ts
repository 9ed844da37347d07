// Repeating schedules (weekly … yearly) shared by recurring detection, plan generation and
// user-created repeating items: nominal dates (the 31st, clamped to the month's end) and the business-day
// shift a payer applies when a nominal date falls on a weekend or bank holiday.
import {
  MONTH_NAMES,
  WEEKDAY_NAMES,
  dayOfMonthIndex,
  formatDay,
  monthIndex,
  monthIndexOf,
  nextBusinessDay,
  parseDay,
  previousBusinessDay,
  toCivil,
  weekday,
  type DayNumber,
} from './dates.ts';

export const CADENCES = ['weekly', 'biweekly', 'semi-monthly', 'monthly', 'quarterly', 'yearly'] as const;
export type Cadence = (typeof CADENCES)[number];

/**
 * What happens when a nominal date is not a business day: payroll usually moves `before` (paid on the
 * Friday), ACH bills `after` (debited on the Monday), card charges stay (`none`).
 */
export type BusinessDayShift = 'before' | 'after' | 'none';

export type Schedule =
  | {
      readonly cadence: 'weekly' | 'biweekly';
      /** Any nominal occurrence date; the others are whole periods away. */
      readonly anchor: string;
      readonly shift: BusinessDayShift;
    }
  | {
      readonly cadence: 'semi-monthly';
      /** Two days of the month, ascending; 31 means the month's last day. */
      readonly days: readonly [number, number];
      readonly shift: BusinessDayShift;
    }
  | {
      readonly cadence: 'monthly' | 'quarterly' | 'yearly';
      /** `YYYY-MM` of one occurrence: the phase of quarterly and yearly schedules. */
      readonly anchor_month: string;
      /** 1..31, clamped to the month's length (the 31st in February is the 28th or 29th). */
      readonly day: number;
      readonly shift: BusinessDayShift;
    };

/** Average days between occurrences (semi-monthly: 365.25 / 24). */
export function periodDays(cadence: Cadence): number {
  switch (cadence) {
    case 'weekly':
      return 7;
    case 'biweekly':
      return 14;
    case 'semi-monthly':
      return 365.25 / 24;
    case 'monthly':
      return 365.25 / 12;
    case 'quarterly':
      return 365.25 / 4;
    case 'yearly':
      return 365.25;
  }
}

/** Occurrences per year, for monthly totals on the Money Plan. */
export function occurrencesPerYear(cadence: Cadence): number {
  const perYear: Record<Cadence, number> = {
    weekly: 52,
    biweekly: 26,
    'semi-monthly': 24,
    monthly: 12,
    quarterly: 4,
    yearly: 1,
  };
  return perYear[cadence];
}

export function shiftToBusinessDay(day: DayNumber, shift: BusinessDayShift): DayNumber {
  if (shift === 'none') return day;
  return shift === 'before' ? previousBusinessDay(day) : nextBusinessDay(day);
}

/** Occurrence k of a schedule (k may be negative) as a nominal day number, and back. */
export interface CompiledSchedule {
  nominal(k: number): DayNumber;
  /** The largest k whose nominal date is on or before `day`. */
  indexAtOrBefore(day: DayNumber): number;
}

export const MONTH_STEPS = { monthly: 1, quarterly: 3, yearly: 12 } as const;

/** Every `period` days through `anchor`. */
export function compileEvery(anchor: DayNumber, period: number): CompiledSchedule {
  return {
    nominal: (k) => anchor + k * period,
    indexAtOrBefore: (day) => Math.floor((day - anchor) / period),
  };
}

/** Day `day` (clamped) of every `step`-th month through month index `anchorMonth`. */
export function compileMonthly(anchorMonth: number, step: number, day: number): CompiledSchedule {
  const nominal = (k: number) => dayOfMonthIndex(anchorMonth + k * step, day);
  return {
    nominal,
    indexAtOrBefore: (d) => {
      let k = Math.floor((monthIndex(d) - anchorMonth) / step);
      while (nominal(k) > d) k -= 1;
      return k;
    },
  };
}

/** Days `first` < `second` (clamped) of every month; occurrence 2m is month m's first. */
export function compileSemiMonthly(first: number, second: number): CompiledSchedule {
  const nominal = (k: number) => dayOfMonthIndex(Math.floor(k / 2), (k & 1) === 0 ? first : second);
  return {
    nominal,
    indexAtOrBefore: (d) => {
      let k = monthIndex(d) * 2 + 1;
      while (nominal(k) > d) k -= 1;
      return k;
    },
  };
}

function parseMonth(key: string): number {
  const { year, month } = toCivil(parseDay(`${key}-01`));
  return monthIndexOf(year, month);
}

export function compileSchedule(schedule: Schedule): CompiledSchedule {
  switch (schedule.cadence) {
    case 'weekly':
      return compileEvery(parseDay(schedule.anchor), 7);
    case 'biweekly':
      return compileEvery(parseDay(schedule.anchor), 14);
    case 'semi-monthly':
      return compileSemiMonthly(schedule.days[0], schedule.days[1]);
    case 'monthly':
    case 'quarterly':
    case 'yearly':
      return compileMonthly(parseMonth(schedule.anchor_month), MONTH_STEPS[schedule.cadence], schedule.day);
  }
}

export interface Occurrence {
  /** The schedule's own date (before any business-day shift): stable, so it names the occurrence. */
  readonly nominal_date: string;
  /** When the money is expected to move. */
  readonly due_date: string;
}

/** Occurrences whose due date lies in [from, to] (inclusive), in date order. */
export function occurrencesBetween(schedule: Schedule, from: string, to: string): Occurrence[] {
  const start = parseDay(from);
  const end = parseDay(to);
  const compiled = compileSchedule(schedule);
  const out: Occurrence[] = [];
  // A business-day shift moves a date by at most a long weekend plus a holiday (4 days); look 7 beyond.
  for (let k = compiled.indexAtOrBefore(start - 7); ; k += 1) {
    const nominal = compiled.nominal(k);
    if (nominal > end + 7) break;
    const due = shiftToBusinessDay(nominal, schedule.shift);
    if (due >= start && due <= end) out.push({ nominal_date: formatDay(nominal), due_date: formatDay(due) });
  }
  return out;
}

/** The first occurrence due strictly after `date`. */
export function nextOccurrence(schedule: Schedule, date: string): Occurrence {
  const day = parseDay(date);
  const compiled = compileSchedule(schedule);
  for (let k = compiled.indexAtOrBefore(day - 7); ; k += 1) {
    const nominal = compiled.nominal(k);
    const due = shiftToBusinessDay(nominal, schedule.shift);
    if (due > day) return { nominal_date: formatDay(nominal), due_date: formatDay(due) };
  }
}

/**
 * A schedule that repeats from `date` (for a user's repeating planned item): weekly and biweekly on its
 * weekday, monthly-style on its day of the month (a date on the last day of its month means month end),
 * semi-monthly on it and the day 15 days away.
 */
export function scheduleFromDate(cadence: Cadence, date: string, shift: BusinessDayShift = 'none'): Schedule {
  const day = parseDay(date);
  const civil = toCivil(day);
  const isMonthEnd = toCivil(day + 1).day === 1;
  const dom = isMonthEnd ? 31 : civil.day;
  switch (cadence) {
    case 'weekly':
    case 'biweekly':
      return { cadence, anchor: date, shift };
    case 'semi-monthly':
      return { cadence, days: dom <= 16 ? [dom, Math.min(dom + 15, 31)] : [dom - 15, dom], shift };
    default:
      return { cadence, anchor_month: date.slice(0, 7), day: dom, shift };
  }
}

function monthName(key: string): string {
  return MONTH_NAMES[Number(key.slice(5, 7)) - 1] ?? key;
}

function ordinalDay(day: number): string {
  if (day >= 31) return 'last day';
  const suffix =
    day % 10 === 1 && day !== 11
      ? 'st'
      : day % 10 === 2 && day !== 12
        ? 'nd'
        : day % 10 === 3 && day !== 13
          ? 'rd'
          : 'th';
  return `${day}${suffix}`;
}

/** "every other Friday", "monthly on the 15th", "on the 15th and last day of each month"… */
export function describeSchedule(schedule: Schedule): string {
  switch (schedule.cadence) {
    case 'weekly':
      return `every ${WEEKDAY_NAMES[weekday(parseDay(schedule.anchor))]}`;
    case 'biweekly':
      return `every other ${WEEKDAY_NAMES[weekday(parseDay(schedule.anchor))]}`;
    case 'semi-monthly':
      return `on the ${ordinalDay(schedule.days[0])} and ${ordinalDay(schedule.days[1])} of each month`;
    case 'monthly':
      return `monthly on the ${ordinalDay(schedule.day)}`;
    case 'quarterly':
      return `every 3 months on the ${ordinalDay(schedule.day)} (from ${monthName(schedule.anchor_month)})`;
    case 'yearly':
      return schedule.day >= 31
        ? `yearly at the end of ${monthName(schedule.anchor_month)}`
        : `yearly on ${monthName(schedule.anchor_month)} ${schedule.day}`;
  }
}
