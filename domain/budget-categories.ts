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

/**
 * The category-matching maps of spec §5 as data: the admin area edits them (/admin/categories)
 * and the matcher reads whatever set it is given, the built-in maps above being the default.
 */
export interface BudgetMaps {
  /** Exact description (after trimming, case-sensitive) → category. */
  readonly descriptionMap: Readonly<Record<string, SimpleBudgetCategory>>;
  /** Category → lower-case keywords. */
  readonly keywords: Readonly<Record<SimpleBudgetCategory, readonly string[]>>;
}

export const DEFAULT_BUDGET_MAPS: BudgetMaps = {
  descriptionMap: Object.fromEntries(BUDGET_DESCRIPTION_MAP),
  keywords: BUDGET_KEYWORDS,
};

export type BudgetMatchRule =
  'simple_category' | 'description_map' | 'keyword_exact' | 'keyword_substring' | 'default';

export interface BudgetCategoryMatch {
  readonly category: SimpleBudgetCategory;
  readonly rule: BudgetMatchRule;
  /** The description-map key or the keyword that decided, when one did. */
  readonly matched?: string;
  /** Set when nothing matched and 'other' was chosen (spec §5: "a warning is logged"). */
  readonly warning?: string;
}

interface CompiledMaps {
  readonly description: ReadonlyMap<string, SimpleBudgetCategory>;
  /** Longest keyword first, so 'uber eats' beats 'uber' and 'gas & electric' beats 'gas'. */
  readonly keywords: ReadonlyArray<readonly [string, SimpleBudgetCategory]>;
}

const compiled = new WeakMap<BudgetMaps, CompiledMaps>();

function compile(maps: BudgetMaps): CompiledMaps {
  const known = compiled.get(maps);
  if (known) return known;
  const result: CompiledMaps = {
    description: new Map(Object.entries(maps.descriptionMap)),
    keywords: SIMPLE_BUDGET_CATEGORIES.flatMap((category) =>
      (maps.keywords[category] ?? []).map((keyword) => [keyword.toLowerCase(), category] as const),
    ).sort((a, b) => b[0].length - a[0].length),
  };
  compiled.set(maps, result);
  return result;
}

/**
 * spec §5 "Category matching": exact simple category, then the exact description map, then the keyword
 * map (case-insensitive: an exact keyword, then a keyword inside the text), else 'other' with a warning.
 */
export function matchBudgetCategory(
  value: string | null | undefined,
  maps: BudgetMaps = DEFAULT_BUDGET_MAPS,
): BudgetCategoryMatch {
  const trimmed = (value ?? '').trim();
  if (isSimpleBudgetCategory(trimmed))
    return { category: trimmed, rule: 'simple_category', matched: trimmed };
  const { description, keywords } = compile(maps);
  const described = description.get(trimmed);
  if (described) return { category: described, rule: 'description_map', matched: trimmed };
  const text = trimmed.toLowerCase();
  if (text) {
    const exact = keywords.find(([keyword]) => keyword === text);
    if (exact) return { category: exact[1], rule: 'keyword_exact', matched: exact[0] };
    const inside = keywords.find(([keyword]) => text.includes(keyword));
    if (inside) return { category: inside[1], rule: 'keyword_substring', matched: inside[0] };
  }
  return {
    category: 'other',
    rule: 'default',
    warning: `No budget category matches "${trimmed}"; using 'other'`,
  };
}

/** Limits of an edited set: far above the built-in maps, small enough to keep one stored item. */
export const BUDGET_MAP_LIMITS = {
  descriptionEntries: 2_000,
  keywordsPerCategory: 200,
  keyLength: 200,
  minKeywordLength: 2,
  /** A keyword found inside more than this share of the sample descriptions would shadow them. */
  maxKeywordShare: 0.25,
} as const;

export interface BudgetMapIssue {
  readonly field: string;
  readonly message: string;
}

/**
 * The sample a keyword is judged against: every taxonomy name and description. A keyword inside more
 * than a quarter of them ('e', 'and', 'ing') would take over matching, so it is refused.
 */
const SHADOW_SAMPLE: readonly string[] = TAXONOMY.flatMap((e) => [e.name, e.description]).map((t) =>
  t.toLowerCase(),
);

/** Checks an edited set of maps; an empty list means it may be saved. */
export function validateBudgetMaps(maps: BudgetMaps): BudgetMapIssue[] {
  const issues: BudgetMapIssue[] = [];
  const descriptions = Object.entries(maps.descriptionMap);
  if (descriptions.length > BUDGET_MAP_LIMITS.descriptionEntries)
    issues.push({
      field: 'descriptionMap',
      message: `must have at most ${BUDGET_MAP_LIMITS.descriptionEntries} entries`,
    });
  for (const [key, category] of descriptions) {
    const field = `descriptionMap.${key}`;
    if (key.trim() === '' || key !== key.trim())
      issues.push({ field, message: 'must be a description without leading or trailing spaces' });
    else if (key.length > BUDGET_MAP_LIMITS.keyLength)
      issues.push({ field, message: `must be at most ${BUDGET_MAP_LIMITS.keyLength} characters` });
    if (!isSimpleBudgetCategory(category)) issues.push({ field, message: 'must map to a budget category' });
  }
  const owner = new Map<string, SimpleBudgetCategory>();
  for (const category of SIMPLE_BUDGET_CATEGORIES) {
    const list = maps.keywords[category];
    if (!list) {
      issues.push({ field: `keywords.${category}`, message: 'is missing' });
      continue;
    }
    if (list.length > BUDGET_MAP_LIMITS.keywordsPerCategory)
      issues.push({
        field: `keywords.${category}`,
        message: `must have at most ${BUDGET_MAP_LIMITS.keywordsPerCategory} keywords`,
      });
    for (const keyword of list) {
      const field = `keywords.${category}.${keyword}`;
      const text = keyword.trim().toLowerCase();
      if (text !== keyword) {
        issues.push({ field, message: 'must be lower case without leading or trailing spaces' });
        continue;
      }
      if (text.length < BUDGET_MAP_LIMITS.minKeywordLength) {
        issues.push({ field, message: `must be at least ${BUDGET_MAP_LIMITS.minKeywordLength} characters` });
        continue;
      }
      if (text.length > BUDGET_MAP_LIMITS.keyLength) {
        issues.push({ field, message: `must be at most ${BUDGET_MAP_LIMITS.keyLength} characters` });
        continue;
      }
      const previous = owner.get(text);
      if (previous && previous !== category)
        issues.push({ field, message: `is already a keyword of ${previous}` });
      owner.set(text, category);
      const share = SHADOW_SAMPLE.filter((sample) => sample.includes(text)).length / SHADOW_SAMPLE.length;
      if (share > BUDGET_MAP_LIMITS.maxKeywordShare)
        issues.push({
          field,
          message: `would match ${Math.round(share * 100)}% of descriptions and shadow the other rules`,
        });
    }
  }
  for (const key of Object.keys(maps.keywords))
    if (!isSimpleBudgetCategory(key))
      issues.push({ field: `keywords.${key}`, message: 'is not a budget category' });
  return issues;
}
