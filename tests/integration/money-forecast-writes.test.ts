// A forecast is written only where it changed, and rebuilt when someone will read it (docs/money-engine.md
// "When the forecast is rebuilt" and "What a regeneration writes"), against DynamoDB Local and the Plaid
// sandbox: a three-account sandbox bank with its plan generated. Every call goes through a metered data
// layer (ReturnConsumedCapacity 'TOTAL'), which counts what each step wrote; the figures are printed.
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps, setDeps, type Deps } from '../../functions/lib/deps.ts';
import { dataFor } from '../../functions/lib/data/index.ts';
import { createLogger } from '../../functions/lib/logger.ts';
import { markInputsChanged, regenerateForecast } from '../../functions/lib/money/forecast-store.ts';
import { syncItem } from '../../functions/lib/plaid/sync.ts';
import { inProcessBus, type BusEvent } from '../../functions/lib/ports/event-bus.ts';
import { handler as runningBalances } from '../../functions/running-balances/handler.ts';
import { capacityMeter, type CapacityMeter } from './capacity-meter.ts';
import { directData, functionEnv, type TestUser } from './helpers.ts';
import {
  forecastSettled,
  generatePlan,
  linkedUser,
  profileApi,
  type StoredAccountView,
} from './money-helpers.ts';
import { accessTokenOf, sandbox } from './plaid-helpers.ts';

const MONTHS = 'runningbalancemonth';
const VIEWS = 'moneymonthview';
const FORECAST = [MONTHS, VIEWS, 'profileforecast'];

interface Row {
  balance_date: string;
  closing_balance: number;
  created_at: string;
}

let owner: TestUser;
let profileId: string;
let checking: StoredAccountView;
let meter: CapacityMeter;
let deps: Deps;
const published: BusEvent[] = [];

/** The deps a deployed function would have, on the metered table client, publishing into `published`. */
function meteredDeps(): Deps {
  return createDeps(functionEnv(), {
    ddb: meter.ddb,
    logger: createLogger({ service: 'forecast-writes-test' }, () => undefined),
    events: inProcessBus(async (event) => void published.push(event)),
  });
}

const balances = async (query: string) =>
  (
    await profileApi<{ rows: Row[]; stale: boolean }>('GET', `/running-balances?${query}`, {
      token: owner.idToken,
      profileId,
    })
  ).body;

const header = async () => (await directData().profileForecasts.get({ profile_id: profileId }).go()).data;

const figures = (label: string) =>
  console.info(
    `${label}: ${meter.writeUnits(FORECAST)} WCU on the forecast (${meter.itemsWritten(MONTHS)} months, ` +
      `${meter.itemsWritten(VIEWS)} views written; ${meter.itemsDeleted(MONTHS)} months, ` +
      `${meter.itemsDeleted(VIEWS)} views deleted), ${meter.readUnits()} RCU`,
  );

beforeAll(async () => {
  const linked = await linkedUser();
  owner = linked.user;
  profileId = linked.profileId;
  checking = linked.accounts.find((a) => a.account_type === 'depository' && /draft/i.test(a.account_name))!;
  const generated = await generatePlan({ token: owner.idToken, profileId });
  expect(generated.status).toBe(200);
  await forecastSettled(profileId);
  meter = capacityMeter();
  deps = meteredDeps();
});
afterAll(async () => {
  setDeps(undefined);
  await forecastSettled(profileId);
});

describe('a regeneration writes only what changed', () => {
  it('writes no month and no view when its inputs are the same, announces nothing, and reads the same', async () => {
    const before = await balances(`accountId=${checking.id}&days=730`);
    published.length = 0;
    meter.reset();

    await markInputsChanged(meter.data, profileId);
    const outcome = await regenerateForecast({ deps, data: dataFor(deps) }, profileId);

    figures('regeneration, nothing changed');
    expect(outcome).toMatchObject({ status: 'regenerated', items_written: 0, views_written: 0 });
    expect(meter.itemsWritten(MONTHS) + meter.itemsWritten(VIEWS)).toBe(0);
    expect(meter.itemsDeleted(MONTHS) + meter.itemsDeleted(VIEWS)).toBe(0);
    expect(published.map((e) => e['detail-type'])).not.toContain('ForecastUpdated');
    const after = await balances(`accountId=${checking.id}&days=730`);
    expect(after.stale).toBe(false);
    // Each row's created_at is when the generation was made; the figures are the same.
    const figuresOf = (rows: Row[]) => rows.map(({ created_at: _made, ...row }) => row);
    expect(figuresOf(after.rows)).toEqual(figuresOf(before.rows));
  });
});

describe('a balance-only sync', () => {
  it('writes no forecast month; the next read rebuilds the forecast with the new balance', async () => {
    const before = await balances(`accountId=${checking.id}&days=30`);
    const { data: account } = await directData().connectedAccounts.get({ id: checking.id }).go();
    // The bank's balance moves by $25.50 with no transaction to show for it.
    await sandbox('/sandbox/accounts/balance/skew', {
      access_token: await accessTokenOf(account!.item_id),
      account_id: account!.plaid_account_id,
      amount: 25.5,
    });
    published.length = 0;
    const synced = await syncItem(deps, dataFor(deps), account!.item_id, { forced: true });
    expect(synced).toMatchObject({ status: 'synced', added: 0, modified: 0, removed: 0 });
    const changed = published.find((e) => e['detail-type'] === 'TransactionsChanged');
    expect(changed?.detail).toMatchObject({ accountIds: [checking.id], added: 0, modified: 0, removed: 0 });
    const generation = (await header())?.generation_id;

    // The running-balances function consumes it as the bus delivers it.
    setDeps(deps);
    meter.reset();
    await runningBalances(changed, {
      functionName: 'local-running-balances',
      getRemainingTimeInMillis: () => 29_000,
    } as Context);
    setDeps(undefined);

    figures('balance-only TransactionsChanged');
    expect(meter.itemsWritten(MONTHS) + meter.itemsWritten(VIEWS)).toBe(0);
    const marked = await header();
    expect(marked?.generation_id).toBe(generation);
    expect(marked?.inputs_version).toBeGreaterThan(marked?.generated_version ?? 0);

    const after = await balances(`accountId=${checking.id}&days=30`);
    expect(after.stale).toBe(false);
    expect(after.rows[0]?.closing_balance).toBe((before.rows[0]?.closing_balance ?? 0) + 2_550);
    expect((await header())?.generation_id).not.toBe(generation);
  });
});
