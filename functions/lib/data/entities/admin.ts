// The admin area's records: the audit trail of admin actions; the counters, flags and ledger behind the
// dashboard and user-health screens (kept as the product writes its records, so nothing reads the whole
// table; functions/lib/admin/tally.ts); one snapshot per day for the trends; the sync runs behind Plaid
// health and the user timeline; per-function request counters behind the system screen; the last run of
// each schedule; and the category-matching maps the admin edits.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, nowIso, timestamps } from './common.ts';

export const ADMIN_ACTIONS = [
  'grant_admin',
  'revoke_admin',
  'disable_user',
  'enable_user',
  'revoke_sessions',
  'resend_verification',
  'update_category_maps',
  'create_notice',
  'update_notice',
  'request_rollup',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** Who did what to what, when, with the state before and after. Append-only. */
export function adminAuditEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('adminAudit'),
      attributes: {
        id: { type: 'string', required: true, readOnly: true },
        actor_user_id: { type: 'string', required: true, readOnly: true },
        actor_email: { type: 'string', required: true, readOnly: true },
        action: { type: ADMIN_ACTIONS, required: true, readOnly: true },
        target_type: { type: ['user', 'category_maps', 'notice', 'rollup'] as const, required: true },
        target_id: { type: 'string', required: true, readOnly: true },
        before: { type: 'any' },
        after: { type: 'any' },
        created_at: { type: 'string', required: true, default: nowIso, readOnly: true },
      },
      indexes: {
        byTarget: {
          pk: { field: 'pk', composite: ['target_id'] },
          sk: { field: 'sk', composite: ['created_at', 'id'] },
        },
        all: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: [] },
          sk: { field: 'gsi1sk', composite: ['created_at', 'id'] },
        },
      },
    },
    { client, table },
  );
}

/** The dashboard's figures once per day (the latest run of the day wins): the trend of every figure. */
export function adminSnapshotEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('adminSnapshot'),
      attributes: {
        day: { type: 'string', required: true, readOnly: true },
        generated_at: { type: 'string', required: true },
        run_id: { type: 'string', required: true },
        figures: { type: 'any', required: true },
        ...timestamps,
      },
      indexes: {
        byDay: {
          pk: { field: 'pk', composite: [] },
          sk: { field: 'sk', composite: ['day'] },
        },
      },
    },
    { client, table },
  );
}

export const HEALTH_FLAGS = [
  'inactive_7d',
  'inactive_30d',
  'login_required',
  'balance_check_failing',
  'sync_stuck',
] as const;
export type HealthFlag = (typeof HEALTH_FLAGS)[number];

/** A user needing attention, one item per flag and subject: written and deleted by the subject's tally
 * (functions/lib/admin/tally.ts) when the fact behind it changes. */
export function adminHealthFlagEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('adminHealthFlag'),
      attributes: {
        flag: { type: HEALTH_FLAGS, required: true, readOnly: true },
        user_id: { type: 'string', required: true, readOnly: true },
        /** The item or account the flag is about; the user id itself for per-user flags. */
        subject_id: { type: 'string', required: true, readOnly: true },
        email: { type: 'string' },
        detail: { type: 'string' },
        since: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byFlag: {
          pk: { field: 'pk', composite: ['flag'] },
          sk: { field: 'sk', composite: ['user_id', 'subject_id'] },
        },
      },
    },
    { client, table },
  );
}

/** Every figure a counter item may hold (a top-level number each, so one UpdateItem ADDs several). */
export const COUNTER_METRICS = [
  'users',
  'signups',
  'active',
  'act24',
  'act7',
  'trials',
  'churned',
  'cohort_trials',
  'cohort_paid',
  'paying',
  'mrr_cents',
  'in_grace',
  'items_active',
  'items_login_required',
  'items_error',
  'items_removed',
  'flag_inactive_7d',
  'flag_inactive_30d',
  'flag_login_required',
  'flag_balance_check_failing',
  'flag_sync_stuck',
  'email_sent',
  'email_failed',
  'email_bounced',
  'email_opened',
  'email_clicked',
] as const;
export type CounterMetric = (typeof COUNTER_METRICS)[number];

/**
 * One shard of one bucket of the admin counters: `all` (gauges such as people, paying, MRR), `day#…`,
 * `hour#…`, `week#…` (an ISO week's Monday) and `grace#…` (the hour a grace period runs out). A subject
 * always writes the same shard, so a hot bucket spreads over COUNTER_SHARDS items.
 */
export function adminCounterEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('adminCounter'),
      attributes: {
        shard: { type: 'string', required: true, readOnly: true },
        bucket: { type: 'string', required: true, readOnly: true },
        ...(Object.fromEntries(COUNTER_METRICS.map((m) => [m, { type: 'number' }])) as Record<
          CounterMetric,
          { type: 'number' }
        >),
        ttl: { type: 'number' },
      },
      indexes: {
        byShard: {
          pk: { field: 'pk', composite: ['shard'] },
          sk: { field: 'sk', composite: ['bucket'] },
        },
      },
    },
    { client, table },
  );
}

/**
 * What one subject (a person, their activation, a Plaid item, an account, a subscription, an e-mail)
 * adds to the counters and which flags and due check it holds now. Every change is one transaction that
 * moves the counters by the difference and bumps `version` conditionally, so a repeated or concurrent
 * tally never counts twice.
 */
