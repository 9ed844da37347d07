// Editing a planned item in full on the Money Plan, through the gateway: a detected subscription given a
// new amount, date, account and cadence becomes a user series that stays a subscription with its
// category, and the plan lists it once (the series it replaced is not listed as removed); restoring the
// replaced item undoes the edit. The same for a one-off made to repeat and a series made a one-off, and
// a money-out series edited to money in is listed as income.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/money/dates.ts';
import type { TestUser } from './helpers.ts';
import {
  forecastSettled,
  generatePlan,
  linkedUser,
  profileApi,
  type StoredAccountView,
} from './money-helpers.ts';

interface Stream {
  series_id: string;
  source: string;
  kind: string;
  cadence: string;
  amount: number;
  description: string;
  account_id: string | null;
  next_date: string | null;
  is_planned: boolean;
  is_suppressed: boolean;
  category: { primary: string; detailed: string } | null;
}
interface Item {
  id: string;
  due_date: string;
  amount: number;
  account_id: string | null;
  series_id: string | null;
  cadence: string | null;
  category_primary: string | null;
  category_detailed: string | null;
  is_user_deleted: boolean;
  is_reconciled: boolean;
}
interface Edited {
  item: Item;
  series: Stream | null;
  replaced_item_id?: string;
}

const today = () => new Date().toISOString().slice(0, 10);
let owner: TestUser;
let profileId: string;
let accounts: StoredAccountView[];

const call = <T>(method: string, path: string, body?: unknown) =>
  profileApi<T>(method, path, { token: owner.idToken, profileId, body });
const streams = async () => (await call<{ streams: Stream[] }>('GET', '/money-plan/streams')).body.streams;
const items = async (extra = '') =>
  (
    await call<{ items: Item[] }>(
      'GET',
      `/money-plan/items?from=${today()}&to=${addDays(today(), 400)}${extra}`,
    )
  ).body.items;
const open = (list: Item[], seriesId: string) =>
  list.filter((i) => i.series_id === seriesId && !i.is_user_deleted && !i.is_reconciled);

beforeAll(async () => {
  ({ user: owner, profileId, accounts } = await linkedUser('ins_109509'));
  expect((await generatePlan({ token: owner.idToken, profileId })).status).toBe(200);
}, 120_000);
afterAll(() => forecastSettled(profileId));

