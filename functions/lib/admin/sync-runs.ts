// Sync runs: every sync of a Plaid item that reached Plaid leaves one record, kept 30 days, for
// /admin/plaid-health (24-hour success rate, webhook-to-synced p95, error codes per institution) and the
// user's health timeline; and the item's admin tally (its state, its bank needing a login, its accounts'
// balance checks) follows what the sync wrote. Recording never fails a sync.
import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import { hourOf } from './metrics.ts';
import { tallyItem } from './tally.ts';

const SYNC_RUN_TTL_S = 30 * 24 * 3600;

type Outcome =
  | { status: 'synced'; added: number }
  | { status: 'login_required'; errorCode: string }
  | { status: 'error'; errorCode: string };

export async function recordSyncRun(
  deps: Pick<Deps, 'clock' | 'logger'>,
  data: Data,
  item: EntityItem<Data['plaidItems']>,
  outcome: Outcome,
  started: Date,
): Promise<void> {
  try {
    const finished = deps.clock();
    // A webhook newer than the previous sync announced the data this run fetched.
    const webhookAt = item.last_webhook_at ? Date.parse(item.last_webhook_at) : Number.NaN;
    const previousSync = item.last_synced_at ? Date.parse(item.last_synced_at) : 0;
    const lag =
      Number.isFinite(webhookAt) && webhookAt > previousSync ? finished.getTime() - webhookAt : null;
    await data.syncRuns
      .create({
        id: randomUUID(),
        user_id: item.user_id,
        item_id: item.id,
        ...(item.institution_id ? { institution_id: item.institution_id } : {}),
        ...(item.institution_name ? { institution_name: item.institution_name } : {}),
        status: outcome.status,
        ...(outcome.status === 'synced' ? { added: outcome.added } : { error_code: outcome.errorCode }),
        duration_ms: finished.getTime() - started.getTime(),
        ...(lag !== null ? { webhook_lag_ms: lag } : {}),
        finished_at: finished.toISOString(),
        hour: hourOf(finished),
        ttl: Math.floor(finished.getTime() / 1000) + SYNC_RUN_TTL_S,
      })
      .go();
  } catch (error) {
    deps.logger.warn('sync run not recorded', { itemId: item.id, error: (error as Error).message });
  }
  await tallyItem(data, item.id, item.user_id, deps.clock(), deps.logger, { activation: false });
}
