// What each record adds to the admin figures (docs/admin.md "Dashboard definitions"), as pure functions:
// a subject's counts (`bucket|metric` → amount), the health flags it raises, and when time alone will
// change them. tally.ts keeps the counters equal to the sum of these over every record; figures.ts reads
// the definitions back out of the buckets.
import { PLANS } from '../../../domain/subscription.ts';
import type { CounterMetric, HealthFlag } from '../data/entities/admin.ts';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;
/** Linked but never synced this long after linking: the first sync never ran. */
export const NEVER_SYNCED_AFTER_MS = HOUR_MS;
/** Whole UTC days since the last visit that make a person inactive (the inactivity e-mails' days too). */
export const INACTIVE_DAYS = { week: 7, month: 30 } as const;

export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const hourOf = (ms: number) => new Date(ms).toISOString().slice(0, 13);
const time = (value: string | undefined | null) => (value ? Date.parse(value) : Number.NaN);

/** The Monday (UTC) of the ISO week holding ms. */
export function mondayOf(ms: number): string {
  const date = new Date(ms);
  const weekday = (date.getUTCDay() + 6) % 7;
  return dayOf(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - weekday));
}

export const bucket = {
  all: 'all',
  day: (ms: number) => `day#${dayOf(ms)}`,
  hour: (ms: number) => `hour#${hourOf(ms)}`,
  week: (ms: number) => `week#${mondayOf(ms)}`,
  grace: (ms: number) => `grace#${hourOf(ms)}`,
} as const;

export type Counts = Record<string, number>;

export interface FlagFact {
  flag: HealthFlag;
  user_id: string;
  subject_id: string;
  email?: string;
  detail: string;
  since?: string;
}

export interface Facts {
  counts: Counts;
  flags: FlagFact[];
  /** ISO time at which the same record, unchanged, would give other facts. */
  due?: string;
}

export const NO_FACTS: Facts = { counts: {}, flags: [] };

const key = (bucketName: string, metric: CounterMetric) => `${bucketName}|${metric}`;

function add(counts: Counts, bucketName: string, metric: CounterMetric, amount = 1) {
  if (amount === 0) return;
  const k = key(bucketName, metric);
  counts[k] = (counts[k] ?? 0) + amount;
}

function withFlagCounts(counts: Counts, flags: FlagFact[]): Counts {
  for (const f of flags) add(counts, bucket.all, `flag_${f.flag}`);
  return counts;
}

export interface ProfileFacts {
  id: string;
  email?: string;
  created_at: string;
  last_active_at?: string;
}

/**
 * A person: one of everyone, a sign-up in the hour and day of created_at, an active person in the hour
 * and day of their last visit, and inactive once whole UTC days have passed since it (7: a week, 30: a
 * month). The inactivity is re-checked at the next midnight that changes it.
 */
export function profileFacts(profile: ProfileFacts, now: Date): Facts {
  const counts: Counts = {};
  const created = time(profile.created_at);
  add(counts, bucket.all, 'users');
  if (Number.isFinite(created)) {
    add(counts, bucket.day(created), 'signups');
    add(counts, bucket.hour(created), 'signups');
  }
  const lastVisit = time(profile.last_active_at);
  if (Number.isFinite(lastVisit)) {
    add(counts, bucket.day(lastVisit), 'active');
    add(counts, bucket.hour(lastVisit), 'active');
  }
  const last = Number.isFinite(lastVisit) ? lastVisit : created;
  if (!Number.isFinite(last)) return { counts, flags: [] };
  const lastDay = Date.parse(`${dayOf(last)}T00:00:00Z`);
  const idleDays = Math.floor((Date.parse(`${dayOf(now.getTime())}T00:00:00Z`) - lastDay) / DAY_MS);
  const base = {
    user_id: profile.id,
    subject_id: profile.id,
    ...(profile.email ? { email: profile.email } : {}),
    ...(profile.last_active_at ? { since: profile.last_active_at } : {}),
  };
  const flags: FlagFact[] = [];
  if (idleDays >= INACTIVE_DAYS.month)
    flags.push({ ...base, flag: 'inactive_30d', detail: 'No visit in 30 days' });
  else if (idleDays >= INACTIVE_DAYS.week)
    flags.push({ ...base, flag: 'inactive_7d', detail: 'No visit in 7 days' });
  const next = idleDays < INACTIVE_DAYS.week ? INACTIVE_DAYS.week : INACTIVE_DAYS.month;
  const due = idleDays < INACTIVE_DAYS.month ? new Date(lastDay + next * DAY_MS).toISOString() : undefined;
  return { counts: withFlagCounts(counts, flags), flags, ...(due ? { due } : {}) };
}

/**
 * Activation: whether the person's first Plaid item came within 24 hours and within 7 days of signing
 * up, counted on the day they signed up (the cohorts are read by sign-up day).
 */
export function activationFacts(
  profile: { created_at: string } | null,
  itemCreatedAts: readonly string[],
): Facts {
  const counts: Counts = {};
  const created = time(profile?.created_at);
  const first = Math.min(...itemCreatedAts.map(time).filter(Number.isFinite));
  if (!Number.isFinite(created) || !Number.isFinite(first)) return { counts, flags: [] };
  if (first - created <= DAY_MS) add(counts, bucket.day(created), 'act24');
  if (first - created <= 7 * DAY_MS) add(counts, bucket.day(created), 'act7');
  return { counts, flags: [] };
}

