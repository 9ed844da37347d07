// Months ready to serve (functions/lib/money/month-views.ts): the plan's list and the
// calendar's month answer from the month views a regeneration writes, exactly as they answer from the
// planned items, series, matched transactions and balance months themselves, and never from a view that
// a later write made stale (plan edits, deletes, undoing a match, settings, a forced regeneration).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/money/dates.ts';
import { markInputsChanged } from '../../functions/lib/money/forecast-store.ts';
import { deleteMonthViews, viewListed, type ViewHeader } from '../../functions/lib/money/month-views.ts';
import { directData, signUpAndSignIn, type TestUser } from './helpers.ts';
import { drainQueues, forecastSettled, generatePlan, linkedUser, profileApi } from './money-helpers.ts';

interface Item {
  id: string;
  due_date: string;
  amount: number;
  description: string;
  cadence: string | null;
  series_source: string | null;
  is_reconciled: boolean;
  is_user_deleted: boolean;
  reconciliation: { transaction: { id: string } | null } | null;
}
interface CalendarMonth {
  generated_at: string;
  stale: boolean;
  low_days: number;
  summary: { low_days: number; planned_in: number; planned_out: number };
  days: Array<{ date: string; planned: Item[]; balances: { total: { closing: number } | null } }>;
}

const today = () => new Date().toISOString().slice(0, 10);
const monthAt = (offset: number) => {
  const t = new Date();
  return new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
};
let user: TestUser;
let profileId: string;

const call = <T>(method: string, path: string, body?: unknown) =>
  profileApi<T>(method, path, { token: user.idToken, profileId, body });
const list = async () => {
  const response = await call<{ items: Item[] }>(
    'GET',
    `/money-plan/items?from=${addDays(today(), -31)}&to=${addDays(today(), 400)}&includeDeleted=true`,
  );
  expect(response.status).toBe(200);
  return response.body.items;
};
const calendar = async (month: string, body: Record<string, unknown> = {}) => {
  const response = await call<CalendarMonth>('POST', '/functions/get-money-plan-calendar', {
    month,
    ...body,
  });
  expect(response.status).toBe(200);
  return response.body;
};

/** Whether the views of the months around today are the ones the current, up-to-date generation lists. */
async function viewsCurrent(): Promise<boolean> {
  const data = directData();
  const { data: header } = await data.profileForecasts.get({ profile_id: profileId }).go();
  const { data: views } = await data.moneyMonthViews.query
    .byProfileMonth({ profile_id: profileId })
    .between({ month: monthAt(-1) }, { month: monthAt(13) })
    .go({ pages: 'all', attributes: ['month', 'content_hash'] });
  return (
    views.length === 15 &&
    Boolean(header?.generation_id) &&
    (header?.generated_version ?? -1) === (header?.inputs_version ?? 0) &&
    views.every((v) => viewListed(header as ViewHeader, v))
  );
}

beforeAll(async () => {
  ({ user, profileId } = await linkedUser('ins_109508'));
  expect((await generatePlan({ token: user.idToken, profileId })).status).toBe(200);
  await forecastSettled(profileId);
});
afterAll(() => forecastSettled(profileId));

