// The subscription status as stored (spec §3: local storage `subscriptionStatus`), read by the provider
// at every start: its own small module, so a start does not load the status rules
// (subscription-status.ts) with it.
import { storageKeys } from '../../../lib/storage-keys.ts';
import type { SubscriptionStatus } from './subscription-status.ts';

export function readStoredStatus(storage: Pick<Storage, 'getItem'> | null): SubscriptionStatus | null {
  try {
    const raw = storage?.getItem(storageKeys.subscriptionStatus);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<SubscriptionStatus>;
    return typeof parsed.lastUpdated === 'number' && typeof parsed.subscribed === 'boolean'
      ? (parsed as SubscriptionStatus)
      : null;
  } catch {
    return null;
  }
}
