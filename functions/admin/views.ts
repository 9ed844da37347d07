// What the admin screens read, each from keyed queries: the counters (live figures) and the daily
// snapshots (trends), the health flags, sync runs and request counters by hour, and a user's own
// records. Nothing reads the whole table (docs/admin.md).
import { HEALTH_FLAGS, LATENCY_BUCKETS_MS } from '../lib/data/entities/admin.ts';
import type { Data } from '../lib/data/index.ts';
import { hourOf, p95FromHistogram } from '../lib/admin/metrics.ts';
import { readFigures, type DashboardFigures } from '../lib/admin/rollup.ts';
import { catalog } from '../catalog.ts';

const HOUR_MS = 3_600_000;

/** The UTC hours of the last 24 hours, newest first. */
export function last24Hours(now: Date): string[] {
  return Array.from({ length: 24 }, (_, i) => hourOf(new Date(now.getTime() - i * HOUR_MS)));
}

/** E-mail figures (sent, failed, bounced, opened, clicked in 30 days). */
export function emailFigures(figures: DashboardFigures) {
  return { available: true as const, window_days: 30, ...figures.email_30d };
}

/** Today's figures from the counters, and one point per earlier day from the daily snapshots. */
export async function dashboard(data: Data, now: Date) {
  const today = now.toISOString().slice(0, 10);
  const [figures, { data: snapshots }] = await Promise.all([
    readFigures(data, now),
    data.adminSnapshots.query
      .byDay({})
      .gte({ day: new Date(now.getTime() - 90 * 24 * HOUR_MS).toISOString().slice(0, 10) })
      .go({ pages: 'all' }),
  ]);
  const earlier = snapshots
    .filter((s) => s.day < today)
    .sort((a, b) => a.day.localeCompare(b.day))
    .map((s) => ({ day: s.day, figures: s.figures as DashboardFigures }));
  return {
    generated_at: figures.generated_at,
    figures,
    /** One point per day: the daily snapshots, then today as it stands. */
    history: [...earlier, { day: today, figures }],
    email: emailFigures(figures),
  };
}

export async function systemView(data: Data, now: Date, buildVersion: string | null) {
  const hours = last24Hours(now);
  const rows = (
    await Promise.all(hours.map((hour) => data.functionMetrics.query.byHour({ hour }).go({ pages: 'all' })))
  ).flatMap((r) => r.data);
  const byFn = new Map<
    string,
    { requests: number; client: number; server: number; hist: Record<string, number> }
  >();
  for (const row of rows) {
    const entry = byFn.get(row.fn) ?? { requests: 0, client: 0, server: 0, hist: {} };
    entry.requests += row.requests ?? 0;
    entry.client += row.client_errors ?? 0;
    entry.server += row.server_errors ?? 0;
    for (let i = 0; i <= LATENCY_BUCKETS_MS.length; i += 1) {
      const key = `lat_b${i}` as keyof typeof row;
      const count = row[key];
      if (typeof count === 'number') entry.hist[`lat_b${i}`] = (entry.hist[`lat_b${i}`] ?? 0) + count;
    }
    byFn.set(row.fn, entry);
  }
  const summary = (fn: string) => {
    const e = byFn.get(fn) ?? { requests: 0, client: 0, server: 0, hist: {} };
    return {
      name: fn,
      requests: e.requests,
      client_errors: e.client,
      server_errors: e.server,
      error_rate: e.requests === 0 ? null : e.server / e.requests,
      p95_ms: p95FromHistogram(e.hist, e.requests),
    };
  };
  const functions = catalog
    .filter((entry) => entry.routes.length > 0)
    .map((entry) => ({ ...summary(entry.name), built: entry.handler !== null }));
  const events = [...byFn.keys()]
    .filter((fn) => fn.startsWith('event:'))
    .sort()
    .map((fn) => {
      const s = summary(fn);
      const [, detailType, consumer] = fn.split(':');
      return { detail_type: detailType, consumer, deliveries: s.requests, failures: s.server_errors };
    });
  const { data: runs } = await data.scheduleRuns.query.all({}).go({ pages: 'all' });
  const schedules = catalog
    .filter((entry) => entry.schedule)
    .map((entry) => {
      const run = runs.find((r) => r.fn === entry.name);
      return {
        name: entry.name,
        schedule_id: entry.schedule?.id,
        expression: entry.schedule?.expression,
        built: entry.handler !== null,
        last_run_at: run?.last_run_at ?? null,
        last_status: run?.last_status ?? null,
        last_error: run?.last_error ?? null,
      };
    });
  return {
    window_hours: 24,
    functions,
    events,
    schedules,
    build_version: buildVersion,
  };
}

