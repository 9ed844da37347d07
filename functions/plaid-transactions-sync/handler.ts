// spec §7 plaid-transactions-sync {accountId}: pages /transactions/sync for the account's item from the
// stored cursor (a client cursor is ignored: the server's is authoritative). Also the consumer of
// AccountLinked, running the initial sync of a newly linked bank, and of SyncRequested, the sync a Plaid
// webhook asked for (the webhook itself answers at once: issue 11 item 8).
import { functionBodies } from '../catalog.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { itemForRequest } from '../lib/plaid/resolve.ts';
import { syncItem } from '../lib/plaid/sync.ts';
import { withTriggers } from '../lib/triggers.ts';

const http = httpHandler('plaid-transactions-sync', {
  'POST /functions/plaid-transactions-sync': route({
    body: functionBodies['plaid-transactions-sync'],
    run: async ({ deps, caller, body }) => {
      const data = dataFor(deps);
      const item = await itemForRequest(data, caller, { accountId: body.accountId });
      const outcome = await syncItem(deps, data, item.id, { forced: true });
      return { success: outcome.status === 'synced' || outcome.status === 'already_running', ...outcome };
    },
  }),
});

export const handler = withTriggers(http, {
  onEvent: async (event, deps) => {
    if (event['detail-type'] !== 'AccountLinked' && event['detail-type'] !== 'SyncRequested')
      return { ignored: event['detail-type'] };
    const { itemId } = event.detail as { itemId: string };
    return syncItem(deps, dataFor(deps), itemId, { forced: true });
  },
});
