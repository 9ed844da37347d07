// Transaction classification (spec §3 "Transaction classification output", spec §5): which category a
// transaction belongs to, which way the money went (income, expense, transfer in or out), its signed
// normalized amount, its display amount and its colour. Amounts are integer cents in Plaid's sign
// (positive = money out of the account), as the data layer stores them; docs/classification.md
// explains every rule and each reading of the spec.
import {
  CREDIT_CARD_PAYMENT_DETAILED,
  DEFAULT_CATEGORY,
  categoryByDetailed,
  findCategory,
  isPlaidPrimary,
  toUnderscoreForm,
  type CategoryGroup,
  type TaxonomyEntry,
} from './taxonomy.ts';

export type AccountType = 'depository' | 'credit' | 'loan' | 'investment' | 'other';
export type Direction = 'income' | 'expense' | 'transfer_in' | 'transfer_out';
export const DIRECTIONS: readonly Direction[] = ['income', 'expense', 'transfer_in', 'transfer_out'];

/** A transaction as the data layer stores it (spec §3 transactions). */
export interface ClassifiableTransaction {
  /** Integer cents, Plaid's sign: positive = money out of the account, negative = money in. */
  readonly amount: number;
  /** The description (spec: "name or description"). */
  readonly name: string;
  readonly merchant_name?: string | null;
  readonly personal_finance_category?: {
    readonly primary?: string | null;
    readonly detailed?: string | null;
  } | null;
  readonly category_primary?: string | null;
  readonly category_detailed?: readonly string[] | null;
  /** Plaid's legacy category hierarchy, e.g. ['Food and Drink', 'Restaurants']. */
  readonly category?: readonly string[] | null;
}

/** Which rule decided the direction: the interest-charge rule, the credit card payment rule, or a
 * step of the cascade. */
export type DirectionRule =
  | 'interest_charge'
  | 'credit_card_payment'
  | 'cascade_1_category_transfer'
  | 'cascade_2_detailed'
  | 'cascade_3_primary'
  | 'cascade_4_legacy'
  | 'cascade_5_description'
  | 'cascade_6_amount_fallback';

export type CategorySource =
  'detailed' | 'primary' | 'category_primary' | 'category_detailed' | 'legacy' | 'name_pattern' | 'default';

export interface ResolvedCategory {
  readonly entry: TaxonomyEntry;
  readonly source: CategorySource;
}

export interface TransactionClassification {
  readonly direction: Direction;
  /** Integer cents, the app's sign: positive for income and transfer_in, negative for expense and
   * transfer_out (zero stays 0). */
  readonly normalizedAmount: number;
  /** US dollars, 2 decimals, unsigned, e.g. "$1,234.56". */
  readonly displayAmount: string;
  readonly colour: string;
  readonly category: { readonly name: string; readonly group: CategoryGroup; readonly plaidDetailed: string };
  readonly categorySource: CategorySource;
  readonly rule: DirectionRule;
}

function assertCents(amount: number): void {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Amount must be integer cents, got ${amount}`);
}

function lower(...parts: ReadonlyArray<string | null | undefined>): string {
  return parts
    .filter((p): p is string => typeof p === 'string' && p.length > 0)
    .join(' ')
    .toLowerCase();
}

/** The transaction's description text: name plus merchant name, lower-cased. */
function descriptionOf(txn: Pick<ClassifiableTransaction, 'name' | 'merchant_name'>): string {
  return lower(txn.name, txn.merchant_name);
}

/** A keyword as a whole word or phrase: "target" matches "TARGET #123" but not "targeted". */
function phrase(keyword: string): RegExp {
  const escaped = keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^a-z0-9])${escaped}($|[^a-z0-9])`);
}

function mentionsAny(text: string, keywords: readonly string[]): boolean {
  return keywords.some((k) => phrase(k).test(text));
}

// ---------------------------------------------------------------------------------------------------
// Category precedence (spec §5)

