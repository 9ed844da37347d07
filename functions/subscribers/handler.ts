// spec §7 "select subscribers by user_id (fallback)": the caller's own subscribers record (spec §3
// fields), read when check-subscription fails. A person with no record reads as not subscribed.
import { httpHandler, route } from '../lib/http.ts';
import { dataFor } from '../lib/data/index.ts';
import { subscriberOf, viewOf } from '../lib/subscriptions/record.ts';

export const handler = httpHandler('subscribers', {
  'GET /subscribers/me': route({
    run: async ({ caller, deps }) => {
      const record = await subscriberOf(dataFor(deps), caller.userId);
      const view = viewOf(record, deps);
      return {
        user_id: caller.userId,
        subscribed: view.subscribed,
        subscription_tier: record?.subscription_tier ?? null,
        subscription_end: record?.subscription_end ?? null,
        trial_end: record?.trial_end ?? null,
        status: record?.status ?? 'none',
      };
    },
  }),
});
