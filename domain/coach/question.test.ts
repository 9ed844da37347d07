import { describe, expect, it } from 'vitest';
import { parseAmount, parseDate, parseMonth, parseWindow } from './amounts-dates.ts';
import { parseQuestion } from './question.ts';

// A Tuesday.
const TODAY = '2026-11-24';

describe('parseAmount', () => {
  it.each([
    ['Can I afford $1,200 on Friday?', 120_000],
    ['can i afford 1.2k next week', 120_000],
    ['could I spend $600.50 tomorrow', 60_050],
    ['a 2k trip', 200_000],
    ['500 dollars', 50_000],
    ['Can I afford 600 on the 20th?', 60_000],
    ['$3 million house', 300_000_000],
  ])('%s → %d cents', (text, cents) => {
    expect(parseAmount(text)).toEqual({ cents, problem: null });
  });

  it('is not fooled by day numbers, counts or years', () => {
    for (const text of ['what happened on the 15th', 'in 3 months', 'in March 2026', 'next 10 days'])
      expect(parseAmount(text).cents, text).toBeNull();
  });

  it('refuses negative amounts and exponents with a message', () => {
    expect(parseAmount('can I afford -5').problem).toMatch(/positive/);
    expect(parseAmount('can I afford $-5').problem).toMatch(/positive/);
    expect(parseAmount('can I afford 1e9').problem).toMatch(/in full/);
    expect(parseAmount('can I afford $2.5e6?').problem).toMatch(/in full/);
    expect(parseAmount('1E+9 dollars').problem).toMatch(/in full/);
  });

  it('reads digits inside a word as part of the word, not as an exponent', () => {
    // A payee or reference such as a random marker: 14 % of 8-hex-digit tags hold a digit, an "e" and a
    // digit, which read as an exponent and made the coach ask for the amount instead of searching.
    for (const text of ['how much did I spend at zebrac73e34c6 last month?', 'at 9e386cc9', 'at ab2e0496'])
      expect(parseAmount(text), text).toEqual({ cents: null, problem: null });
  });
});

describe('parseDate', () => {
  it.each([
    ['today', '2026-11-24'],
    ['tomorrow', '2026-11-25'],
    ['next Friday', '2026-11-27'],
    ['on Tuesday', '2026-12-01'],
    ['on the 20th', '2026-12-20'],
    ['on the 30th', '2026-11-30'],
    ['Dec 14', '2026-12-14'],
    ['December 14th, 2027', '2027-12-14'],
    ['14 March', '2027-03-14'],
    ['12/14', '2026-12-14'],
    ['1/5/27', '2027-01-05'],
    ['2027-02-22', '2027-02-22'],
    ['in 3 weeks', '2026-12-15'],
    ['in 2 months', '2027-01-24'],
    ['by the end of the month', '2026-11-30'],
    ['next month', '2026-12-01'],
  ])('%s → %s', (text, date) => {
    expect(parseDate(text, TODAY)).toEqual({ date, problem: null });
  });

  it('looks back for what happened, and reads a month as a deadline for a goal', () => {
    expect(parseDate('what happened on Nov 10', TODAY, 'past').date).toBe('2026-11-10');
    expect(parseDate('what happened on Dec 10', TODAY, 'past').date).toBe('2025-12-10');
    expect(parseDate('on the 30th', TODAY, 'past').date).toBe('2026-10-30');
    expect(parseDate('save 2k by June', TODAY).date).toBe('2027-06-30');
    expect(parseDate('save 2k before December', TODAY).date).toBe('2026-12-31');
    expect(parseQuestion('What happened on Nov 10?', TODAY).date).toBe('2026-11-10');
    expect(parseQuestion('What is planned on Nov 10, when my cash is lowest?', TODAY)).toMatchObject({
      intent: 'explain_day',
      date: '2027-11-10',
    });
  });

  it('names an impossible date as a problem', () => {
    expect(parseDate('on 2026-02-30', TODAY).problem).toMatch(/not a real date/);
    expect(parseDate('Feb 30', TODAY).problem).toMatch(/not a real date/);
    expect(parseDate('what is my balance', TODAY)).toEqual({ date: null, problem: null });
  });
});

