// A job's pushed steps go straight into its query and the profile's list of recent jobs (docs/jobs.md).
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { RealtimePush } from '@events/realtime.ts';
import { applyJobPushes, jobQueryKey, jobsListKey, type Job } from './jobs-api.ts';

const job = (overrides: Partial<Job> = {}): Job => ({
  job_id: 'job_1',
  kind: 'first_sync',
  profile_id: 'p1',
  status: 'running',
  step: 'syncing',
  done: 3,
  total: 8,
  message: 'Syncing 3 of 8 accounts',
  result: null,
  error: null,
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T10:00:01.000Z',
  finished_at: null,
  ...overrides,
});
const pushOf = (j: Job): RealtimePush => ({
  type: 'event',
  id: `push-${j.updated_at}`,
  event: 'JobProgress',
  profileId: j.profile_id,
  job: j,
  at: j.updated_at,
});

describe('applyJobPushes', () => {
  it("puts a step into the job's query, and a newer one over it", () => {
    const client = new QueryClient();
    applyJobPushes(client, [pushOf(job())]);
    expect(client.getQueryData(jobQueryKey('p1', 'job_1'))).toMatchObject({ done: 3 });
    const later = job({
      done: 4,
      message: 'Syncing 4 of 8 accounts',
      updated_at: '2026-11-28T10:00:02.000Z',
    });
    applyJobPushes(client, [pushOf(later)]);
    expect(client.getQueryData(jobQueryKey('p1', 'job_1'))).toMatchObject({ done: 4 });
  });

  it('keeps a newer state when an older step arrives late', () => {
    const client = new QueryClient();
    const ended = job({ status: 'succeeded', step: 'done', updated_at: '2026-11-28T10:00:05.000Z' });
    applyJobPushes(client, [pushOf(ended), pushOf(job())]);
    expect(client.getQueryData(jobQueryKey('p1', 'job_1'))).toMatchObject({ status: 'succeeded' });
  });

  it("adds a job started elsewhere to a screen's list of recent jobs, newest first", () => {
    const client = new QueryClient();
    const older = job({ job_id: 'job_0', kind: 'plan', created_at: '2026-11-28T09:00:00.000Z' });
    client.setQueryData(jobsListKey('p1'), [older]);
    applyJobPushes(client, [pushOf(job())]);
    expect(client.getQueryData<Job[]>(jobsListKey('p1'))?.map((j) => j.job_id)).toEqual(['job_1', 'job_0']);
    // A list nobody holds is not made up.
    applyJobPushes(client, [pushOf(job({ profile_id: 'p2' }))]);
    expect(client.getQueryData(jobsListKey('p2'))).toBeUndefined();
  });

  it('ignores every other push', () => {
    const client = new QueryClient();
    applyJobPushes(client, [{ ...pushOf(job()), event: 'PlanChanged', job: undefined }]);
    expect(client.getQueryData(jobQueryKey('p1', 'job_1'))).toBeUndefined();
  });
});