describe('editing a planned item in full', () => {
  it('keeps a subscription a subscription with its category, lists it once, and undoes', async () => {
    const before = await streams();
    // The sandbox bank's streaming subscriptions (Netflix, Spotify, …) vary by user: the first planned one.
    const netflix = before.find((s) => s.kind === 'subscription' && s.is_planned);
    if (!netflix) throw new Error(`no subscription in ${before.map((s) => s.description).join(', ')}`);
    const sameName = (s: Stream) => s.description === netflix.description;
    expect(netflix.category).not.toBeNull();
    const next = open(await items(), netflix.series_id)[0];
    if (!next) throw new Error('no open occurrence');
    const other = accounts.find((a) => a.id !== netflix.account_id && a.account_type === 'depository');
    if (!other) throw new Error('no other account');

    // Everything the edit form offers but the category: amount, date, account, every two weeks.
    const moved = addDays(next.due_date, 3);
    const edited = await call<Edited>('PATCH', `/money-plan/items/${next.id}`, {
      amount: -1_999,
      due_date: moved,
      account_id: other.id,
      recurrence: { cadence: 'biweekly' },
      scope: 'series',
    });
    expect(edited.status).toBe(200);
    expect(edited.body.replaced_item_id).toBe(next.id);
    expect(edited.body.item).toMatchObject({
      due_date: moved,
      amount: -1_999,
      account_id: other.id,
      cadence: 'biweekly',
      category_primary: netflix.category?.primary,
      category_detailed: netflix.category?.detailed,
    });
    const replacement = edited.body.item.series_id ?? '';

    const after = await streams();
    const listed = after.filter(sameName);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      series_id: replacement,
      kind: 'subscription',
      cadence: 'biweekly',
      amount: -1_999,
      account_id: other.id,
      is_planned: true,
      is_suppressed: false,
      category: netflix.category,
    });
    expect(after.filter((s) => s.is_suppressed)).toEqual(before.filter((s) => s.is_suppressed));
    expect(open(await items(), netflix.series_id)).toEqual([]);

    // Undo: the replaced item restored with its series brings the subscription back as it was, and the
    // schedule the edit made goes without being listed as removed.
    const undone = await call<{ updated: number }>('PATCH', `/money-plan/items/${next.id}`, {
      is_user_deleted: false,
      scope: 'series',
    });
    expect(undone.status).toBe(200);
    const restored = await streams();
    expect(restored.filter(sameName)).toEqual([
      expect.objectContaining({
        series_id: netflix.series_id,
        kind: 'subscription',
        amount: netflix.amount,
        is_suppressed: false,
        is_planned: true,
      }),
    ]);
    const list = await items();
    expect(open(list, netflix.series_id)[0]).toMatchObject({ id: next.id, due_date: next.due_date });
    expect(open(list, replacement)).toEqual([]);
  });

  it('a bill edited to money in is listed as income', async () => {
    const created = await call<Edited>('POST', '/money-plan/items', {
      description: 'Lodger rent',
      amount: -40_000,
      due_date: addDays(today(), 5),
      account_id: null,
      recurrence: { cadence: 'monthly' },
    });
    expect(created.body.series?.kind).toBe('bill');
    const edited = await call<Edited>('PATCH', `/money-plan/items/${created.body.item.id}`, {
      amount: 40_000,
      due_date: addDays(today(), 6),
      scope: 'series',
    });
    expect(edited.status).toBe(200);
    const listed = (await streams()).filter((s) => s.description === 'Lodger rent');
    expect(listed.map((s) => [s.kind, s.amount])).toEqual([['income', 40_000]]);
  });

  it('undoes a one-off made to repeat, and a series made a one-off', async () => {
    const oneOff = await call<Edited>('POST', '/money-plan/items', {
      description: 'Tennis court',
      amount: -2_500,
      due_date: addDays(today(), 4),
      account_id: null,
    });
    const repeating = await call<Edited>('PATCH', `/money-plan/items/${oneOff.body.item.id}`, {
      recurrence: { cadence: 'weekly' },
    });
    expect(repeating.status).toBe(200);
    const weekly = repeating.body.item.series_id ?? '';
    expect((await streams()).filter((s) => s.description === 'Tennis court')).toHaveLength(1);

    // Undo: the one-off is back and the weekly series is gone, listed neither as planned nor removed.
    const undone = await call('PATCH', `/money-plan/items/${oneOff.body.item.id}`, {
      is_user_deleted: false,
    });
    expect(undone.status).toBe(200);
    expect((await streams()).filter((s) => s.description === 'Tennis court')).toEqual([]);
    const list = await items();
    expect(open(list, weekly)).toEqual([]);
    expect(list.filter((i) => i.id === oneOff.body.item.id)).toHaveLength(1);

    // A weekly series made a one-off from its first occurrence, then undone.
    const lessons = await call<Edited>('POST', '/money-plan/items', {
      description: 'Tennis lessons',
      amount: -3_000,
      due_date: addDays(today(), 2),
      account_id: null,
      recurrence: { cadence: 'weekly' },
    });
    const seriesId = lessons.body.series?.series_id ?? '';
    const single = await call<Edited>('PATCH', `/money-plan/items/${lessons.body.item.id}`, {
      recurrence: null,
      scope: 'series',
    });
    expect(single.status).toBe(200);
    expect((await streams()).filter((s) => s.description === 'Tennis lessons')).toEqual([]);
    await call('PATCH', `/money-plan/items/${lessons.body.item.id}`, {
      is_user_deleted: false,
      scope: 'series',
    });
    expect((await streams()).filter((s) => s.description === 'Tennis lessons')).toEqual([
      expect.objectContaining({ series_id: seriesId, is_suppressed: false }),
    ]);
    const after = await items();
    expect(after.find((i) => i.id === single.body.item.id)).toBeUndefined();
    expect(open(after, seriesId).length).toBeGreaterThan(10);
  });
});
