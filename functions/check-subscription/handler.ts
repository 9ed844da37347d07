// spec §7 check-subscription: the caller's subscription status (trial, subscribed, grace or free) with
// the spec's response fields. The hot path reads the subscriber record only, which the Stripe webhooks
// keep current; `force` first rebuilds the record from Stripe (the SPA's "Refresh status"). With the
// active profile (X-Profile-Id), a member whose own access lapsed is told when the profile's owner
// covers them (`covered_by_owner`, docs/subscriptions.md).
import { httpHandler, route } from '../lib/http.ts';
import { dataFor } from '../lib/data/index.ts';
import { subscriberOf, syncFromStripe, viewOf } from '../lib/subscriptions/record.ts';
import { functionBodies } from '../catalog.ts';
import { resolveRole } from '../lib/access.ts';
import { hasEntitlement } from '../lib/subscriptions/entitlement.ts';

export const handler = httpHandler('check-subscription', {
  'POST /functions/check-subscription': route({
    body: functionBodies['check-subscription'],
    run: async ({ caller, deps, body, event }) => {
      const data = dataFor(deps);
      let record = await subscriberOf(data, caller.userId);
      if (body.force && record?.stripe_customer_id) {
        record = await syncFromStripe(deps, data, caller.userId, record.stripe_customer_id);
      }
      const view = viewOf(record, deps);
      const profileId = event.headers?.['x-profile-id']?.trim();
      let coveredByOwner = false;
      if (!view.has_access && profileId) {
        const access = await resolveRole(data, caller.userId, profileId);
        coveredByOwner =
          (access?.role === 'viewer' || access?.role === 'editor') &&
          (await hasEntitlement(deps, data, access.profile.owner_user_id));
      }
      // The plan's lookup key (plus_monthly, plus_annual), so a switch in the portal shows as it is.
      return {
        ...view,
        plan: record?.plan ?? null,
        covered_by_owner: coveredByOwner,
        checked_at: deps.billingClock().toISOString(),
      };
    },
  }),
});
