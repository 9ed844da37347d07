// Entitlement on the server (issue 13 item 3): a paid feature answers 402 `subscription_required` to a
// person whose trial, subscription and grace have all lapsed, whatever the screen shows. In a shared
// profile, access follows the profile owner's entitlement (their subscription covers the people they
// invite), and a member with their own subscription or trial is let in too (docs/subscriptions.md).
import { SubscriptionRequiredError } from '../../../domain/errors.ts';
import { SUBSCRIPTION_REQUIRED_MESSAGE } from '../../../domain/subscription.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import { subscriberOf, viewOf } from './record.ts';

export async function hasEntitlement(deps: Deps, data: Data, userId: string): Promise<boolean> {
  return viewOf(await subscriberOf(data, userId), deps).has_access;
}

/** Refuses with 402 unless the profile's owner or the caller is entitled. Run after the access check. */
export async function requireEntitlement(
  deps: Deps,
  data: Data,
  { ownerId, callerId }: { ownerId: string; callerId: string },
): Promise<void> {
  if (await hasEntitlement(deps, data, ownerId)) return;
  if (callerId !== ownerId && (await hasEntitlement(deps, data, callerId))) return;
  throw new SubscriptionRequiredError(SUBSCRIPTION_REQUIRED_MESSAGE);
}
