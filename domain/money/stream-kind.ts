// What kind of stream a detected series is (income, bill, subscription, transfer) and whether a
// payee's purchases are everyday habits rather than a stream: read from categories, payee words and
// amounts (docs/money-engine.md "Kind").
import { roundCents, type Cents } from './cents.ts';
import { RECURRING_RULES } from './recurring-rules.ts';
import { occurrencesPerYear, type Cadence } from './schedule.ts';
import type {
  AccountType,
  CategoryRef,
  Direction,
  HistoryTransaction,
  StreamAmount,
  StreamKind,
} from './types.ts';

const EVERYDAY_PRIMARIES = new Set([
  'FOOD_AND_DRINK',
  'GENERAL_MERCHANDISE',
  'PERSONAL_CARE',
  'ENTERTAINMENT',
  'TRANSPORTATION',
  'TRAVEL',
  'HOME_IMPROVEMENT',
  'MEDICAL',
  'GOVERNMENT_AND_NON_PROFIT',
]);

/**
 * Whether these are everyday purchases (most in a food, shopping, travel… category) from a payee that
 * is not a known subscription (Netflix, a gym, Amazon Prime are in those categories too).
 */
export function isEverydayHabit(merchantKey: string, txs: readonly HistoryTransaction[]): boolean {
  if (SUBSCRIPTION_WORDS.test(merchantKey)) return false;
  let everyday = 0;
  for (const tx of txs) {
    const category = tx.personal_finance_category;
    if (
      EVERYDAY_PRIMARIES.has(category?.primary ?? '') &&
      !SUBSCRIPTION_DETAILED.has(category?.detailed ?? '')
    ) {
      everyday += 1;
    }
  }
  return everyday * 2 > txs.length;
}

const TRANSFER_PRIMARIES = new Set(['TRANSFER_IN', 'TRANSFER_OUT']);
const TRANSFER_DETAILED = new Set(['LOAN_PAYMENTS_CREDIT_CARD_PAYMENT']);
/** Words of money moved between the person's own accounts, as banks print them ("ONLINE PAYMENT TO CARD
 * XXXX3333", "CREDIT CARD PAYMENT", "CAPITAL ONE MOBILE PMT", "DISCOVER E-PAYMENT"). */
const TRANSFER_WORDS =
  /\b(?:transfer|xfer|to savings|from savings|to checking|from checking|payment thank you|thank you payment|card payment|card pmt|payment to card|autopay|e-?payment|mobile pmt)\b/;
/**
 * Money moved between the person's own accounts (a transfer, a card payment): by its category, or
 * without one by the words of its normalized payee or of the bank's description. Both are read: the
 * payee key drops "card payment" and "online payment" as boilerplate ("CREDIT CARD PAYMENT" → "credit").
 */
export function isTransferLike(
  category: Partial<CategoryRef> | null | undefined,
  merchantKey: string,
  description = '',
): boolean {
  return category
    ? TRANSFER_PRIMARIES.has(category.primary ?? '') || TRANSFER_DETAILED.has(category.detailed ?? '')
    : TRANSFER_WORDS.test(merchantKey) || TRANSFER_WORDS.test(description.toLowerCase());
}

/** Categories whose fixed monthly charges are subscriptions by nature. */
const SUBSCRIPTION_DETAILED = new Set([
  'ENTERTAINMENT_TV_AND_MOVIES',
  'ENTERTAINMENT_MUSIC_AND_AUDIO',
  'ENTERTAINMENT_VIDEO_GAMES',
  'PERSONAL_CARE_GYMS_AND_FITNESS_CENTERS',
]);
/** Categories where a small fixed charge is likely a subscription (software, memberships, news). */
const SUBSCRIPTION_LIKELY_DETAILED = new Set([
  ...SUBSCRIPTION_DETAILED,
  'ENTERTAINMENT_OTHER_ENTERTAINMENT',
  'GENERAL_MERCHANDISE_BOOKSTORES_AND_NEWSSTANDS',
  'GENERAL_MERCHANDISE_ONLINE_MARKETPLACES',
  'GENERAL_MERCHANDISE_ELECTRONICS',
  'GENERAL_SERVICES_OTHER_GENERAL_SERVICES',
]);
const SUBSCRIPTION_WORDS =
  /\b(?:netflix|spotify|hulu|disney|hbo|max|youtube|apple|google|icloud|prime|audible|adobe|microsoft|dropbox|github|openai|chatgpt|notion|patreon|paramount|peacock|sirius|siriusxm|nyt|times|journal|duolingo|playstation|xbox|nintendo|steam|gym|fitness|peloton|substack|canva|zoom|slack|1password|lastpass|grammarly)\b/;

export function classify(
  direction: Direction,
  cadence: Cadence,
  merchantKey: string,
  description: string,
  category: CategoryRef | null,
  amount: StreamAmount,
  accountType: AccountType | undefined,
): StreamKind {
  if (isTransferLike(category, merchantKey, description)) return 'transfer';
  // Money arriving on a card or loan (or a loan payment received anywhere) is a payment from
  // cash, counted once as the bill or transfer it was on the paying side; and a loan's own charges
  // (interest accrued) are paid by that same payment, so they are not a second bill.
  if (direction === 'inflow' && (accountType === 'credit' || accountType === 'loan')) return 'transfer';
  if (direction === 'inflow' && category?.primary === 'LOAN_PAYMENTS') return 'transfer';
  if (accountType === 'loan') return 'transfer';
  if (direction === 'inflow') return 'income';
  const monthly = monthlyEquivalent(cadence, amount.expected);
  const fixed = !amount.variable;
  const looksLikeSoftware =
    SUBSCRIPTION_WORDS.test(merchantKey) ||
    (category
      ? category.primary === 'ENTERTAINMENT' || SUBSCRIPTION_LIKELY_DETAILED.has(category.detailed)
      : monthly <= RECURRING_RULES.uncategorisedSubscriptionMaxMonthly);
  const subscriptionCadence = cadence !== 'biweekly' && cadence !== 'semi-monthly';
  const isBillCategory =
    category?.primary === 'RENT_AND_UTILITIES' ||
    category?.primary === 'LOAN_PAYMENTS' ||
    category?.detailed === 'GENERAL_SERVICES_INSURANCE';
  return fixed &&
    subscriptionCadence &&
    looksLikeSoftware &&
    !isBillCategory &&
    monthly <= RECURRING_RULES.subscriptionMaxMonthly
    ? 'subscription'
    : 'bill';
}

/** An amount per occurrence expressed per month (for the Money Plan's monthly totals). */
export function monthlyEquivalent(cadence: Cadence, amount: Cents): Cents {
  return roundCents((amount * occurrencesPerYear(cadence)) / 12);
}
