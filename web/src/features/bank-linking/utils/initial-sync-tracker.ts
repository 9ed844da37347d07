// The accounts a connection in this tab just created, per profile, until their initial (historical)
// sync completes: then 'Accounts Connected Successfully!' (spec §8) is said once. Kept in memory: a
// reload forgets it, and the accounts screen still shows 'Syncing…' until the sync is done.

const tracked = new Map<string, ReadonlySet<string>>();
const listeners = new Set<() => void>();
let version = 0;

const changed = () => {
  version += 1;
  for (const listener of listeners) listener();
};

export function trackInitialSync(profileId: string, accountIds: readonly string[]): void {
  if (accountIds.length === 0) return;
  tracked.set(profileId, new Set([...(tracked.get(profileId) ?? []), ...accountIds]));
  changed();
}

export function untrackInitialSync(profileId: string): void {
  if (tracked.delete(profileId)) changed();
}

export function trackedAccountIds(profileId: string): ReadonlySet<string> {
  return tracked.get(profileId) ?? new Set();
}

export function subscribeToTrackedSyncs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const trackedSyncsVersion = () => version;

/** Done when every tracked account is listed and none is still syncing (or it went away). */
export function initialSyncFinished(
  trackedIds: ReadonlySet<string>,
  accounts: ReadonlyArray<{ id: string; historical_sync_status: string }>,
): boolean {
  if (trackedIds.size === 0) return false;
  return accounts.every((a) => !trackedIds.has(a.id) || a.historical_sync_status === 'completed');
}
