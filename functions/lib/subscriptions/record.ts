// The subscriber record and Stripe: the record is rebuilt from what Stripe holds
// now for the person's customer, never patched from an event's payload, so replays and events in any
// order converge on the same record. The grace period's start comes from Stripe too (the failing
// invoice's finalization, when its first payment was tried), not from when a webhook happened to arrive.
import type Stripe from 'stripe';
import {
  graceExpiry,
  PLANS,
  subscriptionView,
  type SubscriberFacts,
  type SubscriptionStatusName,
  type SubscriptionView,
} from '../../../domain/subscription.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import { isConditionFailure } from '../money/store.ts';
import { tally } from '../admin/tally.ts';

export type SubscriberRecord = NonNullable<
  Awaited<ReturnType<ReturnType<Data['subscribers']['get']>['go']>>['data']
>;

const iso = (seconds: number | null | undefined): string | undefined =>
  seconds === null || seconds === undefined ? undefined : new Date(seconds * 1000).toISOString();

const ENDED: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

/** The subscription that speaks for a customer: the newest one still running, else the newest. */
export function currentSubscription(
  subscriptions: readonly Stripe.Subscription[],
): Stripe.Subscription | null {
  const newestFirst = [...subscriptions].sort((a, b) => b.created - a.created || b.id.localeCompare(a.id));
  return newestFirst.find((s) => !ENDED.has(s.status)) ?? newestFirst[0] ?? null;
}

/** The fields Stripe decides, from a subscription (its price expanded or not) and its latest invoice. */
export function stripeFields(
  subscription: Stripe.Subscription | null,
  latestInvoice: Stripe.Invoice | null,
): Partial<SubscriberRecord> & { status: SubscriptionStatusName } {
  if (!subscription) return { status: 'none' };
  const item = subscription.items.data[0];
  const price = item?.price;
  const plan = PLANS.find((p) => p.lookup_key === price?.lookup_key);
  const status = subscription.status as SubscriptionStatusName;
  const failing =
    (status === 'past_due' || status === 'unpaid') &&
    latestInvoice !== null &&
    latestInvoice.status === 'open' &&
    (latestInvoice.attempt_count ?? 0) > 0;
  const graceStarted = failing
    ? new Date((latestInvoice.status_transitions?.finalized_at ?? latestInvoice.created) * 1000)
    : null;
  return {
    status,
    stripe_subscription_id: subscription.id,
    ...(price ? { price_id: price.id } : {}),
    ...(plan ? { plan: plan.lookup_key, subscription_tier: plan.tier } : {}),
    ...(subscription.trial_start ? { trial_start: iso(subscription.trial_start) } : {}),
    ...(subscription.trial_end ? { trial_end: iso(subscription.trial_end) } : {}),
    ...(item?.current_period_end ? { current_period_end: iso(item.current_period_end) } : {}),
    cancel_at_period_end: subscription.cancel_at_period_end || subscription.cancel_at !== null,
    ...(subscription.ended_at ? { ended_at: iso(subscription.ended_at) } : {}),
    ...(graceStarted
      ? {
          grace_started_at: graceStarted.toISOString(),
          grace_expires_at: graceExpiry(graceStarted).toISOString(),
        }
      : {}),
  };
}

/** Fields a Stripe rebuild replaces (absent from `stripeFields` = cleared). */
const STRIPE_OWNED = [
  'status',
  'stripe_subscription_id',
  'price_id',
  'plan',
  'subscription_tier',
  'current_period_end',
  'cancel_at_period_end',
  'ended_at',
  'grace_started_at',
  'grace_expires_at',
] as const;

/**
 * The whole record after a rebuild: what Stripe says, the spec §3 summary fields derived from it, and
 * what only we know kept (the one-trial rule, a card-free trial, the customer).
 */
