// How money and dates read on the money screens (issue 10 item 8: read at a glance): a balance in
// its view's convention (cash held, net position, or what is owed on a card or loan, positive), and
// dates as people write them ("Mon, Dec 14", "Dec 14, 2026") instead of ISO strings or day numbers.
import { format, parseISO } from 'date-fns';
import { formatUsd } from '@domain/classification.ts';

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

/** `YYYY-MM-DD` as a calendar date (no time zone shift: the date is the profile's day). */
function day(date: string): Date {
  return parseISO(date.slice(0, 10));
}

/** "Mon, Dec 14" */
export function shortDate(date: string): string {
  return format(day(date), 'EEE, MMM d');
}

/** "Dec 14, 2026" */
export function longDate(date: string): string {
  return format(day(date), 'MMM d, yyyy');
}

/** "Dec 14" (chart ticks) */
export function monthDay(date: string): string {
  return format(day(date), 'MMM d');
}

/** "Mon, Dec 14" this year, "Mon, Dec 14, 2027" otherwise. */
export function friendlyDate(date: string, today: string = new Date().toISOString().slice(0, 10)): string {
  return date.slice(0, 4) === today.slice(0, 4) ? shortDate(date) : format(day(date), 'EEE, MMM d, yyyy');
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
