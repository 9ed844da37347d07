// Planned items a user adds by hand, through the gateway: a repeating item becomes a
// series with one item per occurrence; an edit or delete applies to one occurrence or to the series
// from that one on, and is undone by PATCH {is_user_deleted: false}; the series is listed with the
// detected streams; money-plan categories; each member's forecast view settings; bad input is a 400
// naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/money/dates.ts';
import { signUpAndSignIn, type TestUser } from './helpers.ts';
import { defaultProfile, forecastSettled, joinAs, profileApi } from './money-helpers.ts';

interface Item {
  id: string;
  due_date: string;
  amount: number;
  description: string;
  series_id: string | null;
  series_source: string | null;
  cadence: string | null;
  category_primary: string | null;
  money_plan_category_id: string | null;
  category_detailed: string | null;
  is_user_edited: boolean;
  is_user_deleted: boolean;
}
interface Stream {
  series_id: string;
  source: string;
  kind: string;
  cadence: string;
  amount: number;
  monthly_amount: number;
  next_date: string | null;
  is_planned: boolean;
  is_suppressed: boolean;
  schedule: string;
  category: { primary: string; detailed: string } | null;
}

const today = () => new Date().toISOString().slice(0, 10);
let user: TestUser;
let profileId: string;

const call = <T>(method: string, path: string, body?: unknown) =>
  profileApi<T>(method, path, { token: user.idToken, profileId, body });
const items = async (from: string, to: string, extra = '') =>
  (await call<{ items: Item[] }>('GET', `/money-plan/items?from=${from}&to=${to}${extra}`)).body.items;

beforeAll(async () => {
  user = await signUpAndSignIn('Plan Maker');
  profileId = await defaultProfile(user);
});
afterAll(() => forecastSettled(profileId));

