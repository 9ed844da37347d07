// Jobs a person started (docs/jobs.md): the status of one (the fallback when the realtime push does not
// arrive), the active profile's jobs of the last day (a screen opened mid-job finds it), and a retry of
// one that failed. Anyone who may read the profile reads its jobs; a retry needs what starting it needed.
import { z } from 'zod';
import { NotFoundError } from '../../domain/errors.ts';
import type { JobKind } from '../../domain/jobs.ts';
import { profileIdFromRequest, requireProfileAccess } from '../lib/access.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';
import { publicJob, readJob, recentJobs, retryJob } from '../lib/jobs.ts';

export const JOB_NOT_FOUND = 'Job not found';

const jobPath = z.object({ jobId: z.string().min(1).max(128) });

/** What starting each kind needs (spec §6): a plan is an editor's, a bank the owner's, a forecast anyone's. */
const retryAccess: Record<JobKind, 'read' | 'edit' | 'manage'> = {
  plan: 'edit',
  forecast: 'read',
  first_sync: 'manage',
};

export const handler = httpHandler('jobs', {
  'GET /jobs': route({
    run: async ({ deps, caller, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'read');
      const now = deps.clock();
      return { jobs: (await recentJobs(data, profileId, now)).map((job) => publicJob(job, now)) };
    },
  }),
  'GET /jobs/{jobId}': route({
    path: jobPath,
    run: async ({ deps, caller, path, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'read');
      const job = await readJob(data, profileId, path.jobId, deps.clock());
      if (!job) throw new NotFoundError(JOB_NOT_FOUND);
      return publicJob(job, deps.clock());
    },
  }),
  'POST /jobs/{jobId}/retry': route({
    path: jobPath,
    status: 202,
    run: async ({ deps, caller, path, event }) => {
      const data = dataFor(deps);
      const profileId = profileIdFromRequest(event);
      await requireProfileAccess(data, caller, profileId, 'read');
      const job = await readJob(data, profileId, path.jobId, deps.clock());
      if (!job) throw new NotFoundError(JOB_NOT_FOUND);
      await requireProfileAccess(data, caller, profileId, retryAccess[job.kind]);
      return publicJob(await retryJob(deps, data, job), deps.clock());
    },
  }),
});