describe('parseMonth and parseWindow', () => {
  it('reads months, the latest one so far unless a year is given', () => {
    expect(parseMonth('how much did I spend last month', TODAY)).toBe('2026-10');
    expect(parseMonth('spending this month', TODAY)).toBe('2026-11');
    expect(parseMonth('what did I spend in March', TODAY)).toBe('2026-03');
    expect(parseMonth('spending in December', TODAY)).toBe('2025-12');
    expect(parseMonth('spending in March 2025', TODAY)).toBe('2025-03');
    expect(parseMonth('what happened on March 3', TODAY)).toBeNull();
  });

  it('reads windows in days', () => {
    expect(parseWindow('bills this week', TODAY)).toBe(7);
    expect(parseWindow('bills in the next 10 days', TODAY)).toBe(10);
    expect(parseWindow('bills this month', TODAY)).toBe(6);
    expect(parseWindow('bills next month', TODAY)).toBe(37);
    expect(parseWindow('the next 3 months', TODAY)).toBe(90);
    // "this year": to Dec 31 ahead, since Jan 1 behind.
    expect(parseWindow('will I go negative this year', TODAY)).toBe(37);
    expect(parseWindow('spent at Safeway this year', TODAY, 'past')).toBe(327);
    expect(parseWindow('over the next year', TODAY)).toBe(365);
  });
});

