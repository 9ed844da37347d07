import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUDGET_DESCRIPTION_MAP,
  BUDGET_KEYWORDS,
  SIMPLE_BUDGET_CATEGORIES,
  budgetCategoryForEntry,
  DEFAULT_BUDGET_MAPS,
  matchBudgetCategory,
  validateBudgetMaps,
  type BudgetMaps,
  type SimpleBudgetCategory,
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
    expect(matchBudgetCategory('travel')).toMatchObject({ category: 'travel', rule: 'simple_category' });
    expect(matchBudgetCategory(' other ')).toMatchObject({ category: 'other', rule: 'simple_category' });
  });

  it('2. then the exact description map (taxonomy names, codes, descriptions, legacy names)', () => {
    expect(matchBudgetCategory('Pet Supplies')).toMatchObject({
      category: 'shopping',
      rule: 'description_map',
    });
    expect(matchBudgetCategory('FOOD_AND_DRINK_GROCERIES')).toMatchObject({
      category: 'groceries',
      rule: 'description_map',
    });
    expect(matchBudgetCategory('Airline expenses')).toMatchObject({
      category: 'travel',
      rule: 'description_map',
    });
    expect(matchBudgetCategory('Gas Stations')).toMatchObject({
      category: 'transportation',
      rule: 'description_map',
    });
  });

  it('the description map comes before the keywords', () => {
    // The keyword 'other' sits inside this text; the description map knows it is restaurants.
    expect(matchBudgetCategory('Other Food & Drink')).toMatchObject({
      category: 'restaurants',
      rule: 'description_map',
    });
    expect(matchBudgetCategory('other food & drink')).toMatchObject({
      category: 'other',
      rule: 'keyword_substring',
    });
  });

  it('the description map is exact: another spelling falls through', () => {
    expect(matchBudgetCategory('pet supplies').rule).toBe('default');
  });

  it('3a. then a keyword equal to the text, case-insensitively', () => {
    expect(matchBudgetCategory('GAS')).toMatchObject({ category: 'transportation', rule: 'keyword_exact' });
    expect(matchBudgetCategory('Uber')).toMatchObject({ category: 'transportation', rule: 'keyword_exact' });
  });

  it('3b. then a keyword inside the text, the longest keyword winning', () => {
    expect(matchBudgetCategory('SHELL OIL 5531')).toMatchObject({
      category: 'transportation',
      rule: 'keyword_substring',
    });
    expect(matchBudgetCategory('UBER EATS ORDER')).toMatchObject({
      category: 'restaurants',
      rule: 'keyword_substring',
    });
    expect(matchBudgetCategory('UBER TRIP')).toMatchObject({
      category: 'transportation',
      rule: 'keyword_substring',
    });
    expect(matchBudgetCategory('City Gas & Electric Co')).toMatchObject({
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

describe('category-matching maps as data', () => {
  const withKeyword = (category: SimpleBudgetCategory, keyword: string): BudgetMaps => ({
    ...DEFAULT_BUDGET_MAPS,
    keywords: {
      ...DEFAULT_BUDGET_MAPS.keywords,
      [category]: [...DEFAULT_BUDGET_MAPS.keywords[category], keyword],
    },
  });

  it('the matcher reads the maps it is given, and names the rule and key that decided', () => {
    expect(matchBudgetCategory('ACME ROCKETS 42').rule).toBe('default');
    const maps = withKeyword('travel', 'acme rockets');
    expect(matchBudgetCategory('ACME ROCKETS 42', maps)).toEqual({
      category: 'travel',
      rule: 'keyword_substring',
      matched: 'acme rockets',
    });
    const described: BudgetMaps = {
      ...maps,
      descriptionMap: { ...maps.descriptionMap, 'ACME ROCKETS 42': 'education' },
    };
    expect(matchBudgetCategory('ACME ROCKETS 42', described)).toMatchObject({
      category: 'education',
      rule: 'description_map',
    });
  });

  it('the built-in maps are valid', () => {
    expect(validateBudgetMaps(DEFAULT_BUDGET_MAPS)).toEqual([]);
  });

  it('refuses a keyword that would shadow every description, a duplicate, a short or padded one', () => {
    const fields = (maps: BudgetMaps) => validateBudgetMaps(maps).map((i) => i.field);
    expect(fields(withKeyword('travel', 'e'))).toEqual(['keywords.travel.e']);
    expect(validateBudgetMaps(withKeyword('travel', 'and'))[0]?.message).toMatch(/shadow/);
    expect(validateBudgetMaps(withKeyword('travel', 'uber'))[0]?.message).toBe(
      'is already a keyword of transportation',
    );
    expect(fields(withKeyword('travel', ' Ship'))).toEqual(['keywords.travel. Ship']);
  });

  it('refuses an unknown category and a blank description', () => {
    const maps = {
      ...DEFAULT_BUDGET_MAPS,
      descriptionMap: { ' ': 'travel', Cruise: 'boats' },
    } as unknown as BudgetMaps;
    expect(validateBudgetMaps(maps).map((i) => i.field)).toEqual([
      'descriptionMap. ',
      'descriptionMap.Cruise',
    ]);
  });
});
