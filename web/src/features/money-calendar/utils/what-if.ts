// "What if" on the calendar: a purchase the coach was asked about, shown as if it
// were planned — every cash balance from its date on lowered by its amount (once, or each month on the
// same day), the low, negative and lowest marks worked out again. Nothing is saved; the link carries it
// (?whatIf=<cents>@<YYYY-MM-DD>&repeat=monthly).
import type { CalendarDay } from '../api/calendar.ts';

export interface WhatIf {
  /** Cents of money out, > 0. */
  readonly amount: number;
  readonly date: string;
  readonly monthly: boolean;
}

export function parseWhatIf(value: string | null, repeat: string | null): WhatIf | null {
  const m = /^(\d{1,12})@(\d{4}-\d{2}-\d{2})$/.exec(value ?? '');
  if (!m) return null;
  const amount = Number(m[1]);
  const date = m[2] ?? '';
  if (!(amount > 0) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return null;
  return { amount, date, monthly: repeat === 'monthly' };
}

/** How many charges fall on or before `date`. */
export function chargesBy(whatIf: WhatIf, date: string): number {
  if (date < whatIf.date) return 0;
  if (!whatIf.monthly) return 1;
  const [y, m, d] = whatIf.date.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = date.split('-').map(Number) as [number, number, number];
  let months = (ty - y) * 12 + (tm - m);
  // This month's charge falls on the same day (or the month's last day), not yet if `date` is earlier.
  const last = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  if (td < Math.min(d, last)) months -= 1;
  return months + 1;
}

/** The days with the hypothetical purchase in their balances and marks (balances in cents, cash held). */
export function applyWhatIf(days: readonly CalendarDay[], whatIf: WhatIf, threshold: number): CalendarDay[] {
  const adjusted = days.map((day) => {
    const total = day.balances.total;
    if (!total) return day;
    const closing = total.closing - whatIf.amount * chargesBy(whatIf, day.date);
    const opening = total.opening - whatIf.amount * chargesBy(whatIf, addDay(day.date, -1));
    return {
      ...day,
      balances: { ...day.balances, total: { ...total, opening, closing } },
      flags: { is_low: closing < threshold, is_negative: closing < 0, is_lowest: false },
    };
  });
  let lowest: CalendarDay | null = null;
  for (const day of adjusted)
    if (day.balances.total && (!lowest || day.balances.total.closing < (lowest.balances.total?.closing ?? 0)))
      lowest = day;
  return adjusted.map((day) =>
    day === lowest && day.flags ? { ...day, flags: { ...day.flags, is_lowest: true } } : day,
  );
}

function addDay(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}
