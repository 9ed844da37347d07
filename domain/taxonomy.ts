// The category taxonomy of spec §3: Plaid's personal-finance categories (PFC v1, primary and detailed
// codes) with the spec's display groups, plus the app's own 'Other' fallback, and the lookup of a
// category by any identifier a transaction or a user may carry (spec §5 "Category lookup by identifier").
// web/public/data/taxonomy.csv is rendered from this module; a unit test keeps the two equal.
// It stays one file though it is long: it is a table (Plaid's 100-odd detailed categories, one line each),
// read top to bottom against Plaid's list; split, the table would be harder to check, not easier to read.

export const CATEGORY_GROUPS = [
  'Income',
  'Transfer In',
  'Transfer Out',
  'Loan Payments',
  'Bank Fees',
  'Entertainment',
  'Food & Drink',
  'General Merchandise',
  'Home Improvement',
  'Medical',
  'Personal Care',
  'General Services',
  'Government & Non-Profit',
  'Transportation',
  'Travel',
  'Rent & Utilities',
  'Other',
] as const;
export type CategoryGroup = (typeof CATEGORY_GROUPS)[number];

/** Plaid's primary codes, plus OTHER: the app's fallback primary for the spec's 'Other' group. */
export const PLAID_PRIMARY_GROUPS = {
  INCOME: 'Income',
  TRANSFER_IN: 'Transfer In',
  TRANSFER_OUT: 'Transfer Out',
  LOAN_PAYMENTS: 'Loan Payments',
  BANK_FEES: 'Bank Fees',
  ENTERTAINMENT: 'Entertainment',
  FOOD_AND_DRINK: 'Food & Drink',
  GENERAL_MERCHANDISE: 'General Merchandise',
  HOME_IMPROVEMENT: 'Home Improvement',
  MEDICAL: 'Medical',
  PERSONAL_CARE: 'Personal Care',
  GENERAL_SERVICES: 'General Services',
  GOVERNMENT_AND_NON_PROFIT: 'Government & Non-Profit',
  TRANSPORTATION: 'Transportation',
  TRAVEL: 'Travel',
  RENT_AND_UTILITIES: 'Rent & Utilities',
  OTHER: 'Other',
} as const satisfies Record<string, CategoryGroup>;
export type PlaidPrimary = keyof typeof PLAID_PRIMARY_GROUPS;

export interface TaxonomyEntry {
  /** Short display name, unique across the taxonomy. */
  readonly name: string;
  readonly group: CategoryGroup;
  readonly plaidPrimary: PlaidPrimary;
  /** Unique; the category's identifier. */
  readonly plaidDetailed: string;
  readonly description: string;
}

export const CREDIT_CARD_PAYMENT_DETAILED = 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT';
export const INTEREST_CHARGE_DETAILED = 'BANK_FEES_INTEREST_CHARGE';
/** spec §5: the category when nothing else resolves. */
export const DEFAULT_CATEGORY_NAME = 'Other miscellaneous expenses';

