// "a trial ending in 3 days" for card-free trials (functions/lib/subscriptions/trial-ending.ts):
// the daily scan raises one high-priority alert for each card-free trial that ends within 3 days, and none
// for a trial further off, one already over, or a Stripe trial (Stripe's own webhook announces those).
import { describe, expect, it } from 'vitest';
import type { EventDetail } from '../../events/contracts.ts';
import { startCardFreeTrial } from '../../functions/lib/subscriptions/trial.ts';
import { alertCardFreeTrialsEnding } from '../../functions/lib/subscriptions/trial-ending.ts';
import { directData, signUpAndSignIn } from './helpers.ts';

const DAY = 86_400_000;

function capturingBus() {
  const published: Array<{ type: string; detail: EventDetail<'AlertRequested'> }> = [];
  return {
    published,
    events: {
      publish: async (type: string, detail: unknown) => {
        published.push({ type, detail: detail as EventDetail<'AlertRequested'> });
      },
    } as never,
  };
}

describe('card-free trial ending', () => {
  it('alerts each card-free trial ending within 3 days, keyed once by its end day, and no other', async () => {
    const data = directData();
    const start = Date.UTC(2031, 0, 10, 12);
    const [endsSoon, startedLater, over, onStripe] = await Promise.all([
      signUpAndSignIn(),
      signUpAndSignIn(),
      signUpAndSignIn(),
      signUpAndSignIn(),
    ]);
    await startCardFreeTrial({ billingClock: () => new Date(start) }, data, endsSoon.userId);
    await startCardFreeTrial({ billingClock: () => new Date(start + 3 * DAY) }, data, startedLater.userId);
    await startCardFreeTrial({ billingClock: () => new Date(start - 6 * DAY) }, data, over.userId);
    await startCardFreeTrial({ billingClock: () => new Date(start) }, data, onStripe.userId);
    await data.subscribers.patch({ user_id: onStripe.userId }).set({ status: 'trialing' }).go();
    const bus = capturingBus();

    // Five days in: the first trial ends in 2 days, the second in 5, the third ended yesterday.
    const raised = await alertCardFreeTrialsEnding(
      { billingClock: () => new Date(start + 5 * DAY), events: bus.events },
      data,
      [endsSoon, startedLater, over, onStripe].map((u) => u.userId),
    );

    expect(raised).toBe(1);
    expect(bus.published).toEqual([
      {
        type: 'AlertRequested',
        detail: {
          userId: endsSoon.userId,
          kind: 'trial_ending',
          priority: 2,
          title: 'Your free trial ends on 2031-01-17',
          body: 'Keep your forecast, calendar and coach: choose a plan before the trial ends.',
          link: '/settings',
          once: 'trial_ending:2031-01-17',
        },
      },
    ]);
  });
});
