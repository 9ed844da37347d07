// The roll-up's figures and flags from table rows (issue 16 item 2): each definition on a small world.
import { describe, expect, it } from 'vitest';
import { computeRollup } from './rollup.ts';

const now = new Date('2026-11-24T12:00:00Z');
const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
const profile = (id: string, createdHoursAgo: number, activeHoursAgo = createdHoursAgo) => ({
  __edb_e__: 'profile',
  id,
  email: `${id}@example.com`,
  created_at: ago(createdHoursAgo),
  last_active_at: ago(activeHoursAgo),
});
const item = (id: string, user: string, createdHoursAgo: number, extra: Record<string, unknown> = {}) => ({
  __edb_e__: 'plaidItem',
  id,
  user_id: user,
  institution_name: 'First Platypus Bank',
  status: 'active',
  created_at: ago(createdHoursAgo),
  last_synced_at: ago(createdHoursAgo - 0.1),
  ...extra,
});

describe('computeRollup', () => {
  it('counts sign-ups, actives and activation by their definitions', () => {
    const rows = [
      profile('new', 2), // signed up 2 h ago: a sign-up of the last 24 h, not yet in an activation cohort
      profile('fast', 48, 1), // linked within 24 h
      profile('slow', 24 * 10, 24 * 8), // linked on day 3: activated within 7 days, not within 24 h
      profile('never', 24 * 20, 24 * 40), // never linked, inactive 30 days
      item('i1', 'fast', 47),
      item('i2', 'slow', 24 * 7),
    ];
    const { figures, flags } = computeRollup(rows, now);
    expect(figures.users_total).toBe(4);
    expect(figures.signups_24h).toBe(1);
    expect(figures.signups_7d).toBe(2);
    expect(figures.signups_30d).toBe(4);
    expect(figures.signups_by_day.reduce((a, d) => a + d.count, 0)).toBe(4);
    expect(figures.dau).toBe(2);
    expect(figures.wau).toBe(2);
    expect(figures.mau).toBe(3);
    expect(figures.activation_24h).toEqual({ cohort: 3, activated: 1 });
    expect(figures.activation_7d).toEqual({ cohort: 2, activated: 1 });
    expect(figures.items_by_state).toEqual({ active: 2 });
    expect(flags.filter((f) => f.flag === 'inactive_30d').map((f) => f.user_id)).toEqual(['never']);
    expect(flags.filter((f) => f.flag === 'inactive_7d').map((f) => f.user_id)).toEqual(['slow']);
  });

  it('subscriptions: paying, grace, churn, MRR (annual ÷ 12) and trial cohorts', () => {
    const sub = (user: string, fields: Record<string, unknown>) => ({
      __edb_e__: 'subscriber',
      user_id: user,
      ...fields,
    });
    const rows = [
      sub('a', { status: 'active', plan: 'plus_monthly', trial_start: ago(24 * 10) }),
      sub('b', { status: 'active', plan: 'plus_annual' }),
      sub('c', { status: 'past_due', grace_expires_at: ago(-24) }),
      sub('d', { status: 'canceled', ended_at: ago(24 * 5) }),
      sub('e', { status: 'trialing', trial_start: ago(24 * 9) }),
    ];
    const { figures } = computeRollup(rows, now);
    expect(figures.paying).toBe(2);
    expect(figures.in_grace).toBe(1);
    expect(figures.churned_30d).toBe(1);
    expect(figures.churn_rate_30d).toBeCloseTo(1 / 3);
    expect(figures.mrr_cents).toBe(999 + Math.round(9900 / 12));
    expect(figures.trials_started_30d).toBe(2);
    expect(figures.trial_cohorts).toEqual([{ week: '2026-11-09', trials: 2, paid: 1 }]);
  });

  it('e-mails of the last 30 days by outcome', () => {
    const mail = (fields: Record<string, unknown>) => ({
      __edb_e__: 'emailSend',
      status: 'sent',
      sent_at: ago(24),
      ...fields,
    });
    const { figures } = computeRollup(
      [
        mail({}),
        mail({ bounced_at: ago(23) }),
        mail({ opened_at: ago(20), clicked_at: ago(19) }),
        mail({ status: 'failed' }),
        mail({ sent_at: ago(24 * 31) }),
      ],
      now,
    );
    expect(figures.email_30d).toEqual({ sent: 3, failed: 1, bounced: 1, opened: 1, clicked: 1 });
  });

  it('flags banks needing a login, stuck syncs and failing balance checks', () => {
    const rows = [
      profile('u', 100, 1),
      item('login', 'u', 50, { status: 'login_required' }),
      item('stuck', 'u', 50, { sync_lock_owner: 'x', sync_lock_expires_at: ago(1) }),
      item('fresh-lock', 'u', 50, { sync_lock_owner: 'y', sync_lock_expires_at: ago(-0.01) }),
      item('never', 'u', 5, { last_synced_at: undefined }),
      {
        __edb_e__: 'connectedAccount',
        id: 'acc',
        user_id: 'u',
        account_name: 'Checking',
        balance_check: { valid: false, difference: 12_345, checked_at: ago(2) },
      },
      {
        __edb_e__: 'connectedAccount',
        id: 'ok',
        user_id: 'u',
        balance_check: { valid: true, difference: 0 },
      },
    ];
    const { flags, figures } = computeRollup(rows, now);
    const subjects = (flag: string) =>
      flags
        .filter((f) => f.flag === flag)
        .map((f) => f.subject_id)
        .sort();
    expect(subjects('login_required')).toEqual(['login']);
    expect(subjects('sync_stuck')).toEqual(['never', 'stuck']);
    expect(subjects('balance_check_failing')).toEqual(['acc']);
    expect(flags.find((f) => f.subject_id === 'acc')?.detail).toBe('Checking: balance differs by 123.45');
    expect(figures.health_counts.sync_stuck).toBe(2);
  });
});
