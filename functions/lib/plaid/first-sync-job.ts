// A newly linked bank's first sync as a job (docs/jobs.md, ARCHITECTURE.md "Linking"): the exchange
// stores the bank and starts the job; the initial-sync queue's worker (plaid-transactions-sync) brings in
// each account's history ("Syncing 3 of 8 accounts"). Plaid's first sync comes in two steps
// (docs/bank-linking.md "The first sync"): nothing at first (NOT_READY), then the recent transactions,
// then the rest of the history with the HISTORICAL_UPDATE webhook; the job says which step it is in and
// ends once the history is in, so no first screen shows an empty or partial history as final. Its
// TransactionsChanged sets off reconciliation and the forecast as any sync does; the onboarding review
// starts the plan job once this one has ended.
import type { Deps } from '../deps.ts';
import type { Data } from '../data/index.ts';
import { JobFailedError, type JobProgress, type StoredJob } from '../jobs.ts';
import { syncItem, type SyncOutcome } from './sync.ts';

/** How long the job waits for Plaid's first transactions and then its history, in all. */
const FIRST_SYNC_WAIT_MS = 120_000;
/** While the history is coming: how often the job looks, and how often it asks Plaid itself (in case
 * the webhook that would have asked was lost). */
const HISTORY_POLL_MS = 500;
const HISTORY_SYNC_EVERY_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether every active account of the item has its whole history (set by a sync Plaid said so in). */
async function historyIn(data: Data, itemId: string): Promise<boolean> {
  const { data: accounts } = await data.connectedAccounts.query
    .byItem({ item_id: itemId })
    .go({ pages: 'all', hydrate: true });
  return accounts.every((a) => !a.is_active || a.historical_sync_status === 'completed');
}

export async function firstSyncJob(deps: Deps, data: Data, job: StoredJob, progress: JobProgress) {
  const itemId = job.item_id;
  if (!itemId) throw new JobFailedError('failed', 'a first-sync job without its item');
  const deadline = Date.now() + FIRST_SYNC_WAIT_MS;
  let added = 0;
  const changed = new Set<string>();
  // Counts accounts as they come in until the recent transactions are in; later syncs keep the step.
  const sync = async (counted = true) => {
    const outcome = await syncItem(deps, data, itemId, {
      forced: true,
      ...(counted
        ? { onAccountsSynced: (done: number, total: number) => progress('syncing', done, total) }
        : {}),
    });
    if (outcome.status === 'synced') {
      added += outcome.added;
      for (const id of outcome.accountIds) changed.add(id);
    }
    return outcome;
  };
  await progress('connecting');
  let outcome: SyncOutcome = await sync();
  // Plaid has nothing yet, or another sync of this bank (a webhook's) holds it: ask again shortly.
  let pause = 250;
  while ((outcome.status === 'already_running' || outcome.status === 'not_ready') && Date.now() < deadline) {
    if (outcome.status === 'not_ready') await progress('waiting_for_bank');
    await sleep(pause);
    pause = Math.min(pause * 2, 2_000);
    outcome = await sync();
  }
  if (outcome.status === 'login_required')
    throw new JobFailedError('bank_login_required', `Plaid ${outcome.errorCode}`);
  if (outcome.status === 'rate_limited')
    throw new JobFailedError('bank_unavailable', `backing off until ${outcome.retryAfter}`);
  if (outcome.status === 'error') throw new JobFailedError('failed', `Plaid ${outcome.errorCode}`);
  if (outcome.status === 'not_ready')
    throw new JobFailedError('bank_unavailable', 'Plaid has not sent the first transactions yet');
  if (outcome.status === 'already_running') throw new JobFailedError('failed', 'another sync kept the bank');

  // The recent transactions are in; the rest arrives with Plaid's historical update.
  let complete = await historyIn(data, itemId);
  if (!complete) await progress('history');
  let lastAsked = Date.now();
  while (!complete && Date.now() < deadline) {
    await sleep(HISTORY_POLL_MS);
    if (Date.now() - lastAsked >= HISTORY_SYNC_EVERY_MS) {
      lastAsked = Date.now();
      await sync(false);
    }
    complete = await historyIn(data, itemId);
  }
  return {
    transactions_added: added,
    accounts_changed: changed.size,
    history_complete: complete,
  };
}