// [primary, detailed, name, description]. Detailed codes and descriptions follow Plaid's published
// PFC taxonomy; the names are ours, kept short and unique so lookup by name is unambiguous.
const rows: ReadonlyArray<readonly [PlaidPrimary, string, string, string]> = [
  ['INCOME', 'INCOME_DIVIDENDS', 'Dividends', 'Dividends from investment accounts'],
  ['INCOME', 'INCOME_INTEREST_EARNED', 'Interest Earned', 'Income from interest on savings accounts'],
  ['INCOME', 'INCOME_RETIREMENT_PENSION', 'Retirement & Pension', 'Income from pension payments'],
  ['INCOME', 'INCOME_TAX_REFUND', 'Tax Refund', 'Income from tax refunds'],
  [
    'INCOME',
    'INCOME_UNEMPLOYMENT',
    'Unemployment',
    'Income from unemployment benefits, including unemployment insurance and healthcare',
  ],
  ['INCOME', 'INCOME_WAGES', 'Wages', 'Income from salaries, gig-economy work, and tips earned'],
  [
    'INCOME',
    'INCOME_OTHER_INCOME',
    'Other Income',
    'Other miscellaneous income, including alimony, social security, child support, and rental',
  ],
  [
    'TRANSFER_IN',
    'TRANSFER_IN_CASH_ADVANCES_AND_LOANS',
    'Transfer In: Cash Advances & Loans',
    'Loans and cash advances deposited into a bank account',
  ],
  [
    'TRANSFER_IN',
    'TRANSFER_IN_DEPOSIT',
    'Transfer In: Deposit',
    'Cash, checks, and ATM deposits into a bank account',
  ],
  [
    'TRANSFER_IN',
    'TRANSFER_IN_INVESTMENT_AND_RETIREMENT_FUNDS',
    'Transfer In: Investment & Retirement Funds',
    'Inbound transfers to an investment or retirement account',
  ],
  ['TRANSFER_IN', 'TRANSFER_IN_SAVINGS', 'Transfer In: Savings', 'Inbound transfers to a savings account'],
  [
    'TRANSFER_IN',
    'TRANSFER_IN_ACCOUNT_TRANSFER',
    'Transfer In: Account Transfer',
    'General inbound transfers from another account',
  ],
  [
    'TRANSFER_IN',
    'TRANSFER_IN_OTHER_TRANSFER_IN',
    'Transfer In: Other',
    'Other miscellaneous inbound transactions',
  ],
  [
    'TRANSFER_OUT',
    'TRANSFER_OUT_INVESTMENT_AND_RETIREMENT_FUNDS',
    'Transfer Out: Investment & Retirement Funds',
    'Transfers to an investment or retirement account, including investment apps such as Acorns, Betterment',
  ],
  ['TRANSFER_OUT', 'TRANSFER_OUT_SAVINGS', 'Transfer Out: Savings', 'Outbound transfers to savings accounts'],
  ['TRANSFER_OUT', 'TRANSFER_OUT_WITHDRAWAL', 'Transfer Out: Withdrawal', 'Withdrawals from a bank account'],
  [
    'TRANSFER_OUT',
    'TRANSFER_OUT_ACCOUNT_TRANSFER',
    'Transfer Out: Account Transfer',
    'General outbound transfers to another account',
  ],
  [
    'TRANSFER_OUT',
    'TRANSFER_OUT_OTHER_TRANSFER_OUT',
    'Transfer Out: Other',
    'Other miscellaneous outbound transactions',
  ],
  ['LOAN_PAYMENTS', 'LOAN_PAYMENTS_CAR_PAYMENT', 'Car Payment', 'Car loans and leases'],
  // spec §3: the detailed credit card payment category is renamed 'Payments To A Credit Card'.
  [
    'LOAN_PAYMENTS',
    CREDIT_CARD_PAYMENT_DETAILED,
    'Payments To A Credit Card',
    'Payments to a credit card. These are positive amounts for credit card subtypes and negative for depository subtypes',
  ],
  [
    'LOAN_PAYMENTS',
    'LOAN_PAYMENTS_PERSONAL_LOAN_PAYMENT',
    'Personal Loan Payment',
    'Personal loans, including cash advances and buy now pay later repayments',
  ],
  ['LOAN_PAYMENTS', 'LOAN_PAYMENTS_MORTGAGE_PAYMENT', 'Mortgage Payment', 'Payments on mortgages'],
  [
    'LOAN_PAYMENTS',
    'LOAN_PAYMENTS_STUDENT_LOAN_PAYMENT',
    'Student Loan Payment',
    'Payments on student loans. For college tuition, refer to General Services - Education',
  ],
  ['LOAN_PAYMENTS', 'LOAN_PAYMENTS_OTHER_PAYMENT', 'Other Loan Payment', 'Other miscellaneous debt payments'],
  ['BANK_FEES', 'BANK_FEES_ATM_FEES', 'ATM Fees', 'Fees incurred for out-of-network ATMs'],
  [
    'BANK_FEES',
    'BANK_FEES_FOREIGN_TRANSACTION_FEES',
    'Foreign Transaction Fees',
    'Fees incurred on non-domestic transactions',
  ],
  [
    'BANK_FEES',
    'BANK_FEES_INSUFFICIENT_FUNDS',
    'Insufficient Funds Fees',
    'Fees relating to insufficient funds',
  ],
  [
    'BANK_FEES',
    INTEREST_CHARGE_DETAILED,
    'Interest Charge',
    'Fees incurred for interest on purchases, including not-paid-in-full or interest on cash advances',
  ],
  [
    'BANK_FEES',
    'BANK_FEES_OVERDRAFT_FEES',
    'Overdraft Fees',
    'Fees incurred when an account is in overdraft',
  ],
  ['BANK_FEES', 'BANK_FEES_OTHER_BANK_FEES', 'Other Bank Fees', 'Other miscellaneous bank fees'],
  [
    'ENTERTAINMENT',
    'ENTERTAINMENT_CASINOS_AND_GAMBLING',
    'Casinos & Gambling',
    'Gambling, casinos, and sports betting',
  ],
  [
    'ENTERTAINMENT',
    'ENTERTAINMENT_MUSIC_AND_AUDIO',
    'Music & Audio',
    'Digital and in-person music purchases, including music streaming services',
  ],
  [
    'ENTERTAINMENT',
    'ENTERTAINMENT_SPORTING_EVENTS_AMUSEMENT_PARKS_AND_MUSEUMS',
    'Sporting Events, Amusement Parks & Museums',
    'Purchases made at sporting events, music venues, concerts, museums, and amusement parks',
  ],
  [
    'ENTERTAINMENT',
    'ENTERTAINMENT_TV_AND_MOVIES',
    'TV & Movies',
    'In home movie streaming services and movie theaters',
  ],
  ['ENTERTAINMENT', 'ENTERTAINMENT_VIDEO_GAMES', 'Video Games', 'Digital and in-person video game purchases'],
  [
    'ENTERTAINMENT',
    'ENTERTAINMENT_OTHER_ENTERTAINMENT',
    'Other Entertainment',
    'Other miscellaneous entertainment purchases, including night life and adult entertainment',
  ],
  [
    'FOOD_AND_DRINK',
    'FOOD_AND_DRINK_BEER_WINE_AND_LIQUOR',
    'Beer, Wine & Liquor',
    'Beer, Wine & Liquor Stores',
  ],
  ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_COFFEE', 'Coffee', 'Purchases at coffee shops or cafes'],
  ['FOOD_AND_DRINK', 'FOOD_AND_DRINK_FAST_FOOD', 'Fast Food', 'Dining expenses for fast food chains'],
  [
    'FOOD_AND_DRINK',
    'FOOD_AND_DRINK_GROCERIES',
    'Groceries',
    "Purchases for fresh produce and groceries, including farmers' markets",
  ],
  [
    'FOOD_AND_DRINK',
    'FOOD_AND_DRINK_RESTAURANT',
    'Restaurants',
    'Dining expenses for restaurants, bars, gastropubs, and diners',
  ],
  [
    'FOOD_AND_DRINK',
    'FOOD_AND_DRINK_VENDING_MACHINES',
    'Vending Machines',
    'Purchases made at vending machine operators',
  ],
  [
    'FOOD_AND_DRINK',
    'FOOD_AND_DRINK_OTHER_FOOD_AND_DRINK',
    'Other Food & Drink',
    'Other miscellaneous food and drink, including desserts, juice bars, and delis',
  ],
  [
    'GENERAL_MERCHANDISE',
    'GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS',
    'Bookstores & Newsstands',
    'Books, magazines, and news',
  ],
  [
    'GENERAL_MERCHANDISE',
    'GENERAL_MERCHANDISE_CLOTHING_AND_ACCESSORIES',
    'Clothing & Accessories',
    'Apparel, shoes, and jewelry',
  ],
  [
    'GENERAL_MERCHANDISE',
    'GENERAL_MERCHANDISE_CONVENIENCE_STORES',
    'Convenience Stores',
    'Purchases at convenience stores',
  ],
  [
    'GENERAL_MERCHANDISE',
    'GENERAL_MERCHANDISE_DEPARTMENT_STORES',
    'Department Stores',
    'Retail stores with wide ranges of consumer goods, typically specializing in clothing and home goods',
  ],
  [
    'GENERAL_MERCHANDISE',
    'GENERAL_MERCHANDISE_DISCOUNT_STORES',
    'Discount Stores',
    'Stores selling goods at a discounted price',
  ],
  [
    'GENERAL_MERCHANDISE',
    'GENERAL_MERCHANDISE_ELECTRONICS',
    'Electronics',
    'Electronics stores and websites',
  ],
  [
    'GENERAL_MERCHANDISE',
    'GENERAL_MERCHANDISE_GIFTS_AND_NOVELTIES',
    'Gifts & Novelties',
    'Photo, gifts, cards, and floral stores',
  ],
  [
    'GENERAL_MERCHANDISE',
    'GENERAL_MERCHANDISE_OFFICE_SUPPLIES',
    'Office Supplies',
    'Stores that specialize in office goods',
  ],
  [
    'GENERAL_MERCHANDISE',
    'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES',
    'Online Marketplaces',
    'Multi-purpose e-commerce platforms such as Etsy, Ebay and Amazon',
  ],
  ['GENERAL_MERCHANDISE', 'GENERAL_MERCHANDISE_PET_SUPPLIES', 'Pet Supplies', 'Pet supplies and pet food'],
  [
    'GENERAL_MERCHANDISE',
    'GENERAL_MERCHANDISE_SPORTING_GOODS',
    'Sporting Goods',
    'Sporting goods, camping gear, and outdoor equipment',
  ],
  [
    'GENERAL_MERCHANDISE',
    'GENERAL_MERCHANDISE_SUPERSTORES',
    'Superstores',
    'Superstores such as Target and Walmart, selling both groceries and general merchandise',
  ],
  [
    'GENERAL_MERCHANDISE',
    'GENERAL_MERCHANDISE_TOBACCO_AND_VAPE',
    'Tobacco & Vape',
    'Purchases for tobacco and vaping products',
  ],
  [
    'GENERAL_MERCHANDISE',
    'GENERAL_MERCHANDISE_OTHER_GENERAL_MERCHANDISE',
    'Other General Merchandise',
    'Other miscellaneous merchandise, including toys, hobbies, and arts and crafts',
  ],
  ['HOME_IMPROVEMENT', 'HOME_IMPROVEMENT_FURNITURE', 'Furniture', 'Furniture, bedding, and home accessories'],
  [
    'HOME_IMPROVEMENT',
    'HOME_IMPROVEMENT_HARDWARE',
    'Hardware',
    'Building materials, hardware stores, paint, and wallpaper',
  ],
  [
    'HOME_IMPROVEMENT',
    'HOME_IMPROVEMENT_REPAIR_AND_MAINTENANCE',
    'Repair & Maintenance',
    'Plumbing, lighting, gardening, and roofing',
  ],
  ['HOME_IMPROVEMENT', 'HOME_IMPROVEMENT_SECURITY', 'Home Security', 'Home security system purchases'],
  [
    'HOME_IMPROVEMENT',
    'HOME_IMPROVEMENT_OTHER_HOME_IMPROVEMENT',
    'Other Home Improvement',
    'Other miscellaneous home purchases, including pool installation and pest control',
  ],
  ['MEDICAL', 'MEDICAL_DENTAL_CARE', 'Dental Care', 'Dentists and general dental care'],
  ['MEDICAL', 'MEDICAL_EYE_CARE', 'Eye Care', 'Optometrists, contacts, and glasses stores'],
  ['MEDICAL', 'MEDICAL_NURSING_CARE', 'Nursing Care', 'Nursing care and facilities'],
  [
    'MEDICAL',
    'MEDICAL_PHARMACIES_AND_SUPPLEMENTS',
    'Pharmacies & Supplements',
    'Pharmacies and nutrition shops',
  ],
  ['MEDICAL', 'MEDICAL_PRIMARY_CARE', 'Primary Care', 'Doctors and physicians'],
  [
    'MEDICAL',
    'MEDICAL_VETERINARY_SERVICES',
    'Veterinary Services',
    'Prevention and care procedures for animals',
  ],
  [
    'MEDICAL',
    'MEDICAL_OTHER_MEDICAL',
    'Other Medical',
    'Other miscellaneous medical, including blood work, hospitals, and ambulances',
  ],
  [
    'PERSONAL_CARE',
    'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS',
    'Gyms & Fitness Centers',
    'Gyms, fitness centers, and workout classes',
  ],
  [
    'PERSONAL_CARE',
    'PERSONAL_CARE_HAIR_AND_BEAUTY',
    'Hair & Beauty',
    'Manicures, haircuts, waxing, spa/massages, and bath and beauty products',
  ],
  [
    'PERSONAL_CARE',
    'PERSONAL_CARE_LAUNDRY_AND_DRY_CLEANING',
    'Laundry & Dry Cleaning',
    'Wash and fold, and dry cleaning expenses',
  ],
  [
    'PERSONAL_CARE',
    'PERSONAL_CARE_OTHER_PERSONAL_CARE',
    'Other Personal Care',
    'Other miscellaneous personal care, including mental health apps and services',
  ],
  [
    'GENERAL_SERVICES',
    'GENERAL_SERVICES_ACCOUNTING_AND_FINANCIAL_PLANNING',
    'Accounting & Financial Planning',
    'Financial planning, and tax and accounting services',
  ],
  [
    'GENERAL_SERVICES',
    'GENERAL_SERVICES_AUTOMOTIVE',
    'Automotive Services',
    'Oil changes, car washes, repairs, and towing',
  ],
  ['GENERAL_SERVICES', 'GENERAL_SERVICES_CHILDCARE', 'Childcare', 'Babysitters and daycare'],
  [
    'GENERAL_SERVICES',
    'GENERAL_SERVICES_CONSULTING_AND_LEGAL',
    'Consulting & Legal',
    'Consulting and legal services',
  ],
  [
    'GENERAL_SERVICES',
    'GENERAL_SERVICES_EDUCATION',
    'Education',
    'Elementary, high school, professional schools, and college tuition',
  ],
  ['GENERAL_SERVICES', 'GENERAL_SERVICES_INSURANCE', 'Insurance', 'Insurance for auto, home, and healthcare'],
  [
    'GENERAL_SERVICES',
    'GENERAL_SERVICES_POSTAGE_AND_SHIPPING',
    'Postage & Shipping',
    'Mail, packaging, and shipping services',
  ],
  ['GENERAL_SERVICES', 'GENERAL_SERVICES_STORAGE', 'Storage', 'Storage services and facilities'],
  [
    'GENERAL_SERVICES',
    'GENERAL_SERVICES_OTHER_GENERAL_SERVICES',
    'Other General Services',
    'Other miscellaneous services, including advertising and cloud storage',
  ],
  [
    'GOVERNMENT_AND_NON_PROFIT',
    'GOVERNMENT_AND_NON_PROFIT_DONATIONS',
    'Donations',
    'Charitable, political, and religious donations',
  ],
  [
    'GOVERNMENT_AND_NON_PROFIT',
    'GOVERNMENT_AND_NON_PROFIT_GOVERNMENT_DEPARTMENTS_AND_AGENCIES',
    'Government Departments & Agencies',
    'Government departments and agencies, such as driving licences, and passport renewal',
  ],
  [
    'GOVERNMENT_AND_NON_PROFIT',
    'GOVERNMENT_AND_NON_PROFIT_TAX_PAYMENT',
    'Tax Payment',
    'Tax payments, including income and property taxes',
  ],
  [
    'GOVERNMENT_AND_NON_PROFIT',
    'GOVERNMENT_AND_NON_PROFIT_OTHER_GOVERNMENT_AND_NON_PROFIT',
    'Other Government & Non-Profit',
    'Other miscellaneous government and non-profit agencies',
  ],
  ['TRANSPORTATION', 'TRANSPORTATION_BIKES_AND_SCOOTERS', 'Bikes & Scooters', 'Bike and scooter rentals'],
  ['TRANSPORTATION', 'TRANSPORTATION_GAS', 'Gas', 'Purchases at a gas station'],
  ['TRANSPORTATION', 'TRANSPORTATION_PARKING', 'Parking', 'Parking fees and expenses'],
  [
    'TRANSPORTATION',
    'TRANSPORTATION_PUBLIC_TRANSIT',
    'Public Transit',
    'Public transportation, including rail and train, buses, and metro',
  ],
  [
    'TRANSPORTATION',
    'TRANSPORTATION_TAXIS_AND_RIDE_SHARES',
    'Taxis & Ride Shares',
    'Taxi and ride share services',
  ],
  ['TRANSPORTATION', 'TRANSPORTATION_TOLLS', 'Tolls', 'Toll expenses'],
  [
    'TRANSPORTATION',
    'TRANSPORTATION_OTHER_TRANSPORTATION',
    'Other Transportation',
    'Other miscellaneous transportation expenses',
  ],
  ['TRAVEL', 'TRAVEL_FLIGHTS', 'Flights', 'Airline expenses'],
  ['TRAVEL', 'TRAVEL_LODGING', 'Lodging', 'Hotels, motels, and hosted accommodation such as Airbnb'],
  ['TRAVEL', 'TRAVEL_RENTAL_CARS', 'Rental Cars', 'Rental cars, charter buses, and trucks'],
  ['TRAVEL', 'TRAVEL_OTHER_TRAVEL', 'Other Travel', 'Other miscellaneous travel expenses'],
  [
    'RENT_AND_UTILITIES',
    'RENT_AND_UTILITIES_GAS_AND_ELECTRICITY',
    'Gas & Electricity',
    'Gas and electricity bills',
  ],
  [
    'RENT_AND_UTILITIES',
    'RENT_AND_UTILITIES_INTERNET_AND_CABLE',
    'Internet & Cable',
    'Internet and cable bills',
  ],
  ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_RENT', 'Rent', 'Rent payment'],
  [
    'RENT_AND_UTILITIES',
    'RENT_AND_UTILITIES_SEWAGE_AND_WASTE_MANAGEMENT',
    'Sewage & Waste Management',
    'Sewage and garbage disposal bills',
  ],
  ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_TELEPHONE', 'Telephone', 'Cell phone bills'],
  ['RENT_AND_UTILITIES', 'RENT_AND_UTILITIES_WATER', 'Water', 'Water bills'],
  [
    'RENT_AND_UTILITIES',
    'RENT_AND_UTILITIES_OTHER_UTILITIES',
    'Other Utilities',
    'Other miscellaneous utility bills',
  ],
  // Not a Plaid category: the spec's 'Other' group and default category (spec §3, §5).
  [
    'OTHER',
    'OTHER_OTHER',
    DEFAULT_CATEGORY_NAME,
    'Anything no provider code, legacy category or description pattern identifies',
  ],
];

