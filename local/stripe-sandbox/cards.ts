// Stripe's test cards (https://docs.stripe.com/testing) that the hosted pages accept, and what each
// does: succeed, attach but fail every charge, or decline outright.
import { errors, type StripeApiError } from './errors.ts';

export type CardBehaviour =
  /** Every charge succeeds. */
  | 'succeeds'
  /** Attaching to a customer succeeds; every charge fails (card_declined). */
  | 'attaches_then_fails'
  /** Declined at once, so it can never be attached. */
  | 'declines';

export interface TestCard {
  number: string;
  brand: 'visa' | 'mastercard' | 'amex';
  funding: 'credit' | 'debit';
  behaviour: CardBehaviour;
  declineCode?: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', funding: 'credit', behaviour: 'succeeds' },
  { number: '4000056655665556', brand: 'visa', funding: 'debit', behaviour: 'succeeds' },
  { number: '5555555555554444', brand: 'mastercard', funding: 'credit', behaviour: 'succeeds' },
  { number: '378282246310005', brand: 'amex', funding: 'credit', behaviour: 'succeeds' },
  {
    number: '4000000000000341',
    brand: 'visa',
    funding: 'credit',
    behaviour: 'attaches_then_fails',
    declineCode: 'generic_decline',
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    funding: 'credit',
    behaviour: 'declines',
    declineCode: 'insufficient_funds',
  },
  {
    number: '4000000000000002',
    brand: 'visa',
    funding: 'credit',
    behaviour: 'declines',
    declineCode: 'generic_decline',
  },
];

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
