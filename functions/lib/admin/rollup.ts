// The admin dashboard's figures, rolled up from the counters the product keeps as it writes (tally.ts):
// a request reads a few small counter partitions (one Query per shard and bucket kind), never the
// records themselves. The scheduled job is cheap: it tallies the subjects whose due check has come
// (inactivity, a bank never synced) and keeps today's figures as the day's snapshot, the trends.
import { randomUUID } from 'node:crypto';
import {
  COUNTER_METRICS,
  HEALTH_FLAGS,
  type CounterMetric,
  type HealthFlag,
} from '../data/entities/admin.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import { DAY_MS, HOUR_MS, bucket, dayOf, hourOf, mondayOf } from './facts.ts';
import { COUNTER_SHARDS, runDueChecks } from './tally.ts';

/** How many days of sign-ups and trials the series keep. */
export const SERIES_DAYS = 30;
/** Trial cohorts shown: the ISO weeks of the last 12 weeks. */
const COHORT_WEEKS = 12;

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
  /** Of the people who signed up 29 to 1 days ago (24 h) / 29 to 7 days ago (7 days), by UTC day. */
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
  /** E-mails sent in the last 30 days (UTC days), by outcome. */
  email_30d: { sent: number; failed: number; bounced: number; opened: number; clicked: number };
}

/** One bucket's counters, summed over its shards. */
export type CounterRow = { bucket: string } & Partial<Record<CounterMetric, number>>;

/**
 * The figures from the counter buckets (pure: tested without a table). Windows are whole buckets: the
 * last 24 UTC hours (this one included) for "24 h" and daily actives, the last 7 or 30 UTC days (today
 * included) for the rest, the hours from this one on for grace.
 */
export function figuresFromCounters(rows: readonly CounterRow[], nowDate: Date): DashboardFigures {
  const now = nowDate.getTime();
  const byBucket = new Map(rows.map((r) => [r.bucket, r]));
  const value = (name: string, metric: CounterMetric) => byBucket.get(name)?.[metric] ?? 0;
  const days = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => bucket.day(now - (to - i) * DAY_MS));
  const sum = (names: string[], metric: CounterMetric) => names.reduce((a, n) => a + value(n, metric), 0);
  const lastHours = Array.from({ length: 24 }, (_, i) => bucket.hour(now - i * HOUR_MS));
  const lastDays = (n: number) => days(0, n - 1);
  const series = (metric: CounterMetric) =>
    days(0, SERIES_DAYS - 1).map((name) => ({ day: name.slice('day#'.length), count: value(name, metric) }));
  const activation = (minDays: number) => {
    const cohortDays = days(minDays, SERIES_DAYS - 1);
    return {
      cohort: sum(cohortDays, 'signups'),
      activated: sum(cohortDays, minDays === 1 ? 'act24' : 'act7'),
    };
  };
  const firstWeek = mondayOf(now - COHORT_WEEKS * 7 * DAY_MS);
  const trialCohorts = rows
    .filter((r) => r.bucket.startsWith('week#') && r.bucket.slice('week#'.length) >= firstWeek)
    .map((r) => ({
      week: r.bucket.slice('week#'.length),
      trials: r.cohort_trials ?? 0,
      paid: r.cohort_paid ?? 0,
    }))
    .filter((c) => c.trials > 0)
    .sort((a, b) => a.week.localeCompare(b.week));
  const currentHour = bucket.grace(now);
  const inGrace = rows
    .filter((r) => r.bucket.startsWith('grace#') && r.bucket >= currentHour)
    .reduce((a, r) => a + (r.in_grace ?? 0), 0);
  const paying = value(bucket.all, 'paying');
  const churned = sum(lastDays(30), 'churned');
  const itemsByState: Record<string, number> = {};
  for (const state of ['active', 'login_required', 'error', 'removed'] as const) {
    const count = value(bucket.all, `items_${state}`);
    if (count !== 0) itemsByState[state] = count;
  }
  return {
    generated_at: nowDate.toISOString(),
    users_total: value(bucket.all, 'users'),
    signups_24h: sum(lastHours, 'signups'),
    signups_7d: sum(lastDays(7), 'signups'),
    signups_30d: sum(lastDays(30), 'signups'),
    signups_by_day: series('signups'),
    dau: sum(lastHours, 'active'),
    wau: sum(lastDays(7), 'active'),
    mau: sum(lastDays(30), 'active'),
    activation_24h: activation(1),
    activation_7d: activation(7),
    trials_started_30d: sum(lastDays(30), 'trials'),
    trials_by_day: series('trials'),
    trial_cohorts: trialCohorts,
    paying,
    in_grace: inGrace,
    churned_30d: churned,
    churn_rate_30d: paying + churned === 0 ? null : churned / (paying + churned),
    mrr_cents: value(bucket.all, 'mrr_cents'),
    items_by_state: itemsByState,
    health_counts: Object.fromEntries(HEALTH_FLAGS.map((f) => [f, value(bucket.all, `flag_${f}`)])) as Record<
      HealthFlag,
      number
    >,
    email_30d: {
      sent: sum(lastDays(30), 'email_sent'),
      failed: sum(lastDays(30), 'email_failed'),
      bounced: sum(lastDays(30), 'email_bounced'),
      opened: sum(lastDays(30), 'email_opened'),
      clicked: sum(lastDays(30), 'email_clicked'),
    },
  };
}