export interface ItemFacts {
  id: string;
  user_id: string;
  status: string;
  institution_name?: string;
  created_at: string;
  updated_at?: string;
  last_synced_at?: string;
}

/** A Plaid item: one in its state; flagged when its bank needs a new login, or when an hour after
 * linking it has still never synced. */
export function itemFacts(item: ItemFacts, email: string | undefined, now: Date): Facts {
  const counts: Counts = {};
  const status = (['active', 'login_required', 'error', 'removed'] as const).find((s) => s === item.status);
  add(counts, bucket.all, `items_${status ?? 'active'}`);
  const flags: FlagFact[] = [];
  if (item.status === 'removed') return { counts, flags };
  const base = { user_id: item.user_id, subject_id: item.id, ...(email ? { email } : {}) };
  const institution = item.institution_name ?? 'A bank';
  if (item.status === 'login_required')
    flags.push({
      ...base,
      flag: 'login_required',
      detail: `${institution} needs a new login`,
      ...(item.updated_at ? { since: item.updated_at } : {}),
    });
  let due: string | undefined;
  const linked = time(item.created_at);
  if (!item.last_synced_at && item.status === 'active' && Number.isFinite(linked)) {
    const stuckAt = linked + NEVER_SYNCED_AFTER_MS;
    if (now.getTime() >= stuckAt)
      flags.push({
        ...base,
        flag: 'sync_stuck',
        detail: `${institution}: never synced since linking`,
        since: item.created_at,
      });
    else due = new Date(stuckAt).toISOString();
  }
  return { counts: withFlagCounts(counts, flags), flags, ...(due ? { due } : {}) };
}

export interface AccountFacts {
  id: string;
  user_id: string;
  account_name?: string;
  is_active?: boolean;
  balance_check?: { valid?: boolean; difference?: number; checked_at?: string };
}

/** A connected account whose stored balance disagrees with its transactions (the balance check). */
export function accountFacts(account: AccountFacts, email: string | undefined): Facts {
  const check = account.balance_check;
  if (!check || check.valid !== false || account.is_active === false) return NO_FACTS;
  const flags: FlagFact[] = [
    {
      flag: 'balance_check_failing',
      user_id: account.user_id,
      subject_id: account.id,
      ...(email ? { email } : {}),
      detail: `${account.account_name ?? 'An account'}: balance differs by ${((check.difference ?? 0) / 100).toFixed(2)}`,
      ...(check.checked_at ? { since: check.checked_at } : {}),
    },
  ];
  return { counts: withFlagCounts({}, flags), flags };
}

export interface SubscriberFacts {
  status: string;
  plan?: string;
  trial_start?: string;
  grace_expires_at?: string;
  ended_at?: string;
}

const monthlyCents = (plan: string | undefined): number => {
  const found = PLANS.find((p) => p.lookup_key === plan);
  if (!found) return 0;
  return found.interval === 'year' ? Math.round(found.amount_cents / 12) : found.amount_cents;
};

/**
 * A subscription: paying and its MRR (annual ÷ 12) while Stripe says active; in grace until the hour its
 * grace runs out while past_due or unpaid; a trial on the day and ISO week it started, paid in that
 * week's cohort while active or in a failed renewal (paid once); churned on the day it ended.
 */
export function subscriberFacts(sub: SubscriberFacts): Facts {
  const counts: Counts = {};
  if (sub.status === 'active') {
    add(counts, bucket.all, 'paying');
    add(counts, bucket.all, 'mrr_cents', monthlyCents(sub.plan));
  }
  const graceEnds = time(sub.grace_expires_at);
  if ((sub.status === 'past_due' || sub.status === 'unpaid') && Number.isFinite(graceEnds))
    add(counts, bucket.grace(graceEnds), 'in_grace');
  const trialStart = time(sub.trial_start);
  if (Number.isFinite(trialStart)) {
    add(counts, bucket.day(trialStart), 'trials');
    add(counts, bucket.week(trialStart), 'cohort_trials');
    if (sub.status === 'active' || sub.status === 'past_due' || sub.status === 'unpaid')
      add(counts, bucket.week(trialStart), 'cohort_paid');
  }
  const ended = time(sub.ended_at);
  if (sub.status === 'canceled' && Number.isFinite(ended)) add(counts, bucket.day(ended), 'churned');
  return { counts, flags: [] };
}

export interface EmailFacts {
  status: string;
  sent_at: string;
  bounced_at?: string;
  opened_at?: string;
  clicked_at?: string;
}

/** An e-mail, on the day it was sent: sent or failed, and bounced, opened and clicked once each. */
export function emailFacts(send: EmailFacts): Facts {
  const counts: Counts = {};
  const sent = time(send.sent_at);
  if (!Number.isFinite(sent)) return NO_FACTS;
  const day = bucket.day(sent);
  if (send.status === 'failed') add(counts, day, 'email_failed');
  else if (send.status !== 'queued') add(counts, day, 'email_sent');
  if (send.bounced_at) add(counts, day, 'email_bounced');
  if (send.opened_at) add(counts, day, 'email_opened');
  if (send.clicked_at) add(counts, day, 'email_clicked');
  return { counts, flags: [] };
}
