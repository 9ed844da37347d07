// POST /webhooks/stripe: signatures checked on the raw body (forged,
// unsigned, wrong-secret and 301-second-old requests refused, nothing changed), each event id handled
// once (5 replays change nothing), events in any order converge on the same record, each handled event
// type rebuilds the record from Stripe, and an unknown customer's event is acknowledged as a no-op.
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_DAYS } from '../../domain/subscription.ts';
import { directData, signUpAndSignIn, type TestUser } from './helpers.ts';
import {
  advanceClock,
  CARDS,
  checkout,
  deliver,
  eventsOf,
  portal,
  sandboxNow,
  stripeClient,
  storedRecord,
  webhookSecret,
} from './stripe-helpers.ts';

const HANDLED: string[] = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
];

/** The wire form of an event, as Stripe sends it (fresh from the API, so the same bytes each time). */
async function payloadOf(id: string): Promise<string> {
  return JSON.stringify(await stripeClient().events.retrieve(id), null, 2);
}

/** Forgets that these events were handled and resets the person's record to what only we know. */
async function forget(user: TestUser, events: readonly Stripe.Event[]) {
  const data = directData();
  for (const event of events) await data.stripeEvents.delete({ event_id: event.id }).go();
  const { data: record } = await data.subscribers.get({ user_id: user.userId }).go();
  await data.subscribers
    .put({
      user_id: user.userId,
      subscribed: false,
      status: 'none',
      trial_used: false,
      cancel_at_period_end: false,
      ...(record?.stripe_customer_id ? { stripe_customer_id: record.stripe_customer_id } : {}),
    })
    .go();
}

/** The record apart from the trial_will_end notice (which only its own event sets). */
const withoutNotice = (record: Awaited<ReturnType<typeof storedRecord>>) => {
  const { trial_will_end_notified_at: _n, ...rest } = record ?? {};
  return rest;
};

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A subscriber whose life went: checkout with a card that fails later → trial → failed renewal
 * (grace) → card updated in the portal (paid) → cancel at period end → the period ends (deleted).
 * Every handled type occurs. */
let user: TestUser;
let events: Stripe.Event[];
let finalRecord: Awaited<ReturnType<typeof storedRecord>>;

beforeAll(async () => {
  user = await signUpAndSignIn('Webhook Person');
  await checkout(user, { card: CARDS.failsLater });
  await advanceClock({ days: TRIAL_DAYS, seconds: 60 });
  await portal(user, { card: CARDS.ok });
  await portal(user, 'cancel');
  const canceling = await storedRecord(user.userId);
  const periodEnd = Date.parse(canceling!.current_period_end!);
  // Past the period end Stripe ends the subscription: customer.subscription.deleted.
  await advanceClock({ seconds: Math.ceil((periodEnd - (await sandboxNow()).getTime()) / 1000) + 60 });
  const customerId = canceling!.stripe_customer_id!;
  events = await eventsOf(customerId);
  finalRecord = await storedRecord(user.userId);
});

describe('a subscriber’s events', () => {
  it('cover every handled type and were each handled once, as delivered by the sandbox', async () => {
    const types = new Set(events.map((e) => e.type));
    for (const type of HANDLED) expect(types, type).toContain(type);
    for (const event of events.filter((e) => HANDLED.includes(e.type))) {
      const { data: logged } = await directData().stripeEvents.get({ event_id: event.id }).go();
      expect(logged, event.type).toMatchObject({ type: event.type, outcome: 'synced', user_id: user.userId });
    }
    expect(finalRecord).toMatchObject({
      status: 'canceled',
      subscribed: false,
      cancel_at_period_end: true,
      ended_at: expect.any(String),
    });
    expect(finalRecord?.grace_started_at).toBeUndefined();
    // Webhooks handled at the same moment do not overwrite each other's fields.
    expect(finalRecord?.trial_will_end_notified_at).toBeTruthy();
  });

  it('5 replays of each event change nothing', async () => {
    for (const event of events) {
      const payload = await payloadOf(event.id);
      for (let i = 0; i < 5; i += 1) {
        const response = await deliver(payload);
        expect(response.status).toBe(200);
        expect(response.body.duplicate).toBe(true);
      }
    }
    expect(await storedRecord(user.userId)).toEqual(finalRecord);
  });

  it('delivered again in shuffled orders (3 shuffles), they converge on the same record', async () => {
    for (const seed of [7, 42, 1_000_003]) {
      await forget(user, events);
      expect(await storedRecord(user.userId)).not.toEqual(finalRecord);
      for (const event of shuffled(events, seed)) {
        const response = await deliver(await payloadOf(event.id));
        expect(response.status, event.type).toBe(200);
      }
      expect(await storedRecord(user.userId)).toEqual(finalRecord);
    }
  });

  it('each handled type alone rebuilds the record from Stripe; an unhandled one leaves it', async () => {
    const byType = new Map<string, Stripe.Event>(events.map((e) => [e.type, e]));
    for (const type of HANDLED) {
      const event = byType.get(type);
      if (!event) continue;
      await forget(user, [event]);
      const response = await deliver(await payloadOf(event.id));
      expect(response.body.outcome, type).toBe('synced');
      const record = await storedRecord(user.userId);
      expect(withoutNotice(record), type).toEqual(withoutNotice(finalRecord));
      if (type === 'customer.subscription.trial_will_end')
        expect(record?.trial_will_end_notified_at).toBe(new Date(event.created * 1000).toISOString());
    }
    const unhandled = events.find((e) => !HANDLED.includes(e.type))!;
    await forget(user, [unhandled]);
    const before = await storedRecord(user.userId);
    const response = await deliver(await payloadOf(unhandled.id));
    expect(response.status).toBe(200);
    expect(response.body.outcome).toMatch(/not handled/);
    expect(await storedRecord(user.userId)).toEqual(before);
  });
});

