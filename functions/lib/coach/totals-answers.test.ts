import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../../domain/coach/question.ts';
import type { Asked } from './answer-turn.ts';
import { subjectFilter } from './answer-turn.ts';
import {
  asksPerMonth,
  asksPerWeek,
  asksPerYear,
  asksRate,
  lastWeeks,
  wholeMonthsBefore,
} from './totals-answers.ts';

const TODAY = '2026-11-28';
const asked = (question: string): Asked => ({
  ...parseQuestion(question, TODAY),
  question,
  lower: question.toLowerCase(),
  yesNo: false,
  ahead: null,
});

describe('totals over longer stretches', () => {
  it.each([
    ['how much do we spend on groceries a month', true, false],
    ['what is my average monthly grocery bill', true, false],
    ['how much do i usually spend on eating out per month', true, false],
    ['how much do i spend on eating out per year', false, true],
    // A comparison with the usual is not the average itself.
    ['did i spend more than usual on coffee last month', false, false],
    ['groceries this month vs last month', false, false],
  ])('%s: per month %s, per year %s', (question, month, year) => {
    expect(asksPerMonth(asked(question))).toBe(month);
    expect(asksPerYear(asked(question))).toBe(year);
  });

  it.each([
    ['how much do i spend on coffee a week', true],
    ['coffee per week', true],
    ['weekly avg on takeout', true],
    ['how much do we spend on groceries each week on average', true],
    // a day a week away, or ago, is not a rate
    ['how much will i have in a week', false],
    ['what did i spend a week ago', false],
    ['did i spend more on coffee this week than last week', false],
  ])('%s: per week %s', (question, week) => {
    expect(asksPerWeek(asked(question))).toBe(week);
    if (week) expect(asksRate(asked(question))).toBe(true);
  });

  it('averages a week over the last 12 weeks to today', () => {
    expect(lastWeeks(TODAY)).toEqual({ from: '2026-09-06', to: TODAY, label: 'the last 12 weeks' });
  });

  it('names one whole month by its name', () => {
    expect(wholeMonthsBefore(TODAY, 1)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      label: 'October 2026',
    });
  });

  it('searches a subject by its stored categories, one payee, or several payees at once', () => {
    expect(subjectFilter(null)).toEqual({ spending_only: true });
    expect(
      subjectFilter({ kind: 'category', label: 'Coffee', detailed: ['FOOD_AND_DRINK_COFFEE'], groups: [] }),
    ).toEqual({ categories: ['FOOD_AND_DRINK_COFFEE'], spending_only: true });
    expect(subjectFilter({ kind: 'merchant', label: 'Uber' })).toEqual({ text: 'Uber' });
    expect(subjectFilter({ kind: 'merchant', label: 'Uber and Lyft', names: ['Uber', 'Lyft'] })).toEqual({
      texts: ['Uber', 'Lyft'],
    });
  });

  it('averages over the whole months before this one', () => {
    expect(wholeMonthsBefore(TODAY, 3)).toEqual({
      from: '2026-08-01',
      to: '2026-10-31',
      label: 'August 2026 to October 2026',
    });
    expect(wholeMonthsBefore('2026-01-15', 12)).toMatchObject({ from: '2025-01-01', to: '2025-12-31' });
  });
});
