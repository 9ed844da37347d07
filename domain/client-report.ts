// The contract of POST /client-reports: what the SPA ships about itself, its spec §3 error
// reports and its per-operation timings, validated by the server with the same schema. Limits keep one
// post small (the SPA batches and trims to fit; docs/observability.md).
import { z } from 'zod';

import {
  CLIENT_REPORT_MAX_ERRORS,
  CLIENT_REPORT_MAX_METRICS,
  NAVIGATION_HISTORY_SIZE,
  REPORT_LOG_LINES,
} from './client-report-limits.ts';

const text = (max: number) => z.string().max(max);
/** `api:GET /accounts`, `route:/calendar`: a kind, a colon, a name without ids. */
export const operationName = z
  .string()
  .min(3)
  .max(120)
  .regex(/^(api|route):[^\s].*$/, 'must be "api:…" or "route:…"');

export const clientMetricSchema = z.strictObject({
  op: operationName,
  /** Sampled operations in this batch. */
  count: z.number().int().min(1).max(10_000),
  /** Of which failed (a 5xx answer, a network failure or a time-out). */
  errors: z.number().int().min(0).max(10_000),
  /** Sum of their durations. */
  sum_ms: z.number().min(0).max(1e9),
  /** Of which took longer than spec §9's 1 s. */
  slow: z.number().int().min(0).max(10_000),
});
export type ClientMetric = z.infer<typeof clientMetricSchema>;

export const clientLogLineSchema = z.strictObject({
  at: z.iso.datetime(),
  level: z.enum(['debug', 'info', 'warn', 'error']),
  message: text(300),
});
export type ClientLogLine = z.infer<typeof clientLogLineSchema>;

/** spec §3 Error report: correlation id, message, route, error class, timestamp, build version. */
export const clientErrorReportSchema = z.strictObject({
  fingerprint: z.string().regex(/^[0-9a-f]{8,64}$/, 'must be hexadecimal'),
  correlation_id: text(128).nullable(),
  message: text(500),
  route: text(200),
  error_class: text(80),
  timestamp: z.iso.datetime(),
  build_version: text(64),
  /** The same error again on this page before the batch was sent. */
  occurrences: z.number().int().min(1).max(10_000),
  /** spec §9: the last 10 routes, oldest first. */
  navigation: z.array(text(200)).max(NAVIGATION_HISTORY_SIZE),
  logs: z.array(clientLogLineSchema).max(REPORT_LOG_LINES),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;

export const clientReportSchema = z
  .strictObject({
    /** A random id per page load: ties one page's posts together, identifies nobody. */
    session_id: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'must be 8-64 letters, digits or dashes'),
    build_version: text(64),
    /** The share of operations the page recorded (errors are always sent). */
    sample_rate: z.number().gt(0).max(1),
    metrics: z.array(clientMetricSchema).max(CLIENT_REPORT_MAX_METRICS).default([]),
    errors: z.array(clientErrorReportSchema).max(CLIENT_REPORT_MAX_ERRORS).default([]),
  })
  .refine((report) => report.metrics.length + report.errors.length > 0, {
    message: 'must carry at least one metric or error',
    path: ['metrics'],
  });
export type ClientReport = z.infer<typeof clientReportSchema>;
