// The subscription calls (docs/subscriptions.md): spec §7 check-subscription (with `force` for "Refresh
// status") and start-trial (after a checkout return), the subscribers record of the fallback path, and
// the Checkout and Billing Portal sessions /plans sends people to.
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client.ts';
import { invokeFunction } from '../../../lib/invoke-function.ts';
import type { PlanLookupKey } from '@domain/subscription.ts';

// Built at the first check (z.lazy), not with the frame's code.
const checkObject = () =>
  z.looseObject({
    subscribed: z.boolean(),
    trial_end: z.nullable(z.string()),
    is_trialing: z.boolean(),
    subscription_end: z.nullable(z.string()),
    is_in_grace_period: z.boolean(),
    grace_started_at: z.nullable(z.string()),
    grace_expires_at: z.nullable(z.string()),
    subscription_tier: z.nullable(z.string()),
    status: z.enum(['trial', 'subscribed', 'grace', 'free']),
    next_billing_date: z.nullable(z.string()),
    cancel_at_period_end: z.boolean(),
    trial_available: z.boolean(),
    covered_by_owner: z.optional(z.boolean()),
    /** The server's billing clock at the check. */
    checked_at: z.optional(z.string()),
  });
export const checkSchema = z.lazy(checkObject);
export type SubscriptionCheck = z.infer<typeof checkSchema>;

export const subscriberRecordSchema = z.lazy(() =>
  z.looseObject({
    subscribed: z.boolean(),
    subscription_tier: z.nullable(z.string()),
    subscription_end: z.nullable(z.string()),
  }),
);
export type SubscriberRecord = z.infer<typeof subscriberRecordSchema>;

const startTrialSchema = z.lazy(() => z.extend(checkObject(), { trial_started: z.boolean() }));

/** With the active profile, so a member covered by its owner's subscription is told so. */
export const checkSubscription = async (force: boolean, profileId: string | undefined) =>
  checkSchema.parse(
    await invokeFunction('check-subscription', force ? { force: true } : {}, {
      retry: false,
      ...(profileId ? { profileId } : {}),
    }),
  );

export const readSubscriberRecord = async () =>
  subscriberRecordSchema.parse(await api.get<unknown>('/subscribers/me'));

/** spec §4 trial start: the caller retries (3 tries, 2 s apart), so this makes one attempt. */
export const startTrial = async (sessionId?: string) =>
  startTrialSchema.parse(
    await invokeFunction('start-trial', sessionId ? { sessionId } : {}, { retry: false, share: false }),
  );

export const createCheckoutSession = async (price: PlanLookupKey) =>
  z
    .object({ url: z.string(), trial_days: z.number() })
    .parse(await api.post<unknown>('/billing/checkout-session', { price }));

export const createPortalSession = async () =>
  z.object({ url: z.string() }).parse(await api.post<unknown>('/billing/portal-session', {}));
