import { describe, expect, it } from 'vitest';
import {
  describeSchedule,
  nextOccurrence,
  occurrencesBetween,
  scheduleFromDate,
  type Schedule,
} from './schedule.ts';

const dues = (schedule: Schedule, from: string, to: string) =>
  occurrencesBetween(schedule, from, to).map((o) => o.due_date);

describe('occurrencesBetween', () => {
  it('clamps the 31st to the end of shorter months, February included', () => {
    const schedule: Schedule = { cadence: 'monthly', anchor_month: '2023-01', day: 31, shift: 'none' };
    expect(dues(schedule, '2023-01-01', '2023-04-30')).toEqual([
      '2023-01-31',
      '2023-02-28',
      '2023-03-31',
      '2023-04-30',
    ]);
    expect(dues(schedule, '2024-02-01', '2024-02-29')).toEqual(['2024-02-29']);
  });

  it('moves weekend dates as the payer does, keeping the nominal date as the name', () => {
    const after: Schedule = { cadence: 'monthly', anchor_month: '2024-01', day: 1, shift: 'after' };
    expect(occurrencesBetween(after, '2024-06-01', '2024-06-30')).toEqual([
      { nominal_date: '2024-06-01', due_date: '2024-06-03' },
    ]);
    // 2024-09-01 is a Sunday and 09-02 Labor Day.
    expect(dues(after, '2024-09-01', '2024-09-30')).toEqual(['2024-09-03']);
    const before: Schedule = { cadence: 'monthly', anchor_month: '2024-01', day: 15, shift: 'before' };
    expect(dues(before, '2024-06-01', '2024-06-30')).toEqual(['2024-06-14']);
  });

  it('pays semi-monthly payroll on the 15th and the last business day', () => {
    const payroll: Schedule = { cadence: 'semi-monthly', days: [15, 31], shift: 'before' };
    expect(dues(payroll, '2024-08-01', '2024-09-30')).toEqual([
      '2024-08-15',
      '2024-08-30',
      '2024-09-13',
      '2024-09-30',
    ]);
  });

  it('steps weekly, biweekly, quarterly and yearly schedules from their anchor', () => {
    expect(
      dues({ cadence: 'weekly', anchor: '2024-01-05', shift: 'none' }, '2024-03-01', '2024-03-20'),
    ).toEqual(['2024-03-01', '2024-03-08', '2024-03-15']);
    expect(
      dues({ cadence: 'biweekly', anchor: '2024-01-05', shift: 'none' }, '2024-03-01', '2024-03-31'),
    ).toEqual(['2024-03-01', '2024-03-15', '2024-03-29']);
    expect(
      dues(
        { cadence: 'quarterly', anchor_month: '2023-02', day: 10, shift: 'none' },
        '2024-01-01',
        '2024-12-31',
      ),
    ).toEqual(['2024-02-10', '2024-05-10', '2024-08-10', '2024-11-10']);
    expect(
      dues(
        { cadence: 'yearly', anchor_month: '2020-02', day: 29, shift: 'none' },
        '2021-01-01',
        '2024-12-31',
      ),
    ).toEqual(['2021-02-28', '2022-02-28', '2023-02-28', '2024-02-29']);
  });

  it('includes an occurrence shifted into the window and excludes one shifted out of it', () => {
    const after: Schedule = { cadence: 'monthly', anchor_month: '2024-01', day: 30, shift: 'after' };
    // 2024-03-30 is a Saturday: due Monday 04-01.
    expect(dues(after, '2024-03-25', '2024-03-31')).toEqual([]);
    expect(dues(after, '2024-04-01', '2024-04-02')).toEqual(['2024-04-01']);
  });
});

describe('nextOccurrence', () => {
  it('is the first occurrence due strictly after the date', () => {
    const schedule: Schedule = { cadence: 'monthly', anchor_month: '2024-01', day: 31, shift: 'none' };
    expect(nextOccurrence(schedule, '2024-01-31')).toEqual({
      nominal_date: '2024-02-29',
      due_date: '2024-02-29',
    });
    expect(nextOccurrence(schedule, '2024-01-30').due_date).toBe('2024-01-31');
  });
});

describe('scheduleFromDate and describeSchedule', () => {
  it('reads a month-end date as "the last day"', () => {
    const schedule = scheduleFromDate('monthly', '2024-04-30');
    expect(schedule).toEqual({ cadence: 'monthly', anchor_month: '2024-04', day: 31, shift: 'none' });
    expect(describeSchedule(schedule)).toBe('monthly on the last day');
  });

  it('describes each cadence in words', () => {
    expect(describeSchedule(scheduleFromDate('biweekly', '2024-03-01'))).toBe('every other Friday');
    expect(describeSchedule(scheduleFromDate('weekly', '2024-03-04'))).toBe('every Monday');
    expect(describeSchedule(scheduleFromDate('semi-monthly', '2024-03-01'))).toBe(
      'on the 1st and 16th of each month',
    );
    expect(describeSchedule(scheduleFromDate('monthly', '2024-03-22'))).toBe('monthly on the 22nd');
    expect(describeSchedule(scheduleFromDate('quarterly', '2024-03-03'))).toBe(
      'every 3 months on the 3rd (from March)',
    );
    expect(describeSchedule(scheduleFromDate('yearly', '2024-03-11'))).toBe('yearly on March 11');
  });
});
