// The card-free 7-day trial (spec §4 connect flow: "after success ... start a trial"; §6 trial start is
// available to any signed-in user; §9 7 days): one per person, ever. The write is conditional, so two
// concurrent starts make one trial.
import { ConflictError } from '../../../domain/errors.ts';
import { trialEnd } from '../../../domain/subscription.ts';
import type { Data } from '../data/index.ts';
import { isConditionFailure } from '../money/store.ts';
import { tally } from '../admin/tally.ts';
import type { Deps } from '../deps.ts';
import { subscriberOf, viewOf, type SubscriberRecord } from './record.ts';

export const TRIAL_USED_MESSAGE = 'You have already used your free trial. Choose a plan to continue.';

export type TrialOutcome =
  | { started: true; record: SubscriberRecord }
  /** A trial is already running (a retry of the start that succeeded): nothing changes. */
  | { started: false; record: SubscriberRecord };

/** Starts the trial, or answers the running one; refuses (409) a person whose trial is used. */
export async function startCardFreeTrial(
  deps: Pick<Deps, 'billingClock'>,
  data: Data,
  userId: string,
): Promise<TrialOutcome> {
  const existing = await subscriberOf(data, userId);
  if (existing?.trial_used || (existing && existing.status !== 'none')) {
    if (viewOf(existing, deps).is_trialing) return { started: false, record: existing };
    throw new ConflictError(TRIAL_USED_MESSAGE);
  }
  const start = deps.billingClock();
  const trial = {
    trial_used: true,
    trial_source: 'connection' as const,
    trial_start: start.toISOString(),
    trial_end: trialEnd(start).toISOString(),
  };
  try {
    if (!existing) {
      await data.subscribers.create({ user_id: userId, status: 'none', subscribed: false, ...trial }).go();
    } else {
      await data.subscribers
        .patch({ user_id: userId })
        .set(trial)
        .where((attr, op) => `${op.eq(attr.trial_used, false)} AND ${op.eq(attr.status, 'none')}`)
        .go();
    }
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Someone else's start won: answer as a retry would.
    return startCardFreeTrial(deps, data, userId);
  }
  await tally(data, { kind: 'subscriber', userId }, start);
  const record = await subscriberOf(data, userId);
  if (!record) throw new Error('trial record vanished');
  return { started: true, record };
}

/** After a first successful account connection: the trial starts if this person never had one.
 * Resolves whether it started now. */
export async function startTrialOnFirstConnection(
  deps: Pick<Deps, 'billingClock'>,
  data: Data,
  userId: string,
): Promise<boolean> {
  const existing = await subscriberOf(data, userId);
  if (existing?.trial_used || (existing && existing.status !== 'none')) return false;
  try {
    return (await startCardFreeTrial(deps, data, userId)).started;
  } catch (error) {
    if (error instanceof ConflictError) return false;
    throw error;
  }
}