const INBOUND_TRANSFER = ['transfer from', 'transfer in', 'incoming transfer', 'inbound transfer'];
const OUTBOUND_TRANSFER = ['transfer to', 'transfer out', 'outgoing transfer', 'outbound transfer'];
const ANY_TRANSFER = ['transfer', 'xfer'];

/** spec §5 name patterns, in order; the detailed code each one means. */
const NAME_PATTERNS: ReadonlyArray<{
  readonly keywords: readonly string[];
  readonly detailed: (amountCents: number) => string;
}> = [
  { keywords: INBOUND_TRANSFER, detailed: () => 'TRANSFER_IN_ACCOUNT_TRANSFER' },
  { keywords: OUTBOUND_TRANSFER, detailed: () => 'TRANSFER_OUT_ACCOUNT_TRANSFER' },
  // A transfer that names no direction goes the way the money went (Plaid: negative = in).
  {
    keywords: ANY_TRANSFER,
    detailed: (amount) => (amount > 0 ? 'TRANSFER_OUT_ACCOUNT_TRANSFER' : 'TRANSFER_IN_ACCOUNT_TRANSFER'),
  },
  { keywords: ['salary', 'salaries', 'wage', 'wages', 'payroll'], detailed: () => 'INCOME_WAGES' },
  // Before 'interest': an interest charge is a fee, not interest earned (spec §5 interest-charge rule).
  { keywords: ['interest charge', 'interest charged'], detailed: () => 'BANK_FEES_INTEREST_CHARGE' },
  { keywords: ['dividend', 'dividends'], detailed: () => 'INCOME_DIVIDENDS' },
  { keywords: ['interest'], detailed: () => 'INCOME_INTEREST_EARNED' },
  { keywords: ['restaurant', 'restaurants'], detailed: () => 'FOOD_AND_DRINK_RESTAURANT' },
  { keywords: ['grocery', 'groceries'], detailed: () => 'FOOD_AND_DRINK_GROCERIES' },
  { keywords: ['gas', 'gasoline', 'fuel'], detailed: () => 'TRANSPORTATION_GAS' },
];

/** spec §5 name patterns alone: the category a description suggests, if any. */
export function categoryFromName(description: string, amountCents: number): TaxonomyEntry | undefined {
  const text = description.toLowerCase();
  const hit = NAME_PATTERNS.find((p) => mentionsAny(text, p.keywords));
  return hit ? categoryByDetailed(hit.detailed(amountCents)) : undefined;
}

/**
 * spec §5 "Transaction category precedence": detailed code, primary code, category_primary, first
 * category_detailed, first legacy category (each through the lookup by identifier), then name patterns,
 * else 'Other miscellaneous expenses'.
 */
export function resolveCategory(txn: ClassifiableTransaction): ResolvedCategory {
  const candidates: ReadonlyArray<readonly [CategorySource, string | null | undefined]> = [
    ['detailed', txn.personal_finance_category?.detailed],
    ['primary', txn.personal_finance_category?.primary],
    ['category_primary', txn.category_primary],
    ['category_detailed', txn.category_detailed?.[0]],
    ['legacy', txn.category?.[0]],
  ];
  for (const [source, identifier] of candidates) {
    const entry = findCategory(identifier);
    if (entry) return { entry, source };
  }
  const named = categoryFromName(descriptionOf(txn), txn.amount);
  if (named) return { entry: named, source: 'name_pattern' };
  return { entry: DEFAULT_CATEGORY, source: 'default' };
}

// ---------------------------------------------------------------------------------------------------
// Direction (spec §5)

export interface CascadeResult {
  readonly direction: Direction;
  readonly step: 1 | 2 | 3 | 4 | 5 | 6;
}

/** Step 1: the category's name or group mentions transfer in or out. */
function fromCategoryText(category: Pick<TaxonomyEntry, 'name' | 'group'>): Direction | undefined {
  const text = toUnderscoreForm(`${category.name} ${category.group}`);
  if (/(^|_)TRANSFER_IN(_|$)/.test(text)) return 'transfer_in';
  if (/(^|_)TRANSFER_OUT(_|$)/.test(text)) return 'transfer_out';
  return undefined;
}