describe('repeating items', () => {
  it('plans every occurrence, edits and deletes one or the series from one on, and undoes', async () => {
    const start = addDays(today(), 2);
    const until = addDays(today(), 70);
    const created = await call<{ item: Item; series: Stream; items_created: number }>(
      'POST',
      '/money-plan/items',
      {
        description: 'Piano lessons',
        amount: -4_500,
        due_date: start,
        account_id: null,
        recurrence: { cadence: 'weekly', until },
      },
    );
    expect(created.status).toBe(201);
    expect(created.body.items_created).toBe(10);
    expect(created.body.series).toMatchObject({
      source: 'user',
      cadence: 'weekly',
      amount: -4_500,
      is_planned: true,
    });
    expect(created.body.item).toMatchObject({ due_date: start, series_source: 'user' });
    const seriesId = created.body.series.series_id;
    const all = (await items(today(), until)).filter((i) => i.series_id === seriesId);
    expect(all.map((i) => i.due_date)).toEqual(Array.from({ length: 10 }, (_, k) => addDays(start, 7 * k)));

    // One occurrence moves; the series does not.
    const moved = await call<{ item: Item }>('PATCH', `/money-plan/items/${all[1]?.id}`, {
      due_date: addDays(start, 8),
    });
    expect(moved.body.item).toMatchObject({ due_date: addDays(start, 8), is_user_edited: true });

    // From the third occurrence on, a new price.
    const music = { primary: 'ENTERTAINMENT', detailed: 'ENTERTAINMENT_MUSIC_AND_AUDIO' };
    const repriced = await call<{ updated: number }>('PATCH', `/money-plan/items/${all[2]?.id}`, {
      amount: -5_000,
      category: music,
      scope: 'series',
    });
    expect(repriced.status).toBe(200);
    expect(repriced.body.updated).toBe(8);
    const afterPrice = (await items(today(), until)).filter((i) => i.series_id === seriesId);
    expect(afterPrice.map((i) => i.amount)).toEqual([-4_500, -4_500, ...Array(8).fill(-5_000)]);
    expect(afterPrice[9]?.category_detailed).toBe(music.detailed);
    expect(afterPrice[0]?.category_detailed).toBeNull();

    // From the sixth on, deleted; the series is suppressed (no occurrence is planned again).
    const deleted = await call<{ deleted: number }>('DELETE', `/money-plan/items/${all[5]?.id}?scope=series`);
    expect(deleted.body.deleted).toBe(5);
    expect((await items(today(), until)).filter((i) => i.series_id === seriesId)).toHaveLength(5);
    const tombstones = (await items(today(), until, '&includeDeleted=true')).filter(
      (i) => i.series_id === seriesId && i.is_user_deleted,
    );
    expect(tombstones).toHaveLength(5);
    const streams = await call<{ streams: Stream[] }>('GET', '/money-plan/streams');
    expect(streams.body.streams.find((s) => s.series_id === seriesId)).toMatchObject({
      is_suppressed: true,
      is_planned: false,
      amount: -5_000,
    });

    // Undo.
    const restored = await call<{ updated: number }>('PATCH', `/money-plan/items/${all[5]?.id}`, {
      is_user_deleted: false,
      scope: 'series',
    });
    expect(restored.body.updated).toBe(5);
    expect((await items(today(), until)).filter((i) => i.series_id === seriesId)).toHaveLength(10);
    const again = await call<{ streams: Stream[]; summary: { bills: number } }>('GET', '/money-plan/streams');
    expect(again.body.streams.find((s) => s.series_id === seriesId)).toMatchObject({
      is_suppressed: false,
      is_planned: true,
      monthly_amount: Math.round((-5_000 * 52) / 12),
    });
    expect(again.body.summary.bills).toBe(Math.round((5_000 * 52) / 12));
    expect(again.body.streams.find((s) => s.series_id === seriesId)).toMatchObject({ category: music });
  });

  it('a new date or repeat for the series starts a new schedule there; a one-off can be made to repeat', async () => {
    type Created = { item: Item; series: Stream | null; items_created: number };
    const start = addDays(today(), 3);
    const horizon = addDays(today(), 200);
    const gym = await call<Created>('POST', '/money-plan/items', {
      description: 'Gym',
      amount: -3_000,
      due_date: start,
      account_id: null,
      category: { primary: 'PERSONAL_CARE' },
      recurrence: { cadence: 'monthly' },
    });
    expect(gym.status).toBe(201);
    const oldSeries = gym.body.series?.series_id ?? '';
    const open = (list: Item[], seriesId: string) =>
      list.filter((i) => i.series_id === seriesId && !i.is_user_deleted).map((i) => i.due_date);
    expect(open(await items(today(), horizon), oldSeries).length).toBeGreaterThanOrEqual(6);
    expect(gym.body.item).toMatchObject({ cadence: 'monthly' });

    // The second occurrence moves two days later for it and every later one: the old schedule stops
    // there, a new monthly one starts on the new date, with the category and amount carried over.
    const second = (await items(today(), horizon)).filter((i) => i.series_id === oldSeries)[1];
    if (!second) throw new Error('no second occurrence');
    const moved = addDays(second.due_date, 2);
    const shifted = await call<Created & { replaced_item_id: string }>(
      'PATCH',
      `/money-plan/items/${second.id}`,
      { due_date: moved, amount: -3_500, scope: 'series' },
    );
    expect(shifted.status).toBe(200);
    expect(shifted.body.item).toMatchObject({
      due_date: moved,
      amount: -3_500,
      description: 'Gym',
      series_source: 'user',
      cadence: 'monthly',
      category_primary: 'PERSONAL_CARE',
    });
    const newSeries = shifted.body.item.series_id ?? '';
    expect(newSeries).not.toBe(oldSeries);
    const after = await items(today(), horizon, '&includeDeleted=true');
    expect(open(after, oldSeries)).toEqual([start]);
    const newDates = open(after, newSeries);
    expect(newDates[0]).toBe(moved);
    expect(newDates.length).toBeGreaterThanOrEqual(5);
    expect(after.filter((i) => i.series_id === oldSeries && i.is_user_deleted).length).toBeGreaterThan(3);

    // From monthly to every two weeks, from its first occurrence on.
    const repaced = await call<Created>('PATCH', `/money-plan/items/${shifted.body.item.id}`, {
      recurrence: { cadence: 'biweekly' },
      scope: 'series',
    });
    expect(repaced.status).toBe(200);
    expect(repaced.body.item).toMatchObject({ due_date: moved, cadence: 'biweekly', amount: -3_500 });
    const biweekly = open(await items(today(), horizon), repaced.body.item.series_id ?? '');
    expect(biweekly.slice(0, 3)).toEqual([moved, addDays(moved, 14), addDays(moved, 28)]);

    // Changing how it repeats needs the series scope; a matched or one-off item has its own rules.
    const onlyThis = await call<{ issues: Array<{ field: string }> }>(
      'PATCH',
      `/money-plan/items/${repaced.body.item.id}`,
      { recurrence: { cadence: 'weekly' } },
    );
    expect(onlyThis.status).toBe(400);
    expect(onlyThis.body.issues[0]?.field).toBe('scope');

    // No longer repeating: one open occurrence is left from that date.
    const single = await call<Created>('PATCH', `/money-plan/items/${repaced.body.item.id}`, {
      recurrence: null,
      scope: 'series',
    });
    expect(single.status).toBe(200);
    expect(single.body.item).toMatchObject({ due_date: moved, series_id: null, cadence: null });
    expect(open(await items(today(), horizon), repaced.body.item.series_id ?? '')).toEqual([]);

    // A one-off made to repeat monthly.
    const lesson = await call<Created>('POST', '/money-plan/items', {
      description: 'Swim lesson',
      amount: -2_000,
      due_date: addDays(today(), 4),
      account_id: null,
    });
    const repeating = await call<Created>('PATCH', `/money-plan/items/${lesson.body.item.id}`, {
      recurrence: { cadence: 'monthly' },
    });
    expect(repeating.status).toBe(200);
    expect(repeating.body.item).toMatchObject({ description: 'Swim lesson', cadence: 'monthly' });
    expect(
      open(await items(today(), horizon), repeating.body.item.series_id ?? '').length,
    ).toBeGreaterThanOrEqual(6);
    const listed = await items(today(), horizon, '&includeDeleted=true');
    expect(listed.find((i) => i.id === lesson.body.item.id)?.is_user_deleted).toBe(true);
  });

  it('refuses what does not make sense, naming the field', async () => {
    const oneOff = await call<{ item: Item }>('POST', '/money-plan/items', {
      description: 'Concert tickets',
      amount: -12_000,
      due_date: addDays(today(), 5),
      account_id: null,
    });
    expect(oneOff.body.item.series_id).toBeNull();
    const cases: Array<[string, string, unknown, string]> = [
      ['PATCH', `/money-plan/items/${oneOff.body.item.id}`, { amount: -1, scope: 'series' }, 'scope'],
      ['PATCH', `/money-plan/items/${oneOff.body.item.id}`, {}, 'body'],
      ['PATCH', `/money-plan/items/${oneOff.body.item.id}`, { amount: 0 }, 'amount'],
      ['PATCH', `/money-plan/items/${oneOff.body.item.id}`, { colour: 'red' }, 'body'],
      [
        'POST',
        '/money-plan/items',
        { description: 'Far away', amount: -100, due_date: addDays(today(), 731), account_id: null },
        'due_date',
      ],
      [
        'POST',
        '/money-plan/items',
        {
          description: 'Wrong category',
          amount: -100,
          due_date: today(),
          account_id: null,
          category: { primary: 'FOOD_AND_DRINK', detailed: 'TRAVEL_FLIGHTS' },
        },
        'category.detailed',
      ],
      [
        'POST',
        '/money-plan/items',
        {
          description: 'Backwards',
          amount: -100,
          due_date: today(),
          account_id: null,
          recurrence: { cadence: 'monthly', until: addDays(today(), -1) },
        },
        'recurrence.until',
      ],
      [
        'POST',
        '/money-plan/items',
        {
          description: 'No such category',
          amount: -100,
          due_date: today(),
          account_id: null,
          money_plan_category_id: 'nope',
        },
        'money_plan_category_id',
      ],
      ['GET', `/money-plan/items?from=${today()}&to=${addDays(today(), -1)}`, undefined, 'query.to'],
    ];
    for (const [method, path, body, field] of cases) {
      const response = await call<{ issues: Array<{ field: string }> }>(method, path, body);
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(response.body.issues[0]?.field ?? '', JSON.stringify(body)).toBe(field);
    }
    expect((await call('PATCH', '/money-plan/items/pi_unknown', { amount: -1 })).status).toBe(404);
  });
});