describe('signatures', () => {
  it('forged, unsigned, wrong-secret and 301-second-old deliveries are refused and change nothing', async () => {
    const event = events.find((e) => e.type === 'invoice.paid')!;
    await forget(user, [event]);
    const before = await storedRecord(user.userId);
    const payload = await payloadOf(event.id);
    const now = Math.floor(Date.now() / 1000);
    const refusals = {
      forged: await deliver(payload, { signature: `t=${now},v1=${'ab'.repeat(32)}` }),
      unsigned: await deliver(payload, { signature: null }),
      'wrong secret': await deliver(payload, { secret: 'whsec_not_the_endpoint_secret' }),
      '301 seconds old': await deliver(payload, { timestamp: now - 301 }),
      're-serialised body': await deliver(JSON.stringify(JSON.parse(payload)), {
        // Signed over the original bytes: the same JSON re-serialised no longer matches.
        signature: stripeClient().webhooks.generateTestHeaderString({ payload, secret: webhookSecret() }),
      }),
    };
    for (const [name, response] of Object.entries(refusals)) {
      expect(response.status, name).toBe(400);
      expect(response.body.code, name).toBe('validation');
    }
    expect(await storedRecord(user.userId)).toEqual(before);
    expect((await directData().stripeEvents.get({ event_id: event.id }).go()).data).toBeNull();

    // The control: the same bytes, rightly signed just now (299 s old is still in time), are handled.
    // The age is taken afresh: the refusals above took seconds.
    const accepted = await deliver(payload, { timestamp: Math.floor(Date.now() / 1000) - 299 });
    expect(accepted.status).toBe(200);
    expect(accepted.body.outcome).toBe('synced');
    expect(withoutNotice(await storedRecord(user.userId))).toEqual(withoutNotice(finalRecord));
  });

  it('a rightly signed body that is not an event object is a 400 naming body, not a 500', async () => {
    for (const payload of ['[]', '"x"', '42', 'null', '{}', '{"id":7,"type":"invoice.paid"}']) {
      const response = await deliver(payload);
      expect(response.status, payload).toBe(400);
      expect(response.body.code, payload).toBe('validation');
      expect(JSON.stringify(response.body), payload).toContain('"body"');
    }
  });

  it("an unknown customer's event is acknowledged, logged and changes nothing", async () => {
    const event = events.find((e) => e.type === 'customer.subscription.updated')!;
    const foreign = JSON.parse(await payloadOf(event.id)) as Stripe.Event & {
      data: { object: { customer: string } };
    };
    foreign.id = `evt_foreign${Date.now()}`;
    foreign.data.object.customer = 'cus_notours0000000';
    const response = await deliver(JSON.stringify(foreign, null, 2));
    expect(response.status).toBe(200);
    expect(response.body.outcome).toBe('ignored: unknown customer');
    const { data: logged } = await directData().stripeEvents.get({ event_id: foreign.id }).go();
    expect(logged).toMatchObject({ outcome: 'ignored: unknown customer', customer_id: 'cus_notours0000000' });
    expect(withoutNotice(await storedRecord(user.userId))).toEqual(withoutNotice(finalRecord));
  });
});
