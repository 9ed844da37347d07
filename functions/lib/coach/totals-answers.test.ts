import { describe, expect, it } from 'vitest';
import { parseQuestion } from '../../../domain/coach/question.ts';
import type { Asked } from './answer-turn.ts';
import { asksPerMonth, asksPerYear, wholeMonthsBefore } from './totals-answers.ts';

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

  it('averages over the whole months before this one', () => {
    expect(wholeMonthsBefore(TODAY, 3)).toEqual({
      from: '2026-08-01',
      to: '2026-10-31',
      label: 'August 2026 to October 2026',
    });
    expect(wholeMonthsBefore('2026-01-15', 12)).toMatchObject({ from: '2025-01-01', to: '2025-12-31' });
  });
});
