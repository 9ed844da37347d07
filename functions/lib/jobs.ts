// Jobs a person starts and waits for (domain/jobs.ts; docs/jobs.md): the request stores the job and puts
// one message on its work queue, then answers 202 with the job; a queue worker claims the job, runs it
// step by step (each step stored on the job and pushed to the profile's open browsers as JobProgress),
// and records how it ended. Every delivery is idempotent: a job is claimed by one delivery at a time
// (a conditional write; a claim lasts as long as the worker may run), and a job that has ended, or that
// another delivery is running, is left alone. A worker that dies leaves its claim to run out: the next
// delivery of the message takes the job over, and until then the job reads as stalled.
import { randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import {
  jobErrorText,
  jobStepText,
  type JobErrorCode,
  type JobKind,
  type JobStep,
  type PublicJob,
} from '../../domain/jobs.ts';
import type { QueueKey, QueueMessage } from '../../events/queues.ts';
import type { Data } from './data/index.ts';
import type { Deps } from './deps.ts';
import { isConditionFailure } from './money/store.ts';

export type StoredJob = EntityItem<Data['jobs']>;
type JobDeps = Pick<Deps, 'clock' | 'events' | 'queue' | 'logger'>;

/** A job and its item expire a day after their last write. */
export const JOB_TTL_SECONDS = 24 * 60 * 60;
/** How long a claim lasts: longer than a worker may run (29 s), so a live worker is never taken over. */
export const JOB_LEASE_MS = 60_000;

const ttlFrom = (now: Date) => Math.floor(now.getTime() / 1000) + JOB_TTL_SECONDS;

/** The queue a kind of job runs from (events/queues.ts). */
export const queueOfJob = (kind: JobKind): 'planJobs' | 'initialSync' =>
  kind === 'first_sync' ? 'initialSync' : 'planJobs';

/** A failure the person can act on: its code picks the sentence they read (domain/jobs.ts jobErrorText). */
export class JobFailedError extends Error {
  constructor(
    readonly code: JobErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'JobFailedError';
  }
}

/** A running job whose claim ran out: its worker died, and no delivery has taken it over yet. */
const stalled = (job: StoredJob, now: Date) =>
  job.status === 'running' && (job.lease_until ?? '') < now.toISOString();

export function publicJob(job: StoredJob, now: Date): PublicJob {
  const isStalled = stalled(job, now);
  const status = isStalled ? 'failed' : job.status;
  const code: JobErrorCode | null = isStalled
    ? 'stalled'
    : status === 'failed'
      ? (job.error_code ?? 'failed')
      : null;
  return {
    job_id: job.job_id,
    kind: job.kind,
    profile_id: job.profile_id,
    status,
    step: job.step,
    done: job.done ?? null,
    total: job.total ?? null,
    message: code
      ? jobErrorText(job.kind, code)
      : jobStepText(job.kind, job.step, job.done ?? null, job.total ?? null),
    result: (job.result as PublicJob['result'] | undefined) ?? null,
    error: code ? { code, message: jobErrorText(job.kind, code) } : null,
    created_at: job.created_at,
    updated_at: job.updated_at,
    finished_at: job.finished_at ?? null,
  };
}

const alive = (job: StoredJob, now: Date) => job.ttl > Math.floor(now.getTime() / 1000);

/** The profile's jobs of the last day, newest first (expired ones are skipped: TTL deletes lazily). */
export async function recentJobs(data: Data, profileId: string, now: Date): Promise<StoredJob[]> {
  const { data: jobs } = await data.jobs.query.byProfile({ profile_id: profileId }).go({ pages: 'all' });
  return jobs.filter((job) => alive(job, now)).sort((a, b) => b.created_at.localeCompare(a.created_at));
}

export async function readJob(data: Data, profileId: string, jobId: string, now: Date) {
  const { data: job } = await data.jobs.get({ profile_id: profileId, job_id: jobId }).go();
  return job && alive(job, now) ? job : null;
}

async function publishJob(deps: JobDeps, job: StoredJob) {
  await deps.events.publish('JobProgress', {
    userId: job.user_id,
    profileId: job.profile_id,
    job: publicJob(job, deps.clock()),
  });
}

/**
 * Starts a job: stores it queued and puts its message on its queue. A job of the same kind (and bank)
 * already waiting or running on the profile is answered instead, so a second click joins the first.
 */
export async function startJob(
  deps: JobDeps,
  data: Data,
  input: { kind: JobKind; profileId: string; userId: string; itemId?: string },
): Promise<StoredJob> {
  const now = deps.clock();
  const current = (await recentJobs(data, input.profileId, now)).find(
    (job) =>
      job.kind === input.kind &&
      (job.item_id ?? null) === (input.itemId ?? null) &&
      (job.status === 'queued' || (job.status === 'running' && !stalled(job, now))),
  );
  if (current) return current;
  const { data: job } = await data.jobs
    .create({
      profile_id: input.profileId,
      job_id: `job_${randomUUID()}`,
      kind: input.kind,
      user_id: input.userId,
      ...(input.itemId ? { item_id: input.itemId } : {}),
      status: 'queued',
      step: 'queued',
      ttl: ttlFrom(now),
    })
    .go();
  await enqueue(deps, job);
  return job;
}

async function enqueue(deps: JobDeps, job: StoredJob) {
  const message = { profileId: job.profile_id, jobId: job.job_id };
  await deps.queue.send(queueOfJob(job.kind), [message] as QueueMessage<QueueKey>[]);
}

/**
 * A failed (or stalled) job, started again from its first step with the same id: the open screens that
 * follow it see it run again. A job still waiting, running or done is answered as it is.
 */
export async function retryJob(deps: JobDeps, data: Data, job: StoredJob): Promise<StoredJob> {
  const now = deps.clock();
  if (job.status !== 'failed' && !stalled(job, now)) return job;
  try {
    const { data: queued } = await data.jobs
      .patch({ profile_id: job.profile_id, job_id: job.job_id })
      .set({ status: 'queued', step: 'queued', ttl: ttlFrom(now) })
      .remove(['error_code', 'error_detail', 'finished_at', 'lease_until', 'done', 'total', 'result'])
      .where((a, op) => `${op.eq(a.updated_at, job.updated_at)}`)
      .go({ response: 'all_new' });
    const stored = queued as StoredJob;
    await enqueue(deps, stored);
    await publishJob(deps, stored);
    return stored;
  } catch (error) {
    // Someone retried it a moment ago: theirs is the retry.
    if (!isConditionFailure(error)) throw error;
    return (await readJob(data, job.profile_id, job.job_id, now)) ?? job;
  }
}

/** Claims a delivered job: a queued one, or a running one whose claim ran out. Null: leave it alone. */
async function claim(deps: JobDeps, data: Data, key: { profileId: string; jobId: string }) {
  const now = deps.clock();
  const nowIso = now.toISOString();
  try {
    const { data: claimed } = await data.jobs
      .patch({ profile_id: key.profileId, job_id: key.jobId })
      .set({
        status: 'running',
        lease_until: new Date(now.getTime() + JOB_LEASE_MS).toISOString(),
        ttl: ttlFrom(now),
      })
      .add({ attempts: 1 })
      .where(
        (a, op) =>
          `${op.eq(a.status, 'queued')} OR (${op.eq(a.status, 'running')} AND ${op.lt(a.lease_until, nowIso)})`,
      )
      .go({ response: 'all_new' });
    return claimed as StoredJob;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Reports a step of a running job: stored on it and pushed to the profile's open browsers. */
export type JobProgress = (step: JobStep, done?: number, total?: number) => Promise<void>;

export type JobWork = (
  job: StoredJob,
  progress: JobProgress,
) => Promise<Record<string, number | string | boolean | null>>;

export type JobRunOutcome =
  | { jobId: string; outcome: 'succeeded' | 'failed' }
  | { jobId: string; outcome: 'left_alone'; status: string | null };

/**
 * Runs one delivered job. A job that has ended, is gone, or is running under another live claim is left
 * alone (a second delivery changes nothing). A failure of the work is recorded on the job for the person
 * to read and retry, and the message completes; only a worker that cannot record anything (it dies, or
 * the table refuses) leaves the message to be delivered again and, after its tries, dead-lettered.
 */
export async function runJob(
  deps: JobDeps,
  data: Data,
  message: { profileId: string; jobId: string },
  work: JobWork,
): Promise<JobRunOutcome> {
  const log = deps.logger.child({ jobId: message.jobId, profileId: message.profileId });
  const job = await claim(deps, data, message);
  if (!job) {
    const current = await readJob(data, message.profileId, message.jobId, deps.clock());
    log.info('job delivery left alone', { status: current?.status ?? null });
    return { jobId: message.jobId, outcome: 'left_alone', status: current?.status ?? null };
  }
  const key = { profile_id: job.profile_id, job_id: job.job_id };
  const write = async (
    set: Parameters<ReturnType<Data['jobs']['patch']>['set']>[0],
    remove: string[] = [],
  ) => {
    let op = data.jobs.patch(key).set({ ...set, ttl: ttlFrom(deps.clock()) });
    if (remove.length > 0) op = op.remove(remove as never[]);
    const { data: stored } = await op.go({ response: 'all_new' });
    await publishJob(deps, stored as StoredJob);
  };
  const progress: JobProgress = async (step, done, total) => {
    await write(
      {
        step,
        lease_until: new Date(deps.clock().getTime() + JOB_LEASE_MS).toISOString(),
        ...(done !== undefined ? { done } : {}),
        ...(total !== undefined ? { total } : {}),
      },
      done === undefined ? ['done', 'total'] : [],
    );
  };
  const started = Date.now();
  try {
    const result = await work(job, progress);
    await write({ status: 'succeeded', step: 'done', result, finished_at: deps.clock().toISOString() }, [
      'lease_until',
      'done',
      'total',
    ]);
    log.info('job succeeded', { kind: job.kind, ms: Date.now() - started, attempts: job.attempts });
    return { jobId: job.job_id, outcome: 'succeeded' };
  } catch (error) {
    const code = error instanceof JobFailedError ? error.code : 'failed';
    log.error('job failed', { kind: job.kind, code, error: (error as Error).message });
    await write(
      {
        status: 'failed',
        error_code: code,
        error_detail: (error as Error).message.slice(0, 500),
        finished_at: deps.clock().toISOString(),
      },
      ['lease_until'],
    );
    return { jobId: job.job_id, outcome: 'failed' };
  }
}
