// Ids in Stripe's test-mode form: the object's prefix, then random base62 characters.
import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomChars(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/** The prefixes Stripe gives the objects the sandbox makes. */
export const PREFIX = {
  product: 'prod_',
  price: 'price_',
  customer: 'cus_',
  paymentMethod: 'pm_',
  checkoutSession: 'cs_test_',
  subscription: 'sub_',
  subscriptionItem: 'si_',
  invoice: 'in_',
  invoiceLine: 'il_',
  paymentIntent: 'pi_',
  invoicePayment: 'inpay_',
  portalSession: 'bps_',
  portalConfiguration: 'bpc_',
  event: 'evt_',
  request: 'req_',
} as const;

export type IdKind = keyof typeof PREFIX;

/** `cus_Q3k…` — 14 characters after most prefixes, as Stripe's are; sessions and events run longer. */
export function newId(kind: IdKind): string {
  const length = kind === 'checkoutSession' ? 58 : kind === 'event' || kind === 'subscription' ? 24 : 14;
  const lead = kind === 'subscription' || kind === 'event' || kind === 'paymentIntent' ? '1' : '';
  return `${PREFIX[kind]}${lead}${randomChars(length)}`;
}
