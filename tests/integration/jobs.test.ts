// Jobs a person starts (docs/jobs.md) against DynamoDB Local and the local cloud's queues: "Generate my
// plan" and a forecast rebuild answer 202 with a job that the plan-jobs queue runs; a bank's first sync
// is a job on the initial-sync queue; each step reaches the person's open socket as JobProgress and the
// status route says where the job is; a second delivery of a job changes nothing; a failed job says why
// and runs again on retry.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { PublicJob } from '../../domain/jobs.ts';
import type { RealtimePush, RealtimeServerMessage } from '../../events/realtime.ts';
import { queues, type QueueKey } from '../../events/queues.ts';
import { createDeps } from '../../functions/lib/deps.ts';
import { startJob } from '../../functions/lib/jobs.ts';
import { createLogger } from '../../functions/lib/logger.ts';
import { sandboxPublicToken } from '../../local/cloud.ts';
import { cloud, directData, signUpAndSignIn, type TestUser } from './helpers.ts';
import { defaultProfile, forecastSettled, profileApi } from './money-helpers.ts';
import { accessTokenOf, sandbox, storedTransactions } from './plaid-helpers.ts';

const opened: WebSocket[] = [];
afterAll(() => opened.forEach((ws) => ws.terminate()));

/** The person's open browser: a realtime socket recording every message. */
function socketOf(user: TestUser): Promise<RealtimeServerMessage[]> {
  const url = `${cloud().config.realtimeUrl}?${new URLSearchParams({ token: user.idToken }).toString()}`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const messages: RealtimeServerMessage[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(data.toString()) as RealtimeServerMessage));
    ws.once('open', () => {
      opened.push(ws);
      resolve(messages);
    });
    ws.once('error', reject);
  });
}

const jobPushes = (messages: RealtimeServerMessage[], jobId: string) =>
  messages
    .filter((m): m is RealtimePush => m.type === 'event' && m.event === 'JobProgress')
    .map((m) => m.job!)
    .filter((job) => job.job_id === jobId);

