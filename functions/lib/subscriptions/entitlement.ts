// Entitlement on the server: a paid feature answers 402 `subscription_required` to a
// person whose trial, subscription and grace have all lapsed, whatever the screen shows. In a shared
// profile, access follows the profile owner's entitlement (their subscription covers the people they
// invite), and a member with their own subscription or trial is let in too (docs/subscriptions.md).
// The refusal says why access lapsed: a trial ended, a payment failed past its grace, a subscription
// ended, or none was ever started.
import { SubscriptionRequiredError } from '../../../domain/errors.ts';
import { subscriptionRequiredMessage, type SubscriptionView } from '../../../domain/subscription.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import { subscriberOf, viewOf } from './record.ts';

async function accessOf(deps: Deps, data: Data, userId: string): Promise<SubscriptionView> {
  return viewOf(await subscriberOf(data, userId), deps);
}

export async function hasEntitlement(deps: Deps, data: Data, userId: string): Promise<boolean> {
  return (await accessOf(deps, data, userId)).has_access;
}

/** Refuses with 402 unless the profile's owner or the caller is entitled. Run after the access check. */
export async function requireEntitlement(
  deps: Deps,
  data: Data,
  { ownerId, callerId }: { ownerId: string; callerId: string },
): Promise<void> {
  const owner = await accessOf(deps, data, ownerId);
  if (owner.has_access) return;
  if (callerId === ownerId) throw new SubscriptionRequiredError(subscriptionRequiredMessage(owner));
  const caller = await accessOf(deps, data, callerId);
  if (caller.has_access) return;
  throw new SubscriptionRequiredError(subscriptionRequiredMessage(caller, { sharedProfile: true }));
}
