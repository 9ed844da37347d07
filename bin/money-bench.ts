// The money engine's figures for `npm run bench` (issue 5 acceptance), each with the baseline it is
// compared with in the same run: forecast computation against a naive per-day loop; running-balance
// items written per account against 731 daily rows; get-money-plan-calendar through the gateway against
// GET /profiles/me; detection quality on the Plaid sandbox's ground truth against a naive detector; and
// a forecast backtest on sandbox histories with and without the everyday-spending allowance.
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type { PublicJob } from '../domain/jobs.ts';
import type { RealtimeServerMessage } from '../events/realtime.ts';
import type { AccountBase, PlaidApi } from 'plaid';
import { estimateAllowance, type Allowance } from '../domain/money/allowance.ts';
import { median } from '../domain/money/cents.ts';
import { addDays, formatDay, parseDay } from '../domain/money/dates.ts';
import { seededRandom } from '../domain/money/fixtures.ts';
import {
  balanceDelta,
  countsTowardForecast,
  forecastAccount,
  type AccountType,
  type BalanceDay,
  type ForecastPlanned,
} from '../domain/money/forecast.ts';
import { normalizeMerchant, payeeName } from '../domain/money/merchant.ts';
import { expandSeries, flowFromPlaid, generatePlan } from '../domain/money/plan.ts';
import { detectRecurring, type HistoryTransaction, type RecurringStream } from '../domain/money/recurring.ts';
import { scoreDetection, type TruthSeries } from '../domain/money/scoring.ts';
import { planFromStatements, statementTerms, type LiabilityRecord } from '../domain/money/statements.ts';
import { liabilityRecords } from '../functions/lib/plaid/liabilities.ts';
import { CADENCES, scheduleFromDate } from '../domain/money/schedule.ts';
import { sandboxPublicToken, type LocalCloud } from '../local/cloud.ts';
import { institutions } from '../local/plaid-sandbox/institutions.ts';
import { createPlaidSandbox } from '../local/plaid-sandbox/sandbox.ts';
import { apply, linkItem, plaidClient, syncAll } from '../local/plaid-sandbox/test-support.ts';
import { benchVariedDetection, documentedCoverage } from './money-bench-varied.ts';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  baselineName: string;
  baseline: number;
  budget?: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

// ── Forecast computation ───────────────────────────────────────────────────────────────────────────

const DAYS = 730;

/** The obvious implementation: for each day, look through every planned item, with Date objects. */
function naiveForecast(
  today: string,
  balance: number,
  type: AccountType,
  accountId: string,
  planned: readonly ForecastPlanned[],
  allowance: Allowance,
): BalanceDay[] {
  const rows: BalanceDay[] = [];
  let opening = balance;
  const start = new Date(`${today}T00:00:00Z`).getTime();
  for (let i = 0; i <= DAYS; i += 1) {
    const date = new Date(start + i * 86_400_000);
    const day = date.toISOString().slice(0, 10);
    let forecasted = 0;
    for (const item of planned) {
      if (item.due_date !== day || !countsTowardForecast(item)) continue;
      if (item.account_id !== null && item.account_id !== undefined && item.account_id !== accountId)
        continue;
      forecasted += balanceDelta(type, item.amount);
    }
    if (i > 0) forecasted += balanceDelta(type, allowance.per_weekday[date.getUTCDay()] ?? 0);
    const closing = opening + forecasted;
    rows.push({
      balance_date: day,
      opening_balance: opening,
      closing_balance: closing,
      actual_transactions_total: 0,
      forecasted_transactions_total: forecasted,
      is_forecast: i > 0,
      closing_low: closing,
      closing_high: closing,
    });
    opening = closing;
  }
  return rows;
}

function time(runs: number, fn: () => unknown): { median: number; mean: number } {
  for (let i = 0; i < Math.min(50, runs); i += 1) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), mean: times.reduce((a, b) => a + b, 0) / times.length };
}

