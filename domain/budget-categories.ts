// The simple budget categories of spec §3 and the category matching of spec §5: a free-form category
// or description (a planned item's category, a taxonomy name, a merchant) becomes one of eleven
// budget categories. Domain code cannot log, so the spec's "a warning is logged" is returned instead.
import { TAXONOMY, type PlaidPrimary, type TaxonomyEntry } from './taxonomy.ts';

export const SIMPLE_BUDGET_CATEGORIES = [
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
] as const;
export type SimpleBudgetCategory = (typeof SIMPLE_BUDGET_CATEGORIES)[number];

export function isSimpleBudgetCategory(value: string): value is SimpleBudgetCategory {
  return (SIMPLE_BUDGET_CATEGORIES as readonly string[]).includes(value);
}

const BY_PRIMARY: Record<PlaidPrimary, SimpleBudgetCategory> = {
  INCOME: 'other',
  TRANSFER_IN: 'other',
  TRANSFER_OUT: 'other',
  LOAN_PAYMENTS: 'other',
  BANK_FEES: 'other',
  ENTERTAINMENT: 'entertainment',
  FOOD_AND_DRINK: 'restaurants',
  GENERAL_MERCHANDISE: 'shopping',
  HOME_IMPROVEMENT: 'shopping',
  MEDICAL: 'healthcare',
  PERSONAL_CARE: 'other',
  GENERAL_SERVICES: 'other',
  GOVERNMENT_AND_NON_PROFIT: 'other',
  TRANSPORTATION: 'transportation',
  TRAVEL: 'travel',
  // The group is Rent & Utilities; the budget has no housing line, so rent sits with the bills.
  RENT_AND_UTILITIES: 'utilities',
  OTHER: 'other',
};

const BY_DETAILED: Readonly<Record<string, SimpleBudgetCategory>> = {
  FOOD_AND_DRINK_GROCERIES: 'groceries',
  FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR: 'groceries',
  GENERAL_SERVICES_EDUCATION: 'education',
  GENERAL_SERVICES_INSURANCE: 'insurance',
  GENERAL_SERVICES_AUTOMOTIVE: 'transportation',
};

/** The budget category of a taxonomy entry: a few detailed codes by name, the rest by primary. */
export function budgetCategoryForEntry(entry: Pick<TaxonomyEntry, 'plaidPrimary' | 'plaidDetailed'>) {
  return BY_DETAILED[entry.plaidDetailed] ?? BY_PRIMARY[entry.plaidPrimary];
}

// Plaid's legacy (pre-PFC) category names still found on older transactions and planned items.
const LEGACY_DESCRIPTIONS: ReadonlyArray<readonly [string, SimpleBudgetCategory]> = [
  ['Supermarkets and Groceries', 'groceries'],
  ['Food and Drink', 'restaurants'],
  ['Coffee Shop', 'restaurants'],
  ['Gas Stations', 'transportation'],
  ['Public Transportation Services', 'transportation'],
  ['Taxi', 'transportation'],
  ['Airlines and Aviation Services', 'travel'],
  ['Hotels and Motels', 'travel'],
  ['Utilities', 'utilities'],
  ['Shops', 'shopping'],
  ['Healthcare', 'healthcare'],
  ['Recreation', 'entertainment'],
];

/**
 * spec §5 "exact description map": every taxonomy name, detailed code and description, and the legacy
 * names above, to its budget category. Exact (after trimming): a close spelling goes to the keywords.
 */
export const BUDGET_DESCRIPTION_MAP: ReadonlyMap<string, SimpleBudgetCategory> = new Map([
  ...TAXONOMY.flatMap((e) => {
    const category = budgetCategoryForEntry(e);
    return [e.name, e.plaidDetailed, e.description].map((key) => [key, category] as const);
  }),
  ...LEGACY_DESCRIPTIONS,
]);

