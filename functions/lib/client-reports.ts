// Browsers' reports about themselves (docs/observability.md): who sent a post (a verified ID
// token, else an anonymous caller known only by a hash of their address), the per-caller rate limit,
// storing (scrubbed again: the server does not trust the page's scrubbing), and the roll-up the admin's
// GET /admin/client-health reads: spec §9's thresholds over the last hour and day, and the recent errors.
import { createHash, randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  RECOMMENDATION_THRESHOLDS,
  assessWindow,
  type OperationCounters,
  type WindowHealth,
} from '../../domain/client-health.ts';
import type { ClientReport } from '../../domain/client-report.ts';
import { RateLimitError } from '../../domain/errors.ts';
import { scrub, scrubText } from '../../domain/scrub.ts';
import type { ApiEvent } from './caller.ts';
import { dataFor } from './data/index.ts';
import type { Deps } from './deps.ts';

/** Posts per minute: a page posts at most every 5 s (12 a minute) plus its page-hide beacon. */
export const CLIENT_REPORT_LIMITS = { signedInPerMinute: 20, anonymousPerMinute: 6 } as const;
const ERROR_TTL_S = 14 * 24 * 3600;
const METRIC_TTL_S = 8 * 24 * 3600;
const QUOTA_TTL_S = 120;
const SLOT_MINUTES = 10;
const HOUR_MS = 3_600_000;

export type ReportSender = { kind: 'user'; userId: string } | { kind: 'anonymous'; key: string };

type ReportDeps = Pick<Deps, 'ddb' | 'tableName' | 'clock' | 'logger' | 'verifyIdToken'>;

export const hourOf = (date: Date) => date.toISOString().slice(0, 13);
/** Start of the 10-minute slot holding `date`: `2026-03-05T10:40`. */
export const slotOf = (date: Date) => {
  const iso = date.toISOString();
  return `${iso.slice(0, 14)}${Math.floor(date.getUTCMinutes() / SLOT_MINUTES)}0`;
};

/**
 * The sender: a valid ID token attributes the post to its user; no token, or one that does not verify
 * (an expired session's last report matters too), makes it anonymous. The address behind CloudFront is
 * CloudFront's viewer address header; it is hashed, never stored.
 */
export async function senderOf(deps: Pick<Deps, 'verifyIdToken'>, event: ApiEvent): Promise<ReportSender> {
  const token = /^Bearer (.+)$/i.exec(event.headers?.authorization ?? '')?.[1];
  if (token) {
    try {
      const claims = await deps.verifyIdToken(token);
      return { kind: 'user', userId: claims.sub };
    } catch {
      // Anonymous, with the stricter limit.
    }
  }
  // In the cloud the request comes through CloudFront, whose viewer-request function puts the visitor's
  // address in x-viewer-address (infra/same-origin-api.ts); the source address is CloudFront's own.
  const viewer =
    event.headers?.['x-viewer-address'] || event.headers?.['cloudfront-viewer-address']?.replace(/:\d+$/, '');
  const address = viewer || event.requestContext?.http?.sourceIp || 'unknown';
  return {
    kind: 'anonymous',
    key: createHash('sha256').update(`client-reports:${address}`).digest('hex').slice(0, 32),
  };
}