/** One 730-day account with 50 repeating streams and 1,000 one-offs (under 2 ms). */
export function benchForecastComputation(): Figure[] {
  const today = '2026-01-05';
  const end = addDays(today, DAYS);
  const random = seededRandom(50);
  const planned: ForecastPlanned[] = [];
  for (let i = 0; i < 50; i += 1) {
    const cadence = CADENCES[i % CADENCES.length] ?? 'monthly';
    const series = {
      series_id: `s${i}`,
      schedule: scheduleFromDate(cadence, addDays(today, i % 28), i % 2 ? 'after' : 'none'),
      amount: i % 7 === 0 ? 150_000 + Math.round(random() * 100_000) : -Math.round(500 + random() * 50_000),
      description: `stream ${i}`,
      account_id: i % 10 === 0 ? null : 'acc',
      category: null,
      starts: today,
    };
    for (const o of expandSeries(series, today, end))
      planned.push({ account_id: series.account_id, due_date: o.due_date, amount: series.amount });
  }
  const streamItems = planned.length;
  for (let i = 0; i < 1000; i += 1)
    planned.push({
      account_id: 'acc',
      due_date: addDays(today, Math.floor(random() * (DAYS + 1))),
      amount: -Math.round(100 + random() * 20_000),
      is_reconciled: i % 50 === 0,
    });
  const allowance = estimateAllowance({
    transactions: Array.from({ length: 400 }, (_, i) => ({
      id: `h${i}`,
      account_id: 'acc',
      date: addDays(today, -1 - Math.floor(random() * 170)),
      amount: Math.round(300 + random() * 9_000),
      name: 'Corner Grocery',
      personal_finance_category: { primary: 'FOOD_AND_DRINK', detailed: 'FOOD_AND_DRINK_GROCERIES' },
    })),
    today,
  });
  const account = { account_id: 'acc', account_type: 'depository' as const, current_balance: 250_000 };
  const fast = () => forecastAccount({ account, planned, allowance, today, days: DAYS });
  const naive = () => naiveForecast(today, 250_000, 'depository', 'acc', planned, allowance);
  const a = fast().rows;
  const b = naive();
  if (a.length !== b.length || a.some((row, i) => row.closing_balance !== b[i]?.closing_balance))
    throw new Error('the forecast and its naive baseline disagree');
  const engine = time(2000, fast);
  const baseline = time(40, naive);
  return [
    {
      name: `forecastAccount per 730-day account, 50 streams (${streamItems} items) + 1,000 one-offs, median`,
      value: engine.median,
      unit: 'ms',
      baselineName: 'naive per-day loop over every item, median',
      baseline: baseline.median,
      budget: 2,
    },
    {
      name: 'forecastAccount, same input, mean',
      value: engine.mean,
      unit: 'ms',
      baselineName: 'naive per-day loop, mean',
      baseline: baseline.mean,
      budget: 2,
    },
  ];
}

// ── Through the gateway: regeneration and the calendar ─────────────────────────────────────────────

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function linkBank(cloud: LocalCloud, token: string, profileId: string, institutionId: string) {
  const publicToken = await sandboxPublicToken(cloud.urls.plaid, institutionId);
  const headers = {
    authorization: `Bearer ${token}`,
    'x-profile-id': profileId,
    'content-type': 'application/json',
  };
  const exchanged = await fetch(`${cloud.urls.api}/functions/plaid-exchange-token`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ publicToken }),
  });
  if (exchanged.status !== 200) throw new Error(`exchange answered ${exchanged.status}`);
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const response = await fetch(`${cloud.urls.api}/accounts`, { headers });
    const { accounts } = (await response.json()) as { accounts: Array<{ historical_sync_status: string }> };
    if (accounts.length > 0 && accounts.every((a) => a.historical_sync_status === 'completed')) {
      await cloud.events.drain();
      return accounts.length;
    }
    await sleep(200);
  }
  throw new Error('the initial sync did not finish');
}

/** The user's default profile with a sandbox bank linked and synced: the headers to call it with. */
export async function profileWithBank(cloud: LocalCloud, token: string, institutionId: string) {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const ensured = await fetch(`${cloud.urls.api}/functions/ensure-default-profile`, {
    method: 'POST',
    headers: auth,
    body: '{}',
  });
  const profileId = ((await ensured.json()) as { profile: { id: string } }).profile.id;
  const accounts = await linkBank(cloud, token, profileId, institutionId);
  return { profileId, accounts, headers: { ...auth, 'x-profile-id': profileId } };
}

