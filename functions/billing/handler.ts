// The Checkout and Billing Portal sessions the SPA sends people to. Checkout runs in
// subscription mode for one of our plans (by lookup key: an unknown one is a 400 naming `price`); a
// person whose trial is unused gets the 7-day trial, one in the middle of the card-free trial keeps
// its remaining days, anyone else pays at once. A customer id from the client must be the caller's own.
import { z } from 'zod';
import { ConflictError } from '../../domain/errors.ts';
import { PLAN_LOOKUP_KEYS, TRIAL_DAYS } from '../../domain/subscription.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { assertOwnCustomer, ensureCustomer, requirePrice } from '../lib/subscriptions/customer.ts';
import { subscriberOf, syncFromStripe, viewOf } from '../lib/subscriptions/record.ts';

const customerIdField = z.string().regex(/^cus_[A-Za-z0-9]+$/, 'must be a Stripe customer id (cus_…)');

const checkoutBody = z
  .object({
    price: z.enum(PLAN_LOOKUP_KEYS, { message: `must be one of ${PLAN_LOOKUP_KEYS.join(', ')}` }),
    customerId: customerIdField.optional(),
  })
  .strict();

const portalBody = z.object({ customerId: customerIdField.optional() }).strict();

const DAY_MS = 86_400_000;

export const handler = httpHandler('billing', {
  'POST /billing/checkout-session': route({
    body: checkoutBody,
    run: async ({ caller, deps, body }) => {
      const data = dataFor(deps);
      await assertOwnCustomer(data, caller, body.customerId);
      const { client } = await deps.stripe();
      const price = await requirePrice(client, body.price);
      const customerId = await ensureCustomer(deps, data, caller);
      // A subscription already running is managed in the Billing Portal, not bought twice.
      const current = viewOf(await syncFromStripe(deps, data, caller.userId, customerId), deps);
      if (['active', 'trialing', 'past_due'].includes(current.stripe_status))
        throw new ConflictError('You already have a subscription. Use Manage billing to change it.');
      const record = await subscriberOf(data, caller.userId);
      const now = deps.billingClock().getTime();
      const trialDays = !record?.trial_used
        ? TRIAL_DAYS
        : current.is_trialing && current.trial_end
          ? Math.ceil((Date.parse(current.trial_end) - now) / DAY_MS)
          : 0;
      const session = await client.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: caller.userId,
        line_items: [{ price: price.id, quantity: 1 }],
        subscription_data: {
          metadata: { user_id: caller.userId },
          ...(trialDays > 0 ? { trial_period_days: trialDays } : {}),
        },
        metadata: { user_id: caller.userId },
        success_url: `${deps.appUrl}/accounts?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${deps.appUrl}/plans`,
      });
      return { url: session.url, session_id: session.id, trial_days: trialDays };
    },
  }),
  'POST /billing/portal-session': route({
    body: portalBody,
    run: async ({ caller, deps, body }) => {
      const data = dataFor(deps);
      await assertOwnCustomer(data, caller, body.customerId);
      const record = await subscriberOf(data, caller.userId);
      if (!record?.stripe_customer_id)
        throw new ConflictError('There is no billing account yet. Choose a plan first.');
      const { client } = await deps.stripe();
      const session = await client.billingPortal.sessions.create({
        customer: record.stripe_customer_id,
        return_url: `${deps.appUrl}/plans`,
      });
      return { url: session.url };
    },
  }),
});
