// Stripe's webhooks. The signature is checked on the raw body with a 300 s tolerance
// (the official client's constructEvent): a forged, unsigned, wrongly keyed or stale request is a 400
// and changes nothing. Each event id is handled once (a conditional create in the event log); a replay
// is acknowledged and ignored. Handling never trusts the payload's state: it rebuilds the person's
// record from Stripe, keyed by customer, so events arriving in any order converge. An event for a
// customer that is not ours is logged and acknowledged. If handling fails, the log entry is removed and
// the answer is a 500, so Stripe's retry gets another go.
import type Stripe from 'stripe';
import { ValidationError } from '../../domain/errors.ts';
import { trialEndingAlert } from '../lib/subscriptions/trial-ending.ts';
import { dataFor, type Data } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { isConditionFailure } from '../lib/money/store.ts';
import { userOfCustomer } from '../lib/subscriptions/customer.ts';
import { announcePaymentActionRequired } from '../lib/subscriptions/payment-action.ts';
import { syncFromStripe } from '../lib/subscriptions/record.ts';

/** The Stripe events the product listens to: each one rebuilds the subscriber record (docs/subscriptions.md). */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
]);

/** Stripe's default tolerance: a signature older than 5 minutes is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;
const LOG_DAYS = 30;

function customerOf(event: Stripe.Event): string | null {
  const object = event.data.object as { customer?: string | { id: string } | null };
  const customer = object.customer;
  if (!customer) return null;
  return typeof customer === 'string' ? customer : customer.id;
}

async function handle(
  deps: Parameters<typeof syncFromStripe>[0],
  data: Data,
  event: Stripe.Event,
): Promise<{ outcome: string; userId?: string; customerId?: string }> {
  if (!HANDLED_EVENTS.has(event.type)) return { outcome: 'ignored: type not handled' };
  const customerId = customerOf(event);
  if (!customerId) return { outcome: 'ignored: no customer' };
  const userId = await userOfCustomer(data, customerId);
  if (!userId) return { outcome: 'ignored: unknown customer', customerId };
  const record = await syncFromStripe(deps, data, userId, customerId);
  if (event.type === 'customer.subscription.trial_will_end') {
    // The notice itself is a fact of the event set, so the latest one wins whatever the order.
    const at = new Date(event.created * 1000).toISOString();
    if (!record.trial_will_end_notified_at || record.trial_will_end_notified_at < at)
      await data.subscribers.patch({ user_id: userId }).set({ trial_will_end_notified_at: at }).go();
    // A trial ending in 3 days is a high-priority alert, once per trial end.
    await deps.events.publish(
      'AlertRequested',
      trialEndingAlert(userId, record.trial_end ?? null, at.slice(0, 10)),
    );
  }
  if (event.type === 'invoice.payment_action_required') {
    const invoice = event.data.object as { id?: string };
    if (invoice.id) {
      const told = await announcePaymentActionRequired(deps, data, userId, invoice.id, record);
      return { outcome: `synced; ${told}`, userId, customerId };
    }
  }
  return { outcome: 'synced', userId, customerId };
}

const isEventObject = (value: unknown): value is Stripe.Event =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  typeof (value as { id?: unknown }).id === 'string' &&
  typeof (value as { type?: unknown }).type === 'string';

export const handler = httpHandler(
  'stripe-webhook',
  {
    'POST /webhooks/stripe': route({
      run: async ({ deps, event: request, log }) => {
        const raw = request.isBase64Encoded
          ? Buffer.from(request.body ?? '', 'base64')
          : Buffer.from(request.body ?? '', 'utf8');
        const signature = request.headers?.['stripe-signature'];
        const { client, webhookSecret } = await deps.stripe();
        let event: Stripe.Event;
        try {
          if (!signature) throw new Error('No Stripe-Signature header');
          event = client.webhooks.constructEvent(raw, signature, webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
        } catch (error) {
          log.warn('stripe webhook refused', { reason: (error as Error).message });
          throw new ValidationError([
            { field: 'header.stripe-signature', message: 'is missing, invalid or older than 300 seconds' },
          ]);
        }
        // Signed is not well-formed: a body that parses to anything but an event object is refused as
        // the bad input it is (the signature only says who sent it).
        if (!isEventObject(event)) {
          log.warn('stripe webhook refused', { reason: 'body is not an event object' });
          throw new ValidationError([
            { field: 'body', message: 'must be a Stripe event: an object with a string id and type' },
          ]);
        }
        const data = dataFor(deps);
        const now = deps.clock();
        try {
          await data.stripeEvents
            .create({
              event_id: event.id,
              type: event.type,
              created: event.created,
              received_at: now.toISOString(),
              ttl: Math.floor(now.getTime() / 1000) + LOG_DAYS * 86_400,
            })
            .go();
        } catch (error) {
          if (!isConditionFailure(error)) throw error;
          log.info('stripe webhook replay', { eventId: event.id, type: event.type });
          return { received: true, duplicate: true };
        }
        try {
          const result = await handle(deps, data, event);
          await data.stripeEvents
            .patch({ event_id: event.id })
            .set({
              outcome: result.outcome,
              ...(result.customerId ? { customer_id: result.customerId } : {}),
              ...(result.userId ? { user_id: result.userId } : {}),
            })
            .go();
          log.info('stripe webhook', { eventId: event.id, type: event.type, outcome: result.outcome });
          return { received: true, outcome: result.outcome };
        } catch (error) {
          // Not handled: forget it, so Stripe's retry is handled rather than skipped as a replay.
          await data.stripeEvents.delete({ event_id: event.id }).go();
          throw error;
        }
      },
    }),
  },
  { rawBody: true },
);