export function adminLedgerEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('adminLedger'),
      attributes: {
        subject: { type: 'string', required: true, readOnly: true },
        /** `bucket|metric` → amount. */
        counts: { type: 'any', required: true },
        /** The flag items this subject holds (their full content, to notice a changed detail). */
        flags: { type: 'any', required: true },
        /** When time alone may change this subject's figures or flags (its due check). */
        due: { type: 'string' },
        version: { type: 'number', required: true },
      },
      indexes: {
        bySubject: {
          pk: { field: 'pk', composite: ['subject'] },
          sk: { field: 'sk', composite: [] },
        },
      },
    },
    { client, table },
  );
}

/** A subject to tally again at `at` (inactivity, a bank never synced), in the partition of at's hour. */
export function adminDueCheckEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('adminDueCheck'),
      attributes: {
        hour: { type: 'string', required: true, readOnly: true },
        subject: { type: 'string', required: true, readOnly: true },
        at: { type: 'string', required: true },
      },
      indexes: {
        byHour: {
          pk: { field: 'pk', composite: ['hour'] },
          sk: { field: 'sk', composite: ['subject'] },
        },
      },
    },
    { client, table },
  );
}

export const SYNC_RUN_STATUSES = ['synced', 'login_required', 'error'] as const;

/** One finished sync of a Plaid item: kept 30 days for Plaid health and the user's timeline. */
export function syncRunEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('syncRun'),
      attributes: {
        id: { type: 'string', required: true, readOnly: true },
        user_id: { type: 'string', required: true, readOnly: true },
        item_id: { type: 'string', required: true, readOnly: true },
        institution_id: { type: 'string' },
        institution_name: { type: 'string' },
        status: { type: SYNC_RUN_STATUSES, required: true, readOnly: true },
        error_code: { type: 'string' },
        added: { type: 'number' },
        duration_ms: { type: 'number', required: true },
        /** From the webhook that announced new data to the end of this sync, when one did. */
        webhook_lag_ms: { type: 'number' },
        finished_at: { type: 'string', required: true, readOnly: true },
        /** `YYYY-MM-DDTHH` of finished_at (UTC): the partition of the 24-hour window's queries. */
        hour: { type: 'string', required: true, readOnly: true },
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byUser: {
          pk: { field: 'pk', composite: ['user_id'] },
          sk: { field: 'sk', composite: ['finished_at', 'id'] },
        },
        byHour: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['hour'] },
          sk: { field: 'gsi1sk', composite: ['finished_at', 'id'] },
        },
      },
    },
    { client, table },
  );
}

/** Upper bounds (ms) of the latency histogram kept per function and hour; p95 is read from it. */
export const LATENCY_BUCKETS_MS = [
  10, 25, 50, 100, 200, 350, 500, 750, 1_000, 1_500, 2_500, 5_000, 10_000, 30_000,
] as const;

const numberAttribute = { type: 'number' } as const;
const latencyAttributes = {
  lat_b0: numberAttribute,
  lat_b1: numberAttribute,
  lat_b2: numberAttribute,
  lat_b3: numberAttribute,
  lat_b4: numberAttribute,
  lat_b5: numberAttribute,
  lat_b6: numberAttribute,
  lat_b7: numberAttribute,
  lat_b8: numberAttribute,
  lat_b9: numberAttribute,
  lat_b10: numberAttribute,
  lat_b11: numberAttribute,
  lat_b12: numberAttribute,
  lat_b13: numberAttribute,
  lat_b14: numberAttribute,
} as const;

/** Requests of one function in one hour: counts by outcome and a latency histogram (atomic ADDs). */
export function functionMetricEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('functionMetric'),
      attributes: {
        hour: { type: 'string', required: true, readOnly: true },
        /** Catalog name, or `event:<detail-type>:<name>` for a consumer's event deliveries. */
        fn: { type: 'string', required: true, readOnly: true },
        requests: { type: 'number', default: 0 },
        client_errors: { type: 'number', default: 0 },
        server_errors: { type: 'number', default: 0 },
        // Count per bucket of LATENCY_BUCKETS_MS (lat_b14: slower than every bound); top-level numbers so
        // one UpdateItem ADDs the request and its bucket together.
        ...latencyAttributes,
        ttl: { type: 'number' },
      },
      indexes: {
        byHour: {
          pk: { field: 'pk', composite: ['hour'] },
          sk: { field: 'sk', composite: ['fn'] },
        },
      },
    },
    { client, table },
  );
}

/** The last run of each schedule (system screen). */
export function scheduleRunEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('scheduleRun'),
      attributes: {
        fn: { type: 'string', required: true, readOnly: true },
        schedule_id: { type: 'string' },
        last_run_at: { type: 'string', required: true },
        last_status: { type: ['ok', 'failed'] as const, required: true },
        last_error: { type: 'string' },
        duration_ms: { type: 'number' },
      },
      indexes: {
        all: {
          pk: { field: 'pk', composite: [] },
          sk: { field: 'sk', composite: ['fn'] },
        },
      },
    },
    { client, table },
  );
}

/** The category-matching maps of spec §5 as edited by admins; absent means the built-in maps. */
export function categoryRulesEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('categoryRules'),
      attributes: {
        description_map: { type: 'any', required: true },
        keywords: { type: 'any', required: true },
        /** Incremented by every save; a save names the version it edited (no lost updates). */
        version: { type: 'number', required: true },
        updated_by: { type: 'string', required: true },
        ...timestamps,
      },
      indexes: {
        current: {
          pk: { field: 'pk', composite: [] },
          sk: { field: 'sk', composite: [] },
        },
      },
    },
    { client, table },
  );
}
