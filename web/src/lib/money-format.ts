// How money and dates read on the money screens (read at a glance): a balance in
// its view's convention (cash held, net position, or what is owed on a card or loan, positive), and
// dates as people write them ("Mon, Dec 14", "Dec 14, 2026") instead of ISO strings or day numbers.
// The dates are written from the domain's English names, not date-fns' `format`: the calendar draws
// them on its first screen, and date-fns' formatters were three files and ≈ 7 KB gzip on that path
//. The output is date-fns' en-US forms exactly (money-format.test.ts compares them).
import { formatUsd } from '@domain/classification.ts';
import { MONTH_NAMES, parseDay, toCivil, weekday, WEEKDAY_NAMES } from '@domain/money/dates.ts';

/** How a series' balances read (the API's `balance_convention`). */
export type BalanceConvention = 'held' | 'owed' | 'net';

/** "$1,234.56" or "−$1,234.56" (a true minus sign). */
export function money(cents: number): string {
  return `${cents < 0 ? '−' : ''}${formatUsd(cents)}`;
}

/**
 * A balance in its convention: held and net money signed as usual; an owed balance as "$1,035.19
 * owed" (and a card overpaid as "$12.00 credit"), so a card and a loan read the same way everywhere.
 */
export function formatBalance(cents: number, convention: BalanceConvention): string {
  if (convention !== 'owed') return money(cents);
  if (cents < 0) return `${formatUsd(cents)} credit`;
  return `${formatUsd(cents)} owed`;
}

/** A `YYYY-MM-DD` date (or the date part of a timestamp) as "Mon", "Dec", 14 and 2026: the profile's
 * calendar date, with no time zone shift. An invalid date throws, as date-fns' `format` did. */
function parts(date: string) {
  const dayNumber = parseDay(date.slice(0, 10));
  const { year, month, day } = toCivil(dayNumber);
  return {
    weekday: WEEKDAY_NAMES[weekday(dayNumber)]!.slice(0, 3),
    month: MONTH_NAMES[month - 1]!.slice(0, 3),
    day,
    year,
  };
}

/** "Mon, Dec 14" */
export function shortDate(date: string): string {
  const p = parts(date);
  return `${p.weekday}, ${p.month} ${p.day}`;
}

/** "Dec 14, 2026" */
export function longDate(date: string): string {
  const p = parts(date);
  return `${p.month} ${p.day}, ${p.year}`;
}

/** "Dec 14" (chart ticks) */
export function monthDay(date: string): string {
  const p = parts(date);
  return `${p.month} ${p.day}`;
}

/** "Mon, Dec 14" this year, "Mon, Dec 14, 2027" otherwise. */
export function friendlyDate(date: string, today: string = new Date().toISOString().slice(0, 10)): string {
  return date.slice(0, 4) === today.slice(0, 4) ? shortDate(date) : `${shortDate(date)}, ${parts(date).year}`;
}

/** How a planned item repeats, in words (the form's "Repeats" and each planned row). */
export const CADENCE_LABELS = {
  weekly: 'Weekly',
  biweekly: 'Every two weeks',
  'semi-monthly': 'Twice a month',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
} as const satisfies Record<string, string>;

export function cadenceLabel(cadence: string | null | undefined): string {
  if (!cadence) return 'One-off';
  return (CADENCE_LABELS as Record<string, string>)[cadence] ?? cadence;
}
