// The sentences a job's steps and failures show (domain/jobs.ts; docs/jobs.md).
import { describe, expect, it } from 'vitest';
import { isFinished, JOB_STEPS, jobErrorText, jobStepText } from './jobs.ts';

describe('jobStepText', () => {
  it('counts accounts as a first sync brings them in', () => {
    expect(jobStepText('first_sync', 'syncing', 3, 8)).toBe('Syncing 3 of 8 accounts');
    expect(jobStepText('first_sync', 'syncing', 1, 1)).toBe('Syncing 1 of 1 account');
    expect(jobStepText('first_sync', 'syncing', 9, 8)).toBe('Syncing 8 of 8 accounts');
    expect(jobStepText('first_sync', 'syncing', null, null)).toBe('Syncing your accounts');
  });

  it("names a plan job's steps and each kind's end", () => {
    expect(jobStepText('plan', 'finding', null, null)).toBe(
      'Finding your paychecks, bills and subscriptions',
    );
    expect(jobStepText('plan', 'forecasting', null, null)).toBe('Building your forecast');
    expect(jobStepText('plan', 'done', null, null)).toBe('Your money plan is ready');
    expect(jobStepText('forecast', 'done', null, null)).toBe('Your forecast is up to date');
    expect(jobStepText('first_sync', 'done', null, null)).toBe('Your history is in');
  });

  it('has a sentence for every step of every kind', () => {
    for (const kind of ['plan', 'forecast', 'first_sync'] as const)
      for (const step of JOB_STEPS) expect(jobStepText(kind, step, 1, 2)).toMatch(/^[A-Z]/);
  });
});

describe('jobErrorText', () => {
  it('says what to do for a bank that wants a sign-in, one that is down, and anything else', () => {
    expect(jobErrorText('first_sync', 'bank_login_required')).toMatch(/sign in again/);
    expect(jobErrorText('first_sync', 'bank_unavailable')).toMatch(/not answering/);
    expect(jobErrorText('first_sync', 'failed')).toBe("We couldn't bring in your history. Please try again.");
    expect(jobErrorText('plan', 'failed')).toBe("We couldn't build your money plan. Please try again.");
    expect(jobErrorText('forecast', 'stalled')).toMatch(
      /^We stopped hearing from the job that was going to update your forecast/,
    );
  });
});

describe('isFinished', () => {
  it('is true only once a job succeeded or failed', () => {
    expect(['queued', 'running', 'succeeded', 'failed'].map((s) => isFinished(s as never))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});
