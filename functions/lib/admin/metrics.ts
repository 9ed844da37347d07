// Request and job counters for /admin/system: per function and UTC hour, requests by
// outcome and a latency histogram, updated with one atomic ADD per request, so the screen reads 24 small
// partitions instead of scanning logs. Recording never fails a request: errors are logged and dropped.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { LATENCY_BUCKETS_MS } from '../data/entities/admin.ts';
import { dataFor } from '../data/index.ts';
import type { Deps } from '../deps.ts';

/** Counters are kept 8 days: the screen shows 24 hours, the rest is slack for a look back. */
const METRIC_TTL_S = 8 * 24 * 3600;

export const hourOf = (date: Date) => date.toISOString().slice(0, 13);

export function latencyBucket(ms: number): number {
  const index = LATENCY_BUCKETS_MS.findIndex((bound) => ms <= bound);
  return index === -1 ? LATENCY_BUCKETS_MS.length : index;
}

type MetricDeps = Pick<Deps, 'ddb' | 'tableName' | 'clock' | 'logger'>;

export async function recordRequest(deps: MetricDeps, fn: string, status: number, ms: number): Promise<void> {
  try {
    const now = deps.clock();
    const key = dataFor(deps)
      .functionMetrics.get({ hour: hourOf(now), fn })
      .params().Key as Record<string, unknown>;
    await deps.ddb.send(
      new UpdateCommand({
        TableName: deps.tableName,
        Key: key,
        // ElectroDB's identifiers and attributes are set too, so the item reads back through the entity.
        UpdateExpression:
          'SET #e = :e, #v = :v, #hour = :hour, #fn = :fn, #ttl = if_not_exists(#ttl, :ttl) ADD #req :one, #ce :ce, #se :se, #lat :one',
        ExpressionAttributeNames: {
          '#e': '__edb_e__',
          '#v': '__edb_v__',
          '#hour': 'hour',
          '#fn': 'fn',
          '#ttl': 'ttl',
          '#req': 'requests',
          '#ce': 'client_errors',
          '#se': 'server_errors',
          '#lat': `lat_b${latencyBucket(ms)}`,
        },
        ExpressionAttributeValues: {
          ':e': 'functionMetric',
          ':v': '1',
          ':hour': hourOf(now),
          ':fn': fn,
          ':ttl': Math.floor(now.getTime() / 1000) + METRIC_TTL_S,
          ':one': 1,
          ':ce': status >= 400 && status < 500 ? 1 : 0,
          ':se': status >= 500 ? 1 : 0,
        },
      }),
    );
  } catch (error) {
    deps.logger.warn('metric not recorded', { fn, error: (error as Error).message });
  }
}

/** The last run of a scheduled job. */
export async function recordScheduleRun(
  deps: MetricDeps,
  fn: string,
  scheduleId: string | undefined,
  outcome: { ok: boolean; error?: string; durationMs: number },
): Promise<void> {
  try {
    await dataFor(deps)
      .scheduleRuns.upsert({
        fn,
        ...(scheduleId ? { schedule_id: scheduleId } : {}),
        last_run_at: deps.clock().toISOString(),
        last_status: outcome.ok ? 'ok' : 'failed',
        duration_ms: outcome.durationMs,
        ...(outcome.error ? { last_error: outcome.error.slice(0, 500) } : {}),
      })
      .go();
  } catch (error) {
    deps.logger.warn('schedule run not recorded', { fn, error: (error as Error).message });
  }
}

/** p95 (upper bound of the bucket holding it) of a histogram by bucket index. */
export function p95FromHistogram(histogram: Record<string, number>, total: number): number | null {
  if (total <= 0) return null;
  const target = Math.ceil(total * 0.95);
  let seen = 0;
  for (let index = 0; index <= LATENCY_BUCKETS_MS.length; index += 1) {
    seen += histogram[`lat_b${index}`] ?? 0;
    if (seen >= target) return LATENCY_BUCKETS_MS[index] ?? Number.POSITIVE_INFINITY;
  }
  return null;
}
