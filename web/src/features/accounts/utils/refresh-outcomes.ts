// What a user-requested balance refresh reports (spec §4 Balance refresh: refreshed, skipped, errored,
// rate-limited): accounts counted by their bank's sync outcome.
import type { SyncStatus } from '../../../lib/accounts-api.ts';

const REFRESHED: ReadonlySet<SyncStatus> = new Set(['synced', 'already_running', 'skipped']);
const FAILED: ReadonlySet<SyncStatus> = new Set(['error', 'login_required']);

/**
 * Counts accounts by their bank's outcome: rate-limited banks and banks Plaid is still preparing
 * (not_ready) are neither (they come in later by themselves).
 */
export function countRefreshOutcomes(
  accounts: ReadonlyArray<{ item_id: string }>,
  statusByItem: ReadonlyMap<string, SyncStatus>,
): { updated: number; failed: number } {
  let updated = 0;
  let failed = 0;
  for (const account of accounts) {
    const status = statusByItem.get(account.item_id) ?? 'error';
    if (REFRESHED.has(status)) updated += 1;
    else if (FAILED.has(status)) failed += 1;
  }
  return { updated, failed };
}

export const isFailedRefresh = (status: SyncStatus) => FAILED.has(status);
