// spec §7 check-subscription: the caller's subscription status (trial, subscribed, grace or free) with
// the spec's response fields. The hot path reads the subscriber record only, which the Stripe webhooks
// keep current; `force` first rebuilds the record from Stripe (the SPA's "Refresh status").
import { httpHandler, route } from '../lib/http.ts';
import { dataFor } from '../lib/data/index.ts';
import { subscriberOf, syncFromStripe, viewOf } from '../lib/subscriptions/record.ts';
import { functionBodies } from '../catalog.ts';

export const handler = httpHandler('check-subscription', {
  'POST /functions/check-subscription': route({
    body: functionBodies['check-subscription'],
    run: async ({ caller, deps, body }) => {
      const data = dataFor(deps);
      let record = await subscriberOf(data, caller.userId);
      if (body.force && record?.stripe_customer_id) {
        record = await syncFromStripe(deps, data, caller.userId, record.stripe_customer_id);
      }
      return { ...viewOf(record, deps), checked_at: deps.billingClock().toISOString() };
    },
  }),
});