describe('one-off items', () => {
  it('oneOff=true lists only the items that do not repeat (the Money Plan lists them apart)', async () => {
    const day = addDays(today(), 12);
    const oneOff = await call<{ item: Item }>('POST', '/money-plan/items', {
      description: 'Passport renewal',
      amount: -16_500,
      due_date: day,
      account_id: null,
    });
    const repeating = await call<{ item: Item }>('POST', '/money-plan/items', {
      description: 'Window cleaner',
      amount: -2_000,
      due_date: day,
      account_id: null,
      recurrence: { cadence: 'monthly' },
    });
    expect([oneOff.status, repeating.status]).toEqual([201, 201]);
    const all = await items(day, day);
    expect(all.map((i) => i.description).sort()).toEqual(['Passport renewal', 'Window cleaner']);
    const single = await items(day, day, '&oneOff=true');
    expect(single.map((i) => [i.id, i.series_id])).toEqual([[oneOff.body.item.id, null]]);
  });
});

describe('the list reads what it shows', () => {
  it('answers each item as the item read whole does: the projected query and the series cadences lose nothing', async () => {
    const start = addDays(today(), 3);
    const created = await call<{ item: Item; series: Stream }>('POST', '/money-plan/items', {
      description: 'Cello lessons',
      amount: -6_000,
      due_date: start,
      account_id: null,
      category: { primary: 'MEDICAL', detailed: 'MEDICAL_DENTAL_CARE' },
      recurrence: { cadence: 'monthly' },
    });
    expect(created.status).toBe(201);
    const listed = (await items(today(), addDays(today(), 120))).filter(
      (i) => i.series_id === created.body.series.series_id,
    );
    expect(listed.length).toBeGreaterThan(2);
    // A PATCH answers with the item read whole (GetItem, its series by key).
    const second = listed[1] as Item;
    const patched = await call<{ item: Item }>('PATCH', `/money-plan/items/${second.id}`, {
      description: 'Cello lessons (teacher)',
    });
    expect(patched.status).toBe(200);
    const relisted = (await items(today(), addDays(today(), 120), '&includeDeleted=true')).find(
      (i) => i.id === second.id,
    );
    expect(relisted).toEqual(patched.body.item);
    expect(relisted).toMatchObject({ cadence: 'monthly', series_source: 'user', is_user_edited: true });
  });
});