export function rebuiltRecord(
  existing: SubscriberRecord | null,
  userId: string,
  customerId: string,
  fields: ReturnType<typeof stripeFields>,
  now: Date,
): SubscriberRecord {
  const kept: Record<string, unknown> = { ...existing };
  for (const key of STRIPE_OWNED) delete kept[key];
  // A Stripe trial replaces the card-free trial's dates; without one the card-free trial stays.
  const hadStripeTrial = fields.trial_end !== undefined;
  const record = {
    ...kept,
    ...fields,
    user_id: userId,
    stripe_customer_id: customerId,
    trial_used: existing?.trial_used === true || hadStripeTrial,
    ...(hadStripeTrial ? { trial_source: 'checkout' as const } : {}),
    cancel_at_period_end: fields.cancel_at_period_end ?? false,
    synced_at: now.toISOString(),
  } as SubscriberRecord;
  record.subscribed = fields.status === 'active';
  const periodEnd = fields.ended_at ?? fields.current_period_end;
  if (periodEnd) record.subscription_end = periodEnd;
  else delete (record as Partial<SubscriberRecord>).subscription_end;
  return record;
}

/** Reads the customer's subscriptions (with the latest invoice) from Stripe. */
export async function readFromStripe(
  stripe: Stripe,
  customerId: string,
): Promise<ReturnType<typeof stripeFields>> {
  const list = await stripe.subscriptions.list({
    customer: customerId,
    status: 'all',
    limit: 20,
    expand: ['data.latest_invoice'],
  });
  const subscription = currentSubscription(list.data);
  const invoice =
    subscription && typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
  return stripeFields(subscription, invoice);
}

/** The fields a rebuild writes; everything else on the record (the trial_will_end notice, created_at)
 * is left alone, so concurrent writers of other fields are never overwritten. */
const REBUILT = [
  ...STRIPE_OWNED,
  'subscribed',
  'subscription_end',
  'stripe_customer_id',
  'trial_used',
  'trial_source',
  'trial_start',
  'trial_end',
  'synced_at',
] as const;

/**
 * Rebuilds and stores the person's record from Stripe; returns it. Two rebuilds racing (two webhooks
 * at once) could read Stripe in one order and write in the other, so the write is conditional on the
 * stored rebuild having started no later than this one: the newest read of Stripe wins.
 */
export async function syncFromStripe(
  deps: Deps,
  data: Data,
  userId: string,
  customerId: string,
): Promise<SubscriberRecord> {
  const { client } = await deps.stripe();
  const readAt = deps.clock();
  const fields = await readFromStripe(client, customerId);
  for (let attempt = 0; ; attempt += 1) {
    const { data: existing } = await data.subscribers.get({ user_id: userId }).go();
    const record = rebuiltRecord(existing, userId, customerId, fields, readAt);
    try {
      if (!existing) {
        await data.subscribers.create(record as never).go();
        await tally(data, { kind: 'subscriber', userId }, deps.clock(), deps.logger);
        await deps.events.publish('SubscriptionChanged', { userId });
        return record;
      }
      const values = record as unknown as Record<string, unknown>;
      const set = Object.fromEntries(
        REBUILT.filter((key) => values[key] !== undefined).map((key) => [key, values[key]]),
      );
      const remove = REBUILT.filter(
        (key) => values[key] === undefined && (existing as Record<string, unknown>)[key] !== undefined,
      );
      let update = data.subscribers.patch({ user_id: userId }).set(set as never);
      if (remove.length > 0) update = update.remove(remove as never);
      await update
        .where(
          (attr, op) => `${op.notExists(attr.synced_at)} OR ${op.lte(attr.synced_at, readAt.toISOString())}`,
        )
        .go();
      await tally(data, { kind: 'subscriber', userId }, deps.clock(), deps.logger);
      await deps.events.publish('SubscriptionChanged', { userId });
      return record;
    } catch (error) {
      if (!isConditionFailure(error) || attempt >= 2) throw error;
      // Created meanwhile (retry as an update), or a newer read of Stripe is stored: that one stands.
      const { data: stored } = await data.subscribers.get({ user_id: userId }).go();
      if (stored?.synced_at && stored.synced_at > readAt.toISOString()) return stored;
    }
  }
}

export async function subscriberOf(data: Data, userId: string): Promise<SubscriberRecord | null> {
  return (await data.subscribers.get({ user_id: userId }).go()).data;
}

export function viewOf(record: SubscriberRecord | null, deps: Pick<Deps, 'billingClock'>): SubscriptionView {
  return subscriptionView(record as SubscriberFacts | null, deps.billingClock());
}
