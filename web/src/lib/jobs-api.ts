// Jobs a person started (docs/jobs.md): "Generate my plan", a forecast rebuild, a bank's first sync. The
// request answers with the job at once; its steps arrive as realtime pushes (applyJobPushes puts each in
// the job's query), and the job's status route is read every few seconds as the fallback while it runs.
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  isFinished,
  JOB_ERROR_CODES,
  JOB_KINDS,
  JOB_STATUSES,
  JOB_STEPS,
  type PublicJob,
} from '@domain/jobs.ts';
import type { RealtimePush } from '@events/realtime.ts';
import { api } from './api-client.ts';

export type Job = PublicJob;

const jobSchema = z.lazy(() =>
  z.object({
    job_id: z.string(),
    kind: z.enum(JOB_KINDS),
    profile_id: z.string(),
    status: z.enum(JOB_STATUSES),
    step: z.enum(JOB_STEPS),
    done: z.nullable(z.number()),
    total: z.nullable(z.number()),
    message: z.string(),
    result: z.nullable(z.record(z.string(), z.union([z.number(), z.string(), z.boolean(), z.null()]))),
    error: z.nullable(z.object({ code: z.enum(JOB_ERROR_CODES), message: z.string() })),
    created_at: z.string(),
    updated_at: z.string(),
    finished_at: z.nullable(z.string()),
  }),
);

/** The status route's fallback cadence while a job runs (a push usually comes first). */
export const JOB_POLL_MS = 2_000;

export const jobQueryKey = (profileId: string, jobId: string) => ['jobs', profileId, jobId] as const;
export const jobsListKey = (profileId: string) => ['jobs', profileId, 'recent'] as const;

export const parseJob = (body: unknown): Job => jobSchema.parse(body);

/** POST /money-plan/generate: the plan job. */
export async function startPlanJob(profileId: string): Promise<Job> {
  return parseJob(await api.post<unknown>('/money-plan/generate', {}, { profileId }));
}

/** POST /running-balances/regenerate: the forecast job. */
export async function startForecastJob(profileId: string): Promise<Job> {
  return parseJob(await api.post<unknown>('/running-balances/regenerate', {}, { profileId }));
}

export async function retryJob(profileId: string, jobId: string): Promise<Job> {
  return parseJob(await api.post<unknown>(`/jobs/${encodeURIComponent(jobId)}/retry`, {}, { profileId }));
}

export const jobQueryOptions = (profileId: string, jobId: string) =>
  queryOptions({
    queryKey: jobQueryKey(profileId, jobId),
    queryFn: async ({ signal }) =>
      parseJob(await api.get<unknown>(`/jobs/${encodeURIComponent(jobId)}`, { profileId, signal })),
    refetchInterval: (query) =>
      query.state.data && isFinished(query.state.data.status) ? false : JOB_POLL_MS,
    staleTime: 0,
  });

/** The profile's jobs of the last day, newest first: a screen opened mid-job picks it up. */
export const recentJobsQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: jobsListKey(profileId),
    queryFn: async ({ signal }) =>
      z.object({ jobs: z.array(jobSchema) }).parse(await api.get<unknown>('/jobs', { profileId, signal }))
        .jobs,
    staleTime: 0,
  });

/** Follows one job (none: idle): its latest state from pushes, or from the status route. */
export function useJob(profileId: string, jobId: string | null) {
  return useQuery({ ...jobQueryOptions(profileId, jobId ?? ''), enabled: jobId !== null });
}

/**
 * Puts each pushed job step into the job's query (a newer state only), and into the profile's list of
 * recent jobs when a screen holds it: a job started elsewhere (a link in another tab, another member's
 * "Generate my plan") shows from its first step.
 */
export function applyJobPushes(queryClient: QueryClient, pushes: readonly RealtimePush[]): void {
  for (const push of pushes) {
    if (push.event !== 'JobProgress' || !push.job) continue;
    const job = push.job;
    const key = jobQueryKey(job.profile_id, job.job_id);
    const current = queryClient.getQueryData<Job>(key);
    if (current && current.updated_at > job.updated_at) continue;
    queryClient.setQueryData(key, job);
    queryClient.setQueryData<Job[]>(jobsListKey(job.profile_id), (list) =>
      list
        ? [job, ...list.filter((j) => j.job_id !== job.job_id)].sort((a, b) =>
            b.created_at.localeCompare(a.created_at),
          )
        : list,
    );
  }
}