export async function plaidHealth(data: Data, now: Date) {
  const runs = (
    await Promise.all(
      last24Hours(now).map((hour) => data.syncRuns.query.byHour({ hour }).go({ pages: 'all' })),
    )
  ).flatMap((r) => r.data);
  const figures = await readFigures(data, now);
  const ok = runs.filter((r) => r.status === 'synced').length;
  const lags = runs
    .map((r) => r.webhook_lag_ms)
    .filter((v): v is number => typeof v === 'number')
    .sort((a, b) => a - b);
  const codes = new Map<string, number>();
  const institutions = new Map<string, { name: string; runs: number; errors: number }>();
  for (const run of runs) {
    if (run.error_code) codes.set(run.error_code, (codes.get(run.error_code) ?? 0) + 1);
    const key = run.institution_id ?? run.institution_name ?? 'unknown';
    const entry = institutions.get(key) ?? { name: run.institution_name ?? key, runs: 0, errors: 0 };
    entry.runs += 1;
    if (run.status !== 'synced') entry.errors += 1;
    institutions.set(key, entry);
  }
  return {
    window_hours: 24,
    items_by_state: figures.items_by_state,
    items_generated_at: figures.generated_at,
    syncs: runs.length,
    success_rate: runs.length === 0 ? null : ok / runs.length,
    webhook_to_synced_p95_ms: lags.length === 0 ? null : (lags[Math.ceil(lags.length * 0.95) - 1] ?? null),
    webhook_samples: lags.length,
    top_error_codes: [...codes.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 10)
      .map(([code, count]) => ({ code, count })),
    institutions: [...institutions.entries()]
      .map(([id, e]) => ({
        institution_id: id,
        name: e.name,
        syncs: e.runs,
        errors: e.errors,
        error_rate: e.errors / e.runs,
      }))
      .sort((a, b) => b.error_rate - a.error_rate || b.syncs - a.syncs),
    recent_failures: runs
      .filter((r) => r.status !== 'synced')
      .sort((a, b) => b.finished_at.localeCompare(a.finished_at))
      .slice(0, 20)
      .map((r) => ({
        user_id: r.user_id,
        item_id: r.item_id,
        institution_name: r.institution_name ?? null,
        status: r.status,
        error_code: r.error_code ?? null,
        finished_at: r.finished_at,
      })),
  };
}

export interface TimelineEvent {
  at: string;
  id: string;
  kind:
    | 'signup'
    | 'bank_linked'
    | 'sync'
    | 'sync_error'
    | 'bank_state'
    | 'forecast'
    | 'email'
    | 'billing'
    | 'coach'
    | 'admin_action'
    | 'security';
  title: string;
  detail?: string;
}