/** Counts the post against its sender's minute; past the limit it is refused (429) before anything is stored. */
export async function takeQuota(deps: ReportDeps, sender: ReportSender): Promise<void> {
  const now = deps.clock();
  const subject = sender.kind === 'user' ? `user#${sender.userId}` : `anon#${sender.key}`;
  const minute = now.toISOString().slice(0, 16);
  const limit =
    sender.kind === 'user' ? CLIENT_REPORT_LIMITS.signedInPerMinute : CLIENT_REPORT_LIMITS.anonymousPerMinute;
  const key = dataFor(deps).clientReportQuotas.get({ subject, minute }).params().Key as Record<
    string,
    unknown
  >;
  const result = await deps.ddb.send(
    new UpdateCommand({
      TableName: deps.tableName,
      Key: key,
      UpdateExpression:
        'SET #e = :e, #v = :v, #subject = :subject, #minute = :minute, #ttl = if_not_exists(#ttl, :ttl) ADD #posts :one',
      ExpressionAttributeNames: {
        '#e': '__edb_e__',
        '#v': '__edb_v__',
        '#subject': 'subject',
        '#minute': 'minute',
        '#ttl': 'ttl',
        '#posts': 'posts',
      },
      ExpressionAttributeValues: {
        ':e': 'clientReportQuota',
        ':v': '1',
        ':subject': subject,
        ':minute': minute,
        ':ttl': Math.floor(now.getTime() / 1000) + QUOTA_TTL_S,
        ':one': 1,
      },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const posts = Number(result.Attributes?.posts ?? 0);
  if (posts > limit) throw new RateLimitError();
}

/** Stores one accepted post: each error report as an item, each operation's timings added to its slot. */
export async function storeReport(
  deps: ReportDeps,
  sender: ReportSender,
  report: ClientReport,
): Promise<{ errors: number; metrics: number }> {
  const data = dataFor(deps);
  const now = deps.clock();
  const nowS = Math.floor(now.getTime() / 1000);
  const receivedAt = now.toISOString();
  const errors = report.errors.map((raw) => {
    const clean = scrub(raw);
    return {
      hour: hourOf(now),
      received_at: receivedAt,
      id: randomUUID(),
      ...(sender.kind === 'user' ? { user_id: sender.userId } : {}),
      session_id: report.session_id,
      fingerprint: clean.fingerprint,
      ...(clean.correlation_id ? { correlation_id: clean.correlation_id } : {}),
      message: clean.message,
      route: clean.route,
      error_class: clean.error_class,
      timestamp: clean.timestamp,
      build_version: scrubText(clean.build_version),
      occurrences: clean.occurrences,
      navigation: clean.navigation,
      logs: clean.logs,
      ttl: nowS + ERROR_TTL_S,
    };
  });
  if (errors.length > 0) await data.clientErrorReports.put(errors).go();

  const weight = 1 / report.sample_rate;
  const slot = slotOf(now);
  await Promise.all(
    report.metrics.map(async (metric) => {
      const op = scrubText(metric.op).slice(0, 120);
      const key = data.clientMetrics.get({ hour: hourOf(now), slot, op }).params().Key as Record<
        string,
        unknown
      >;
      await deps.ddb.send(
        new UpdateCommand({
          TableName: deps.tableName,
          Key: key,
          UpdateExpression:
            'SET #e = :e, #v = :v, #hour = :hour, #slot = :slot, #op = :op, #ttl = if_not_exists(#ttl, :ttl) ADD #count :count, #errors :errors, #sum :sum, #slow :slow, #samples :samples',
          ExpressionAttributeNames: {
            '#e': '__edb_e__',
            '#v': '__edb_v__',
            '#hour': 'hour',
            '#slot': 'slot',
            '#op': 'op',
            '#ttl': 'ttl',
            '#count': 'count',
            '#errors': 'errors',
            '#sum': 'sum_ms',
            '#slow': 'slow',
            '#samples': 'samples',
          },
          ExpressionAttributeValues: {
            ':e': 'clientMetric',
            ':v': '1',
            ':hour': hourOf(now),
            ':slot': slot,
            ':op': op,
            ':ttl': nowS + METRIC_TTL_S,
            ':count': metric.count * weight,
            ':errors': metric.errors * weight,
            ':sum': metric.sum_ms * weight,
            ':slow': metric.slow * weight,
            ':samples': metric.count,
          },
        }),
      );
    }),
  );
  return { errors: errors.length, metrics: report.metrics.length };
}

export interface ClientErrorGroup {
  fingerprint: string;
  error_class: string;
  message: string;
  route: string;
  occurrences: number;
  reports: number;
  people: number;
  last_seen: string;
  last_correlation_id: string | null;
}

export interface ClientHealthView {
  generated_at: string;
  thresholds: typeof RECOMMENDATION_THRESHOLDS;
  windows: { hour: WindowHealth; day: WindowHealth };
  errors: {
    groups: ClientErrorGroup[];
    /** The newest reports in full (spec §3 fields, navigation history, log lines). */
    recent: Record<string, unknown>[];
  };
}

const RECENT_REPORTS = 50;

/** The last 25 UTC hours' partitions (the day and the hour it started in). */
function hoursBack(now: Date): string[] {
  return Array.from({ length: 25 }, (_, i) => hourOf(new Date(now.getTime() - i * HOUR_MS)));
}

/** GET /admin/client-health: 25 hourly queries of each kind, no Scan. */
export async function clientHealth(
  deps: Pick<Deps, 'ddb' | 'tableName' | 'clock'>,
): Promise<ClientHealthView> {
  const data = dataFor(deps);
  const now = deps.clock();
  const nowS = Math.floor(now.getTime() / 1000);
  const hours = hoursBack(now);
  const [metricPages, errorPages] = await Promise.all([
    Promise.all(hours.map((hour) => data.clientMetrics.query.byHour({ hour }).go({ pages: 'all' }))),
    Promise.all(hours.map((hour) => data.clientErrorReports.query.byHour({ hour }).go({ pages: 'all' }))),
  ]);
  const hourAgo = now.getTime() - HOUR_MS;
  const dayAgo = now.getTime() - 24 * HOUR_MS;
  const slotStart = (slot: string) => Date.parse(`${slot}:00Z`);
  // A slot counts when any of it is inside the window (the slot that started 65 minutes ago is in the hour).
  const inWindow = (slot: string, since: number) => slotStart(slot) + SLOT_MINUTES * 60_000 > since;
  const rows = metricPages.flatMap((page) => page.data).filter((row) => (row.ttl ?? Infinity) > nowS);
  const counters = (since: number): OperationCounters[] =>
    rows
      .filter((row) => inWindow(row.slot, since))
      .map((row) => ({
        op: row.op,
        count: row.count ?? 0,
        errors: row.errors ?? 0,
        sum_ms: row.sum_ms ?? 0,
        slow: row.slow ?? 0,
      }));

  const reports = errorPages
    .flatMap((page) => page.data)
    .filter((r) => r.ttl > nowS && Date.parse(r.received_at) > dayAgo)
    .sort((a, b) => (a.received_at < b.received_at ? 1 : a.received_at > b.received_at ? -1 : 0));
  const groups = new Map<string, ClientErrorGroup & { users: Set<string> }>();
  for (const report of reports) {
    let group = groups.get(report.fingerprint);
    if (!group) {
      group = {
        fingerprint: report.fingerprint,
        error_class: report.error_class,
        message: report.message,
        route: report.route,
        occurrences: 0,
        reports: 0,
        people: 0,
        last_seen: report.received_at,
        last_correlation_id: report.correlation_id ?? null,
        users: new Set(),
      };
      groups.set(report.fingerprint, group);
    }
    group.occurrences += report.occurrences;
    group.reports += 1;
    if (report.user_id) group.users.add(report.user_id);
  }
  return {
    generated_at: now.toISOString(),
    thresholds: RECOMMENDATION_THRESHOLDS,
    windows: {
      hour: assessWindow(counters(hourAgo), 'the last hour'),
      day: assessWindow(counters(dayAgo), 'the last day'),
    },
    errors: {
      groups: [...groups.values()]
        .map(({ users, ...group }) => ({ ...group, people: users.size }))
        .sort((a, b) => b.occurrences - a.occurrences || (a.last_seen < b.last_seen ? 1 : -1)),
      recent: reports.slice(0, RECENT_REPORTS).map((report) => ({
        id: report.id,
        received_at: report.received_at,
        user_id: report.user_id ?? null,
        fingerprint: report.fingerprint,
        correlation_id: report.correlation_id ?? null,
        message: report.message,
        route: report.route,
        error_class: report.error_class,
        timestamp: report.timestamp,
        build_version: report.build_version,
        occurrences: report.occurrences,
        navigation: report.navigation ?? [],
        logs: (report.logs as unknown[] | undefined) ?? [],
      })),
    },
  };
}
