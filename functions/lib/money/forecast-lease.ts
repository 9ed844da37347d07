// The regeneration lease on a profile's forecast: one regeneration runs at a time, a change during it asks
// it to run once more, and a crashed one frees the lease after LEASE_MS.
import type { Data } from '../data/index.ts';
import { isConditionFailure } from './store.ts';
import { readHeader } from './forecast-header.ts';

/** Longer than a regeneration can take (Lambda timeout 29 s), short enough to recover from a crash. */
export const LEASE_MS = 60_000;
export async function acquire(data: Data, profileId: string, owner: string, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  try {
    await data.profileForecasts
      .update({ profile_id: profileId })
      .set({
        lock_owner: owner,
        lock_expires_at: new Date(now.getTime() + LEASE_MS).toISOString(),
        rerun_requested: false,
      })
      .where((a, op) => `${op.notExists(a.lock_expires_at)} OR ${op.lt(a.lock_expires_at, nowIso)}`)
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Asks the running regeneration to run once more; false if none is running (the lease is free). */
export async function requestRerun(data: Data, profileId: string, now: Date): Promise<boolean> {
  const nowIso = now.toISOString();
  try {
    await data.profileForecasts
      .patch({ profile_id: profileId })
      .set({ rerun_requested: true })
      .where((a, op) => `${op.exists(a.lock_owner)} AND ${op.gt(a.lock_expires_at, nowIso)}`)
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Whether the regeneration holding the lease builds from the latest inputs already: then a second run
 * would repeat it (each plan edit with a calendar open used to cost two), and waiting for it suffices.
 */
export async function buildCoversInputs(data: Data, profileId: string, now: Date): Promise<boolean> {
  const header = await readHeader(data, profileId);
  return Boolean(
    header?.lock_owner &&
    header.lock_expires_at &&
    header.lock_expires_at > now.toISOString() &&
    header.building_version !== undefined &&
    header.building_version >= (header.inputs_version ?? 0),
  );
}

/** Frees the lease unless a rerun was asked for; then keeps it (renewed) and answers 'rerun'. */
export async function release(
  data: Data,
  profileId: string,
  owner: string,
  now: Date,
): Promise<'released' | 'rerun'> {
  try {
    await data.profileForecasts
      .patch({ profile_id: profileId })
      .remove(['lock_owner', 'lock_expires_at'])
      .where(
        (a, op) =>
          `${op.eq(a.lock_owner, owner)} AND (${op.notExists(a.rerun_requested)} OR ${op.eq(a.rerun_requested, false)})`,
      )
      .go();
    return 'released';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  try {
    await data.profileForecasts
      .patch({ profile_id: profileId })
      .set({ rerun_requested: false, lock_expires_at: new Date(now.getTime() + LEASE_MS).toISOString() })
      .where((a, op) => op.eq(a.lock_owner, owner))
      .go();
    return 'rerun';
  } catch (error) {
    // The lease expired and another regeneration took it: that one has the latest inputs.
    if (isConditionFailure(error)) return 'released';
    throw error;
  }
}

export async function abandon(data: Data, profileId: string, owner: string): Promise<void> {
  await data.profileForecasts
    .patch({ profile_id: profileId })
    .remove(['lock_owner', 'lock_expires_at'])
    .where((a, op) => op.eq(a.lock_owner, owner))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

// ── Building a generation ──────────────────────────────────────────────────────────────────────────
