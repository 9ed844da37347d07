// The dashboard's definitions on a small world: each record's facts (facts.ts) summed into counter
// buckets as the tallies keep them, then read back by figuresFromCounters.
import { describe, expect, it } from 'vitest';
import {
  accountFacts,
  activationFacts,
  emailFacts,
  itemFacts,
  profileFacts,
  subscriberFacts,
  type Facts,
  type ItemFacts,
  type SubscriberFacts,
} from './facts.ts';
import { figuresFromCounters, type CounterRow } from './rollup.ts';
import { difference } from './tally.ts';

const now = new Date('2026-11-24T12:00:00Z');
const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
const profile = (id: string, createdHoursAgo: number, activeHoursAgo = createdHoursAgo) => ({
  id,
  email: `${id}@example.com`,
  created_at: ago(createdHoursAgo),
  last_active_at: ago(activeHoursAgo),
});
const item = (id: string, user: string, createdHoursAgo: number, extra: Partial<ItemFacts> = {}) => ({
  id,
  user_id: user,
  institution_name: 'First Platypus Bank',
  status: 'active',
  created_at: ago(createdHoursAgo),
  last_synced_at: ago(createdHoursAgo - 0.1),
  ...extra,
});

/** The counter buckets the tallies of these facts leave behind. */
function counters(facts: Facts[]): CounterRow[] {
  const rows = new Map<string, CounterRow>();
  for (const { counts } of facts)
    for (const [key, amount] of Object.entries(counts)) {
      const [bucket, metric] = key.split('|') as [string, keyof CounterRow];
      const row = rows.get(bucket) ?? { bucket };
      (row as Record<string, unknown>)[metric] = ((row[metric] as number | undefined) ?? 0) + amount;
      rows.set(bucket, row);
    }
  return [...rows.values()];
}