describe('money-plan categories', () => {
  it('creates, lists, refuses a duplicate name, and is usable on an item', async () => {
    const created = await call<{ id: string; name: string }>('POST', '/money-plan/categories', {
      name: 'Kids',
      color: '#10B981',
    });
    expect(created.status).toBe(201);
    expect((await call('POST', '/money-plan/categories', { name: 'kids' })).status).toBe(409);
    const listed = await call<{ categories: Array<{ id: string; name: string }> }>(
      'GET',
      '/money-plan/categories',
    );
    expect(listed.body.categories.map((c) => c.name)).toContain('Kids');
    const item = await call<{ item: Item }>('POST', '/money-plan/items', {
      description: 'School trip',
      amount: -6_000,
      due_date: addDays(today(), 9),
      account_id: null,
      money_plan_category_id: created.body.id,
    });
    expect(item.body.item.money_plan_category_id).toBe(created.body.id);
  });
});

describe('forecast view settings (per user per profile)', () => {
  interface Settings {
    low_balance_threshold: number;
    include_allowance: boolean;
    updated_at: string | null;
  }
  it('defaults to $100 and the allowance on; saves, validates, and each member keeps their own', async () => {
    const initial = await call<Settings>('GET', '/money-plan/settings');
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({
      low_balance_threshold: 10_000,
      include_allowance: true,
      view: 'cash',
      updated_at: null,
    });

    const saved = await call<Settings>('PUT', '/money-plan/settings', { low_balance_threshold: 25_000 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ low_balance_threshold: 25_000, include_allowance: true });
    const off = await call<Settings>('PUT', '/money-plan/settings', { include_allowance: false });
    expect(off.body).toMatchObject({ low_balance_threshold: 25_000, include_allowance: false });
    expect(off.body.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    for (const [body, field] of [
      [{ low_balance_threshold: 12.5 }, 'low_balance_threshold'],
      [{ low_balance_threshold: -1 }, 'low_balance_threshold'],
      [{ low_balance_threshold: '100' }, 'low_balance_threshold'],
      [{ include_allowance: 'yes' }, 'include_allowance'],
      [{}, 'body'],
    ] as const) {
      const response = await call<{ issues: Array<{ field: string }> }>('PUT', '/money-plan/settings', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.issues[0]?.field, JSON.stringify(body)).toBe(field);
    }
    expect((await call('PUT', '/money-plan/settings', { colour: 'red' })).status).toBe(400);

    // The calendar and the forecast series use them when the request does not say otherwise.
    const month = today().slice(0, 7);
    const calendar = await call<{ low_balance_threshold: number; include_allowance: boolean }>(
      'POST',
      '/functions/get-money-plan-calendar',
      { month },
    );
    expect(calendar.body).toMatchObject({ low_balance_threshold: 25_000, include_allowance: false });
    const explicit = await call<{ low_balance_threshold: number; include_allowance: boolean }>(
      'POST',
      '/functions/get-money-plan-calendar',
      { month, lowBalanceThreshold: 5_000, includeAllowance: true },
    );
    expect(explicit.body).toMatchObject({ low_balance_threshold: 5_000, include_allowance: true });

    // A viewer may keep their own view (it changes nothing for anyone else); the owner's stays.
    const viewer = await joinAs(user, profileId, 'viewer');
    const asViewer = <T>(method: string, body?: unknown) =>
      profileApi<T>(method, '/money-plan/settings', { token: viewer.idToken, profileId, body });
    expect((await asViewer<Settings>('GET')).body.low_balance_threshold).toBe(10_000);
    const viewerSaved = await asViewer<Settings>('PUT', { low_balance_threshold: 99_00 });
    expect(viewerSaved.status).toBe(200);
    expect((await call<Settings>('GET', '/money-plan/settings')).body.low_balance_threshold).toBe(25_000);

    // Someone without access to the profile reads and writes nothing.
    const stranger = await signUpAndSignIn('Sam Stranger');
    const strangerRead = await profileApi('GET', '/money-plan/settings', {
      token: stranger.idToken,
      profileId,
    });
    expect(strangerRead.status).toBe(404);
  });
});
