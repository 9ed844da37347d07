import { describe, expect, it } from 'vitest';
import type { ToolCall } from '../api/coach.ts';
import { calendarTarget } from './calendar-link.ts';

const call = (name: string, result: Record<string, unknown> | null): ToolCall => ({
  name,
  input: {},
  result: result && { as_of: '2026-11-24', warnings: [], ...result },
  error: null,
});

describe("the calendar link of a tool call's workings", () => {
  it("opens the day each tool's answer turns on, not the result's as_of", () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      [
        'can_afford',
        { date: '2026-12-20', lowest_without: { date: '2026-12-10' }, lowest_with: { date: '2027-01-09' } },
        '2027-01-09',
      ],
      ['get_balance_forecast', { end: { date: '2027-01-23' }, lowest: { date: '2026-12-14' } }, '2026-12-14'],
      ['explain_day', { date: '2026-11-10' }, '2026-11-10'],
      [
        'upcoming_bills',
        { to: '2026-12-01', bills: [{ date: '2026-11-27' }, { date: '2026-11-29' }] },
        '2026-11-27',
      ],
      ['income_schedule', { next: { date: '2026-12-04' }, payments: [] }, '2026-12-04'],
      [
        'list_subscriptions',
        { subscriptions: [{ next_date: '2026-12-09' }, { next_date: null }, { next_date: '2026-12-02' }] },
        '2026-12-02',
      ],
      ['search_transactions', { from: '2025-11-24', transactions: [{ date: '2026-10-30' }] }, '2026-10-30'],
      ['propose_planned_item', { draft: { due_date: '2026-12-01' } }, '2026-12-01'],
    ];
    for (const [name, result, day] of cases)
      expect(calendarTarget(call(name, result)), name).toEqual({
        month: day.slice(0, 7),
        day,
        href: `/calendar?month=${day.slice(0, 7)}&day=${day}`,
      });
  });

  it('opens the month of a spending comparison, and nothing when there is no date to show', () => {
    expect(
      calendarTarget(call('spending_by_category', { month: '2026-10', compare_month: '2026-09' })),
    ).toEqual({
      month: '2026-10',
      day: null,
      href: '/calendar?month=2026-10',
    });
    expect(calendarTarget(call('upcoming_bills', { bills: [] }))).toBeNull();
    expect(calendarTarget(call('get_balance_forecast', { lowest: null }))).toBeNull();
    expect(calendarTarget(call('can_afford', null))).toBeNull();
    expect(calendarTarget(call('no_such_tool', { date: '2026-12-01' }))).toBeNull();
  });
});
