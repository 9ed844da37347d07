// spec §3 subscribers (user_id, subscribed, subscription_tier, subscription_end) plus what the Stripe
// webhooks keep current: the customer and subscription, Stripe's status, the price and
// tier, the trial, the period, a cancellation at period end and the grace period of a failed renewal.
// Webhooks rebuild it from Stripe's current state, so replays and out-of-order events converge. The
// one-trial-ever rule lives in `trial_used`, which nothing clears.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SUBSCRIPTION_STATUSES } from '../../../../domain/subscription.ts';
import { model, timestamps } from './common.ts';

export function subscriberEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('subscriber'),
      attributes: {
        user_id: { type: 'string', required: true, readOnly: true },
        /** spec §3: Stripe says `active` (a trial is not a subscription). */
        subscribed: { type: 'boolean', required: true, default: false },
        /** spec §3: the tier of the price (`plus`); tier names are ours (docs/subscriptions.md). */
        subscription_tier: { type: 'string' },
        /** spec §3: when the paid period ends (or ended). */
        subscription_end: { type: 'string' },
        /** Stripe's subscription status, `none` without a subscription. */
        status: { type: SUBSCRIPTION_STATUSES, required: true, default: 'none' },
        stripe_customer_id: { type: 'string' },
        stripe_subscription_id: { type: 'string' },
        price_id: { type: 'string' },
        /** The price's lookup key (`plus_monthly`, `plus_annual`). */
        plan: { type: 'string' },
        trial_start: { type: 'string' },
        trial_end: { type: 'string' },
        /** One trial per person, ever: set by the first trial (card-free or Stripe's) and never cleared. */
        trial_used: { type: 'boolean', required: true, default: false },
        /** Where the trial came from: the first account connection or a checkout. */
        trial_source: { type: ['connection', 'checkout'] as const },
        current_period_end: { type: 'string' },
        cancel_at_period_end: { type: 'boolean', required: true, default: false },
        ended_at: { type: 'string' },
        /** A failed renewal: when its first payment failed, and when access stops unless it is paid. */
        grace_started_at: { type: 'string' },
        grace_expires_at: { type: 'string' },
        /** When Stripe's trial_will_end notice last arrived (3 days before a Stripe trial ends). */
        trial_will_end_notified_at: { type: 'string' },
        /** When the record was last rebuilt from Stripe. */
        synced_at: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byUser: { pk: { field: 'pk', composite: ['user_id'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );
}

/** Which person a Stripe customer is: written when the server creates the customer, read by webhooks
 * (whose events name only the customer). A customer not here is not ours. */
export function stripeCustomerEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('stripeCustomer'),
      attributes: {
        customer_id: { type: 'string', required: true, readOnly: true },
        user_id: { type: 'string', required: true, readOnly: true },
        ...timestamps,
      },
      indexes: {
        byCustomer: {
          pk: { field: 'pk', composite: ['customer_id'] },
          sk: { field: 'sk', composite: [] },
        },
      },
    },
    { client, table },
  );
}

/** The Stripe events received, keyed by event id: a conditional create is what makes each event
 * processed once. Kept 30 days (Stripe retries for 3). */
export function stripeEventEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('stripeEvent'),
      attributes: {
        event_id: { type: 'string', required: true, readOnly: true },
        type: { type: 'string', required: true },
        /** Stripe's `created` of the event (seconds). */
        created: { type: 'number', required: true },
        customer_id: { type: 'string' },
        user_id: { type: 'string' },
        /** What handling it did: synced, ignored (unknown customer, type not handled). */
        outcome: { type: 'string' },
        received_at: { type: 'string', required: true },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byEvent: { pk: { field: 'pk', composite: ['event_id'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );
}
