// A newly linked bank's first sync as a job (docs/jobs.md, ARCHITECTURE.md "Linking"): the exchange
// stores the bank and starts the job; the initial-sync queue's worker (plaid-transactions-sync) brings in
// each account's history ("Syncing 3 of 8 accounts"). Its TransactionsChanged sets off reconciliation and
// the forecast as any sync does; the onboarding review starts the plan job once this one has ended.
import type { Deps } from '../deps.ts';
import type { Data } from '../data/index.ts';
import { JobFailedError, type JobProgress, type StoredJob } from '../jobs.ts';
import { syncItem, type SyncOutcome } from './sync.ts';

/** How long the job waits for another sync of the same bank (a webhook's) to let go of it. */
const BUSY_WAIT_MS = 20_000;
const BUSY_POLL_MS = 500;

export async function firstSyncJob(deps: Deps, data: Data, job: StoredJob, progress: JobProgress) {
  const itemId = job.item_id;
  if (!itemId) throw new JobFailedError('failed', 'a first-sync job without its item');
  await progress('connecting');
  const sync = () =>
    syncItem(deps, data, itemId, {
      forced: true,
      onAccountsSynced: (done, total) => progress('syncing', done, total),
    });
  let outcome: SyncOutcome = await sync();
  // Another sync of this bank holds it (Plaid's webhook can ask for one as the bank is linked): once it
  // lets go, this one finds the history in and only brings in what came since.
  const waitUntil = Date.now() + BUSY_WAIT_MS;
  while (outcome.status === 'already_running' && Date.now() < waitUntil) {
    await new Promise((resolve) => setTimeout(resolve, BUSY_POLL_MS));
    outcome = await sync();
  }
  if (outcome.status === 'login_required')
    throw new JobFailedError('bank_login_required', `Plaid ${outcome.errorCode}`);
  if (outcome.status === 'rate_limited')
    throw new JobFailedError('bank_unavailable', `backing off until ${outcome.retryAfter}`);
  if (outcome.status === 'error') throw new JobFailedError('failed', `Plaid ${outcome.errorCode}`);
  if (outcome.status === 'already_running') throw new JobFailedError('failed', 'another sync kept the bank');
  const synced = outcome.status === 'synced' ? outcome : null;
  return {
    transactions_added: synced?.added ?? 0,
    accounts_changed: synced?.accountIds.length ?? 0,
  };
}
