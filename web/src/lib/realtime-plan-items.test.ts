// A pushed plan change puts the month's planned items into an open calendar before its refetch lands.
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RealtimePush } from '@events/realtime.ts';
import type { PlanItem } from './money-plan-api.ts';
import { cacheAreas } from './react-query.ts';
import { planChangedProfiles, showPlannedItemsNow, withPlannedItems } from './realtime-plan-items.ts';

const push = (event: RealtimePush['event'], profileId: string | null): RealtimePush => ({
  type: 'event',
  id: `${event}-${profileId}`,
  event,
  profileId,
  at: '2026-11-24T00:00:00Z',
});

const item = (id: string, due_date: string, account_id: string | null, extra: Partial<PlanItem> = {}) =>
  ({ id, due_date, account_id, amount: -1234, description: id, ...extra }) as PlanItem;

/** A cached month as the calendar holds it: two days, checking in view, savings not. */
const month = (m: string, planned: PlanItem[] = []) => ({
  month: m,
  account_id: null,
  accounts: [
    { id: 'checking', account_name: 'Checking', in_view: true },
    { id: 'savings', account_name: 'Savings', in_view: false },
  ],
  summary: { planned_out: -100 },
  days: [
    {
      date: `${m}-01`,
      planned,
      transactions: [{ id: 't1' }],
      balances: { total: { opening: 5, closing: 4 } },
    },
    { date: `${m}-02`, planned: [], transactions: [], balances: { total: { opening: 4, closing: 4 } } },
  ],
});

describe('planChangedProfiles', () => {
  it('names each profile whose plan changed once, and nothing for other events', () => {
    const pushes = [push('PlanChanged', 'p1'), push('ForecastUpdated', 'p2'), push('PlanChanged', 'p1')];
    expect(planChangedProfiles(pushes)).toEqual(['p1']);
    expect(planChangedProfiles([push('NoticePublished', null)])).toEqual([]);
  });
});

describe('withPlannedItems', () => {
  it("puts each item on its day when it counts in the month's view, as the server's calendar does", () => {
    const items = [
      item('everywhere', '2026-11-01', null),
      item('on-checking', '2026-11-02', 'checking'),
      item('on-savings', '2026-11-02', 'savings'),
      item('deleted', '2026-11-01', 'checking', { is_user_deleted: true }),
    ];
    const patched = withPlannedItems(month('2026-11', [item('old', '2026-11-01', null)]), items);
    expect(patched.days.map((d) => d.planned.map((p) => p.id))).toEqual([['everywhere'], ['on-checking']]);
  });
});

describe('showPlannedItemsNow', () => {
  const key = (profileId: string, m: string, view = 'cash') => [
    cacheAreas.transactionsCalendar,
    profileId,
    { month: m, view },
  ];
  const unsubscribes: Array<() => void> = [];
  afterEach(() => unsubscribes.splice(0).forEach((unsubscribe) => unsubscribe()));
  /** A month a mounted calendar shows (a query with an observer), not refetched by the test. */
  function onScreen(client: QueryClient, queryKey: QueryKey, data: unknown) {
    client.setQueryData(queryKey, data);
    const observer = new QueryObserver(client, { queryKey, queryFn: () => data, staleTime: Infinity });
    unsubscribes.push(observer.subscribe(() => undefined));
  }

  it("reads each shown month's items once and changes only their planned lists", async () => {
    const client = new QueryClient();
    onScreen(client, key('p1', '2026-11'), month('2026-11'));
    onScreen(client, key('p1', '2026-11', 'net_worth'), month('2026-11'));
    onScreen(client, key('p2', '2026-11'), month('2026-11'));
    // Cached but not on screen: read afresh when shown.
    client.setQueryData(key('p1', '2026-12'), month('2026-12'));
    const list = vi.fn(async (_profileId: string, _query: { from?: string; to?: string }) => [
      item('new', '2026-11-02', null),
    ]);

    await showPlannedItemsNow(client, 'p1', list);

    expect(list.mock.calls).toEqual([['p1', { from: '2026-11-01', to: '2026-11-30' }]]);
    for (const view of ['cash', 'net_worth']) {
      const november = client.getQueryData<ReturnType<typeof month>>(key('p1', '2026-11', view));
      expect(november?.days.map((d) => d.planned.map((p) => p.id))).toEqual([[], ['new']]);
      // Balances, transactions and totals stay as cached until the month is read again.
      expect(november?.days[0]).toMatchObject({
        transactions: [{ id: 't1' }],
        balances: { total: { opening: 5 } },
      });
      expect(november?.summary).toEqual({ planned_out: -100 });
    }
    expect(client.getQueryData(key('p1', '2026-12'))).toEqual(month('2026-12'));
    expect(client.getQueryData(key('p2', '2026-11'))).toEqual(month('2026-11'));
  });

  it('leaves a month alone whose own refetch landed first; a failed read changes nothing', async () => {
    const client = new QueryClient();
    const fresh = month('2026-11', [item('from-the-refetch', '2026-11-01', null)]);
    onScreen(client, key('p1', '2026-11'), month('2026-11'));
    onScreen(client, key('p1', '2026-12'), month('2026-12'));
    const list = vi.fn(async (_profileId: string, _query: { from?: string; to?: string }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      client.setQueryData(key('p1', '2026-11'), fresh);
      return [item('stale-read', '2026-11-02', null), item('december', '2026-12-02', null)];
    });

    await showPlannedItemsNow(client, 'p1', list);

    expect(list.mock.calls).toEqual([['p1', { from: '2026-11-01', to: '2026-12-31' }]]);
    expect(client.getQueryData(key('p1', '2026-11'))).toEqual(fresh);
    const december = client.getQueryData<ReturnType<typeof month>>(key('p1', '2026-12'));
    expect(december?.days.map((d) => d.planned.map((p) => p.id))).toEqual([[], ['december']]);

    const failing = vi.fn(async () => Promise.reject(new Error('network')));
    await showPlannedItemsNow(client, 'p1', failing);
    expect(client.getQueryData(key('p1', '2026-12'))).toEqual(december);
  });
});