/** spec §5 keyword map, lower-case. Each category's own name is one of its keywords. */
export const BUDGET_KEYWORDS: Readonly<Record<SimpleBudgetCategory, readonly string[]>> = {
  groceries: [
    'groceries',
    'grocery',
    'supermarket',
    'kroger',
    'safeway',
    'whole foods',
    "trader joe's",
    'aldi',
    'publix',
    'wegmans',
  ],
  restaurants: [
    'restaurants',
    'restaurant',
    'dining',
    'cafe',
    'coffee',
    'starbucks',
    "mcdonald's",
    'chipotle',
    'pizza',
    'doordash',
    'grubhub',
    'uber eats',
  ],
  transportation: [
    'transportation',
    'gas',
    'fuel',
    'gas station',
    'shell',
    'chevron',
    'exxon',
    'uber',
    'lyft',
    'parking',
    'transit',
    'toll',
  ],
  utilities: [
    'utilities',
    'utility',
    'electric',
    'electricity',
    'gas & electric',
    'gas and electric',
    'water',
    'internet',
    'phone',
    'comcast',
    'verizon',
    'at&t',
    'rent',
  ],
  entertainment: ['entertainment', 'netflix', 'spotify', 'hulu', 'movie', 'cinema', 'concert', 'tickets'],
  shopping: ['shopping', 'amazon', 'target', 'walmart', 'costco', 'store', 'clothing', 'best buy'],
  healthcare: [
    'healthcare',
    'health',
    'pharmacy',
    'doctor',
    'dental',
    'medical',
    'hospital',
    'cvs',
    'walgreens',
  ],
  education: ['education', 'tuition', 'school', 'university', 'college', 'course', 'textbook'],
  travel: ['travel', 'airline', 'flight', 'hotel', 'airbnb', 'lodging', 'rental car', 'car rental'],
  insurance: ['insurance', 'geico', 'state farm', 'allstate', 'progressive', 'premium'],
  other: ['other'],
};

// Longest keyword first, so 'uber eats' beats 'uber' and 'gas & electric' beats 'gas'.
const KEYWORDS_LONGEST_FIRST: ReadonlyArray<readonly [string, SimpleBudgetCategory]> =
  SIMPLE_BUDGET_CATEGORIES.flatMap((category) =>
    BUDGET_KEYWORDS[category].map((keyword) => [keyword, category] as const),
  ).sort((a, b) => b[0].length - a[0].length);

export type BudgetMatchRule =
  'simple_category' | 'description_map' | 'keyword_exact' | 'keyword_substring' | 'default';

export interface BudgetCategoryMatch {
  readonly category: SimpleBudgetCategory;
  readonly rule: BudgetMatchRule;
  /** Set when nothing matched and 'other' was chosen (spec §5: "a warning is logged"). */
  readonly warning?: string;
}

/**
 * spec §5 "Category matching": exact simple category, then the exact description map, then the keyword
 * map (case-insensitive: an exact keyword, then a keyword inside the text), else 'other' with a warning.
 */
export function matchBudgetCategory(value: string | null | undefined): BudgetCategoryMatch {
  const trimmed = (value ?? '').trim();
  if (isSimpleBudgetCategory(trimmed)) return { category: trimmed, rule: 'simple_category' };
  const described = BUDGET_DESCRIPTION_MAP.get(trimmed);
  if (described) return { category: described, rule: 'description_map' };
  const text = trimmed.toLowerCase();
  if (text) {
    const exact = KEYWORDS_LONGEST_FIRST.find(([keyword]) => keyword === text);
    if (exact) return { category: exact[1], rule: 'keyword_exact' };
    const inside = KEYWORDS_LONGEST_FIRST.find(([keyword]) => text.includes(keyword));
    if (inside) return { category: inside[1], rule: 'keyword_substring' };
  }
  return {
    category: 'other',
    rule: 'default',
    warning: `No budget category matches "${trimmed}"; using 'other'`,
  };
}