const INCOME_DETAILED = /^INCOME_.*(WAGES|PAYROLL|SALARY|UNEMPLOYMENT|RETIREMENT|PENSION|OTHER_INCOME)/;
const PAYMENT_APP_DETAILED = /(^|_)(APP|APPS|P2P|THIRD_PARTY)(_|$)/;

/** Step 2: the provider's detailed category. */
function fromDetailed(code: string, amountCents: number): Direction | undefined {
  if (code.startsWith('TRANSFER_IN_')) return 'transfer_in';
  if (code.startsWith('TRANSFER_OUT_')) return 'transfer_out';
  // Check and ATM deposits are money moved in, not earned.
  if (/(^|_)DEPOSITS?(_|$)/.test(code)) return 'transfer_in';
  // A payment app (Venmo, Zelle, Cash App) moves money either way; the sign says which.
  if (PAYMENT_APP_DETAILED.test(code)) return amountCents > 0 ? 'transfer_out' : 'transfer_in';
  if (code === CREDIT_CARD_PAYMENT_DETAILED) return 'transfer_out';
  if (INCOME_DETAILED.test(code)) return 'income';
  return undefined;
}

/** Step 3: the provider's primary category; every primary but the three below is spending. */
function fromPrimary(primary: string): Direction {
  if (primary === 'INCOME') return 'income';
  if (primary === 'TRANSFER_IN') return 'transfer_in';
  if (primary === 'TRANSFER_OUT') return 'transfer_out';
  return 'expense';
}

/** Step 4: Plaid's legacy category text (e.g. ['Transfer', 'Debit']). Text it does not recognise
 * decides nothing, so the description and amount still get their say. */
function fromLegacy(text: string, amountCents: number): Direction | undefined {
  if (mentionsAny(text, ['interest charge', 'interest charged'])) return 'expense';
  if (
    mentionsAny(text, ['payroll', 'salary', 'wages', 'income', 'dividend', 'dividends', 'interest earned'])
  ) {
    return 'income';
  }
  if (mentionsAny(text, ['credit card']) && mentionsAny(text, ['payment'])) return 'transfer_out';
  if (mentionsAny(text, ['transfer'])) {
    if (mentionsAny(text, ['credit', 'deposit', 'incoming', 'inbound'])) return 'transfer_in';
    if (mentionsAny(text, ['debit', 'withdrawal', 'outgoing', 'outbound'])) return 'transfer_out';
    return amountCents > 0 ? 'transfer_out' : 'transfer_in';
  }
  if (mentionsAny(text, ['deposit'])) return 'transfer_in';
  return undefined;
}

/** Step 5 keywords: utility, insurance, lending and retailer names that always mean spending. */
export const EXPENSE_NAME_KEYWORDS: readonly string[] = [
  // utilities and telecoms
  'electric',
  'electricity',
  'energy',
  'utility',
  'utilities',
  'water',
  'sewer',
  'pg&e',
  'con edison',
  'duke energy',
  'comcast',
  'xfinity',
  'spectrum',
  'verizon',
  'at&t',
  't-mobile',
  // insurance
  'insurance',
  'geico',
  'state farm',
  'allstate',
  'progressive',
  'liberty mutual',
  // lending
  'mortgage',
  'sallie mae',
  'navient',
  'nelnet',
  'mohela',
  'affirm',
  'klarna',
  'afterpay',
  // retailers
  'amazon',
  'walmart',
  'target',
  'costco',
  'kroger',
  'safeway',
  'whole foods',
  'home depot',
  "lowe's",
  'best buy',
  'walgreens',
  'cvs',
];

/** Step 5: description keywords. */
function fromDescription(text: string): Direction | undefined {
  if (mentionsAny(text, ['social security'])) return 'income';
  if (mentionsAny(text, ['mobile deposit'])) return 'transfer_in';
  if (mentionsAny(text, ['payment to', 'to savings', 'to checking'])) return 'transfer_out';
  if (mentionsAny(text, EXPENSE_NAME_KEYWORDS)) return 'expense';
  return undefined;
}