describe('parseQuestion', () => {
  it.each([
    ['Can I afford $600 on the 20th?', 'can_afford'],
    ['Is it ok to buy a $900 laptop next Friday?', 'can_afford'],
    ['How can I save $2,000 by March?', 'goal'],
    ['What subscriptions do I have?', 'subscriptions'],
    ['When is my next payday?', 'income'],
    ['What bills are due this week?', 'bills'],
    ['How much did I spend last month compared to the month before?', 'spending'],
    ['What happened on Nov 10?', 'explain_day'],
    ['How much did I spend at Starbucks this year?', 'search'],
    ["What's my lowest balance in the next 30 days?", 'lowest'],
    ['Will I overdraft this month?', 'lowest'],
    ['What will my balance be at the end of the month?', 'balance'],
    ['How much will I have at the end of next month?', 'balance'],
    ["What's my balance?", 'balance'],
    // A known payment, filled in by the coach (the mortgage's next payment).
    ['Will I have enough to pay my mortgage next month?', 'can_afford'],
    ['How much did I spend on my credit card last month?', 'search'],
    ['Tell me a joke', 'unknown'],
  ])('%s → %s', (q, intent) => {
    expect(parseQuestion(q, TODAY).intent).toBe(intent);
  });

  it.each([
    ["What's my net worth?", 'net_worth'],
    ['what is my networth', 'net_worth'],
    ['How much do I owe?', 'owed'],
    ['How much debt do I have?', 'owed'],
    ['How much do I owe on my credit card?', 'credit'],
    ["What's my credit card balance?", 'credit'],
    ['How much is my savings account?', 'savings'],
    ['How much money do I have in my checking?', 'checking'],
    ['What is the balance of my mortgage?', 'mortgage'],
    ["What's in my 401(k)?", '401k'],
    ['How much is in my money market account?', 'money market'],
    ['Show me my accounts', null],
    ['what accounts do i have', null],
    ['which accounts have we linked', null],
    ['list all of our accounts', null],
  ])('%s → accounts (%s)', (q, kind) => {
    expect(parseQuestion(q, TODAY)).toMatchObject({ intent: 'accounts', text: kind });
  });

  it.each([
    // a loan's payment, not its balance; when a debt is paid off
    ["what's my student loan payment", 'debt'],
    ['how much is my car payment', 'debt'],
    ['When will my student loan be paid off?', 'debt'],
    ['how long till my card is paid off', 'debt'],
    ['when will i be debt free', 'debt'],
    // advice declined with the figures
    ['should i pay off my loan early or invest', 'advice'],
    ['is it better to invest or pay down my mortgage', 'advice'],
    // a what-if on the forecast
    ['what if i cancel netflix', 'what_if_cancel'],
    ['how much would i save if i ditched hulu', 'what_if_cancel'],
    // affordability in other verbs
    ['could i swing a 400 dollar concert', 'can_afford'],
    ['will a $900 car repair put me in the red', 'can_afford'],
    ['what if i put $200 a month into savings', 'can_afford'],
    ['can we manage two hundred bucks for a dinner friday', 'can_afford'],
    ['if i buy a 300 dollar jacket tomorrow will i be ok', 'can_afford'],
    ['how much do i have to pay on my credit card this month', 'debt'],
    ['how much is in checking', 'accounts'],
    ['how much interest am i paying on my mortgage', 'debt'],
    // a month's income
    ['how much did i make last month', 'income'],
    ['total income this year', 'income'],
  ])('%s → %s', (q, intent) => {
    expect(parseQuestion(q, TODAY).intent).toBe(intent);
  });

  it.each([
    // what was kept: income less spending
    ['how much did i save last month', 'saved'],
    ['did we save any money in october', 'saved'],
    ['how much r we saving a month', 'saved'],
    ['how much did we manage to put away this year', 'saved'],
    ['how much money do we have left over each month', 'saved'],
    ['how much did i move into savings last month', 'saved'],
    // interest paid or charged, not earned, not a rate
    ['how much interest did i pay this year', 'interest_paid'],
    ['interest paid last month', 'interest_paid'],
    ['how much am i paying in interest', 'interest_paid'],
    ['how much interest on my credit card', 'interest_paid'],
    ['finance charges last month', 'interest_paid'],
    ['how much interest did i earn this year', 'unknown'],
    ["what's the interest rate on my card", 'debt'],
    // a bill by its name or category is still a bill question
    ["what's my internet bill", 'bills'],
    ['phone bill', 'bills'],
    // affordability in other words
    ['is 400 ok to spend friday', 'can_afford'],
    ['will spending $700 on the 3rd be a problem', 'can_afford'],
    ['is $80 a month for a phone plan doable', 'can_afford'],
    ['can i pay off my credit card right now', 'can_afford'],
    // debts in other words
    ['how much is the mortgage each month', 'debt'],
    ['how long until my student loan is gone', 'debt'],
    ['when will we be done paying the mortgage', 'debt'],
    ["what's the minimum on my credit card", 'debt'],
    // income in other words
    ['how much money came in last month', 'income'],
    ['what do i earn a month on average', 'income'],
    ['my pay last month', 'income'],
    ["when's my next deposit", 'income'],
    ['how much do we owe in total', 'accounts'],
    ['how much would i save by cancelling netflix', 'what_if_cancel'],
    ['will i drop below 300 this week', 'lowest'],
    ['is a 250 dollar purchase on monday ok', 'can_afford'],
    ['what is my take home pay', 'income'],
    ['when is my next social security deposit', 'income'],
    ['how much did my clients pay me last month', 'income'],
    ['how much did i invoice this year', 'income'],
  ])('%s → %s (new readings)', (q, intent) => {
    expect(parseQuestion(q, TODAY).intent).toBe(intent);
  });

  it('reads a price that looks like a year, and an amount before a day word', () => {
    expect(parseQuestion('can i afford rent of 2000 on the 1st', TODAY).amount).toBe(200_000);
    expect(parseQuestion('can we afford a vacation in 2027', TODAY).amount).toBeNull();
    expect(parseQuestion('can we afford to spend 500 this weekend', TODAY)).toMatchObject({
      amount: 50_000,
      date: '2026-11-28',
    });
    expect(parseQuestion('can i afford a couple hundred bucks tomorrow', TODAY).amount).toBe(20_000);
  });

  it('reads amounts in words and holidays by name', () => {
    expect(parseQuestion('can we manage two hundred bucks for a dinner friday', TODAY).amount).toBe(20_000);
    expect(parseQuestion('could i swing a grand for a trip', TODAY).amount).toBe(100_000);
    expect(parseQuestion('can i afford one more trip', TODAY).amount).toBeNull();
    expect(parseQuestion('can i afford $300 on christmas', TODAY).date).toBe('2026-12-25');
    expect(parseQuestion('can i afford 150 for black friday', TODAY).date).toBe('2026-11-27');
    expect(parseQuestion('what if i put $200 a month into savings', TODAY)).toMatchObject({
      amount: 20_000,
      repeat: 'monthly',
    });
  });

  it('reads a request to add something to the plan as a proposal', () => {
    expect(parseQuestion('Add $50 for the gym on the 1st every month', TODAY)).toMatchObject({
      intent: 'propose',
      amount: 5_000,
      date: '2026-12-01',
      repeat: 'monthly',
      text: 'Gym',
      inflow: false,
    });
    expect(parseQuestion('Add my $2,500 bonus on Dec 15 to my plan', TODAY)).toMatchObject({
      intent: 'propose',
      text: 'Bonus',
      inflow: true,
    });
    expect(parseQuestion('add 40 dollars for dog food every week', TODAY)).toMatchObject({
      text: 'Dog food',
      repeat: 'weekly',
    });
  });

  it('reads "this year" by the way the question looks', () => {
    expect(parseQuestion('Will I go negative this year?', TODAY)).toMatchObject({
      intent: 'lowest',
      withinDays: 37,
    });
    expect(parseQuestion('How much did I spend at Whole Foods this year?', TODAY)).toMatchObject({
      intent: 'search',
      withinDays: 327,
      month: null,
    });
    expect(parseQuestion('How much did I spend at Starbucks this month?', TODAY).month).toBe('2026-11');
  });

  it('gathers the parts of a question', () => {
    expect(parseQuestion('Can I afford $50 every month from Dec 1?', TODAY)).toMatchObject({
      intent: 'can_afford',
      amount: 5_000,
      date: '2026-12-01',
      repeat: 'monthly',
      problems: [],
    });
    expect(parseQuestion('How much did I spend at Blue Bottle last month?', TODAY)).toMatchObject({
      intent: 'search',
      text: 'Blue Bottle',
      month: '2026-10',
    });
  });
});
