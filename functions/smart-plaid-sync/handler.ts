// spec §7 smart-plaid-sync: a user-requested (forced) sync of one linked bank, e.g. after reconnecting;
// forceFullSync replays the item's whole history from the start (idempotent). On its hourly schedule it
// enqueues the items whose refresh time has come (spec §9 intervals and backoff), and as the
// plaid-refresh queue's worker it syncs each one that is still due: a second delivery of the same item
// finds it synced and does nothing; a transient Plaid failure backs the item off; anything unexpected
// throws, so the message is tried again and at last dead-lettered.
import { functionBodies } from '../catalog.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { itemForRequest } from '../lib/plaid/resolve.ts';
import { enqueueDueItems, syncItem } from '../lib/plaid/sync.ts';
import { queueWorker, withTriggers } from '../lib/triggers.ts';

const http = httpHandler('smart-plaid-sync', {
  'POST /functions/smart-plaid-sync': route({
    body: functionBodies['smart-plaid-sync'],
    run: async ({ deps, caller, body }) => {
      const data = dataFor(deps);
      const item = await itemForRequest(data, caller, body);
      if (body.forceFullSync) await data.plaidItems.patch({ id: item.id }).remove(['plaid_sync_token']).go();
      return { item_id: item.id, ...(await syncItem(deps, data, item.id, { forced: true })) };
    },
  }),
});

export const handler = withTriggers(http, {
  onSchedule: (deps) => enqueueDueItems(deps, dataFor(deps)),
  onMessage: queueWorker('plaidRefresh', ({ itemId }, deps) =>
    syncItem(deps, dataFor(deps), itemId, { forced: false }),
  ),
});