async function sample(count: number, fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 20; i += 1) await fn();
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** The bench's open page: a realtime socket keeping every job step it is pushed. */
async function openSocket(cloud: LocalCloud, token: string) {
  const ws = new WebSocket(`${cloud.config.realtimeUrl}?token=${encodeURIComponent(token)}`);
  const jobs = new Map<string, PublicJob>();
  const waiting = new Set<() => void>();
  ws.on('message', (data) => {
    const message = JSON.parse(data.toString()) as RealtimeServerMessage;
    if (message.type !== 'event' || message.event !== 'JobProgress' || !message.job) return;
    jobs.set(message.job.job_id, message.job);
    for (const wake of waiting) wake();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { jobs, waiting, close: () => ws.close() };
}
type BenchSocket = Awaited<ReturnType<typeof openSocket>>;

/** Starts a job as the page does: the call answers 202 with it. */
async function startJob(cloud: LocalCloud, path: string, headers: Record<string, string>) {
  const response = await fetch(`${cloud.urls.api}${path}`, { method: 'POST', headers, body: '{}' });
  if (response.status !== 202) throw new Error(`${path} answered ${response.status}`);
  return ((await response.json()) as PublicJob).job_id;
}

/** Resolves when the job's end is pushed to the socket. */
async function untilJobEnds(socket: BenchSocket, jobId: string): Promise<PublicJob> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const job = socket.jobs.get(jobId);
    if (job?.status === 'succeeded') return job;
    if (job?.status === 'failed') throw new Error(`job ${jobId} failed: ${job.error?.message}`);
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not end`);
    await new Promise<void>((resolve) => {
      const wake = () => {
        socket.waiting.delete(wake);
        resolve();
      };
      socket.waiting.add(wake);
      setTimeout(wake, 250);
    });
  }
}

/** Lets every queue and bus delivery finish, so one measurement does not run into the next. */
async function settle(cloud: LocalCloud) {
  do {
    await cloud.events.drain();
    await cloud.queues.drain();
  } while (cloud.events.busy() || cloud.queues.busy());
}

/**
 * A profile with the sandbox's 8-account bank and 24 months of history: the items a regeneration
 * writes per account, and get-money-plan-calendar latency over months from 23 back to 23 ahead.
 */
export async function benchMoneyThroughGateway(
  cloud: LocalCloud,
  token: string,
  requests: number,
): Promise<Figure[]> {
  const { headers, accounts } = await profileWithBank(cloud, token, 'ins_109508');
  if (accounts !== 8) throw new Error(`expected 8 accounts, linked ${accounts}`);
  // Warm-up on an empty second profile: the gateway has loaded every handler module at start
  // (local/gateway.ts warmHandlers), but the generation's first run still pays for its code's first
  // execution, which is not the person's wait.
  const warm = await fetch(`${cloud.urls.api}/financial-profiles`, {
    method: 'POST',
    headers: { authorization: headers.authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Warm-up' }),
  });
  const warmId = ((await warm.json()) as { id: string }).id;
  const socket = await openSocket(cloud, token);
  await untilJobEnds(
    socket,
    await startJob(cloud, '/money-plan/generate', { ...headers, 'x-profile-id': warmId }),
  );
  await settle(cloud);

  // "Generate my plan" as the person waits for it (docs/jobs.md): the click answers 202 with a job, its
  // end reaches the open page over the realtime socket, and the page reads the plan and the calendar
  // month the job's forecast built. Timed from the click until both reads are in.
  const currentMonth = new Date().toISOString().slice(0, 7);
  const clickToReady = async () => {
    const started = performance.now();
    const jobId = await startJob(cloud, '/money-plan/generate', headers);
    const job = await untilJobEnds(socket, jobId);
    const [streams, month] = await Promise.all([
      fetch(`${cloud.urls.api}/money-plan/streams`, { headers }).then(
        (r) => r.json() as Promise<{ streams: unknown[] }>,
      ),
      fetch(`${cloud.urls.api}/functions/get-money-plan-calendar`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ month: currentMonth }),
      }).then((r) => r.json() as Promise<{ stale: boolean; generated_at: string }>),
    ]);
    const elapsed = performance.now() - started;
    if (streams.streams.length === 0) throw new Error('the plan job left no plan');
    if (month.stale || month.generated_at !== job.result?.forecast_generated_at)
      throw new Error('the calendar did not serve the forecast the plan job built');
    await settle(cloud);
    return { elapsed, created: Number(job.result?.created ?? 0) };
  };
  const first = await clickToReady();
  if (first.created === 0) throw new Error('the first generation created no planned items');
  const again: number[] = [];
  for (let i = 0; i < 3; i += 1) again.push((await clickToReady()).elapsed);
  const regenerated = await untilJobEnds(
    socket,
    await startJob(cloud, '/running-balances/regenerate', headers),
  );
  const itemsPerAccount = Number(regenerated.result?.items_per_account ?? 0);
  if (!itemsPerAccount) throw new Error('the forced regeneration wrote nothing');
  await settle(cloud);

  // A planned-item save as the person sees it: the PATCH answers with the saved item, and the month's
  // items (what the calendar and the plan show at once) hold it. The forecast catches up behind it
  // (ForecastUpdated), which each sample lets finish before the next, as a person's edits are apart.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const monthItems = async () => {
    const response = await fetch(`${cloud.urls.api}/money-plan/items?from=${day(0)}&to=${day(30)}`, {
      headers,
    });
    return (
      (await response.json()) as { items: Array<{ id: string; amount: number; is_reconciled?: boolean }> }
    ).items;
  };
  const editable = (await monthItems()).find((i) => !i.is_reconciled);
  if (!editable) throw new Error('no planned item in the next 30 days to edit');
  const saves: number[] = [];
  for (let i = 0; i < 23; i += 1) {
    const amount = editable.amount + (i % 2 === 0 ? -1 : 0);
    const started = performance.now();
    const saved = await fetch(`${cloud.urls.api}/money-plan/items/${editable.id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ amount }),
    });
    if (saved.status !== 200) throw new Error(`PATCH /money-plan/items answered ${saved.status}`);
    await saved.text();
    if ((await monthItems()).find((x) => x.id === editable.id)?.amount !== amount)
      throw new Error('the saved amount is not listed');
    if (i >= 3) saves.push(performance.now() - started);
    await settle(cloud);
  }
  saves.sort((a, b) => a - b);
  socket.close();

  const today = new Date();
  const months = Array.from({ length: 47 }, (_, i) => {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + i - 23, 1));
    return d.toISOString().slice(0, 7);
  });
  const calendarMonth = async (month: string | undefined) => {
    const response = await fetch(`${cloud.urls.api}/functions/get-money-plan-calendar`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ month }),
    });
    if (response.status !== 200) throw new Error(`calendar ${month} answered ${response.status}`);
    await response.text();
  };
  // /plan's list (web/src/features/money-plan): a month back to 400 days ahead, deleted items too, its
  // first page (500 items).
  const itemsUrl = `${cloud.urls.api}/money-plan/items?from=${day(-31)}&to=${day(400)}&includeDeleted=true`;
  const planItems = async () => {
    const response = await fetch(itemsUrl, { headers });
    if (response.status !== 200) throw new Error(`GET /money-plan/items answered ${response.status}`);
    await response.text();
  };
  // The first call of each read since the cloud started (no cold outlier above
  // 200 ms): the calendar's handler has served nothing yet; the plan's served the generation above.
  const timed = async (fn: () => Promise<void>) => {
    const started = performance.now();
    await fn();
    return performance.now() - started;
  };
  const calendarCold = await timed(() => calendarMonth(months[23]));
  const itemsFirst = await timed(planItems);
  let next = 0;
  const calendar = await sample(requests, () => calendarMonth(months[next++ % months.length]));
  const items = await sample(requests, planItems);
  const profile = await sample(requests, async () => {
    const response = await fetch(`${cloud.urls.api}/profiles/me`, { headers });
    if (response.status !== 200) throw new Error(`GET /profiles/me answered ${response.status}`);
    await response.text();
  });
  const times = (ratio: number, of: string) => `GET /profiles/me ${of}, same run (target ${ratio}×)`;
  return [
    {
      name: '"Generate my plan", click to plan and forecast ready (8 accounts, 24 months; 202, job via the plan-jobs queue, end pushed over the socket, plan and calendar month read)',
      value: first.elapsed,
      unit: 'ms',
      baselineName: 'in the request, before it was a job (15 s in the browser, 18 s through the API)',
      baseline: 18_000,
      budget: 3_000,
    },
    {
      name: '"Generate my plan" again (nothing new to plan), click to ready, median of 3',
      value: median(again),
      unit: 'ms',
      baselineName: 'the first generation above',
      baseline: first.elapsed,
      budget: 3_000,
    },
    {
      name: "planned-item save shown (PATCH answered + the month's items list it), median of 20",
      value: percentile(saves, 50),
      unit: 'ms',
      baselineName: 'before, when the save waited for reconciliation (9 s)',
      baseline: 9_000,
      budget: 300,
    },
    {
      name: 'planned-item save shown, p95 of 20',
      value: percentile(saves, 95),
      unit: 'ms',
      baselineName: 'its median',
      baseline: percentile(saves, 50),
      budget: 300,
    },
    {
      name: 'running-balance items written per account per regeneration (today + 730 days)',
      value: itemsPerAccount,
      unit: 'items',
      baselineName: 'one row per day (spec §3 running_balances)',
      baseline: 731,
    },
    {
      name: 'get-money-plan-calendar p50 (8 accounts, 24 months of history; months −23…+23)',
      value: calendar.p50,
      unit: 'ms',
      baselineName: times(3, 'p50'),
      baseline: profile.p50,
      budget: 3 * profile.p50,
    },
    {
      name: 'get-money-plan-calendar p95',
      value: calendar.p95,
      unit: 'ms',
      baselineName: times(4, 'p95'),
      baseline: profile.p95,
      budget: 4 * profile.p95,
    },
    {
      name: 'GET /money-plan/items p50 (/plan: −31…+400 days, deleted too, first page of 500)',
      value: items.p50,
      unit: 'ms',
      baselineName: times(3, 'p50'),
      baseline: profile.p50,
      budget: 3 * profile.p50,
    },
    {
      name: 'GET /money-plan/items p95',
      value: items.p95,
      unit: 'ms',
      baselineName: times(4, 'p95'),
      baseline: profile.p95,
      budget: 4 * profile.p95,
    },
    {
      name: 'get-money-plan-calendar first call since the cloud started (cold)',
      value: calendarCold,
      unit: 'ms',
      baselineName: 'its warm p50',
      baseline: calendar.p50,
      budget: 200,
    },
    {
      name: 'GET /money-plan/items first call (its handler served only the plan generation before)',
      value: itemsFirst,
      unit: 'ms',
      baselineName: 'its warm p50',
      baseline: items.p50,
      budget: 200,
    },
  ];
}