function providerDetailed(txn: ClassifiableTransaction): string | undefined {
  const code = toUnderscoreForm(txn.personal_finance_category?.detailed ?? txn.category_detailed?.[0] ?? '');
  return code || undefined;
}

function providerPrimary(txn: ClassifiableTransaction): string | undefined {
  const primary = toUnderscoreForm(txn.personal_finance_category?.primary ?? '');
  if (primary) return primary;
  // category_primary may hold legacy text ('Food and Drink', 'Transfer'); only text naming one of
  // Plaid's primaries counts here (not the app's own OTHER, which says nothing about the money).
  const stored = toUnderscoreForm(txn.category_primary ?? '');
  if (isPlaidPrimary(stored) && stored !== 'OTHER') return stored;
  const detailed = providerDetailed(txn);
  return detailed ? categoryByDetailed(detailed)?.plaidPrimary : undefined;
}

/**
 * spec §5 "Direction cascade", the six steps in order. Account-agnostic: the credit card payment and
 * interest-charge rules sit on top of it in {@link transactionDirection}.
 */
export function directionCascade(
  txn: ClassifiableTransaction,
  category: Pick<TaxonomyEntry, 'name' | 'group'>,
): CascadeResult {
  assertCents(txn.amount);
  const byCategory = fromCategoryText(category);
  if (byCategory) return { direction: byCategory, step: 1 };
  const detailed = providerDetailed(txn);
  const byDetailed = detailed ? fromDetailed(detailed, txn.amount) : undefined;
  if (byDetailed) return { direction: byDetailed, step: 2 };
  const primary = providerPrimary(txn);
  if (primary) return { direction: fromPrimary(primary), step: 3 };
  const byLegacy = fromLegacy(lower(...(txn.category ?? [])), txn.amount);
  if (byLegacy) return { direction: byLegacy, step: 4 };
  const byDescription = fromDescription(descriptionOf(txn));
  if (byDescription) return { direction: byDescription, step: 5 };
  // Step 6, in Plaid's sign: money out is spending; money in (or nothing) is income.
  return { direction: txn.amount > 0 ? 'expense' : 'income', step: 6 };
}

/** spec §5: a description containing 'interest charge' is always an expense. */
export function isInterestCharge(txn: Pick<ClassifiableTransaction, 'name' | 'merchant_name'>): boolean {
  return descriptionOf(txn).includes('interest charge');
}

export function isCreditCardPayment(category: Pick<TaxonomyEntry, 'plaidDetailed'>): boolean {
  return category.plaidDetailed === CREDIT_CARD_PAYMENT_DETAILED;
}

/** spec §5: a credit card payment is income on a credit-card account, expense otherwise. */
export function creditCardPaymentDirection(accountType: AccountType): Direction {
  return accountType === 'credit' ? 'income' : 'expense';
}

/**
 * The direction of a transaction on its account: the interest-charge rule first (it says "always"),
 * then the credit card payment rule (it knows the account, which the cascade does not), then the
 * cascade. Without an account (a planned item with no account_id) a card payment falls to the cascade.
 */
export function transactionDirection(
  txn: ClassifiableTransaction,
  accountType: AccountType | null,
  category: TaxonomyEntry = resolveCategory(txn).entry,
): { readonly direction: Direction; readonly rule: DirectionRule } {
  assertCents(txn.amount);
  if (isInterestCharge(txn)) return { direction: 'expense', rule: 'interest_charge' };
  if (accountType && isCreditCardPayment(category)) {
    return { direction: creditCardPaymentDirection(accountType), rule: 'credit_card_payment' };
  }
  const { direction, step } = directionCascade(txn, category);
  return { direction, rule: CASCADE_RULES[step] };
}

const CASCADE_RULES: Record<CascadeResult['step'], DirectionRule> = {
  1: 'cascade_1_category_transfer',
  2: 'cascade_2_detailed',
  3: 'cascade_3_primary',
  4: 'cascade_4_legacy',
  5: 'cascade_5_description',
  6: 'cascade_6_amount_fallback',
};

