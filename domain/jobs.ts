// Jobs: work a person starts that takes longer than a request should (ARCHITECTURE.md "Work that grows
// with users"): "Generate my plan", a forecast rebuild, a bank's first sync. The request answers 202 with
// a job id; the job runs from a work queue and says what it is doing, step by step, to the person's open
// browsers. This module holds what the server and the SPA share: the kinds, the steps, the public shape
// and the sentence each step shows. docs/jobs.md.

export const JOB_KINDS = ['plan', 'forecast', 'first_sync'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * What a job is doing now. A plan job reads, finds, plans and forecasts; a forecast job only forecasts; a
 * bank's first sync connects, waits for the bank's first transactions (Plaid answers NOT_READY at first),
 * brings in the recent ones, then waits for the rest of the history (Plaid's historical update).
 */
export const JOB_STEPS = [
  'queued',
  'connecting',
  'waiting_for_bank',
  'syncing',
  'history',
  'reading',
  'finding',
  'planning',
  'forecasting',
  'done',
] as const;
export type JobStep = (typeof JOB_STEPS)[number];

/** Why a job failed, as the person reads it (the stored error keeps the technical detail out). */
export const JOB_ERROR_CODES = [
  /** The bank wants the person to sign in again (Plaid ITEM_LOGIN_REQUIRED). */
  'bank_login_required',
  /** The bank or Plaid is busy or down; the sync backs off and tries again on its own. */
  'bank_unavailable',
  /** Anything else: the job's work threw. */
  'failed',
  /** The job stopped answering (its worker died) and its time ran out. */
  'stalled',
] as const;
export type JobErrorCode = (typeof JOB_ERROR_CODES)[number];

/** The job as the API and the realtime push carry it: what it is, where it is, and how it ended. */
export interface PublicJob {
  job_id: string;
  kind: JobKind;
  profile_id: string;
  status: JobStatus;
  step: JobStep;
  /** Progress within the step, e.g. accounts synced of all: `done` of `total`; null when not counted. */
  done: number | null;
  total: number | null;
  /** The sentence the screen shows for the step (jobStepText). */
  message: string;
  /** What the job produced once it succeeded (a plan job: items created, updated, deleted…). */
  result: Record<string, number | string | boolean | null> | null;
  error: { code: JobErrorCode; message: string } | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** The sentence for a step: "Syncing 3 of 8 accounts", "Finding your bills", … */
export function jobStepText(kind: JobKind, step: JobStep, done: number | null, total: number | null): string {
  switch (step) {
    case 'queued':
      return kind === 'first_sync' ? 'Getting ready to bring in your history' : 'Getting started';
    case 'connecting':
      return 'Connecting to your bank';
    case 'waiting_for_bank':
      return 'Waiting for your bank to send your transactions';
    case 'history':
      return 'Your recent transactions are in. Still bringing in your history';
    case 'syncing':
      return total !== null && done !== null
        ? `Syncing ${Math.min(done, total)} of ${total} ${total === 1 ? 'account' : 'accounts'}`
        : 'Syncing your accounts';
    case 'reading':
      return 'Reading your transactions';
    case 'finding':
      return 'Finding your paychecks, bills and subscriptions';
    case 'planning':
      return 'Planning the next 2 years';
    case 'forecasting':
      return 'Building your forecast';
    case 'done':
      return kind === 'forecast'
        ? 'Your forecast is up to date'
        : kind === 'first_sync'
          ? 'Your history is in'
          : 'Your money plan is ready';
  }
}

/** The sentence for a failure, by its code (spec §8 tone: what happened and what to do). */
export function jobErrorText(kind: JobKind, code: JobErrorCode): string {
  if (code === 'bank_login_required')
    return 'Your bank needs you to sign in again before we can bring in your history.';
  if (code === 'bank_unavailable')
    return 'Your bank is not answering right now. We will keep trying; you can also try again in a few minutes.';
  const what =
    kind === 'first_sync'
      ? 'bring in your history'
      : kind === 'forecast'
        ? 'update your forecast'
        : 'build your money plan';
  return code === 'stalled'
    ? `We stopped hearing from the job that was going to ${what}. Please try again.`
    : `We couldn't ${what}. Please try again.`;
}

/** A finished job: nothing more will happen to it (a retry starts it again). */
export const isFinished = (status: JobStatus) => status === 'succeeded' || status === 'failed';
