// Plaid's two-step first sync as /transactions/sync sees it: before the initial update nothing
// (NOT_READY); after it only the recent transactions (INITIAL_UPDATE_COMPLETE), under a cursor marked
// as seen through that window; after the historical update the rest, to a client holding such a cursor
// as additions, exactly once (HISTORICAL_UPDATE_COMPLETE).
import { TransactionsUpdateStatus } from 'plaid';
import type { NetChange } from './ledger.ts';
import type { SandboxItem } from './state.ts';

export function updateStatusOf(item: SandboxItem): TransactionsUpdateStatus {
  if (item.record.initial_update_complete === false) return TransactionsUpdateStatus.NotReady;
  if (item.record.historical_update_complete === false) return TransactionsUpdateStatus.InitialUpdateComplete;
  return TransactionsUpdateStatus.HistoricalUpdateComplete;
}

/**
 * The net changes a client at log position `from` gets. `windowOnly`: the client's cursor saw only
 * the initial window. While the history is still coming, older transactions are left out; once it is
 * in, a window-only cursor also receives every older transaction it never saw, as added.
 */
export function syncChanges(item: SandboxItem, from: number, windowOnly: boolean): NetChange[] {
  const changes = item.ledger.changesSince(from);
  const start = item.record.initial_window_start ?? Number.NEGATIVE_INFINITY;
  const recent = (change: NetChange) => change.transaction.generated.day >= start;
  if (updateStatusOf(item) !== TransactionsUpdateStatus.HistoricalUpdateComplete)
    return changes.filter(recent);
  if (!windowOnly) return changes;
  // The client holds the window as of `from` plus nothing older: older changes since are news to it
  // only as additions (a removed one it never had), and older transactions untouched since `from`
  // come in now.
  const touched = new Set(changes.map((change) => change.transaction.id));
  const catchUp: NetChange[] = item.ledger
    .transactions()
    .filter((transaction) => transaction.generated.day < start && !touched.has(transaction.id))
    .map((transaction) => ({ kind: 'added', transaction }));
  const since = changes.flatMap((change): NetChange[] => {
    if (recent(change)) return [change];
    if (change.kind === 'removed') return [];
    return [{ kind: 'added', transaction: change.transaction }];
  });
  return [...catchUp, ...since];
}
