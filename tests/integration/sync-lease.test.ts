// The sync lease of a Plaid item (functions/lib/plaid/sync-lease.ts) is an item of its own with no
// index keys: one sync at a time, a crashed holder's lease runs out, only the holder releases it.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  acquireSyncLease,
  LEASE_MS,
  releaseSyncLease,
  syncLeaseHeld,
} from '../../functions/lib/plaid/sync-lease.ts';
import { directData } from './helpers.ts';

const data = directData();

describe('the sync lease', () => {
  it('admits one holder at a time until it is released or runs out', async () => {
    const itemId = randomUUID();
    const now = new Date();

    expect(await acquireSyncLease(data, itemId, 'first', now)).toBe(true);
    expect(await acquireSyncLease(data, itemId, 'second', now)).toBe(false);
    expect(await syncLeaseHeld(data, itemId, now)).toBe(true);

    await releaseSyncLease(data, itemId, 'second');
    expect(await acquireSyncLease(data, itemId, 'third', now)).toBe(false);

    const afterExpiry = new Date(now.getTime() + LEASE_MS + 1);
    expect(await syncLeaseHeld(data, itemId, afterExpiry)).toBe(false);
    expect(await acquireSyncLease(data, itemId, 'fourth', afterExpiry)).toBe(true);
    await releaseSyncLease(data, itemId, 'first');
    expect(await acquireSyncLease(data, itemId, 'fifth', afterExpiry)).toBe(false);

    await releaseSyncLease(data, itemId, 'fourth');
    expect(await syncLeaseHeld(data, itemId, afterExpiry)).toBe(false);
    expect(await acquireSyncLease(data, itemId, 'sixth', afterExpiry)).toBe(true);
  });

  it('is written without index keys and leaves the Plaid item untouched', async () => {
    const itemId = randomUUID();
    await data.plaidItems
      .create({
        id: itemId,
        user_id: randomUUID(),
        profile_id: randomUUID(),
        plaid_item_id: randomUUID(),
        access_token_ciphertext: 'x',
      })
      .go();
    const stored = async () =>
      ((await data.plaidItems.get({ id: itemId }).go({ data: 'raw' })).data as { Item?: object }).Item;
    const before = await stored();

    expect(await acquireSyncLease(data, itemId, 'holder', new Date())).toBe(true);

    const lease = await data.syncLeases.get({ item_id: itemId }).go({ data: 'raw' });
    const leaseItem = (lease.data as { Item?: Record<string, unknown> }).Item ?? {};
    expect(leaseItem.owner).toBe('holder');
    expect(Object.keys(leaseItem).filter((key) => key.startsWith('gsi'))).toEqual([]);
    expect(typeof leaseItem.ttl).toBe('number');
    expect(await stored()).toEqual(before);
  });
});
