// The sync lease of a Plaid item (functions/lib/data/entities/sync-lease.ts): one sync per item at a
// time. A second caller is refused while the lease is held and unexpired; a crashed holder's lease
// runs out after LEASE_MS.
import type { Data } from '../data/index.ts';
import { isConditionFailure } from '../money/store.ts';

/** A lease longer than the longest sync (Lambda timeout 29 s) and short enough to recover quickly. */
export const LEASE_MS = 60_000;

/** Takes the item's lease for `owner`; false when another sync holds an unexpired one. */
export async function acquireSyncLease(
  data: Data,
  itemId: string,
  owner: string,
  now: Date,
): Promise<boolean> {
  const expires = new Date(now.getTime() + LEASE_MS);
  try {
    await data.syncLeases
      .put({
        item_id: itemId,
        owner,
        expires_at: expires.toISOString(),
        ttl: Math.floor(expires.getTime() / 1000) + 86_400,
      })
      .where((attr, op) => `${op.notExists(attr.expires_at)} OR ${op.lt(attr.expires_at, now.toISOString())}`)
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Gives the lease back, only if `owner` still holds it (an expired lease may have passed on). */
export async function releaseSyncLease(data: Data, itemId: string, owner: string): Promise<void> {
  await data.syncLeases
    .delete({ item_id: itemId })
    .where((attr, op) => op.eq(attr.owner, owner))
    .go({ response: 'none' })
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** Whether a sync of the item holds an unexpired lease at `now` (tests and the bench wait on it). */
export async function syncLeaseHeld(data: Data, itemId: string, now: Date): Promise<boolean> {
  const { data: lease } = await data.syncLeases.get({ item_id: itemId }).go();
  return Boolean(lease && lease.expires_at > now.toISOString());
}