describe('month views', () => {
  it('answer the list and the calendar exactly as the sources do', async () => {
    expect(await viewsCurrent()).toBe(true);
    const fromViews = await list();
    expect(fromViews.length).toBeGreaterThan(20);
    expect(fromViews.some((i) => i.cadence !== null)).toBe(true);
    const months = [monthAt(-2), monthAt(0), monthAt(1), monthAt(6)];
    const calendarsFromViews = [];
    for (const month of months) calendarsFromViews.push(await calendar(month));
    // Without views the same requests read the items, the series, the matches and the balance months
    // (a generation lists none when writing them failed).
    await deleteMonthViews(directData(), profileId);
    await directData().profileForecasts.patch({ profile_id: profileId }).remove(['view_hashes']).go();
    expect(await list()).toEqual(fromViews);
    for (const [i, month] of months.entries()) expect(await calendar(month)).toEqual(calendarsFromViews[i]);
    // A version bump with no change: the list reads the sources until a regeneration writes views again.
    await markInputsChanged(directData(), profileId);
    expect(await list()).toEqual(fromViews);
    await calendar(monthAt(0));
    await forecastSettled(profileId);
    expect(await viewsCurrent()).toBe(true);
    expect(await list()).toEqual(fromViews);
  });

  it('never serve a view an edit, a delete or an undone match made stale', async () => {
    const target = (await list()).find(
      (i) => i.due_date > addDays(today(), 10) && i.series_source === 'detected' && !i.is_user_deleted,
    );
    expect(target).toBeDefined();
    const id = (target as Item).id;
    const month = (target as Item).due_date.slice(0, 7);
    const planned = async () =>
      (await calendar(month)).days.flatMap((d) => d.planned).find((i) => i.id === id);

    // An edit shows at once (the write bumps the inputs: no view is current), and after regeneration.
    expect((await call('PATCH', `/money-plan/items/${id}`, { amount: -123_456 })).status).toBe(200);
    expect((await list()).find((i) => i.id === id)?.amount).toBe(-123_456);
    expect((await planned())?.amount).toBe(-123_456);
    await forecastSettled(profileId);
    expect(await viewsCurrent()).toBe(true);
    expect((await list()).find((i) => i.id === id)?.amount).toBe(-123_456);
    expect((await planned())?.amount).toBe(-123_456);

    // A delete: a tombstone in the list, gone from the calendar.
    expect((await call('DELETE', `/money-plan/items/${id}`)).status).toBe(200);
    expect((await list()).find((i) => i.id === id)?.is_user_deleted).toBe(true);
    expect(await planned()).toBeUndefined();
    await forecastSettled(profileId);
    expect(await viewsCurrent()).toBe(true);
    expect((await list()).find((i) => i.id === id)?.is_user_deleted).toBe(true);
    expect(await planned()).toBeUndefined();

    // Undoing a match reopens the item in the list and the calendar.
    const matched = (await list()).find((i) => i.is_reconciled);
    if (matched) {
      expect(matched.reconciliation?.transaction).not.toBeNull();
      const undone = await call('POST', `/money-plan/items/${matched.id}/unreconcile`);
      expect(undone.status).toBe(200);
      const reopened = async () => (await list()).find((i) => i.id === matched.id);
      expect(await reopened()).toMatchObject({ is_reconciled: false, reconciliation: null });
      await forecastSettled(profileId);
      expect(await viewsCurrent()).toBe(true);
      expect(await reopened()).toMatchObject({ is_reconciled: false, reconciliation: null });
      const day = (await calendar(matched.due_date.slice(0, 7))).days.find(
        (d) => d.date === matched.due_date,
      );
      expect(day?.planned.find((i) => i.id === matched.id)?.is_reconciled).toBe(false);
    }
  });

  it('apply the reader’s settings at read time, and refuse a stranger as before', async () => {
    const month = monthAt(1);
    const before = await calendar(month, { lowBalanceThreshold: 0 });
    const high = await calendar(month, { lowBalanceThreshold: 1_000_000_000_000 });
    expect(high.summary.low_days).toBeGreaterThan(before.summary.low_days);
    expect(
      (await call('PUT', '/money-plan/settings', { low_balance_threshold: 1_000_000_000_000 })).status,
    ).toBe(200);
    expect((await calendar(month)).summary.low_days).toBe(high.summary.low_days);

    const stranger = await signUpAndSignIn('Stan Stranger');
    const as = (path: string, method = 'GET', body?: unknown) =>
      profileApi(method, path, { token: stranger.idToken, profileId, body });
    expect((await as('/money-plan/items')).status).toBe(404);
    expect((await as('/functions/get-money-plan-calendar', 'POST', { month })).status).toBe(404);
  });
});

describe('a transaction settles one item', () => {
  it('a deleted item lets go of its match to a like item; undoing the delete brings it back open', async () => {
    interface Posted {
      id: string;
      account_id: string;
      date: string;
      amount: number;
      name: string;
      pending?: boolean;
    }
    const held = new Set((await list()).flatMap((i) => i.reconciliation?.transaction?.id ?? []));
    const days = [...(await calendar(monthAt(-1))).days, ...(await calendar(monthAt(0))).days] as Array<{
      transactions?: Posted[];
    }>;
    const candidates = days
      .flatMap((d) => d.transactions ?? [])
      .filter(
        (t) =>
          !t.pending &&
          t.amount > 0 &&
          !held.has(t.id) &&
          t.date >= addDays(today(), -30) &&
          t.date < today(),
      );
    expect(candidates.length).toBeGreaterThan(0);
    const create = async (t: Posted) => {
      const response = await call<{ item: Item }>('POST', '/money-plan/items', {
        description: t.name,
        amount: -t.amount,
        due_date: t.date,
        account_id: t.account_id,
      });
      expect(response.status).toBe(201);
      // Reconciliation follows a write (its PlanChanged is delivered apart): read once it has run.
      await drainQueues();
      return (await list()).find((i) => i.id === response.body.item.id) as Item;
    };
    // The first candidate a planned purchase like it settles (one that reads as a transfer would not).
    let first: Item | undefined;
    let posted: Posted | undefined;
    for (const t of candidates.slice(0, 6)) {
      const made = await create(t);
      if (made.reconciliation?.transaction?.id === t.id) {
        [first, posted] = [made, t];
        break;
      }
      expect((await call('DELETE', `/money-plan/items/${made.id}`)).status).toBe(200);
      await drainQueues();
    }
    expect(first, 'a planned purchase like a posted one is matched to it').toBeDefined();
    const matchedItem = first as Item;
    const tx = posted as Posted;

    // A second item like it stays open: the transaction is held.
    const second = await create(tx);
    expect(second).toMatchObject({ is_reconciled: false, reconciliation: null });
    // The first deleted: the transaction settles the second.
    expect((await call('DELETE', `/money-plan/items/${matchedItem.id}`)).status).toBe(200);
    await drainQueues();
    const holders = async () =>
      (await list()).filter((i) => i.reconciliation?.transaction?.id === tx.id && !i.is_user_deleted);
    expect((await holders()).map((i) => i.id)).toEqual([second.id]);
    // Undoing the delete: the first comes back open; the transaction stays with the second, once.
    const undo = await call('PATCH', `/money-plan/items/${matchedItem.id}`, { is_user_deleted: false });
    expect(undo.status).toBe(200);
    await drainQueues();
    expect((await list()).find((i) => i.id === matchedItem.id)).toMatchObject({
      is_user_deleted: false,
      is_reconciled: false,
    });
    expect((await holders()).map((i) => i.id)).toEqual([second.id]);
  });
});
