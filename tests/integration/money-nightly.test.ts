// The daily forecast upkeep (catalog schedule forecastNightly) against DynamoDB Local, run in-process
// with a clock ten days ahead: the profile is found through the sparse, sharded due index and enqueued
// once, its repeating item is extended to the moved horizon, the forecast then starts on the new today,
// and a second delivery of the same message changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/money/dates.ts';
import { createDeps } from '../../functions/lib/deps.ts';
import { createLogger } from '../../functions/lib/logger.ts';
import {
  enqueueDueProfiles,
  forecastsDue,
  maintainIfDue,
  maintainProfile,
} from '../../functions/lib/money/nightly.ts';
import type { MoneyContext } from '../../functions/lib/money/store.ts';
import { cloud, directData, signUpAndSignIn, type TestUser } from './helpers.ts';
import { defaultProfile, forecastSettled, profileApi } from './money-helpers.ts';

const today = new Date().toISOString().slice(0, 10);
// Ten days: at least one weekly occurrence falls between the old and the new horizon.
const later = new Date(Date.now() + 10 * 86_400_000);
const laterDay = later.toISOString().slice(0, 10);

let user: TestUser;
let profileId: string;
let seriesId: string;

const enqueued: unknown[] = [];

function contextAt(clock: Date) {
  const { urls, tableName } = cloud();
  const published: unknown[] = [];
  const deps = createDeps(
    { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: urls.dynamodb, AWS_REGION: 'us-east-1' },
    {
      clock: () => clock,
      logger: createLogger({ service: 'nightly-test' }, () => undefined),
      events: { publish: async (type, detail) => void published.push({ type, detail }) },
      queue: { send: async (queue, messages) => void enqueued.push(...messages.map((m) => ({ queue, m }))) },
    },
  );
  return { deps, data: directData() } satisfies MoneyContext;
}

beforeAll(async () => {
  user = await signUpAndSignIn('Night Owl');
  profileId = await defaultProfile(user);
  const created = await profileApi<{ series: { series_id: string } }>('POST', '/money-plan/items', {
    token: user.idToken,
    profileId,
    body: {
      description: 'Gym',
      amount: -3_000,
      due_date: addDays(today, 1),
      account_id: null,
      recurrence: { cadence: 'weekly' },
    },
  });
  seriesId = created.body.series.series_id;
  const first = await profileApi('GET', '/running-balances', { token: user.idToken, profileId });
  expect(first.status).toBe(200);
  await forecastSettled(profileId);
});
afterAll(() => forecastSettled(profileId));

describe('nightly sweep', () => {
  const due = (at: Date) => forecastsDue(directData(), at);

  it('finds yesterday-made forecasts by the due index only once the day has turned', async () => {
    expect(await due(new Date())).not.toContain(profileId);
    expect(await due(later)).toContain(profileId);
  });

  it('extends the repeating item to the new horizon and regenerates from the new today', async () => {
    const data = directData();
    const occurrences = async () =>
      (
        await data.moneyPlanTransactions.query
          .bySeries({ profile_id: profileId, series_id: seriesId })
          .go({ pages: 'all', hydrate: true })
      ).data;
    const before = await occurrences();
    const lastBefore =
      before
        .map((i) => i.due_date)
        .sort()
        .pop() ?? '';
    expect(lastBefore <= addDays(today, 730)).toBe(true);

    expect(await maintainProfile(contextAt(later), profileId)).toBe('regenerated');

    const after = await occurrences();
    const lastAfter =
      after
        .map((i) => i.due_date)
        .sort()
        .pop() ?? '';
    expect(lastAfter > lastBefore).toBe(true);
    expect(lastAfter <= addDays(laterDay, 730)).toBe(true);
    const { data: state } = await data.profileForecasts.get({ profile_id: profileId }).go();
    expect(state).toMatchObject({
      forecast_today: laterDay,
      next_due_at: `${addDays(laterDay, 1)}T00:00:00.000Z`,
    });
    const { data: firstMonth } = await data.runningBalanceMonths
      .get({ account_id: `total:${profileId}`, month: laterDay.slice(0, 7) })
      .go();
    expect(firstMonth).toMatchObject({ first_date: laterDay, first_is_today: true });
  });

  it('enqueues each due profile once, and a second delivery of its message changes nothing', async () => {
    const dayAfter = new Date(later.getTime() + 86_400_000);
    expect(await due(dayAfter)).toContain(profileId);
    enqueued.length = 0;

    const { enqueued: count } = await enqueueDueProfiles(contextAt(dayAfter));

    const mine = enqueued.filter((e) => (e as { m: { profileId: string } }).m.profileId === profileId);
    expect(mine).toEqual([{ queue: 'profileMaintenance', m: { profileId } }]);
    expect(count).toBe(enqueued.length);

    // Rebuilt a day ago (the test above): the move to the new day waits for the next reader or sync.
    const data = directData();
    const { data: before } = await data.profileForecasts.get({ profile_id: profileId }).go();
    expect(await maintainIfDue(contextAt(dayAfter), profileId)).toBe('deferred');
    const { data: first } = await data.profileForecasts.get({ profile_id: profileId }).go();
    expect(first?.generation_id).toBe(before?.generation_id);
    expect(first?.next_due_at).toBe(`${addDays(dayAfter.toISOString().slice(0, 10), 1)}T00:00:00.000Z`);
    expect(await maintainIfDue(contextAt(dayAfter), profileId)).toBe('not_due');
    const { data: second } = await data.profileForecasts.get({ profile_id: profileId }).go();
    expect(second?.generation_id).toBe(first?.generation_id);
    expect(second?.generated_at).toBe(first?.generated_at);
  });
});
