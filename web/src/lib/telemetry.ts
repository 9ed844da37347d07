// What the page knows about itself (spec §3 Error report, §9 Log buffer / metrics and Navigation
// history): a log buffer and a metrics recorder of 1,000 entries each (oldest dropped), the last 10
// routes, a warning for operations over 1 s, and the error report the error boundary and the global
// handlers build. Everything that leaves this module is scrubbed by domain/scrub.ts first (log lines when a
// report takes them, so logging a line stays cheap). Shipping is
// lib/report-shipper.ts's job; it subscribes here (lib/install-telemetry.ts). docs/observability.md.
import { SLOW_OPERATION_MS } from '@domain/client-health.ts';
import { NAVIGATION_HISTORY_SIZE, REPORT_LOG_LINES } from '@domain/client-report-limits.ts';
import type { ClientErrorReport, ClientLogLine } from '@domain/client-report.ts';
import { scrubText } from '@domain/scrub.ts';
import { BoundedBuffer } from './bounded-buffer.ts';
import { LOG_BUFFER_SIZE, METRICS_BUFFER_SIZE } from './constants.ts';

export type LogLevel = ClientLogLine['level'];

/** One timed operation: an API call (`api:GET /accounts`) or a route load (`route:/calendar`). */
export interface MetricEntry {
  op: string;
  ms: number;
  /** false: a 5xx answer, a network failure or a time-out. */
  ok: boolean;
  at: number;
}

export interface TelemetryListener {
  metric?: (entry: MetricEntry) => void;
  error?: (report: ClientErrorReport) => void;
}

export interface TelemetryOptions {
  clock?: () => Date;
  buildVersion?: string;
  /** Where the slow-operation warning goes besides the log buffer. */
  warn?: (message: string) => void;
  /** The address when no route has been recorded yet (the page's own). */
  fallbackRoute?: () => string;
}

const MAX_MESSAGE = 500;

/** 16 hex digits of two FNV-1a hashes: stable across pages and builds for the same kind of error. */
export function fingerprintOf(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** An error's class name: `ApiError`, `TypeError`, or what a thrown non-error was. */
export function errorClassOf(error: unknown): string {
  if (error instanceof Error) return error.name || error.constructor.name || 'Error';
  if (error === null) return 'null';
  return typeof error;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

/** The API's correlation id an error carries (lib/api-client.ts's ApiError), if any. */
function correlationIdOf(error: unknown): string | null {
  const id = (error as { correlationId?: unknown } | null)?.correlationId;
  return typeof id === 'string' && id !== '' ? id.slice(0, 128) : null;
}

/** API paths without their ids, so one operation is one name: `/money-plan/items/{id}`. */
export function operationPath(path: string): string {
  return (
    path
      .split('?')[0]!
      .split('/')
      .map((segment) =>
        /^[0-9a-f-]{8,}$/i.test(segment) ||
        /^\d+$/.test(segment) ||
        segment.length > 24 ||
        (segment.length >= 12 && /\d/.test(segment) && /[a-z]/i.test(segment) && !segment.includes('-'))
          ? '{id}'
          : segment,
      )
      .join('/') || '/'
  );
}

export function createTelemetry(options: TelemetryOptions = {}) {
  const clock = options.clock ?? (() => new Date());
  const buildVersion = (options.buildVersion ?? 'dev').slice(0, 64);
  const logs = new BoundedBuffer<ClientLogLine>(LOG_BUFFER_SIZE);
  const metrics = new BoundedBuffer<MetricEntry>(METRICS_BUFFER_SIZE);
  const routes = new BoundedBuffer<string>(NAVIGATION_HISTORY_SIZE);
  const listeners = new Set<TelemetryListener>();
  /** The same error object reaches several handlers (the API client, then the error boundary). */
  const reported = new WeakSet<object>();

  /** Kept as written (cheap: every API call logs a line); scrubbed when a report takes it. */
  function log(level: LogLevel, message: string): void {
    logs.push({ at: clock().toISOString(), level, message: message.slice(0, 2000) });
  }

  function recordOperation(op: string, ms: number, ok: boolean): MetricEntry {
    const entry: MetricEntry = {
      op: op.slice(0, 120),
      ms: Math.max(0, Math.round(ms)),
      ok,
      at: clock().getTime(),
    };
    metrics.push(entry);
    if (entry.ms > SLOW_OPERATION_MS) {
      const warning = `slow operation: ${entry.op} took ${entry.ms} ms (over ${SLOW_OPERATION_MS} ms)`;
      log('warn', warning);
      options.warn?.(warning);
    }
    for (const listener of listeners) listener.metric?.(entry);
    return entry;
  }

  function recordRoute(route: string): void {
    const clean = scrubText(route).slice(0, 200);
    if (routes.newest() !== clean) routes.push(clean);
    log('info', `route ${clean}`);
  }

  const currentRoute = () => routes.newest() ?? scrubText(options.fallbackRoute?.() ?? '/').slice(0, 200);

  /** spec §3 Error report, plus the navigation history and the last log lines; scrubbed. */
  function buildErrorReport(error: unknown): ClientErrorReport {
    const errorClass = errorClassOf(error).slice(0, 80);
    const message = scrubText(messageOf(error)).slice(0, MAX_MESSAGE);
    const route = currentRoute();
    // Digits vary between occurrences of one failure (ids, counts, ms): not part of its identity.
    const fingerprint = fingerprintOf(`${errorClass}|${message.replace(/\d+/g, '#')}|${route}`);
    return {
      fingerprint,
      correlation_id: correlationIdOf(error),
      message,
      route,
      error_class: errorClass,
      timestamp: clock().toISOString(),
      build_version: buildVersion,
      occurrences: 1,
      navigation: routes.last(),
      logs: logs.last(REPORT_LOG_LINES).map((line) => ({
        ...line,
        message: scrubText(line.message).slice(0, 300),
      })),
    };
  }

  /** Builds and hands on the report of an error, once per error object. */
  function reportError(error: unknown): ClientErrorReport | null {
    if (typeof error === 'object' && error !== null) {
      if (reported.has(error)) return null;
      reported.add(error);
    }
    log('error', `${errorClassOf(error)}: ${messageOf(error)}`);
    const report = buildErrorReport(error);
    for (const listener of listeners) listener.error?.(report);
    return report;
  }

  function subscribe(listener: TelemetryListener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  return {
    buildVersion,
    log,
    recordOperation,
    recordRoute,
    reportError,
    buildErrorReport,
    subscribe,
    currentRoute,
    /** Read-only views for diagnostics and tests (log lines as written, not yet scrubbed). */
    logs: () => logs.last(),
    metrics: () => metrics.last(),
    navigation: () => routes.last(),
    buffers: { logs, metrics, routes },
  };
}

export type Telemetry = ReturnType<typeof createTelemetry>;

/** The page's one recorder. */
export const telemetry = createTelemetry({
  buildVersion: String(import.meta.env.VITE_APP_VERSION ?? 'dev'),
  warn: (message) => console.warn(message),
  fallbackRoute: () => (typeof window === 'undefined' ? '/' : window.location.pathname),
});
