import { describe, expect, it } from 'vitest';
import { asMeant } from './typed.ts';

describe('questions as typed, read as meant', () => {
  it.each([
    ['whats coming out in the next 2 weeks', "what's coming out in the next 2 weeks"],
    ['r we gonna go below 500', 'are we going to go below 500'],
    ['how much will i have in 2 wks', 'how much will i have in 2 weeks'],
    ['I’m broke', "i'm broke"],
    ['how does this months spending compare', "how does this month's spending compare"],
    ['3 months ago', '3 months ago'],
  ])('%s', (typed, meant) => {
    expect(asMeant(typed).toLowerCase()).toBe(meant);
  });

  it('leaves names, amounts and dates as typed', () => {
    expect(asMeant('Can I afford $600 at Target on Dec 14')).toBe('Can I afford $600 at Target on Dec 14');
  });
});
