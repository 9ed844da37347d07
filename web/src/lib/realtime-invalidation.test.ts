// Which caches each realtime push makes stale, and what a catch-up refetches.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { REALTIME_EVENTS, type RealtimeEvent, type RealtimePush } from '@events/realtime.ts';
import { FINANCIAL_PROFILES_KEY } from './financial-profiles-query.ts';
import { cacheAreas } from './react-query.ts';
import {
  catchUpKeys,
  invalidate,
  keysToInvalidate,
  NOTICES_KEY,
  SUBSCRIPTION_KEY,
} from './realtime-invalidation.ts';

const push = (event: RealtimeEvent, profileId: string | null = 'p1'): RealtimePush => ({
  type: 'event',
  id: `${event}-1`,
  event,
  profileId,
  at: '2026-11-24T00:00:00Z',
});

describe('keysToInvalidate', () => {
  it("invalidates a plan change's plan and plan items of that profile only; the calendar on the rebuild", () => {
    expect(keysToInvalidate([push('PlanChanged')])).toEqual([
      [cacheAreas.moneyPlan, 'p1'],
      [cacheAreas.moneyPlanTransactions, 'p1'],
    ]);
    expect(keysToInvalidate([push('ForecastUpdated')])).toContainEqual([
      cacheAreas.transactionsCalendar,
      'p1',
    ]);
  });

  it('maps every realtime event to at least one key, and notices and subscriptions to their own', () => {
    // A job's step goes into the job's own query instead (jobs-api.test.ts).
    for (const event of REALTIME_EVENTS.filter((e) => e !== 'JobProgress'))
      expect(keysToInvalidate([push(event)]), event).not.toHaveLength(0);
    expect(keysToInvalidate([push('JobProgress')])).toEqual([]);
    expect(keysToInvalidate([push('NoticePublished', null)])).toEqual([[NOTICES_KEY]]);
    expect(keysToInvalidate([push('SubscriptionChanged', null)])).toEqual([[SUBSCRIPTION_KEY]]);
  });

  it('reads only the list of profiles again when access to one ended, nothing of the profile', () => {
    expect(keysToInvalidate([push('MemberRemoved')])).toEqual([[FINANCIAL_PROFILES_KEY]]);
  });

  it('names each key once for a batch', () => {
    const keys = keysToInvalidate([push('PlanChanged'), push('PlanChanged'), push('ForecastUpdated')]);
    expect(keys.filter((k) => k[0] === cacheAreas.transactionsCalendar)).toHaveLength(1);
    expect(keys).toContainEqual([cacheAreas.runningBalances, 'p1']);
  });
});

describe('invalidate', () => {
  it("marks exactly the named profile's matching queries stale", async () => {
    const client = new QueryClient();
    const keys = [
      [cacheAreas.moneyPlan, 'p1', 'streams'],
      [cacheAreas.moneyPlan, 'p2', 'streams'],
      [cacheAreas.transactionsCalendar, 'p1', { month: '2026-11' }],
      [cacheAreas.accounts, 'p1', 'list'],
      [NOTICES_KEY, 'calendar'],
    ];
    for (const key of keys) client.setQueryData(key, 1);
    await invalidate(client, keysToInvalidate([push('PlanChanged'), push('ForecastUpdated')]));
    const stale = keys.filter((key) => client.getQueryState(key)?.isInvalidated);
    expect(stale).toEqual([keys[0], keys[2]]);
  });

  it('catches up on every cache area of the active profile, the notices and the subscription', async () => {
    const client = new QueryClient();
    const keys = [
      [cacheAreas.accounts, 'p1', 'list'],
      [cacheAreas.runningBalances, 'p1', {}],
      [cacheAreas.accounts, 'p2', 'list'],
      [NOTICES_KEY, 'calendar'],
    ];
    for (const key of keys) client.setQueryData(key, 1);
    await invalidate(client, catchUpKeys('p1'));
    expect(keys.filter((key) => client.getQueryState(key)?.isInvalidated)).toEqual([
      keys[0],
      keys[1],
      keys[3],
    ]);
  });
});
