import { describe, expect, it } from 'vitest';
import { aheadWindow, pastRange } from './window.ts';

// A Saturday.
const TODAY = '2026-11-28';

describe('pastRange', () => {
  it.each([
    ['groceries last month', '2026-10-01', '2026-10-31', 'October 2026'],
    ['this month so far', '2026-11-01', '2026-11-28', 'November 2026 so far'],
    ['so far', '2026-11-01', '2026-11-28', 'November 2026 so far'],
    ['groceries this month vs last month', '2026-11-01', '2026-11-28', 'November 2026 so far'],
    ['in march', '2026-03-01', '2026-03-31', 'March 2026'],
    ['in december', '2025-12-01', '2025-12-31', 'December 2025'],
    ['in the last 30 days', '2026-10-30', '2026-11-28', 'the last 30 days'],
    ['past couple weeks', '2026-11-15', '2026-11-28', 'the last 14 days'],
    ['this year', '2026-01-01', '2026-11-28', '2026 so far'],
    ['last year', '2025-01-01', '2025-12-31', '2025'],
    ['what did i spend yesterday', '2026-11-27', '2026-11-27', 'yesterday'],
    ['in the past week', '2026-11-22', '2026-11-28', 'the last 7 days'],
    ['food in 2025', '2025-01-01', '2025-12-31', '2025'],
    ['what did i spend this weekend', '2026-11-28', '2026-11-28', 'this weekend'],
    ['spent last weekend', '2026-11-21', '2026-11-22', 'last weekend'],
    ['gas in the last quarter', '2026-07-01', '2026-09-30', 'Q3 2026'],
    ['spent on groceries on black friday', '2026-11-27', '2026-11-27', 'Black Friday, Fri, Nov 27'],
  ])('%s', (text, from, to, label) => {
    expect(pastRange(text, TODAY)).toEqual({ from, to, label });
  });

  it.each([
    ['what was our spending two months ago', '2026-09-01', '2026-09-30', 'September 2026'],
    ['groceries 3 months ago', '2026-08-01', '2026-08-31', 'August 2026'],
    ['a month ago', '2026-10-01', '2026-10-31', 'October 2026'],
    // A year written bare, behind: the year, or this year so far.
    ['total income 2025', '2025-01-01', '2025-12-31', '2025'],
    ['total income 2026', '2026-01-01', '2026-11-28', '2026 so far'],
    ['coffee since the start of the month', '2026-11-01', '2026-11-28', 'November 2026 so far'],
    ['from the beginning of the year', '2026-01-01', '2026-11-28', '2026 so far'],
    ['spent on travel since january', '2026-01-01', '2026-11-28', 'since January 2026'],
  ])('%s (months ago, a bare year)', (text, from, to, label) => {
    expect(pastRange(text, TODAY)).toEqual({ from, to, label });
  });

  it('reads "since …" with chrono', () => {
    expect(pastRange('since nov 3', TODAY)).toMatchObject({ from: '2026-11-03', to: TODAY });
  });

  it('names nothing when there is no window', () => {
    expect(pastRange('how much on coffee', TODAY)).toBeNull();
  });
});

describe('aheadWindow', () => {
  it.each([
    ['over the next couple months', { kind: 'days', days: 60 }],
    ['next couple of weeks', { kind: 'days', days: 14 }],
    ['in the next few months', { kind: 'days', days: 90 }],
    ['before payday', { kind: 'payday' }],
    ['till i get paid', { kind: 'payday' }],
    ['before the 1st', { kind: 'until', to: '2026-11-30' }],
    ['before the first', { kind: 'until', to: '2026-11-30' }],
    ['what will my balance be in 2031', { kind: 'beyond', to: '2031-12-31' }],
    ['over the next 5 years', { kind: 'beyond', to: '2031-11-27' }],
  ])('%s', (text, expected) => {
    expect(aheadWindow(text, TODAY, 730)).toEqual(expected);
  });

  it.each([
    ['lowest balance thru the end of the year', { kind: 'until', to: '2026-12-31' }],
    ['before the end of next month', { kind: 'until', to: '2026-12-31' }],
    ['until the end of the month', { kind: 'until', to: '2026-11-30' }],
    ['by the end of next year', { kind: 'until', to: '2027-12-31' }],
    ['lowest balance over the holidays', { kind: 'until', to: '2027-01-01', name: 'over the holidays' }],
    ['stay above $1,000 until my next deposit', { kind: 'payday' }],
  ])('%s (through the end of a month or year)', (text, expected) => {
    expect(aheadWindow(text, TODAY, 730)).toEqual(expected);
  });

  it('leaves a year inside the forecast, and plain questions, to the older reader', () => {
    expect(aheadWindow('by 2027', TODAY, 730)).toBeNull();
    expect(aheadWindow('lowest balance in the next 30 days', TODAY, 730)).toEqual({ kind: 'days', days: 30 });
    expect(aheadWindow('when is my next payday', TODAY, 730)).toBeNull();
  });
});