export const TAXONOMY: readonly TaxonomyEntry[] = rows.map(
  ([plaidPrimary, plaidDetailed, name, description]) =>
    Object.freeze({
      name,
      group: PLAID_PRIMARY_GROUPS[plaidPrimary],
      plaidPrimary,
      plaidDetailed,
      description,
    }),
);

function mustFind(detailed: string): TaxonomyEntry {
  const entry = TAXONOMY.find((e) => e.plaidDetailed === detailed);
  if (!entry) throw new Error(`Taxonomy has no ${detailed}`);
  return entry;
}

export const DEFAULT_CATEGORY: TaxonomyEntry = mustFind('OTHER_OTHER');

/** The entry a detailed code names, exactly (case-insensitive). */
export function categoryByDetailed(detailed: string): TaxonomyEntry | undefined {
  const code = detailed.trim().toUpperCase();
  return byDetailed.get(code);
}

/** A bare primary code stands for its catch-all detailed category (e.g. FOOD_AND_DRINK → Other Food & Drink). */
export function categoryForPrimary(primary: string): TaxonomyEntry | undefined {
  return catchAll.get(primary.trim().toUpperCase());
}

export function isPlaidPrimary(code: string): code is PlaidPrimary {
  return Object.hasOwn(PLAID_PRIMARY_GROUPS, code);
}