const ops = async (path: string, body?: unknown) => {
  const response = await fetch(`${cloud().urls.api}/__ops${path}`, {
    method: 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  expect(response.status, path).toBeLessThan(300);
};
/** Waits until every queue and bus delivery has finished (the local operator console's drain). */
const drain = () => ops('/drain');

async function eventuallyPushed(messages: RealtimeServerMessage[], jobId: string, status: string) {
  for (let i = 0; i < 100; i += 1) {
    if (jobPushes(messages, jobId).some((j) => j.status === status)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let user: TestUser;
let profileId: string;
let socket: RealtimeServerMessage[];
let itemId: string;
let firstSync: PublicJob;

const call = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  profileApi<T>(method, path, { token: user.idToken, profileId, body });

beforeAll(async () => {
  user = await signUpAndSignIn('Job Runner');
  profileId = await defaultProfile(user);
  socket = await socketOf(user);
});

describe("a bank's first sync", () => {
  it('starts with the link, says how many accounts are in as they come, and ends with the history in', async () => {
    const exchanged = await call<{ accounts_count: number; item_id: string; job_id: string }>(
      'POST',
      '/functions/plaid-exchange-token',
      { publicToken: await sandboxPublicToken(cloud().urls.plaid, 'ins_109509') },
    );
    expect(exchanged.status).toBe(200);
    itemId = exchanged.body.item_id;
    const jobId = exchanged.body.job_id;
    expect(jobId).toMatch(/^job_/);

    await drain();

    const status = await call<PublicJob>('GET', `/jobs/${jobId}`);
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({ kind: 'first_sync', status: 'succeeded', step: 'done', error: null });
    firstSync = status.body;
    // Every account's history is in once the job has ended, whichever sync brought it: Plaid's webhook
    // may ask for a sync of the bank as it is linked, and the job then brings in only what came since.
    const accounts = await call<{ accounts: Array<{ id: string; historical_sync_status: string }> }>(
      'GET',
      '/accounts',
    );
    expect(accounts.body.accounts.length).toBe(exchanged.body.accounts_count);
    expect(accounts.body.accounts.every((a) => a.historical_sync_status === 'completed')).toBe(true);
    expect((await storedTransactions(accounts.body.accounts.map((a) => a.id))).length).toBeGreaterThan(0);
    expect(Number(status.body.result?.transactions_added)).toBeGreaterThanOrEqual(0);

    // The open socket heard each account come in: "Syncing n of m accounts", then the end.
    await eventuallyPushed(socket, jobId, 'succeeded');
    const steps = jobPushes(socket, jobId);
    // Pushes travel one by one and may arrive out of order (the browser keeps the newest by updated_at).
    const syncing = steps
      .filter((j) => j.step === 'syncing')
      .sort((x, y) => x.updated_at.localeCompare(y.updated_at) || (x.done ?? 0) - (y.done ?? 0));
    expect(syncing.map((j) => j.done).sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(
      Array.from({ length: exchanged.body.accounts_count + 1 }, (_, i) => i),
    );
    expect(syncing.at(-1)?.message).toBe(
      `Syncing ${exchanged.body.accounts_count} of ${exchanged.body.accounts_count} accounts`,
    );
    expect(steps.at(-1)).toMatchObject({ status: 'succeeded', message: 'Your history is in' });
  });

  it('reports a bank that refuses, and runs again on retry', async () => {
    // A job of this bank started as the exchange starts one, while the bank refuses its next sync.
    await sandbox('/sandbox/fault/inject', {
      endpoint: '/transactions/sync',
      error_code: 'ITEM_LOCKED',
      access_token: await accessTokenOf(itemId),
    });
    const { urls, tableName } = cloud();
    const deps = createDeps(
      { TABLE_NAME: tableName, DYNAMODB_ENDPOINT: urls.dynamodb, AWS_REGION: 'us-east-1' },
      {
        logger: createLogger({ service: 'jobs-test' }, () => undefined),
        events: { publish: async () => undefined },
        // The local cloud's own queue, through its operator console (aws sqs send-message).
        queue: {
          send: async (queue: QueueKey, messages: unknown[]) =>
            ops(`/queues/${queues[queue].id}/messages`, messages),
        },
      },
    );
    const job = await startJob(deps, directData(), {
      kind: 'first_sync',
      profileId,
      userId: user.userId,
      itemId,
    });

    await drain();

    const failed = await call<PublicJob>('GET', `/jobs/${job.job_id}`);
    expect(failed.body).toMatchObject({
      status: 'failed',
      error: { code: 'failed', message: "We couldn't bring in your history. Please try again." },
    });
    await eventuallyPushed(socket, job.job_id, 'failed');
    expect(jobPushes(socket, job.job_id).at(-1)?.error?.code).toBe('failed');

    const retried = await call<PublicJob>('POST', `/jobs/${job.job_id}/retry`, {});
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ job_id: job.job_id, status: 'queued', error: null });
    await drain();
    const again = await call<PublicJob>('GET', `/jobs/${job.job_id}`);
    expect(again.body).toMatchObject({ status: 'succeeded', error: null });
    const { data: stored } = await directData().jobs.get({ profile_id: profileId, job_id: job.job_id }).go();
    expect(stored?.attempts).toBe(2);
  });
});

describe('"Generate my plan"', () => {
  let plan: PublicJob;

  it('answers 202 with a job at once; the plan-jobs queue builds the plan and its forecast', async () => {
    const started = await call<PublicJob>('POST', '/money-plan/generate', {});
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      kind: 'plan',
      profile_id: profileId,
      finished_at: null,
      error: null,
    });
    expect(['queued', 'running']).toContain(started.body.status);
    const jobId = started.body.job_id;

    await drain();

    const status = await call<PublicJob>('GET', `/jobs/${jobId}`);
    expect(status.body).toMatchObject({
      status: 'succeeded',
      step: 'done',
      message: 'Your money plan is ready',
    });
    plan = status.body;
    expect(Number(plan.result?.created)).toBeGreaterThan(0);
    expect(Number(plan.result?.streams)).toBeGreaterThan(0);
    // The plan is listed, and the forecast it built is the one served.
    const streams = await call<{ generated_at: string; streams: unknown[] }>('GET', '/money-plan/streams');
    expect(streams.body.streams.length).toBeGreaterThan(0);
    expect(streams.body.generated_at).toBe(plan.result?.generated_at);
    const balances = await call<{ generated_at: string; stale: boolean }>('GET', '/running-balances');
    expect(balances.body).toMatchObject({ stale: false, generated_at: plan.result?.forecast_generated_at });

    // Each step reached the open socket: finding the streams, planning, forecasting, then the end.
    await eventuallyPushed(socket, jobId, 'succeeded');
    const steps = jobPushes(socket, jobId).map((j) => j.step);
    for (const step of ['reading', 'finding', 'planning', 'forecasting', 'done'])
      expect(steps).toContain(step);
    expect(jobPushes(socket, jobId).find((j) => j.step === 'finding')?.message).toBe(
      'Finding your paychecks, bills and subscriptions',
    );

    // The profile's recent jobs hold both, newest first.
    const recent = await call<{ jobs: PublicJob[] }>('GET', '/jobs');
    expect(recent.body.jobs.map((j) => j.job_id).slice(0, 1)).toEqual([jobId]);
    expect(recent.body.jobs.map((j) => j.job_id)).toContain(firstSync.job_id);
  });

  it('changes nothing when the same job is delivered again', async () => {
    const data = directData();
    const key = { profile_id: profileId, job_id: plan.job_id };
    const [{ data: before }, { data: forecastBefore }] = await Promise.all([
      data.jobs.get(key).go(),
      data.profileForecasts.get({ profile_id: profileId }).go(),
    ]);

    await ops(`/queues/${queues.planJobs.id}/messages`, [{ profileId, jobId: plan.job_id }]);
    await drain();

    const [{ data: after }, { data: forecastAfter }] = await Promise.all([
      data.jobs.get(key).go(),
      data.profileForecasts.get({ profile_id: profileId }).go(),
    ]);
    expect(after).toEqual(before);
    expect(forecastAfter?.plan_generated_at).toBe(forecastBefore?.plan_generated_at);
    expect(forecastAfter?.generation_id).toBe(forecastBefore?.generation_id);
  });

  it('refuses a viewer, and a job of another profile is not found', async () => {
    const stranger = await signUpAndSignIn('Stranger');
    const strangersProfile = await defaultProfile(stranger);
    const foreign = await profileApi('GET', `/jobs/${plan.job_id}`, {
      token: stranger.idToken,
      profileId: strangersProfile,
    });
    expect(foreign.status).toBe(404);
    const outsider = await profileApi('POST', '/money-plan/generate', {
      token: stranger.idToken,
      profileId,
      body: {},
    });
    expect(outsider.status).toBe(404);
  });
});

describe('a forecast rebuild', () => {
  it('answers 202 with a job that rebuilds the forecast', async () => {
    const started = await call<PublicJob>('POST', '/running-balances/regenerate', {});
    expect(started.status).toBe(202);
    expect(started.body.kind).toBe('forecast');

    await drain();

    const status = await call<PublicJob>('GET', `/jobs/${started.body.job_id}`);
    expect(status.body).toMatchObject({ status: 'succeeded', message: 'Your forecast is up to date' });
    expect(Number(status.body.result?.items_per_account)).toBeGreaterThan(0);
    const balances = await call<{ generated_at: string; stale: boolean }>('GET', '/running-balances');
    expect(balances.body).toMatchObject({ stale: false, generated_at: status.body.result?.generated_at });
    await forecastSettled(profileId);
  });
});
