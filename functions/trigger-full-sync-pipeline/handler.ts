// spec §7 trigger-full-sync-pipeline (and the spec §4 safety net): sync every linked bank of the caller's
// active financial profile now; each sync announces TransactionsChanged, which drives the plan and the
// forecast.
import { functionBodies } from '../catalog.ts';
import { profileIdFromRequest, requireProfileAccess } from '../lib/access.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { syncItem } from '../lib/plaid/sync.ts';

export const handler = httpHandler('trigger-full-sync-pipeline', {
  'POST /functions/trigger-full-sync-pipeline': route({
    body: functionBodies['trigger-full-sync-pipeline'],
    run: async ({ deps, caller, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'read');
      const { data: accounts } = await data.connectedAccounts.query
        .byProfile({ profile_id: profileId })
        .go({ pages: 'all' });
      const itemIds = [...new Set(accounts.filter((a) => a.is_active).map((a) => a.item_id))];
      const results = [];
      for (const itemId of itemIds)
        results.push({ item_id: itemId, ...(await syncItem(deps, data, itemId, { forced: true })) });
      return { items: results };
    },
  }),
});
