// Starts a job and follows it to its end (docs/jobs.md): the start answers with the job at once, its
// steps arrive by realtime push (or the status route's poll), and the end calls back once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isFinished } from '@domain/jobs.ts';
import { jobQueryKey, retryJob, useJob, type Job } from './jobs-api.ts';

export function useJobRunner(
  profileId: string,
  options: {
    start: () => Promise<Job>;
    onSucceeded?: (job: Job) => void | Promise<void>;
    onFailed?: (job: Job) => void;
    /** The start (or a retry) itself was refused or never reached the server. */
    onStartFailed?: (error: unknown) => void;
  },
) {
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useJob(profileId, jobId);
  const callbacks = useRef(options);
  callbacks.current = options;

  const follow = useCallback(
    (next: Job) => {
      queryClient.setQueryData(jobQueryKey(profileId, next.job_id), next);
      setJobId(next.job_id);
    },
    [queryClient, profileId],
  );
  const onStartFailed = (error: unknown) => callbacks.current.onStartFailed?.(error);
  const start = useMutation({
    mutationFn: () => callbacks.current.start(),
    onSuccess: follow,
    onError: onStartFailed,
  });
  const retry = useMutation({
    mutationFn: () => retryJob(profileId, jobId ?? ''),
    onSuccess: follow,
    onError: onStartFailed,
  });

  // Each end once: a retry that fails again ends anew (its finished_at moves).
  const ended = useRef<string | null>(null);
  const current = job.data && job.data.job_id === jobId ? job.data : null;
  useEffect(() => {
    if (!current || !isFinished(current.status)) return;
    const key = `${current.job_id}|${current.status}|${current.finished_at ?? ''}`;
    if (ended.current === key) return;
    ended.current = key;
    if (current.status === 'succeeded') void callbacks.current.onSucceeded?.(current);
    else callbacks.current.onFailed?.(current);
  }, [current]);

  return {
    /** The job followed now (null before a start); its status says where it is. */
    job: current,
    /** Started and not ended yet (or the start itself is on its way). */
    isRunning: start.isPending || retry.isPending || (current !== null && !isFinished(current.status)),
    start: () => start.mutate(),
    /** Why the start itself failed (the job never began), until the next start. */
    startError: start.error,
    retry: () => retry.mutate(),
    isRetrying: retry.isPending,
    /** Follows a job started elsewhere (another tab, the link that started a first sync). */
    follow,
  };
}
