// Ships what lib/telemetry.ts records to POST /client-reports without hurting the page:
// what arrives within spec §9's 10 ms batch pause forms one local batch; a post leaves at most every few
// seconds (REPORT_SHIPPING.minIntervalMs, counted from the page's start too), and whatever is pending leaves on page hide through
// navigator.sendBeacon. Timings are sampled and summed per operation (one row per operation, not per
// call); errors are always sent, once per fingerprint per page (repeats only raise `occurrences`);
// every post fits CLIENT_REPORT_MAX_BYTES. A refused or failed post is dropped, never retried in a loop.
import {
  CLIENT_REPORT_MAX_BYTES,
  CLIENT_REPORT_MAX_ERRORS,
  CLIENT_REPORT_MAX_METRICS,
} from '@domain/client-report-limits.ts';
import type { ClientErrorReport, ClientMetric, ClientReport } from '@domain/client-report.ts';
import { SLOW_OPERATION_MS } from '@domain/client-health.ts';
import { REPORT_SHIPPING } from './constants.ts';
import type { MetricEntry } from './telemetry.ts';

export interface ReportShipperDeps {
  /** Posts a body with the caller's token when signed in; resolves when done (errors are swallowed). */
  send: (body: string) => Promise<unknown>;
  /** navigator.sendBeacon for page hide; false when the browser refused to queue it. */
  beacon: (body: string) => boolean;
  sessionId: string;
  buildVersion: string;
  sampleRate: number;
  random?: () => number;
  now?: () => number;
  batchPauseMs?: number;
  minIntervalMs?: number;
  maxBytes?: number;
  maxErrorsPerPage?: number;
}

export interface ShipperStats {
  posts: number;
  beacons: number;
  bytes: number;
  /** Timings left out by sampling. */
  unsampled: number;
  /** Repeats of an error already sent, or errors past the per-page bound. */
  suppressedErrors: number;
}

const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).length;

export function createReportShipper(deps: ReportShipperDeps) {
  const random = deps.random ?? Math.random;
  const now = deps.now ?? Date.now;
  const batchPauseMs = deps.batchPauseMs ?? REPORT_SHIPPING.batchPauseMs;
  const minIntervalMs = deps.minIntervalMs ?? REPORT_SHIPPING.minIntervalMs;
  const maxBytes = deps.maxBytes ?? CLIENT_REPORT_MAX_BYTES;
  const maxErrorsPerPage = deps.maxErrorsPerPage ?? REPORT_SHIPPING.maxErrorsPerPage;

  const metrics = new Map<string, ClientMetric>();
  const errors = new Map<string, ClientErrorReport>();
  /** Fingerprints sent from this page. */
  const sent = new Set<string>();
  const stats: ShipperStats = { posts: 0, beacons: 0, bytes: 0, unsampled: 0, suppressedErrors: 0 };
  let pauseTimer: ReturnType<typeof setTimeout> | null = null;
  let sendTimer: ReturnType<typeof setTimeout> | null = null;
  // The first post also waits one interval: a starting page's own requests go first.
  let lastSentAt = now();

  function schedule() {
    if (pauseTimer !== null || sendTimer !== null) return;
    pauseTimer = setTimeout(() => {
      pauseTimer = null;
      const wait = lastSentAt + minIntervalMs - now();
      if (wait <= 0) {
        void flush();
        return;
      }
      sendTimer = setTimeout(() => {
        sendTimer = null;
        void flush();
      }, wait);
    }, batchPauseMs);
  }

  function addMetric(entry: MetricEntry): void {
    if (random() >= deps.sampleRate) {
      stats.unsampled += 1;
      return;
    }
    let row = metrics.get(entry.op);
    if (!row) {
      if (metrics.size >= CLIENT_REPORT_MAX_METRICS) return;
      row = { op: entry.op, count: 0, errors: 0, sum_ms: 0, slow: 0 };
      metrics.set(entry.op, row);
    }
    row.count += 1;
    row.sum_ms += entry.ms;
    if (!entry.ok) row.errors += 1;
    if (entry.ms > SLOW_OPERATION_MS) row.slow += 1;
    schedule();
  }

  function addError(report: ClientErrorReport): void {
    const pending = errors.get(report.fingerprint);
    if (pending) {
      pending.occurrences += report.occurrences;
      return;
    }
    if (sent.has(report.fingerprint) || sent.size + errors.size >= maxErrorsPerPage) {
      stats.suppressedErrors += 1;
      return;
    }
    errors.set(report.fingerprint, { ...report });
    schedule();
  }

  /** The pending batch as one body within maxBytes (trimmed when needed), and clears what it took. */
  function takeBody(): string | null {
    if (metrics.size === 0 && errors.size === 0) return null;
    const errorList = [...errors.values()].slice(0, CLIENT_REPORT_MAX_ERRORS);
    const report: ClientReport = {
      session_id: deps.sessionId,
      build_version: deps.buildVersion,
      sample_rate: deps.sampleRate,
      metrics: [...metrics.values()].map((m) => ({ ...m, sum_ms: Math.round(m.sum_ms) })),
      errors: errorList,
    };
    let body = JSON.stringify(report);
    // Too big: log lines go first, then the navigation history, then whole reports, then timings.
    if (byteLength(body) > maxBytes) report.errors = report.errors.map((e) => ({ ...e, logs: [] }));
    if (byteLength((body = JSON.stringify(report))) > maxBytes)
      report.errors = report.errors.map((e) => ({ ...e, navigation: [] }));
    while (byteLength((body = JSON.stringify(report))) > maxBytes && report.errors.length > 0)
      report.errors.pop();
    while (byteLength((body = JSON.stringify(report))) > maxBytes && report.metrics.length > 0)
      report.metrics.pop();
    metrics.clear();
    for (const error of errorList) {
      errors.delete(error.fingerprint);
      sent.add(error.fingerprint);
    }
    // Errors past one post's bound wait for the next.
    if (errors.size > 0) schedule();
    return report.metrics.length + report.errors.length > 0 ? body : null;
  }

  function cancelTimers() {
    if (pauseTimer !== null) clearTimeout(pauseTimer);
    if (sendTimer !== null) clearTimeout(sendTimer);
    pauseTimer = null;
    sendTimer = null;
  }

  /** Sends what is pending now (the timers' job; also for tests and the bench). */
  async function flush(): Promise<void> {
    cancelTimers();
    const body = takeBody();
    if (body === null) return;
    lastSentAt = now();
    stats.posts += 1;
    stats.bytes += byteLength(body);
    try {
      await deps.send(body);
    } catch {
      // Reporting never disturbs the page.
    }
  }

  /** Page hide: everything pending leaves at once through the beacon (a plain post if it is refused). */
  function flushOnHide(): void {
    cancelTimers();
    const body = takeBody();
    if (body === null) return;
    lastSentAt = now();
    stats.bytes += byteLength(body);
    if (deps.beacon(body)) {
      stats.beacons += 1;
      return;
    }
    stats.posts += 1;
    void deps.send(body).catch(() => undefined);
  }

  return {
    addMetric,
    addError,
    flush,
    flushOnHide,
    stats: () => ({ ...stats }),
    pending: () => ({ metrics: metrics.size, errors: errors.size }),
    stop: cancelTimers,
  };
}

export type ReportShipper = ReturnType<typeof createReportShipper>;
