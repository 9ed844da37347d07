// Helpers for the money engine's integration tests: profile-scoped calls (X-Profile-Id, as the SPA sends
// its active profile), a new user with a linked Plaid sandbox bank and its initial sync done, and
// joining a profile as viewer or editor.
import { expect } from 'vitest';
import { sandboxPublicToken } from '../../local/cloud.ts';
import { api, cloud, directData, signUpAndSignIn, type ApiResponse, type TestUser } from './helpers.ts';

export async function profileApi<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { token?: string | undefined; profileId: string; body?: unknown },
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { 'x-profile-id': options.profileId };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${cloud().urls.api}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as T,
    headers: response.headers,
  };
}

export async function defaultProfile(user: TestUser): Promise<string> {
  const { body } = await api<{ profile: { id: string } }>('POST', '/functions/ensure-default-profile', {
    token: user.idToken,
    body: {},
  });
  return body.profile.id;
}

export interface StoredAccountView {
  id: string;
  account_name: string;
  account_type: string;
  account_subtype: string | null;
  current_balance: number | null;
  historical_sync_status: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Links a sandbox bank to the profile (exchange through our API, as the SPA does after Link) and waits
 * for the initial sync the AccountLinked event starts, until every account's history is in.
 */
export async function linkSandboxBank(
  user: TestUser,
  profileId: string,
  institutionId = 'ins_109509',
): Promise<StoredAccountView[]> {
  const exchanged = await profileApi<{ accounts_count: number }>('POST', '/functions/plaid-exchange-token', {
    token: user.idToken,
    profileId,
    body: { publicToken: await sandboxPublicToken(cloud().urls.plaid, institutionId) },
  });
  expect(exchanged.status).toBe(200);
  for (let attempt = 0; attempt < 150; attempt += 1) {
    const { body } = await profileApi<{ accounts: StoredAccountView[] }>('GET', '/accounts', {
      token: user.idToken,
      profileId,
    });
    if (body.accounts.length > 0 && body.accounts.every((a) => a.historical_sync_status === 'completed'))
      return body.accounts;
    await sleep(200);
  }
  throw new Error('the initial sync did not finish');
}

export async function linkedUser(institutionId?: string) {
  const user = await signUpAndSignIn('Money Tester');
  const profileId = await defaultProfile(user);
  const accounts = await linkSandboxBank(user, profileId, institutionId);
  return { user, profileId, accounts };
}

export async function joinAs(
  owner: TestUser,
  profileId: string,
  role: 'viewer' | 'editor',
): Promise<TestUser> {
  const member = await signUpAndSignIn(role === 'viewer' ? 'Vera Viewer' : 'Eddie Editor');
  const invitation = await api<{ invite_url: string }>(
    'POST',
    `/financial-profiles/${profileId}/invitations`,
    {
      token: owner.idToken,
      body: { email: member.email, role },
    },
  );
  const token = new URL(invitation.body.invite_url).searchParams.get('token');
  const accepted = await api('POST', `/invitations/${token}/accept`, { token: member.idToken, body: {} });
  expect(accepted.status).toBe(200);
  return member;
}

/**
 * Waits until no forecast regeneration of the profile is running and the stored one is current, so a
 * test file does not end with PlanChanged deliveries still writing while the local cloud shuts down.
 */
export async function forecastSettled(profileId: string): Promise<void> {
  const data = directData();
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { data: state } = await data.profileForecasts.get({ profile_id: profileId }).go();
    if (!state?.lock_owner && (state?.generated_version ?? -1) === (state?.inputs_version ?? 0)) return;
    await sleep(100);
  }
}

/** Waits until every queue and bus delivery of the local cloud has finished (its operator console). */
export async function drainQueues(): Promise<void> {
  const response = await fetch(`${cloud().urls.api}/__ops/drain`, { method: 'POST' });
  expect(response.status).toBe(200);
}

interface JobAnswer {
  job_id: string;
  status: string;
  result: Record<string, unknown> | null;
}

/**
 * Starts a job (docs/jobs.md: the call answers 202 with it) and runs it to its end through the local
 * queues; answers 200 with the finished job's result (and the job), or the call's own refusal as it came.
 */
export async function runJobCall<T = Record<string, unknown>>(
  path: '/money-plan/generate' | '/running-balances/regenerate',
  options: { token?: string | undefined; profileId: string },
): Promise<ApiResponse<T>> {
  const started = await profileApi<JobAnswer>('POST', path, { ...options, body: {} });
  if (started.status !== 202) return started as unknown as ApiResponse<T>;
  await drainQueues();
  const job = await profileApi<JobAnswer>('GET', `/jobs/${started.body.job_id}`, options);
  expect(job.body.status, JSON.stringify(job.body)).toBe('succeeded');
  return { ...job, body: { ...job.body.result, job: job.body } as T };
}

/**
 * "Generate my plan" run to its end: the job's figures with the detected streams and their monthly
 * summary (GET /money-plan/streams), as one answer.
 */
export async function generatePlan<T = Record<string, unknown>>(options: {
  token?: string | undefined;
  profileId: string;
}): Promise<ApiResponse<T>> {
  const generated = await runJobCall<Record<string, unknown>>('/money-plan/generate', options);
  if (generated.status !== 200) return generated as unknown as ApiResponse<T>;
  const listed = await profileApi<{ streams: Array<{ source: string }>; summary: unknown }>(
    'GET',
    '/money-plan/streams',
    options,
  );
  return {
    ...generated,
    body: {
      ...generated.body,
      streams: listed.body.streams.filter((s) => s.source === 'detected'),
      summary: listed.body.summary,
    } as T,
  };
}
