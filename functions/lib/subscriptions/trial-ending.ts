// "a trial ending in 3 days": Stripe says so for its own trials
// (customer.subscription.trial_will_end → the stripe-webhook's AlertRequested); a card-free trial has no
// Stripe subscription, so the daily scan asks here. Each person with a card-free trial that ends within
// the next 3 days (on the billing clock) gets one high-priority alert per trial end, by their alert
// preferences (smart-alert-batching), with the same wording and `once` key as Stripe's.
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import { subscriberOf } from './record.ts';

export const TRIAL_ENDING_NOTICE_DAYS = 3;

/** The alert both kinds of trial raise, so a person never gets two for one trial end. */
export function trialEndingAlert(userId: string, trialEnd: string | null, fallbackDay: string) {
  const ends = trialEnd ? trialEnd.slice(0, 10) : null;
  return {
    userId,
    kind: 'trial_ending' as const,
    priority: 2,
    title: ends ? `Your free trial ends on ${ends}` : 'Your free trial ends in 3 days',
    body: 'Keep your forecast, calendar and coach: choose a plan before the trial ends.',
    link: '/settings',
    once: `trial_ending:${ends ?? fallbackDay}`,
  };
}

/** Raises the alert for each of `userIds` whose card-free trial ends within 3 days; returns how many. */
export async function alertCardFreeTrialsEnding(
  deps: Pick<Deps, 'billingClock' | 'events'>,
  data: Data,
  userIds: readonly string[],
): Promise<number> {
  const now = deps.billingClock().getTime();
  const horizon = now + TRIAL_ENDING_NOTICE_DAYS * 86_400_000;
  let raised = 0;
  for (const userId of userIds) {
    const record = await subscriberOf(data, userId);
    // A trial with a Stripe subscription is Stripe's to announce.
    if (!record?.trial_end || record.status !== 'none' || record.subscribed) continue;
    const end = Date.parse(record.trial_end);
    if (!(end > now && end <= horizon)) continue;
    await deps.events.publish(
      'AlertRequested',
      trialEndingAlert(userId, record.trial_end, record.trial_end.slice(0, 10)),
    );
    raised += 1;
  }
  return raised;
}