describe('dashboard definitions', () => {
  it('counts sign-ups, actives and activation by their definitions', () => {
    const people = [
      profile('new', 2), // signed up 2 h ago: a sign-up of the last 24 h, not yet in an activation cohort
      profile('fast', 48, 1), // linked within 24 h
      profile('slow', 24 * 10, 24 * 8), // linked on day 3: activated within 7 days, not within 24 h
      profile('never', 24 * 20, 24 * 40), // never linked, inactive 30 days
    ];
    const items = [item('i1', 'fast', 47), item('i2', 'slow', 24 * 7)];
    const facts = [
      ...people.map((p) => profileFacts(p, now)),
      ...people.map((p) =>
        activationFacts(
          p,
          items.filter((i) => i.user_id === p.id).map((i) => i.created_at),
        ),
      ),
      ...items.map((i) => itemFacts(i, undefined, now)),
    ];
    const figures = figuresFromCounters(counters(facts), now);
    expect(figures.users_total).toBe(4);
    expect(figures.signups_24h).toBe(1);
    expect(figures.signups_7d).toBe(2);
    expect(figures.signups_30d).toBe(4);
    expect(figures.signups_by_day.reduce((a, d) => a + d.count, 0)).toBe(4);
    expect(figures.signups_by_day.at(-1)).toEqual({ day: '2026-11-24', count: 1 });
    expect(figures.dau).toBe(2);
    expect(figures.wau).toBe(2);
    expect(figures.mau).toBe(3);
    expect(figures.activation_24h).toEqual({ cohort: 3, activated: 1 });
    expect(figures.activation_7d).toEqual({ cohort: 2, activated: 1 });
    expect(figures.items_by_state).toEqual({ active: 2 });
    const flagged = (flag: string) => facts.flatMap((f) => f.flags).filter((f) => f.flag === flag);
    expect(flagged('inactive_30d').map((f) => f.user_id)).toEqual(['never']);
    expect(flagged('inactive_7d').map((f) => f.user_id)).toEqual(['slow']);
    expect(figures.health_counts).toMatchObject({ inactive_30d: 1, inactive_7d: 1 });
  });

  it('a day of sign-ups and visits leaves the windows as the clock moves on', () => {
    const facts = [profileFacts(profile('p', 30, 30), now)];
    const later = (hours: number) =>
      figuresFromCounters(counters(facts), new Date(now.getTime() + hours * 3_600_000));
    expect(later(0)).toMatchObject({ signups_24h: 0, signups_7d: 1, dau: 0, wau: 1 });
    // Signed up and last seen on 2026-11-23: in the 7-day window through 11-29, out of it on 12-01.
    expect(later(24 * 5)).toMatchObject({ signups_7d: 1, wau: 1, mau: 1 });
    expect(later(24 * 7)).toMatchObject({ signups_7d: 0, wau: 0, mau: 1, signups_30d: 1 });
  });

  it('inactivity counts whole UTC days since the last visit, and is re-checked at the midnight that changes it', () => {
    const visited = (hoursAgo: number) => profileFacts(profile('p', 24 * 60, hoursAgo), now);
    // Last visit 2026-11-17T23:00: 7 whole days on 11-24.
    expect(visited(24 * 6 + 13).flags.map((f) => f.flag)).toEqual(['inactive_7d']);
    // Last visit 2026-11-18T01:00: 6 days; due at 2026-11-25T00:00.
    const recent = visited(24 * 6 + 11);
    expect(recent.flags).toEqual([]);
    expect(recent.due).toBe('2026-11-25T00:00:00.000Z');
    expect(visited(24 * 8).due).toBe('2026-12-16T00:00:00.000Z');
    expect(visited(24 * 31).due).toBeUndefined();
  });

  it('subscriptions: paying, grace, churn, MRR (annual ÷ 12) and trial cohorts', () => {
    const subs: SubscriberFacts[] = [
      { status: 'active', plan: 'plus_monthly', trial_start: ago(24 * 10) },
      { status: 'active', plan: 'plus_annual' },
      { status: 'past_due', grace_expires_at: ago(-24) },
      // A grace that ran out an hour ago no longer counts.
      { status: 'unpaid', grace_expires_at: ago(1) },
      { status: 'canceled', ended_at: ago(24 * 5) },
      { status: 'canceled', ended_at: ago(24 * 31) },
      { status: 'trialing', trial_start: ago(24 * 9) },
    ];
    const figures = figuresFromCounters(counters(subs.map(subscriberFacts)), now);
    expect(figures.paying).toBe(2);
    expect(figures.in_grace).toBe(1);
    expect(figures.churned_30d).toBe(1);
    expect(figures.churn_rate_30d).toBeCloseTo(1 / 3);
    expect(figures.mrr_cents).toBe(999 + Math.round(9900 / 12));
    expect(figures.trials_started_30d).toBe(2);
    expect(figures.trial_cohorts).toEqual([{ week: '2026-11-09', trials: 2, paid: 1 }]);
  });

  it('a subscription that changes state moves its counts, and the same state again moves nothing', () => {
    const trialing = subscriberFacts({ status: 'trialing', trial_start: ago(24) });
    const paying = subscriberFacts({ status: 'active', plan: 'plus_monthly', trial_start: ago(24) });
    const canceled = subscriberFacts({ status: 'canceled', trial_start: ago(24), ended_at: ago(0) });
    expect(Object.fromEntries(difference(trialing, paying).moves)).toEqual({
      'all|paying': 1,
      'all|mrr_cents': 999,
      'week#2026-11-23|cohort_paid': 1,
    });
    expect(Object.fromEntries(difference(paying, canceled).moves)).toEqual({
      'all|paying': -1,
      'all|mrr_cents': -999,
      'week#2026-11-23|cohort_paid': -1,
      'day#2026-11-24|churned': 1,
    });
    expect(
      difference(paying, subscriberFacts({ status: 'active', plan: 'plus_monthly', trial_start: ago(24) }))
        .empty,
    ).toBe(true);
  });

  it('e-mails of the last 30 days by outcome', () => {
    const mail = (fields: Partial<Parameters<typeof emailFacts>[0]>) =>
      emailFacts({ status: 'sent', sent_at: ago(24), ...fields });
    const figures = figuresFromCounters(
      counters([
        mail({}),
        mail({ status: 'bounced', bounced_at: ago(23) }),
        mail({ status: 'clicked', opened_at: ago(20), clicked_at: ago(19) }),
        mail({ status: 'failed' }),
        mail({ sent_at: ago(24 * 31) }),
      ]),
      now,
    );
    expect(figures.email_30d).toEqual({ sent: 3, failed: 1, bounced: 1, opened: 1, clicked: 1 });
  });

  it('flags banks needing a login, banks never synced an hour after linking, and failing balance checks', () => {
    const facts = [
      itemFacts(item('login', 'u', 50, { status: 'login_required' }), 'u@example.com', now),
      itemFacts(item('never', 'u', 5, { last_synced_at: undefined }), 'u@example.com', now),
      itemFacts(item('linking', 'u', 0.5, { last_synced_at: undefined }), 'u@example.com', now),
      itemFacts(item('gone', 'u', 50, { status: 'removed' }), 'u@example.com', now),
      accountFacts(
        {
          id: 'acc',
          user_id: 'u',
          account_name: 'Checking',
          balance_check: { valid: false, difference: 12_345, checked_at: ago(2) },
        },
        'u@example.com',
      ),
      accountFacts({ id: 'ok', user_id: 'u', balance_check: { valid: true, difference: 0 } }, undefined),
      accountFacts(
        { id: 'closed', user_id: 'u', is_active: false, balance_check: { valid: false, difference: 1 } },
        undefined,
      ),
    ];
    const flags = facts.flatMap((f) => f.flags);
    const subjects = (flag: string) =>
      flags
        .filter((f) => f.flag === flag)
        .map((f) => f.subject_id)
        .sort();
    expect(subjects('login_required')).toEqual(['login']);
    expect(subjects('sync_stuck')).toEqual(['never']);
    expect(subjects('balance_check_failing')).toEqual(['acc']);
    expect(flags.find((f) => f.subject_id === 'acc')?.detail).toBe('Checking: balance differs by 123.45');
    // The bank linked half an hour ago is checked again when its hour is up.
    expect(facts[2]!.due).toBe(ago(-0.5));
    const figures = figuresFromCounters(counters(facts), now);
    expect(figures.health_counts).toMatchObject({
      sync_stuck: 1,
      login_required: 1,
      balance_check_failing: 1,
    });
    expect(figures.items_by_state).toEqual({ active: 2, login_required: 1, removed: 1 });
  });
});
