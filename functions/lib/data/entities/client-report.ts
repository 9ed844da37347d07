// What browsers report about themselves (docs/observability.md): error reports one item each,
// per-operation timing counters per UTC hour and 10-minute slot (atomic ADDs, so the admin's roll-up
// reads 24 small partitions), and the per-caller post counters that rate-limit POST /client-reports.
// Everything here expires (TTL); reads filter on `ttl` because DynamoDB Local does not expire items.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model } from './common.ts';

/** One spec §3 error report as a browser sent it (scrubbed again on arrival). */
export function clientErrorReportEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('clientErrorReport'),
      attributes: {
        /** UTC hour of arrival, `2026-03-05T10`. */
        hour: { type: 'string', required: true, readOnly: true },
        received_at: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        /** The signed-in sender (from a verified token); absent for anonymous posts. */
        user_id: { type: 'string' },
        session_id: { type: 'string', required: true },
        fingerprint: { type: 'string', required: true },
        correlation_id: { type: 'string' },
        message: { type: 'string', required: true },
        route: { type: 'string', required: true },
        error_class: { type: 'string', required: true },
        timestamp: { type: 'string', required: true },
        build_version: { type: 'string', required: true },
        occurrences: { type: 'number', required: true },
        navigation: { type: 'list', items: { type: 'string' } },
        logs: { type: 'any' },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byHour: {
          pk: { field: 'pk', composite: ['hour'] },
          sk: { field: 'sk', composite: ['received_at', 'id'] },
        },
      },
    },
    { client, table },
  );
}

/** Timings of one operation in one 10-minute slot, weighted back from the pages' sample rates. */
export function clientMetricEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('clientMetric'),
      attributes: {
        hour: { type: 'string', required: true, readOnly: true },
        /** Start of the 10-minute slot, `2026-03-05T10:40`. */
        slot: { type: 'string', required: true, readOnly: true },
        op: { type: 'string', required: true, readOnly: true },
        /** Weighted: each sampled operation counts 1 / sample rate. */
        count: { type: 'number', default: 0 },
        errors: { type: 'number', default: 0 },
        sum_ms: { type: 'number', default: 0 },
        slow: { type: 'number', default: 0 },
        /** Operations actually received. */
        samples: { type: 'number', default: 0 },
        ttl: { type: 'number' },
      },
      indexes: {
        byHour: {
          pk: { field: 'pk', composite: ['hour'] },
          sk: { field: 'sk', composite: ['slot', 'op'] },
        },
      },
    },
    { client, table },
  );
}

/** Posts of one caller (a user id, or a hashed address for anonymous posts) in one minute. */
export function clientReportQuotaEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('clientReportQuota'),
      attributes: {
        subject: { type: 'string', required: true, readOnly: true },
        minute: { type: 'string', required: true, readOnly: true },
        posts: { type: 'number', default: 0 },
        ttl: { type: 'number' },
      },
      indexes: {
        byMinute: {
          pk: { field: 'pk', composite: ['subject'] },
          sk: { field: 'sk', composite: ['minute'] },
        },
      },
    },
    { client, table },
  );
}
