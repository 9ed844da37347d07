// A person's Stripe customer and our prices: the server creates the customer (never
// the browser), remembers which person it is for the webhooks, and finds prices by lookup key.
import type Stripe from 'stripe';
import { ForbiddenError, ValidationError } from '../../../domain/errors.ts';
import type { PlanLookupKey } from '../../../domain/subscription.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import type { Caller } from '../caller.ts';
import { subscriberOf } from './record.ts';

const prices = new Map<string, Promise<Stripe.Price | null>>();

/** The active price with this lookup key, looked up once per container. */
export function priceByLookupKey(stripe: Stripe, lookupKey: PlanLookupKey): Promise<Stripe.Price | null> {
  let price = prices.get(lookupKey);
  if (!price) {
    price = stripe.prices
      .list({ lookup_keys: [lookupKey], active: true, limit: 1 })
      .then((list) => list.data[0] ?? null);
    price.catch(() => prices.delete(lookupKey));
    prices.set(lookupKey, price);
  }
  return price;
}

export async function requirePrice(stripe: Stripe, lookupKey: PlanLookupKey): Promise<Stripe.Price> {
  const price = await priceByLookupKey(stripe, lookupKey);
  if (!price) throw new ValidationError([{ field: 'price', message: 'is not a plan we sell' }]);
  return price;
}

/** A customer id the client names must be the caller's own (never trust ids from the client). */
export async function assertOwnCustomer(data: Data, caller: Caller, customerId: string | undefined) {
  if (customerId === undefined) return;
  const { data: mapping } = await data.stripeCustomers.get({ customer_id: customerId }).go();
  if (mapping?.user_id !== caller.userId)
    throw new ForbiddenError('customerId does not belong to the signed-in user');
}

const missing = (error: unknown) => (error as { code?: string } | null)?.code === 'resource_missing';

/** The caller's customer: the stored one while Stripe still has it, else a new one (remembered). */
export async function ensureCustomer(deps: Deps, data: Data, caller: Caller): Promise<string> {
  const { client } = await deps.stripe();
  const record = await subscriberOf(data, caller.userId);
  if (record?.stripe_customer_id) {
    try {
      const customer = await client.customers.retrieve(record.stripe_customer_id);
      if (!('deleted' in customer && customer.deleted)) return customer.id;
    } catch (error) {
      if (!missing(error)) throw error;
    }
  }
  const customer = await client.customers.create({
    email: caller.email,
    ...(caller.fullName ? { name: caller.fullName } : {}),
    metadata: { user_id: caller.userId },
  });
  await data.stripeCustomers.put({ customer_id: customer.id, user_id: caller.userId }).go();
  if (record) {
    await data.subscribers.patch({ user_id: caller.userId }).set({ stripe_customer_id: customer.id }).go();
  } else {
    await data.subscribers
      .create({ user_id: caller.userId, status: 'none', subscribed: false, stripe_customer_id: customer.id })
      .go()
      .catch(async () => {
        await data.subscribers
          .patch({ user_id: caller.userId })
          .set({ stripe_customer_id: customer.id })
          .go();
      });
  }
  return customer.id;
}

/** The user a customer belongs to, or null for a customer that is not ours. */
export async function userOfCustomer(data: Data, customerId: string): Promise<string | null> {
  const { data: mapping } = await data.stripeCustomers.get({ customer_id: customerId }).go();
  return mapping?.user_id ?? null;
}