// ── On the sandbox's histories: detection quality and the backtest ────────────────────────────────

/** A fixed wall clock: the same histories, hence the same figures, on every run. */
const SANDBOX_NOW = new Date('2026-06-15T12:00:00Z');
const BENCH_KEYS = { clientId: 'bench-client', secret: 'bench-secret' };

/**
 * The detector anyone would write first: a payee seen 3+ times at amounts within 10 % of their median
 * is recurring, every median gap, next due one median gap after the last.
 */
function naiveDetect(transactions: readonly HistoryTransaction[], today: string): RecurringStream[] {
  const groups = new Map<string, HistoryTransaction[]>();
  for (const t of transactions) {
    if (t.pending || t.date > today) continue;
    const key = `${t.account_id}|${t.amount < 0 ? 'in' : 'out'}|${normalizeMerchant(payeeName(t))}`;
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  const streams: RecurringStream[] = [];
  for (const [key, group] of groups) {
    const mid = median(group.map((t) => Math.abs(t.amount)));
    const similar = group
      .filter((t) => Math.abs(Math.abs(t.amount) - mid) <= mid * 0.1)
      .sort((a, b) => (a.date < b.date ? -1 : 1));
    if (similar.length < 3) continue;
    const gaps = similar.slice(1).map((t, i) => parseDay(t.date) - parseDay(similar[i]?.date ?? t.date));
    const gap = Math.max(1, Math.round(median(gaps)));
    const last = similar[similar.length - 1]?.date ?? today;
    let next = parseDay(last) + gap;
    while (next <= parseDay(today)) next += gap;
    streams.push({
      key,
      transaction_ids: similar.map((t) => t.id),
      status: 'active',
      next_date: formatDay(next),
    } as unknown as RecurringStream);
  }
  return streams;
}

export interface SandboxItemHistory {
  today: string;
  accounts: AccountBase[];
  transactions: HistoryTransaction[];
  truth: TruthSeries[];
  /** /liabilities/get as of the backtest's start, as sync would have kept it (cents). */
  liabilities: Map<string, LiabilityRecord>;
  /** The bank's balances (cents) at the start and each horizon: loans accrue interest no transaction shows. */
  balancesAt: Map<number, Record<string, number>>;
}

/** The backtest forecasts from a year before the sandbox's today. */
const BACKTEST_DAYS = 366;

/** Seeds `firstSeed` … `firstSeed + seeds − 1` (the bench's are 1…20; 21…40 were kept for calibration). */
export async function sandboxHistories(seeds: number, firstSeed = 1): Promise<SandboxItemHistory[]> {
  const banks = institutions.filter((i) => !i.oauth).slice(0, 5);
  const out: SandboxItemHistory[] = [];
  for (let seed = firstSeed; seed < firstSeed + seeds; seed += 1) {
    const sandbox = await createPlaidSandbox({
      port: 0,
      ...BENCH_KEYS,
      seed: `bench-${seed}`,
      now: () => SANDBOX_NOW,
    });
    try {
      const client: PlaidApi = plaidClient(sandbox.url, BENCH_KEYS);
      for (const bank of banks) {
        const { access_token: accessToken } = await linkItem(client, {
          institution_id: bank.institution_id,
          days_requested: 730,
        });
        const drained = await syncAll(client, accessToken);
        const { data } = await client.accountsGet({ access_token: accessToken });
        const truth = sandbox.groundTruth(accessToken);
        const asOf = addDays(truth.today, -BACKTEST_DAYS);
        const past = sandbox.pastStatements(accessToken, asOf);
        const balancesAt = new Map(
          [0, ...HORIZONS].map((h) => [h, sandbox.pastStatements(accessToken, addDays(asOf, h)).balances]),
        );
        const transactions = [...apply(new Map(), drained).values()].map((t) => ({
          id: t.transaction_id,
          account_id: t.account_id,
          date: t.date,
          amount: Math.round(t.amount * 100),
          name: t.name,
          merchant_name: t.merchant_name ?? null,
          personal_finance_category: t.personal_finance_category
            ? { primary: t.personal_finance_category.primary, detailed: t.personal_finance_category.detailed }
            : null,
          pending: t.pending,
        }));
        out.push({
          today: truth.today,
          accounts: data.accounts,
          transactions,
          truth: truth.series.map((s) => ({
            series_id: s.series_id,
            transaction_ids: s.transaction_ids,
            predicted_next_date: s.predicted_next_date,
          })),
          liabilities: liabilityRecords(past.liabilities, `${asOf}T00:00:00Z`),
          balancesAt,
        });
      }
    } finally {
      await sandbox.close();
    }
  }
  return out;
}

function totals(scores: ReturnType<typeof scoreDetection>[]) {
  const tp = scores.reduce((s, x) => s + x.true_positives, 0);
  const fp = scores.reduce((s, x) => s + x.false_positives, 0);
  const fn = scores.reduce((s, x) => s + x.false_negatives, 0);
  const samples = scores.reduce((s, x) => s + x.next_date_samples, 0);
  const errorDays = scores.reduce((s, x) => s + (x.next_date_mae_days ?? 0) * x.next_date_samples, 0);
  return {
    precision: tp / (tp + fp),
    recall: tp / (tp + fn),
    mae: samples > 0 ? errorDays / samples : Number.NaN,
  };
}

function accountTypeOf(account: AccountBase): AccountType {
  const type = String(account.type);
  return type === 'depository' || type === 'credit' || type === 'loan' || type === 'investment'
    ? type
    : 'other';
}

const HORIZONS = [30, 90, 365] as const;
/** The band's coverage is reported for savings apart from checking: their errors differ in kind. */
type BandGroup = 'checking' | 'savings' | 'credit';

/**
 * Forecast from a year before the sandbox's today with what was known then (streams detected on the
 * history up to that day, the plan generated from them, the allowance), and compare with the balances
 * the history shows 30, 90 and 365 days later.
 */
export function backtest(items: readonly SandboxItemHistory[]) {
  type Group = 'depository' | 'credit' | 'loan';
  const errors = new Map<string, number[]>();
  const push = (key: string, value: number) => errors.set(key, [...(errors.get(key) ?? []), value]);
  // Whether each actual balance fell inside the forecast's p10–p90 band (1) or not (0).
  const inside = new Map<string, number[]>();
  const hit = (key: string, value: boolean) => inside.set(key, [...(inside.get(key) ?? []), value ? 1 : 0]);
  for (const item of items) {
    const asOf = addDays(item.today, -BACKTEST_DAYS);
    const known = item.transactions.filter((t) => t.date <= asOf && !t.pending);
    const streams = detectRecurring(known, { today: asOf });
    const plan = generatePlan({ profile_id: 'bench', streams, today: asOf, horizon_days: BACKTEST_DAYS });
    // The same plan with card and loan payments from the statements known on that day.
    const owedAt = (h: number, id: string) => Math.round((item.balancesAt.get(h)?.[id] ?? 0) * 100);
    const terms = statementTerms(
      item.accounts.map((a) => ({
        id: a.account_id,
        account_type: accountTypeOf(a),
        current_balance: owedAt(0, a.account_id),
        liability: item.liabilities.get(a.account_id),
      })),
    );
    const fromStatements = planFromStatements({
      profile_id: 'bench',
      today: asOf,
      horizon_days: BACKTEST_DAYS,
      plan,
      streams,
      transactions: known,
      ...terms,
    }).plan;
    for (const account of item.accounts) {
      const type = accountTypeOf(account);
      if (type === 'loan') {
        const startBalance = owedAt(0, account.account_id);
        const forecast = (planned: typeof plan) =>
          forecastAccount({
            account: { account_id: account.account_id, account_type: type, current_balance: startBalance },
            planned,
            transactions: known.filter((t) => t.account_id === account.account_id && t.date === asOf),
            today: asOf,
            days: 365,
            include_allowance: false,
          }).rows;
        const withStatements = forecast(fromStatements);
        const detected = forecast(plan);
        for (const h of HORIZONS) {
          const actual = owedAt(h, account.account_id);
          push(`loan|${h}|statements`, Math.abs((withStatements[h]?.closing_balance ?? 0) - actual));
          push(`loan|${h}|with`, Math.abs((detected[h]?.closing_balance ?? 0) - actual));
          push(`loan|${h}|flat`, Math.abs(startBalance - actual));
        }
        continue;
      }
      if (type !== 'depository' && type !== 'credit') continue;
      const group: Group = type;
      const own = item.transactions.filter((t) => t.account_id === account.account_id && !t.pending);
      if (own.length < 30) continue;
      const current = Math.round((account.balances.current ?? 0) * 100);
      const balanceAt = (date: string) =>
        own.reduce((b, t) => (t.date > date ? b - balanceDelta(type, flowFromPlaid(t.amount)) : b), current);
      const startBalance = balanceAt(asOf);
      const allowance = estimateAllowance({
        transactions: own.filter((t) => t.date <= asOf),
        today: asOf,
        streams: streams.filter((s) => s.account_id === account.account_id),
      });
      const input = {
        account: { account_id: account.account_id, account_type: type, current_balance: startBalance },
        planned: plan,
        transactions: own.filter((t) => t.date === asOf),
        allowance,
        today: asOf,
        days: 365,
      };
      const withAllowance = forecastAccount({ ...input, include_allowance: true }).rows;
      const without = forecastAccount({ ...input, include_allowance: false }).rows;
      const withStatements =
        type === 'credit'
          ? forecastAccount({ ...input, planned: fromStatements, include_allowance: true }).rows
          : withAllowance;
      for (const h of HORIZONS) {
        const actual = balanceAt(addDays(asOf, h));
        push(`${group}|${h}|with`, Math.abs((withAllowance[h]?.closing_balance ?? 0) - actual));
        push(`${group}|${h}|without`, Math.abs((without[h]?.closing_balance ?? 0) - actual));
        push(`${group}|${h}|flat`, Math.abs(startBalance - actual));
        push(`${group}|${h}|statements`, Math.abs((withStatements[h]?.closing_balance ?? 0) - actual));
        const row = withAllowance[h];
        const kind = type === 'credit' ? 'credit' : account.subtype === 'savings' ? 'savings' : 'checking';
        hit(`${kind}|${h}`, row !== undefined && row.closing_low <= actual && actual <= row.closing_high);
      }
    }
  }
  const share = (values: readonly number[]) =>
    values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN;
  return {
    error: (group: Group, h: number, kind: 'with' | 'without' | 'flat' | 'statements') =>
      median(errors.get(`${group}|${h}|${kind}`) ?? []) / 100,
    coverage: (kind: BandGroup, h: number) => share(inside.get(`${kind}|${h}`) ?? []),
    samples: (kind: BandGroup, h: number) => inside.get(`${kind}|${h}`)?.length ?? 0,
  };
}

export async function benchSandboxHistories(seeds: number): Promise<Figure[]> {
  const items = await sandboxHistories(seeds);
  const engine = totals(
    items.map((item) =>
      scoreDetection(detectRecurring(item.transactions, { today: item.today }), item.truth),
    ),
  );
  const naive = totals(
    items.map((item) => scoreDetection(naiveDetect(item.transactions, item.today), item.truth)),
  );
  const { error, coverage, samples } = backtest(items);
  const where = `${seeds} seeds × 5 banks, 24 months each`;
  const figures: Figure[] = [
    {
      name: `recurring detection precision (${where})`,
      value: engine.precision,
      unit: '',
      baselineName: 'naive detector (same payee 3+ times, amounts within 10 %)',
      baseline: naive.precision,
    },
    {
      name: 'recurring detection recall',
      value: engine.recall,
      unit: '',
      baselineName: 'naive detector',
      baseline: naive.recall,
    },
    {
      name: 'next-date mean absolute error (matched active streams)',
      value: engine.mae,
      unit: 'days',
      baselineName: 'naive detector (last date + median gap)',
      baseline: naive.mae,
    },
    ...benchVariedDetection(naiveDetect),
  ];
  const label: Record<'depository' | 'credit', string> = {
    depository: 'checking/savings',
    credit: 'credit cards',
  };
  for (const group of ['depository', 'credit'] as const)
    for (const h of HORIZONS)
      figures.push({
        name: `forecast backtest ${label[group]}, ${h} days: median |error| with the allowance`,
        value: error(group, h, 'with'),
        unit: 'USD',
        baselineName: `without the allowance (flat balance: $${error(group, h, 'flat').toFixed(0)})`,
        baseline: error(group, h, 'without'),
      });
  for (const h of HORIZONS)
    figures.push({
      name: `card forecast from statements (payment at the statement on its due date), ${h} days: median |error|`,
      value: error('credit', h, 'statements'),
      unit: 'USD',
      baselineName: `flat balance (detected payments only: $${error('credit', h, 'with').toFixed(0)})`,
      baseline: error('credit', h, 'flat'),
    });
  for (const h of HORIZONS)
    figures.push({
      name: `loan forecast from statements (scheduled payment with interest), ${h} days: median |error|`,
      value: error('loan', h, 'statements'),
      unit: 'USD',
      baselineName: `flat balance (detected payments only: $${error('loan', h, 'with').toFixed(0)})`,
      baseline: error('loan', h, 'flat'),
    });
  const bandLabel: Record<BandGroup, string> = {
    checking: 'checking',
    savings: 'savings',
    credit: 'credit cards',
  };
  for (const kind of ['checking', 'savings', 'credit'] as const)
    for (const h of HORIZONS)
      figures.push({
        name: `forecast band coverage ${bandLabel[kind]}, ${h} days: actual balances inside the p10–p90 band (${samples(kind, h)} accounts)`,
        value: coverage(kind, h) * 100,
        unit: '%',
        baselineName: documentedCoverage(kind, h, coverage(kind, h)),
        baseline: 80,
      });
  return figures;
}