/** The buckets the figures read, summed over the shards: per shard, one GetItem-sized Query per kind. */
export async function readCounters(data: Data, nowDate: Date): Promise<CounterRow[]> {
  const now = nowDate.getTime();
  const ranges: Array<[string, string]> = [
    [bucket.all, bucket.all],
    [bucket.day(now - (SERIES_DAYS - 1) * DAY_MS), bucket.day(now)],
    [bucket.hour(now - 23 * HOUR_MS), bucket.hour(now)],
    [bucket.week(now - COHORT_WEEKS * 7 * DAY_MS), bucket.week(now)],
    // Grace lasts 72 hours: its buckets lie ahead of now.
    [bucket.grace(now), bucket.grace(now + 8 * DAY_MS)],
  ];
  const pages = await Promise.all(
    Array.from({ length: COUNTER_SHARDS }, (_, shard) =>
      ranges.map(([from, to]) =>
        data.adminCounters.query
          .byShard({ shard: `s${shard}` })
          .between({ bucket: from }, { bucket: to })
          .go({ pages: 'all' }),
      ),
    ).flat(),
  );
  const summed = new Map<string, CounterRow>();
  for (const row of pages.flatMap((p) => p.data)) {
    const into = summed.get(row.bucket) ?? { bucket: row.bucket };
    for (const metric of COUNTER_METRICS) {
      const amount = row[metric];
      if (typeof amount === 'number') into[metric] = (into[metric] ?? 0) + amount;
    }
    summed.set(row.bucket, into);
  }
  return [...summed.values()];
}

export async function readFigures(data: Data, now: Date): Promise<DashboardFigures> {
  return figuresFromCounters(await readCounters(data, now), now);
}

/** The scheduled job: due checks, then today's snapshot from the counters (the latest run of a day wins). */
export async function runRollup(
  deps: Pick<Deps, 'clock' | 'logger'>,
  data: Data,
): Promise<{ run_id: string; users: number; due_checked: number }> {
  const now = deps.clock();
  const runId = `${now.toISOString()}-${randomUUID().slice(0, 8)}`;
  const dueChecked = await runDueChecks(deps, data, now);
  const figures = await readFigures(data, now);
  await data.adminSnapshots
    .upsert({ day: dayOf(now.getTime()), generated_at: now.toISOString(), run_id: runId, figures })
    .go();
  deps.logger.info('admin roll-up', {
    runId,
    users: figures.users_total,
    dueChecked,
    hour: hourOf(now.getTime()),
  });
  return { run_id: runId, users: figures.users_total, due_checked: dueChecked };
}
