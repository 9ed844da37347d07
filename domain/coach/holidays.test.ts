import { describe, expect, it } from 'vitest';
import { findHoliday } from './holidays.ts';

// A Saturday, two days after Thanksgiving 2026.
const TODAY = '2026-11-28';

describe('holidays by name', () => {
  it.each([
    ['before thanksgiving', 'Thanksgiving', '2027-11-25'],
    ['can i afford 300 for christmas', 'Christmas', '2026-12-25'],
    ['xmas eve', 'Christmas Eve', '2026-12-24'],
    ['the 4th of july', 'the Fourth of July', '2027-07-04'],
    ['independence day', 'the Fourth of July', '2027-07-04'],
    ['new years eve', "New Year's Eve", '2026-12-31'],
    ['new years', "New Year's Day", '2027-01-01'],
    ['memorial day', 'Memorial Day', '2027-05-31'],
    ['labor day', 'Labor Day', '2027-09-06'],
    ['easter', 'Easter', '2027-03-28'],
    ['mothers day', "Mother's Day", '2027-05-09'],
    ['black friday', 'Black Friday', '2027-11-26'],
    ['valentines', "Valentine's Day", '2027-02-14'],
  ])('%s is the next %s', (text, name, date) => {
    expect(findHoliday(text, TODAY)).toEqual({ name, date });
  });

  it('reads the last one for the past', () => {
    expect(findHoliday('what did we spend on thanksgiving', TODAY, 'past')).toEqual({
      name: 'Thanksgiving',
      date: '2026-11-26',
    });
    expect(findHoliday('halloween', TODAY, 'past')?.date).toBe('2026-10-31');
  });

  it('finds none in a plain question', () => {
    expect(findHoliday('how much did i spend on gas', TODAY)).toBeNull();
  });
});
