// The admin roll-up (issue 16 item 2): a scheduled job (every 15 minutes, and on demand through the
// AdminRollupRequested event) reads the people, items, accounts and subscriptions once, in parallel
// segments, and writes what the dashboard and the user-health screen show: today's figures (one item per
// day, so the history is the trend) and the users needing attention (one item per flag and subject).
// The Scan lives here and only here: no request path reads the table this way (docs/admin.md).
import { randomUUID } from 'node:crypto';
import { ScanCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { PLANS } from '../../../domain/subscription.ts';
import { HEALTH_FLAGS, type HealthFlag } from '../data/entities/admin.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';

const DAY_MS = 86_400_000;
const SEGMENTS = 4;
/** A lease older than this, never released, means the sync died mid-way (the lease is 60 s). */
const STUCK_AFTER_MS = 15 * 60_000;
/** Linked but never synced this long after linking: the initial sync never ran. */
const NEVER_SYNCED_AFTER_MS = 60 * 60_000;
/** How many days of sign-ups and trials the series keep. */
export const SERIES_DAYS = 30;

interface Row {
  __edb_e__?: string;
  [key: string]: unknown;
}

const str = (row: Row, key: string) => (typeof row[key] === 'string' ? (row[key] as string) : undefined);
const time = (value: string | undefined) => (value ? Date.parse(value) : Number.NaN);

async function scanEntities(deps: Pick<Deps, 'ddb' | 'tableName'>, entities: string[]): Promise<Row[]> {
  const names: Record<string, string> = { '#e': '__edb_e__' };
  const values: Record<string, string> = {};
  entities.forEach((entity, index) => (values[`:e${index}`] = entity));
  const segment = async (index: number) => {
    const rows: Row[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const page: ScanCommandOutput = await deps.ddb.send(
        new ScanCommand({
          TableName: deps.tableName,
          Segment: index,
          TotalSegments: SEGMENTS,
          FilterExpression: `#e IN (${Object.keys(values).join(', ')})`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ExclusiveStartKey: start,
        }),
      );
      rows.push(...((page.Items ?? []) as Row[]));
      start = page.LastEvaluatedKey;
    } while (start);
    return rows;
  };
  const parts = await Promise.all(Array.from({ length: SEGMENTS }, (_, i) => segment(i)));
  return parts.flat();
}

export interface Figure {
  value: number | null;
  /** Why a figure is null: its source has not landed (e.g. e-mail analytics). */
  unavailable?: string;
}

export interface DashboardFigures {
  generated_at: string;
  users_total: number;
  signups_24h: number;
  signups_7d: number;
  signups_30d: number;
  /** Sign-ups per day (UTC), oldest first, SERIES_DAYS long. */
  signups_by_day: Array<{ day: string; count: number }>;
  dau: number;
  wau: number;
  mau: number;
  /** Of the people who signed up 30 to 1 days ago (24 h) / 30 to 7 days ago (7 days). */
  activation_24h: { cohort: number; activated: number };
  activation_7d: { cohort: number; activated: number };
  trials_started_30d: number;
  trials_by_day: Array<{ day: string; count: number }>;
  /** By ISO week (Monday) of the trial start: trials, and how many became paying. */
  trial_cohorts: Array<{ week: string; trials: number; paid: number }>;
  paying: number;
  in_grace: number;
  churned_30d: number;
  /** churned_30d / (paying + churned_30d), null without any subscriber. */
  churn_rate_30d: number | null;
  mrr_cents: number;
  items_by_state: Record<string, number>;
  health_counts: Record<HealthFlag, number>;
  /** E-mails whose send was recorded in the last 30 days, by outcome (issue 15's e-mail history). */
  email_30d: { sent: number; failed: number; bounced: number; opened: number; clicked: number };
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function mondayOf(ms: number): string {
  const date = new Date(ms);
  const weekday = (date.getUTCDay() + 6) % 7;
  return dayOf(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - weekday));
}

function series(now: number, stamps: number[]): Array<{ day: string; count: number }> {
  const counts = new Map<string, number>();
  for (const stamp of stamps) counts.set(dayOf(stamp), (counts.get(dayOf(stamp)) ?? 0) + 1);
  return Array.from({ length: SERIES_DAYS }, (_, i) => {
    const day = dayOf(now - (SERIES_DAYS - 1 - i) * DAY_MS);
    return { day, count: counts.get(day) ?? 0 };
  });
}

const monthlyCents = (plan: string | undefined): number => {
  const found = PLANS.find((p) => p.lookup_key === plan);
  if (!found) return 0;
  return found.interval === 'year' ? Math.round(found.amount_cents / 12) : found.amount_cents;
};

interface Flagged {
  flag: HealthFlag;
  user_id: string;
  subject_id: string;
  email?: string;
  detail: string;
  since?: string;
}

/** The figures and flags from the rows (pure: tested without a table). */
export function computeRollup(rows: Row[], nowDate: Date): { figures: DashboardFigures; flags: Flagged[] } {
  const now = nowDate.getTime();
  const within = (stamp: number, ms: number) => Number.isFinite(stamp) && stamp <= now && now - stamp < ms;
  const profiles = rows.filter((r) => r.__edb_e__ === 'profile');
  const items = rows.filter((r) => r.__edb_e__ === 'plaidItem');
  const accounts = rows.filter((r) => r.__edb_e__ === 'connectedAccount');
  const subscribers = rows.filter((r) => r.__edb_e__ === 'subscriber');
  const emails = rows.filter(
    (r) => r.__edb_e__ === 'emailSend' && within(time(str(r, 'sent_at')), 30 * DAY_MS),
  );
  const emailOf = new Map(profiles.map((p) => [str(p, 'id') ?? '', str(p, 'email')]));

  const firstLink = new Map<string, number>();
  for (const item of items) {
    const user = str(item, 'user_id') ?? '';
    const at = time(str(item, 'created_at'));
    if (Number.isFinite(at)) firstLink.set(user, Math.min(firstLink.get(user) ?? Infinity, at));
  }
  const signups = profiles.map((p) => time(str(p, 'created_at'))).filter(Number.isFinite);
  const activation = (windowMs: number) => {
    const cohort = profiles.filter((p) => {
      const at = time(str(p, 'created_at'));
      return Number.isFinite(at) && now - at >= windowMs && now - at < SERIES_DAYS * DAY_MS;
    });
    const activated = cohort.filter((p) => {
      const linked = firstLink.get(str(p, 'id') ?? '');
      return linked !== undefined && linked - time(str(p, 'created_at')) <= windowMs;
    });
    return { cohort: cohort.length, activated: activated.length };
  };
  const active = (ms: number) => profiles.filter((p) => within(time(str(p, 'last_active_at')), ms)).length;

  const trialStarts = subscribers.map((s) => time(str(s, 'trial_start'))).filter(Number.isFinite);
  const cohorts = new Map<string, { trials: number; paid: number }>();
  for (const s of subscribers) {
    const start = time(str(s, 'trial_start'));
    if (!Number.isFinite(start) || now - start > 12 * 7 * DAY_MS) continue;
    const week = mondayOf(start);
    const entry = cohorts.get(week) ?? { trials: 0, paid: 0 };
    entry.trials += 1;
    // Paid: the subscription was paid for at least once after the trial (Stripe status active, or a
    // renewal that failed after being paid, i.e. grace).
    if (s.status === 'active' || s.status === 'past_due' || s.status === 'unpaid') entry.paid += 1;
    cohorts.set(week, entry);
  }
  const paying = subscribers.filter((s) => s.status === 'active');
  const inGrace = subscribers.filter(
    (s) => (s.status === 'past_due' || s.status === 'unpaid') && time(str(s, 'grace_expires_at')) > now,
  );
  const churned = subscribers.filter(
    (s) => s.status === 'canceled' && within(time(str(s, 'ended_at')), 30 * DAY_MS),
  );

  const itemsByState: Record<string, number> = {};
  for (const item of items) {
    const status = str(item, 'status') ?? 'active';
    itemsByState[status] = (itemsByState[status] ?? 0) + 1;
  }

  const flags: Flagged[] = [];
  for (const p of profiles) {
    const id = str(p, 'id') ?? '';
    const last = time(str(p, 'last_active_at') ?? str(p, 'created_at'));
    const idle = now - last;
    const base = { user_id: id, subject_id: id, email: str(p, 'email'), since: str(p, 'last_active_at') };
    if (idle >= 30 * DAY_MS) flags.push({ ...base, flag: 'inactive_30d', detail: 'No visit in 30 days' });
    else if (idle >= 7 * DAY_MS) flags.push({ ...base, flag: 'inactive_7d', detail: 'No visit in 7 days' });
  }
  for (const item of items) {
    const user = str(item, 'user_id') ?? '';
    const base = { user_id: user, subject_id: str(item, 'id') ?? '', email: emailOf.get(user) };
    const institution = str(item, 'institution_name') ?? 'A bank';
    if (item.status === 'removed') continue;
    if (item.status === 'login_required')
      flags.push({
        ...base,
        flag: 'login_required',
        detail: `${institution} needs a new login`,
        since: str(item, 'updated_at'),
      });
    const lease = time(str(item, 'sync_lock_expires_at'));
    const linked = time(str(item, 'created_at'));
    if (str(item, 'sync_lock_owner') && Number.isFinite(lease) && now - lease > STUCK_AFTER_MS)
      flags.push({
        ...base,
        flag: 'sync_stuck',
        detail: `${institution}: a sync stopped mid-way`,
        since: str(item, 'sync_lock_expires_at'),
      });
    else if (!str(item, 'last_synced_at') && now - linked > NEVER_SYNCED_AFTER_MS && item.status === 'active')
      flags.push({
        ...base,
        flag: 'sync_stuck',
        detail: `${institution}: never synced since linking`,
        since: str(item, 'created_at'),
      });
  }
  for (const account of accounts) {
    const check = account.balance_check as
      { valid?: boolean; difference?: number; checked_at?: string } | undefined;
    if (!check || check.valid !== false || account.is_active === false) continue;
    const user = str(account, 'user_id') ?? '';
    flags.push({
      flag: 'balance_check_failing',
      user_id: user,
      subject_id: str(account, 'id') ?? '',
      email: emailOf.get(user),
      detail: `${str(account, 'account_name') ?? 'An account'}: balance differs by ${((check.difference ?? 0) / 100).toFixed(2)}`,
      since: check.checked_at,
    });
  }
  const healthCounts = Object.fromEntries(HEALTH_FLAGS.map((f) => [f, 0])) as Record<HealthFlag, number>;
  for (const f of flags) healthCounts[f.flag] += 1;

  return {
    flags,
    figures: {
      generated_at: nowDate.toISOString(),
      users_total: profiles.length,
      signups_24h: signups.filter((s) => within(s, DAY_MS)).length,
      signups_7d: signups.filter((s) => within(s, 7 * DAY_MS)).length,
      signups_30d: signups.filter((s) => within(s, 30 * DAY_MS)).length,
      signups_by_day: series(now, signups),
      dau: active(DAY_MS),
      wau: active(7 * DAY_MS),
      mau: active(30 * DAY_MS),
      activation_24h: activation(DAY_MS),
      activation_7d: activation(7 * DAY_MS),
      trials_started_30d: trialStarts.filter((s) => within(s, 30 * DAY_MS)).length,
      trials_by_day: series(now, trialStarts),
      trial_cohorts: [...cohorts.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([week, c]) => ({ week, ...c })),
      paying: paying.length,
      in_grace: inGrace.length,
      churned_30d: churned.length,
      churn_rate_30d:
        paying.length + churned.length === 0 ? null : churned.length / (paying.length + churned.length),
      mrr_cents: paying.reduce((sum, s) => sum + monthlyCents(str(s, 'plan')), 0),
      items_by_state: itemsByState,
      health_counts: healthCounts,
      email_30d: {
        sent: emails.filter((e) => e.status !== 'failed' && e.status !== 'queued').length,
        failed: emails.filter((e) => e.status === 'failed').length,
        bounced: emails.filter((e) => str(e, 'bounced_at')).length,
        opened: emails.filter((e) => str(e, 'opened_at')).length,
        clicked: emails.filter((e) => str(e, 'clicked_at')).length,
      },
    },
  };
}

/** Runs the roll-up: scan, compute, write today's snapshot and the flags, remove flags no longer true. */
export async function runRollup(
  deps: Pick<Deps, 'ddb' | 'tableName' | 'clock' | 'logger'>,
  data: Data,
): Promise<{ run_id: string; users: number; flags: number }> {
  const now = deps.clock();
  const runId = `${now.toISOString()}-${randomUUID().slice(0, 8)}`;
  const rows = await scanEntities(deps, [
    'profile',
    'plaidItem',
    'connectedAccount',
    'subscriber',
    'emailSend',
  ]);
  // Profiles created before the e-mail index existed get its keys by rewriting their e-mail.
  for (const p of rows.filter((r) => r.__edb_e__ === 'profile' && !r.gsi1pk && str(r, 'email'))) {
    await data.profiles
      .patch({ id: str(p, 'id') ?? '' })
      .set({ email: str(p, 'email') ?? '' })
      .go();
  }
  const { figures, flags } = computeRollup(rows, now);
  const batch = 25;
  for (let i = 0; i < flags.length; i += batch) {
    await data.adminHealthFlags.put(flags.slice(i, i + batch).map((f) => ({ ...f, run_id: runId }))).go();
  }
  for (const flag of HEALTH_FLAGS) {
    const { data: existing } = await data.adminHealthFlags.query.byFlag({ flag }).go({ pages: 'all' });
    const stale = existing.filter((f) => f.run_id !== runId);
    for (let i = 0; i < stale.length; i += batch) {
      await data.adminHealthFlags
        .delete(
          stale
            .slice(i, i + batch)
            .map((f) => ({ flag: f.flag, user_id: f.user_id, subject_id: f.subject_id })),
        )
        .go();
    }
  }
  await data.adminSnapshots
    .upsert({ day: now.toISOString().slice(0, 10), generated_at: now.toISOString(), run_id: runId, figures })
    .go();
  deps.logger.info('admin roll-up', { runId, users: figures.users_total, flags: flags.length });
  return { run_id: runId, users: figures.users_total, flags: flags.length };
}
