// The nightly forecast sweep (catalog schedule forecastNightly) against DynamoDB Local, run in-process
// with a clock ten days ahead: the profile is found through the sparse due index, its repeating
// item is extended to the moved horizon, and the forecast then starts on the new today.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../domain/money/dates.ts';
import { createDeps } from '../../functions/lib/deps.ts';
import { createLogger } from '../../functions/lib/logger.ts';
import { forecastsDue, maintainProfile, nightlySweep } from '../../functions/lib/money/nightly.ts';
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

function contextAt(clock: Date): MoneyContext {
  const { urls, tableName } = cloud();
  const published: unknown[] = [];
  const deps = createDeps(
    { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: urls.dynamodb, AWS_REGION: 'us-east-1' },
    {
      clock: () => clock,
      logger: createLogger({ service: 'nightly-test' }, () => undefined),
      events: { publish: async (type, detail) => void published.push({ type, detail }) },
    },
  );
  return { deps, data: directData() };
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
  const due = async (at: Date) => {
    const found: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { profileIds: string[]; cursor: string | null } = await forecastsDue(
        directData(),
        at,
        cursor,
      );
      found.push(...page.profileIds);
      cursor = page.cursor;
    } while (cursor);
    return found;
  };

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
          .go({ pages: 'all' })
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

  it('stops while time remains and reports what it did', async () => {
    const dayAfter = new Date(later.getTime() + 86_400_000);
    expect(await due(dayAfter)).toContain(profileId);
    const result = await nightlySweep(contextAt(dayAfter), () => 0);
    expect(result).toEqual({ outcomes: {}, complete: false });
  });
});
