import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUDGET_DESCRIPTION_MAP,
  BUDGET_KEYWORDS,
  SIMPLE_BUDGET_CATEGORIES,
  budgetCategoryForEntry,
  matchBudgetCategory,
} from './budget-categories.ts';
import { TAXONOMY, findCategory } from './taxonomy.ts';

describe('simple budget categories (spec §3)', () => {
  it('are the eleven of the spec', () => {
    expect(SIMPLE_BUDGET_CATEGORIES).toEqual([
      'groceries',
      'restaurants',
      'transportation',
      'utilities',
      'entertainment',
      'shopping',
      'healthcare',
      'education',
      'travel',
      'insurance',
      'other',
    ]);
  });

  it('every taxonomy entry has one, and each category but other is reached from the taxonomy', () => {
    const reached = new Set(TAXONOMY.map((e) => budgetCategoryForEntry(e)));
    expect(reached).toEqual(new Set(SIMPLE_BUDGET_CATEGORIES));
  });

  it.each([
    ['FOOD_AND_DRINK_GROCERIES', 'groceries'],
    ['FOOD_AND_DRINK_RESTAURANT', 'restaurants'],
    ['TRANSPORTATION_GAS', 'transportation'],
    ['RENT_AND_UTILITIES_WATER', 'utilities'],
    ['ENTERTAINMENT_TV_AND_MOVIES', 'entertainment'],
    ['GENERAL_MERCHANDISE_SUPERSTORES', 'shopping'],
    ['MEDICAL_DENTAL_CARE', 'healthcare'],
    ['GENERAL_SERVICES_EDUCATION', 'education'],
    ['TRAVEL_FLIGHTS', 'travel'],
    ['GENERAL_SERVICES_INSURANCE', 'insurance'],
    ['INCOME_WAGES', 'other'],
  ])('%s → %s', (detailed, expected) => {
    expect(budgetCategoryForEntry(findCategory(detailed)!)).toBe(expected);
  });
});

describe('category matching (spec §5)', () => {
  it('1. an exact simple category matches itself', () => {
    expect(matchBudgetCategory('travel')).toEqual({ category: 'travel', rule: 'simple_category' });
    expect(matchBudgetCategory(' other ')).toEqual({ category: 'other', rule: 'simple_category' });
  });

  it('2. then the exact description map (taxonomy names, codes, descriptions, legacy names)', () => {
    expect(matchBudgetCategory('Pet Supplies')).toEqual({ category: 'shopping', rule: 'description_map' });
    expect(matchBudgetCategory('FOOD_AND_DRINK_GROCERIES')).toEqual({
      category: 'groceries',
      rule: 'description_map',
    });
    expect(matchBudgetCategory('Airline expenses')).toEqual({ category: 'travel', rule: 'description_map' });
    expect(matchBudgetCategory('Gas Stations')).toEqual({
      category: 'transportation',
      rule: 'description_map',
    });
  });

  it('the description map comes before the keywords', () => {
    // The keyword 'other' sits inside this text; the description map knows it is restaurants.
    expect(matchBudgetCategory('Other Food & Drink')).toEqual({
      category: 'restaurants',
      rule: 'description_map',
    });
    expect(matchBudgetCategory('other food & drink')).toEqual({
      category: 'other',
      rule: 'keyword_substring',
    });
  });

  it('the description map is exact: another spelling falls through', () => {
    expect(matchBudgetCategory('pet supplies').rule).toBe('default');
  });

  it('3a. then a keyword equal to the text, case-insensitively', () => {
    expect(matchBudgetCategory('GAS')).toEqual({ category: 'transportation', rule: 'keyword_exact' });
    expect(matchBudgetCategory('Uber')).toEqual({ category: 'transportation', rule: 'keyword_exact' });
  });

  it('3b. then a keyword inside the text, the longest keyword winning', () => {
    expect(matchBudgetCategory('SHELL OIL 5531')).toEqual({
      category: 'transportation',
      rule: 'keyword_substring',
    });
    expect(matchBudgetCategory('UBER EATS ORDER')).toEqual({
      category: 'restaurants',
      rule: 'keyword_substring',
    });
    expect(matchBudgetCategory('UBER TRIP')).toEqual({
      category: 'transportation',
      rule: 'keyword_substring',
    });
    expect(matchBudgetCategory('City Gas & Electric Co')).toEqual({
      category: 'utilities',
      rule: 'keyword_substring',
    });
  });

  it("4. else 'other', with a warning to log", () => {
    const match = matchBudgetCategory('ZZZ Holdings');
    expect(match).toMatchObject({ category: 'other', rule: 'default' });
    expect(match.warning).toContain('ZZZ Holdings');
    expect(matchBudgetCategory(null).warning).toBeDefined();
    expect(matchBudgetCategory('').warning).toBeDefined();
  });

  it('a match carries no warning', () => {
    expect(matchBudgetCategory('groceries').warning).toBeUndefined();
  });

  it('every taxonomy name and code is in the description map, with no key claimed twice', () => {
    for (const entry of TAXONOMY) {
      expect(BUDGET_DESCRIPTION_MAP.get(entry.name)).toBe(budgetCategoryForEntry(entry));
      expect(BUDGET_DESCRIPTION_MAP.get(entry.plaidDetailed)).toBe(budgetCategoryForEntry(entry));
    }
    expect(BUDGET_DESCRIPTION_MAP.size).toBe(TAXONOMY.length * 3 + 12);
  });

  it('keywords are lower-case, each belongs to one category, and each category lists its own name', () => {
    const all = Object.values(BUDGET_KEYWORDS).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all.every((k) => k === k.toLowerCase())).toBe(true);
    for (const category of SIMPLE_BUDGET_CATEGORIES) expect(BUDGET_KEYWORDS[category]).toContain(category);
  });

  it('property: total; a warning exactly when nothing matched', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.constantFrom(...Object.values(BUDGET_KEYWORDS).flat())),
        (value) => {
          const match = matchBudgetCategory(value);
          expect(SIMPLE_BUDGET_CATEGORIES).toContain(match.category);
          expect(match.warning !== undefined).toBe(match.rule === 'default');
        },
      ),
    );
  });
});
