// Whether the user is a subscriber, for spec §4's "only to non-subscribers". The subscription status
// is held by the client under `subscriptionStatus` (spec §3), written by the subscriptions feature from
// check-subscription; until it is known, nobody is a subscriber and the prompts may show.
import { storageKeys } from '../../../lib/storage-keys.ts';

/** A trialing user is not a subscriber yet: the prompts are what invites them to become one. */
export function isSubscriberStatus(raw: string | null): boolean {
  if (raw === null) return false;
  try {
    const status: unknown = JSON.parse(raw);
    return (
      typeof status === 'object' &&
      status !== null &&
      (status as { subscribed?: unknown }).subscribed === true
    );
  } catch {
    return false;
  }
}

export function readIsSubscriber(storage: Pick<Storage, 'getItem'> = window.localStorage): boolean {
  try {
    return isSubscriberStatus(storage.getItem(storageKeys.subscriptionStatus));
  } catch {
    return false;
  }
}