/** 'Food & Drink', 'food and drink', 'food-and-drink' → FOOD_AND_DRINK. */
export function toUnderscoreForm(identifier: string): string {
  return identifier
    .trim()
    .toUpperCase()
    .replace(/&/g, ' AND ')
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** spec §5: the aliases the category lookup accepts, in underscore form. */
export const CATEGORY_ALIASES: Readonly<Record<string, string>> = {
  LOANS_AND_CASH_ADVANCES: 'TRANSFER_IN_CASH_ADVANCES_AND_LOANS',
  LOAN_PAYMENTS: 'LOAN_PAYMENTS_OTHER_PAYMENT',
  CREDIT_CARD_PAYMENT: CREDIT_CARD_PAYMENT_DETAILED,
  PUBLIC_TRANSPORTATION: 'TRANSPORTATION_PUBLIC_TRANSIT',
};

const byDetailed = new Map(TAXONOMY.map((e) => [e.plaidDetailed, e]));
const byName = new Map(TAXONOMY.map((e) => [e.name.toLowerCase(), e]));
const byNameUnderscore = new Map(TAXONOMY.map((e) => [toUnderscoreForm(e.name), e]));
const catchAll = new Map(
  Object.keys(PLAID_PRIMARY_GROUPS).map((primary) => [
    primary,
    // Every Plaid primary has exactly one "<PRIMARY>_OTHER…" detailed code; so does our OTHER.
    TAXONOMY.find((e) => e.plaidPrimary === primary && e.plaidDetailed.startsWith(`${primary}_OTHER`)),
  ]),
);

// Partial matching below this length would match almost anything ("a", "in").
const PARTIAL_MIN_LENGTH = 3;

function words(s: string): string {
  return toUnderscoreForm(s).replace(/_/g, ' ').toLowerCase();
}

/**
 * spec §5 "Category lookup by identifier": detailed code, name, underscore forms (of codes, names and
 * primaries), the aliases, then a partial match on name or code (first in taxonomy order, and only
 * when every partial match lies in one group).
 */
export function findCategory(identifier: string | null | undefined): TaxonomyEntry | undefined {
  if (!identifier) return undefined;
  const raw = identifier.trim();
  if (!raw) return undefined;
  const exact = byDetailed.get(raw.toUpperCase()) ?? byName.get(raw.toLowerCase());
  if (exact) return exact;
  const code = toUnderscoreForm(raw);
  if (!code) return undefined;
  const underscore = byDetailed.get(code) ?? byNameUnderscore.get(code) ?? catchAll.get(code);
  if (underscore) return underscore;
  const alias = CATEGORY_ALIASES[code];
  if (alias) return byDetailed.get(alias);
  const needle = words(raw);
  if (needle.length < PARTIAL_MIN_LENGTH) return undefined;
  const partial = TAXONOMY.filter(
    (e) => words(e.name).includes(needle) || words(e.plaidDetailed).includes(needle),
  );
  // A fragment that fits several groups ('transfer': in or out? 'interest': earned or charged?) says
  // nothing about the category, and guessing would also guess the direction; it resolves nothing.
  const groups = new Set(partial.map((e) => e.group));
  return groups.size === 1 ? partial[0] : undefined;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** spec §3: the static taxonomy CSV (columns primary, detailed, description) the SPA serves. */
export function renderTaxonomyCsv(entries: readonly TaxonomyEntry[] = TAXONOMY): string {
  const lines = entries.map((e) => [e.plaidPrimary, e.plaidDetailed, e.description].map(csvField).join(','));
  return ['primary,detailed,description', ...lines].join('\n') + '\n';
}
