// spec §7 plaid-transactions-sync {accountId}: pages /transactions/sync for the account's item from the
// stored cursor (a client cursor is ignored: the server's is authoritative). Also the worker of the
// initial-sync queue, running a newly linked bank's first sync and the plan built from it as a job
// (docs/jobs.md), and the consumer of SyncRequested, the sync a Plaid webhook asked for (the webhook
// itself answers at once).
import { functionBodies } from '../catalog.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { runJob } from '../lib/jobs.ts';
import { firstSyncJob } from '../lib/plaid/first-sync-job.ts';
import { itemForRequest } from '../lib/plaid/resolve.ts';
import { syncItem } from '../lib/plaid/sync.ts';
import { queueWorker, withTriggers } from '../lib/triggers.ts';

const http = httpHandler('plaid-transactions-sync', {
  'POST /functions/plaid-transactions-sync': route({
    body: functionBodies['plaid-transactions-sync'],
    run: async ({ deps, caller, body }) => {
      const data = dataFor(deps);
      const item = await itemForRequest(data, caller, { accountId: body.accountId });
      const outcome = await syncItem(deps, data, item.id, { forced: true });
      // not_ready: Plaid is still extracting the bank's first transactions; its webhook syncs again.
      const success = ['synced', 'already_running', 'not_ready'].includes(outcome.status);
      return { success, ...outcome };
    },
  }),
});

export const handler = withTriggers(http, {
  onEvent: async (event, deps) => {
    if (event['detail-type'] !== 'SyncRequested') return { ignored: event['detail-type'] };
    const { itemId } = event.detail as { itemId: string };
    return syncItem(deps, dataFor(deps), itemId, { forced: true });
  },
  onMessage: queueWorker('initialSync', (message, deps) => {
    const data = dataFor(deps);
    return runJob(deps, data, message, (job, progress) => firstSyncJob(deps, data, job, progress));
  }),
});
