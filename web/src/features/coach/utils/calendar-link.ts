// Where "How I worked this out" points on /calendar for each tool call: the day the answer turns on
// (the lowest point with a purchase, the next payday, the day explained…), or the month of a spending
// comparison. The first date anywhere in a result is its `as_of` (today), which is rarely that day.
import { paths } from '../../../config/paths.ts';
import type { ToolCall } from '../api/coach.ts';

export interface CalendarTarget {
  readonly month: string;
  /** The day to open, or null for a month (spending). */
  readonly day: string | null;
  readonly href: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
const first = (value: unknown): unknown => (Array.isArray(value) ? value[0] : undefined);

/** Each tool's key date in its result (docs/coach.md lists the tools). */
const KEY_DATE: Record<string, (result: Record<string, unknown>) => unknown> = {
  can_afford: (r) => field(r.lowest_with, 'date'),
  get_balance_forecast: (r) => field(r.lowest, 'date'),
  explain_day: (r) => r.date,
  upcoming_bills: (r) => field(first(r.bills), 'date'),
  income_schedule: (r) => field(r.next, 'date'),
  // The soonest next charge of the listed subscriptions.
  list_subscriptions: (r) =>
    (Array.isArray(r.subscriptions) ? r.subscriptions : [])
      .map((s) => field(s, 'next_date'))
      .filter((d): d is string => typeof d === 'string' && DAY.test(d))
      .sort()[0],
  spending_by_category: (r) => r.month,
  search_transactions: (r) => field(first(r.transactions), 'date'),
  propose_planned_item: (r) => field(r.draft, 'due_date'),
};

export function calendarTarget(call: ToolCall): CalendarTarget | null {
  const date = call.result ? KEY_DATE[call.name]?.(call.result) : undefined;
  if (typeof date !== 'string') return null;
  const calendar = paths.app.calendar.getHref();
  if (DAY.test(date))
    return { month: date.slice(0, 7), day: date, href: `${calendar}?month=${date.slice(0, 7)}&day=${date}` };
  if (MONTH.test(date)) return { month: date, day: null, href: `${calendar}?month=${date}` };
  return null;
}
