// Stripe's test cards (https://docs.stripe.com/testing) that the hosted pages accept, and what each
// does: succeed, attach but fail every charge, refuse outright with Stripe's code and message, or ask
// for 3-D Secure.
import { errors, type CardRefusal, type StripeApiError } from './errors.ts';

export type CardBehaviour =
  /** Every charge succeeds. */
  | 'succeeds'
  /** Attaching to a customer succeeds; every charge fails (card_declined). */
  | 'attaches_then_fails'
  /** Refused at once with `refusal`, so it can never be attached. */
  | 'declines';

/**
 * 3-D Secure: `on_session` asks for a challenge when the person pays at Checkout and not for later
 * off-session charges of the saved card (4000 0025 0000 3155); `always` asks every time, so a renewal
 * needs the person to come back and authenticate (4000 0027 6000 3184, 4000 0000 0000 3220).
 */
export type ThreeDSecure = 'on_session' | 'always';

export interface TestCard {
  number: string;
  brand: 'visa' | 'mastercard' | 'amex';
  funding: 'credit' | 'debit';
  behaviour: CardBehaviour;
  refusal?: CardRefusal;
  threeDSecure?: ThreeDSecure;
  /** Charges succeed and are then disputed as fraudulent (4000 0000 0000 0259). */
  disputed?: boolean;
}

const DECLINED = 'Your card was declined.';
const declined = (declineCode: string, message = DECLINED): CardRefusal => ({
  code: 'card_declined',
  declineCode,
  message,
});

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', funding: 'credit', behaviour: 'succeeds' },
  { number: '4000056655665556', brand: 'visa', funding: 'debit', behaviour: 'succeeds' },
  { number: '5555555555554444', brand: 'mastercard', funding: 'credit', behaviour: 'succeeds' },
  { number: '378282246310005', brand: 'amex', funding: 'credit', behaviour: 'succeeds' },
  {
    number: '4000002760003184',
    brand: 'visa',
    funding: 'credit',
    behaviour: 'succeeds',
    threeDSecure: 'always',
  },
  {
    number: '4000002500003155',
    brand: 'visa',
    funding: 'credit',
    behaviour: 'succeeds',
    threeDSecure: 'on_session',
  },
  {
    number: '4000000000003220',
    brand: 'visa',
    funding: 'credit',
    behaviour: 'succeeds',
    threeDSecure: 'always',
  },
  { number: '4000000000000259', brand: 'visa', funding: 'credit', behaviour: 'succeeds', disputed: true },
  {
    number: '4000000000000341',
    brand: 'visa',
    funding: 'credit',
    behaviour: 'attaches_then_fails',
    refusal: declined('generic_decline'),
  },
  {
    number: '4000000000000002',
    brand: 'visa',
    funding: 'credit',
    behaviour: 'declines',
    refusal: declined('generic_decline'),
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    funding: 'credit',
    behaviour: 'declines',
    refusal: declined('insufficient_funds', 'Your card has insufficient funds.'),
  },
  {
    number: '4100000000000019',
    brand: 'visa',
    funding: 'credit',
    behaviour: 'declines',
    refusal: declined('fraudulent'),
  },
  {
    number: '4000000000000069',
    brand: 'visa',
    funding: 'credit',
    behaviour: 'declines',
    refusal: { code: 'expired_card', message: 'Your card has expired.', param: 'exp_month' },
  },
  {
    number: '4000000000000127',
    brand: 'visa',
    funding: 'credit',
    behaviour: 'declines',
    refusal: { code: 'incorrect_cvc', message: "Your card's security code is incorrect.", param: 'cvc' },
  },
  {
    number: '4000000000000119',
    brand: 'visa',
    funding: 'credit',
    behaviour: 'declines',
    refusal: {
      code: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
  },
];

/** What a test card does, in a few words, for the hosted pages' test-card help. */
export function cardSummary(card: TestCard): string {
  if (card.threeDSecure === 'always') return '3-D Secure on every payment';
  if (card.threeDSecure === 'on_session') return '3-D Secure at checkout, later charges succeed';
  if (card.disputed) return 'succeeds, then disputed';
  if (card.behaviour === 'succeeds') return 'succeeds';
  if (card.behaviour === 'attaches_then_fails') return 'saved, then every charge fails';
  return `refused (${card.refusal?.declineCode ?? card.refusal?.code ?? 'declined'})`;
}

export interface CardDetails {
  card: TestCard;
  expMonth: number;
  expYear: number;
}

function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Checks what a person typed on a hosted page (spaces allowed, expiry `MM / YY` or `MM/YYYY`) and
 * returns the test card, or the card error Stripe would show. `now` is the sandbox clock.
 */
export function readCard(input: { number: string; expiry: string; cvc: string }, now: Date): CardDetails {
  const number = input.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(number) || !luhnValid(number)) throw errors.incorrectNumber();
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input.expiry);
  if (!expiry)
    throw cardError('invalid_expiry_month', "Your card's expiration date is incomplete.", 'exp_month');
  const expMonth = Number(expiry[1]);
  const expYear = (expiry[2] ?? '').length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (expMonth < 1 || expMonth > 12)
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  const endOfMonth = Date.UTC(expYear, expMonth, 1);
  if (endOfMonth <= now.getTime()) throw errors.expiredCard();
  const card = TEST_CARDS.find((c) => c.number === number);
  if (!/^\d{3,4}$/.test(input.cvc.trim())) throw errors.invalidCvc();
  if (!card) {
    // What Stripe says when a real card number is used with test keys.
    const error = errors.cardDeclined('test_mode_live_card');
    error.body.message =
      'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://docs.stripe.com/testing.';
    throw error;
  }
  return { card, expMonth, expYear };
}

function cardError(code: string, message: string, param: string): StripeApiError {
  const error = errors.incorrectNumber();
  error.body.code = code;
  error.body.message = message;
  error.body.param = param;
  error.body.doc_url = `https://docs.stripe.com/error-codes/${code.replaceAll('_', '-')}`;
  return error;
}