// ---------------------------------------------------------------------------------------------------
// Amounts and colour (spec §5 "Normalized amounts", spec §3 classification output)

const INFLOWS: ReadonlySet<Direction> = new Set(['income', 'transfer_in']);

/** spec §5: positive for income and transfer_in, negative for expense and transfer_out. */
export function normalizedAmount(amountCents: number, direction: Direction): number {
  assertCents(amountCents);
  const magnitude = Math.abs(amountCents);
  if (magnitude === 0) return 0;
  return INFLOWS.has(direction) ? magnitude : -magnitude;
}

/** spec §5 display: US dollars, 2 decimals, unsigned; integer arithmetic, so no float rounding. */
export function formatUsd(cents: number): string {
  assertCents(cents);
  const magnitude = Math.abs(cents);
  const dollars = Math.trunc(magnitude / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = (magnitude % 100).toString().padStart(2, '0');
  return `$${dollars}.${rest}`;
}

/** One colour per direction; the darker shades of the app palette so text keeps 4.5:1 on white. */
export const DIRECTION_COLOURS: Readonly<Record<Direction, string>> = {
  income: '#047857',
  expense: '#B91C1C',
  transfer_in: '#1D4ED8',
  transfer_out: '#B45309',
};

export function directionColour(direction: Direction): string {
  return DIRECTION_COLOURS[direction];
}

// ---------------------------------------------------------------------------------------------------
// Income, expense and transfer predicates (spec §5)
//
// The spec states these in the app's sign (amount > 0 = money in). Amounts here are in Plaid's sign
// (positive = money out), so "amount > 0" becomes amountCents < 0. They are filters for totals, not a
// partition: an inbound transfer is both income (money in) and a transfer.

const NOT_SPENDING: ReadonlySet<CategoryGroup> = new Set(['Transfer In', 'Transfer Out', 'Loan Payments']);

/** spec §5: income if money came in, or the group is Income. */
export function isIncome(amountCents: number, group: CategoryGroup): boolean {
  return amountCents < 0 || group === 'Income';
}

/** spec §5: expense if money went out and the group is not a transfer or a loan payment. */
export function isExpense(amountCents: number, group: CategoryGroup): boolean {
  return amountCents > 0 && !NOT_SPENDING.has(group);
}

/** spec §5: a transfer if the group is Transfer In or Transfer Out. */
export function isTransfer(group: CategoryGroup): boolean {
  return group === 'Transfer In' || group === 'Transfer Out';
}

// ---------------------------------------------------------------------------------------------------

/** The one entry point: spec §3 classification output for a transaction on an account of this type
 * (null for a planned item with no account). */
export function classifyTransaction(
  txn: ClassifiableTransaction,
  accountType: AccountType | null,
): TransactionClassification {
  assertCents(txn.amount);
  const { entry, source } = resolveCategory(txn);
  const { direction, rule } = transactionDirection(txn, accountType, entry);
  return {
    direction,
    normalizedAmount: normalizedAmount(txn.amount, direction),
    displayAmount: formatUsd(txn.amount),
    colour: directionColour(direction),
    category: { name: entry.name, group: entry.group, plaidDetailed: entry.plaidDetailed },
    categorySource: source,
    rule,
  };
}

/**
 * How a classified transaction counts in a summary of money in and out: as the spec's
 * direction, except that money arriving on a card or loan is the receiving side of a payment made
 * from cash. The spec reads a card payment received as income on the card (§5) and the paying side
 * as a transfer out or a loan-payment expense; summed over both accounts that would count one payment
 * as income and again as spending, so summaries count the receiving side as a transfer in.
 */
export function summaryDirection(
  classification: Pick<TransactionClassification, 'direction'>,
  accountType: AccountType | null,
  amountCents: number,
): Direction {
  if ((accountType === 'credit' || accountType === 'loan') && amountCents < 0) return 'transfer_in';
  return classification.direction;
}