/** A user's health timeline, newest first: assembled from their own records by key. */
export async function timeline(
  data: Data,
  userId: string,
): Promise<{ events: TimelineEvent[]; sources_unavailable: string[] }> {
  const { data: profile } = await data.profiles.get({ id: userId }).go();
  const [items, runs, owned, subscriber, coach, emails, audit, security] = await Promise.all([
    data.plaidItems.query.byUser({ user_id: userId }).go({ pages: 'all' }),
    data.syncRuns.query.byUser({ user_id: userId }).go({ order: 'desc', limit: 100 }),
    data.financialProfiles.query.byOwner({ owner_user_id: userId }).go({ pages: 'all' }),
    data.subscribers.get({ user_id: userId }).go(),
    // The daily budget windows ('day:YYYY-MM-DD'): one per day the coach was used.
    data.coachUsage.query
      .byUserWindow({ user_id: userId })
      .begins({ window: 'day:' })
      .go({ order: 'desc', limit: 30 }),
    data.emailSends.query.byUser({ user_id: userId }).go({ order: 'desc', limit: 50 }),
    data.adminAudit.query.byTarget({ target_id: userId }).go({ order: 'desc', limit: 50 }),
    data.securityEvents.query.byUser({ user_id: userId }).go({ order: 'desc', limit: 50 }),
  ]);
  const forecasts = await Promise.all(
    owned.data.map((p) => data.profileForecasts.get({ profile_id: p.id }).go()),
  );
  const events: TimelineEvent[] = [];
  if (profile)
    events.push({
      at: profile.created_at,
      id: 'signup',
      kind: 'signup',
      title: 'Signed up',
      detail: profile.email,
    });
  for (const item of items.data) {
    const bank = item.institution_name ?? 'a bank';
    events.push({
      at: item.created_at,
      id: `linked-${item.id}`,
      kind: 'bank_linked',
      title: `Linked ${bank}`,
    });
    if (item.status === 'login_required' || item.status === 'error')
      events.push({
        at: item.updated_at,
        id: `state-${item.id}`,
        kind: 'bank_state',
        title: item.status === 'login_required' ? `${bank} needs a new login` : `${bank} is in error`,
        ...(item.error_code ? { detail: item.error_code } : {}),
      });
  }
  for (const run of runs.data) {
    const bank = run.institution_name ?? 'a bank';
    events.push(
      run.status === 'synced'
        ? {
            at: run.finished_at,
            id: `sync-${run.id}`,
            kind: 'sync',
            title: `Synced ${bank}`,
            detail: `${run.added ?? 0} new, ${run.duration_ms} ms`,
          }
        : {
            at: run.finished_at,
            id: `sync-${run.id}`,
            kind: 'sync_error',
            title: `Sync of ${bank} failed`,
            detail: run.error_code ?? run.status,
          },
    );
  }
  for (const forecast of forecasts) {
    const f = forecast.data;
    if (f?.generated_at)
      events.push({
        at: f.generated_at,
        id: `forecast-${f.profile_id}`,
        kind: 'forecast',
        title: 'Forecast generated',
      });
    if (f?.plan_generated_at)
      events.push({
        at: f.plan_generated_at,
        id: `plan-${f.profile_id}`,
        kind: 'forecast',
        title: 'Money plan generated',
      });
  }
  const sub = subscriber.data;
  if (sub?.trial_start)
    events.push({
      at: sub.trial_start,
      id: 'trial',
      kind: 'billing',
      title: 'Trial started',
      ...(sub.trial_source ? { detail: sub.trial_source } : {}),
    });
  if (sub?.grace_started_at)
    events.push({
      at: sub.grace_started_at,
      id: 'grace',
      kind: 'billing',
      title: 'Renewal failed: grace period',
      detail: `until ${sub.grace_expires_at ?? '?'}`,
    });
  if (sub?.ended_at)
    events.push({ at: sub.ended_at, id: 'ended', kind: 'billing', title: 'Subscription ended' });
  if (sub && sub.status !== 'none')
    events.push({
      at: sub.updated_at,
      id: 'billing-state',
      kind: 'billing',
      title: `Subscription: ${sub.status}`,
      ...(sub.plan ? { detail: sub.plan } : {}),
    });
  for (const usage of coach.data) {
    const day = usage.window.slice('day:'.length);
    events.push({
      at: `${day}T23:59:59.999Z`,
      id: `coach-${day}`,
      kind: 'coach',
      title: 'Used the money coach',
      detail: `${usage.questions ?? 0} question(s) that day`,
    });
  }
  for (const email of emails.data) {
    events.push({
      at: email.bounced_at ?? email.sent_at,
      id: `email-${email.id}`,
      kind: 'email',
      title: `E-mail ${email.bounced_at ? 'bounced' : email.status}: ${email.subject}`,
    });
  }
  for (const entry of audit.data) {
    events.push({
      at: entry.created_at,
      id: `audit-${entry.id}`,
      kind: 'admin_action',
      title: `Admin: ${entry.action.replace(/_/g, ' ')}`,
      detail: `by ${entry.actor_email}`,
    });
  }
  for (const event of security.data) {
    events.push({
      at: event.created_at,
      id: `security-${event.id}`,
      kind: 'security',
      title: event.event_type.replace(/_/g, ' '),
    });
  }
  events.sort((a, b) => b.at.localeCompare(a.at) || a.id.localeCompare(b.id));
  return { events, sources_unavailable: [] };
}

export const healthFlags = HEALTH_FLAGS;
