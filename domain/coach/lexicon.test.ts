import { describe, expect, it } from 'vitest';
import { TAXONOMY } from '../taxonomy.ts';
import {
  CATEGORY_TERMS,
  findCategorySubject,
  findNameSubject,
  findSubject,
  joinedCategories,
  joinedNames,
} from './lexicon.ts';

const codes = (q: string) => {
  const s = findCategorySubject(q);
  return s ? [...s.detailed, ...s.groups] : null;
};

describe('categories in people’s words', () => {
  it.each([
    ['How much did I spend on groceries last month?', ['FOOD_AND_DRINK_GROCERIES']],
    ['supermarket spend', ['FOOD_AND_DRINK_GROCERIES']],
    ['how much did i blow on eating out', ['FOOD_AND_DRINK_RESTAURANT', 'FOOD_AND_DRINK_FAST_FOOD']],
    ['takeout this month', ['FOOD_AND_DRINK_RESTAURANT', 'FOOD_AND_DRINK_FAST_FOOD']],
    ['how much on coffee', ['FOOD_AND_DRINK_COFFEE']],
    ['how much went on gas', ['TRANSPORTATION_GAS']],
    ['fuel last month', ['TRANSPORTATION_GAS']],
    ['what did my gas bill cost', ['RENT_AND_UTILITIES_GAS_AND_ELECTRICITY']],
    ['streaming last month', ['ENTERTAINMENT_TV_AND_MOVIES', 'ENTERTAINMENT_MUSIC_AND_AUDIO']],
    ['rent this month', ['RENT_AND_UTILITIES_RENT']],
    ['how much did i spend on food', ['Food & Drink']],
  ])('%s', (q, expected) => {
    expect(codes(q)).toEqual(expected);
  });

  it('reads the taxonomy’s own names and groups', () => {
    expect(codes('spending on dental care')).toEqual(['MEDICAL_DENTAL_CARE']);
    expect(codes('how much on home improvement')).toEqual(['Home Improvement']);
    expect(codes('vending machines')).toEqual(['FOOD_AND_DRINK_VENDING_MACHINES']);
  });

  it('matches misspellings of longer words', () => {
    expect(codes('grocereis last month')).toEqual(['FOOD_AND_DRINK_GROCERIES']);
    expect(codes('resturants lately')).toEqual(['FOOD_AND_DRINK_RESTAURANT', 'FOOD_AND_DRINK_FAST_FOOD']);
    expect(codes('whats my spending on utilties')?.[0]).toBe('RENT_AND_UTILITIES_GAS_AND_ELECTRICITY');
  });

  it('names nothing when the question names no category, and never drifts a short word', () => {
    for (const q of [
      'what did i spend last month',
      'can i afford 600 on the 20th',
      'how much tax',
      'when is payday',
    ])
      expect(codes(q), q).toBeNull();
  });

  it('maps every code it names to the taxonomy', () => {
    const known = new Set(TAXONOMY.flatMap((e) => [e.plaidDetailed, e.group]));
    for (const term of CATEGORY_TERMS) {
      const s = findCategorySubject(term);
      for (const c of [...(s?.detailed ?? []), ...(s?.groups ?? [])])
        expect(known.has(c), `${term}: ${c}`).toBe(true);
    }
  });
});

describe('the profile’s merchants and streams', () => {
  const names = ['Safeway', 'Kroger', 'Starbucks Coffee', 'Netflix', 'Blue Bottle'];

  it('finds a merchant by its name, its first word or a misspelling', () => {
    expect(findNameSubject('how much at Blue Bottle', names)?.label).toBe('Blue Bottle');
    expect(findNameSubject('starbucks last month', names)?.label).toBe('Starbucks Coffee');
    expect(findNameSubject('starbuks last month', names)?.label).toBe('Starbucks Coffee');
    expect(findNameSubject('netflx', names)?.label).toBe('Netflix');
    expect(findNameSubject('what did i spend last month', names)).toBeNull();
  });

  it('prefers a merchant named as shown over its category', () => {
    expect(findSubject('how much on Netflix', names)).toEqual({ kind: 'merchant', label: 'Netflix' });
    expect(findSubject('how much on streaming', names)?.kind).toBe('category');
  });

  it('reads merchants joined in one question as their category when it names one, else together', () => {
    expect(findSubject('how much on uber and lyft last month', ['Uber', 'Lyft'])).toEqual({
      kind: 'merchant',
      label: 'Uber and Lyft',
      names: ['Uber', 'Lyft'],
    });
    expect(findSubject('rides at uber and lyft last month', ['Uber', 'Lyft'])?.label).toBe('Rides');
    expect(findSubject('starbucks last month', ['Starbucks', 'Uber'])?.label).toBe('Starbucks');
  });

  it('reads gasoline as gas, and no vague word ("stuff") as a category', () => {
    expect(findCategorySubject('average monthly spending on gasoline')?.label).toBe('Gas');
    expect(findCategorySubject('how much did the kids stuff cost us')).toBeNull();
  });

  it('totals categories joined in one question as one subject', () => {
    const both = joinedCategories('how much did i spend on groceries and restaurants last month');
    expect(both).toMatchObject({ kind: 'category', label: 'Groceries and restaurants and fast food' });
    expect(both?.detailed).toEqual(
      expect.arrayContaining([
        'FOOD_AND_DRINK_GROCERIES',
        'FOOD_AND_DRINK_RESTAURANT',
        'FOOD_AND_DRINK_FAST_FOOD',
      ]),
    );
    expect(findSubject('takeout and coffee this month')?.label).toBe('Restaurants and fast food and coffee');
    // One sense in two words is one category; a longer phrase is not its words.
    expect(joinedCategories('fast food and restaurants')).toBeNull();
    expect(joinedCategories('groceries last month')).toBeNull();
  });

  it('keeps a misspelling to words that start alike, and prefers the nearer of a merchant and a category', () => {
    expect(findCategorySubject('can i pay off my credit card right now')).toBeNull();
    expect(findCategorySubject('grocereis')?.label).toBe('Groceries');
    const shown = ["Peet's Coffee", 'Starbucks', 'Whole Foods Market'];
    expect(findSubject('how much at peets last month', shown)?.label).toBe("Peet's Coffee");
    expect(findSubject('whole foods this month', shown)?.label).toBe('Whole Foods Market');
  });

  it('finds every merchant a question joins, by its first word or misspelt, in the order written', () => {
    const shown = ['Starbucks', "Dunkin'", 'Uber', 'Lyft', "Peet's Coffee", 'Kroger', 'Safeway'];
    expect(joinedNames('what did i spend at dunkin and starbucks this month', shown)).toEqual([
      "Dunkin'",
      'Starbucks',
    ]);
    expect(joinedNames('lyft + uber last month', shown)).toEqual(['Lyft', 'Uber']);
    // "at" is a word of the question, not AT&T.
    expect(joinedNames('spent at uber and lyft this year', [...shown, 'AT&T'])).toEqual(['Uber', 'Lyft']);
    expect(joinedNames('safeway, krogr or peets in october', shown)).toEqual([
      'Safeway',
      'Kroger',
      "Peet's Coffee",
    ]);
    // One merchant, or none: nothing joined.
    expect(joinedNames('kroger and groceries last month', shown)).toEqual(['Kroger']);
    expect(joinedNames('fast food and restaurants', shown)).toEqual([]);
  });
});
