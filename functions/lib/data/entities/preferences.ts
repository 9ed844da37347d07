// spec §3 alert_preferences and email_preferences, with the spec's defaults, and
// user_engagement_metrics. One item each per user. E-mail preferences also carry the suppression a hard
// bounce or complaint sets; engagement metrics index the day a person was last
// active, so the daily inactivity scan reads the days it needs and never scans.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, timestamps } from './common.ts';

export const ALERT_FREQUENCIES = ['immediate', 'hourly', 'daily', 'weekly', 'never'] as const;

const byUser = {
  byUser: { pk: { field: 'pk', composite: ['user_id'] }, sk: { field: 'sk', composite: [] } },
} as const;

export function alertPreferencesEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('alertPreferences'),
      attributes: {
        user_id: { type: 'string', required: true, readOnly: true },
        critical_alert_frequency: {
          type: ALERT_FREQUENCIES,
          default: 'immediate',
          get: (v?: string) => v ?? 'immediate',
        },
        high_alert_frequency: {
          type: ALERT_FREQUENCIES,
          default: 'hourly',
          get: (v?: string) => v ?? 'hourly',
        },
        medium_alert_frequency: {
          type: ALERT_FREQUENCIES,
          default: 'daily',
          get: (v?: string) => v ?? 'daily',
        },
        low_alert_frequency: { type: ALERT_FREQUENCIES, default: 'daily', get: (v?: string) => v ?? 'daily' },
        enable_smart_batching: { type: 'boolean', default: true, get: (v?: boolean) => v ?? true },
        ...timestamps,
      },
      indexes: byUser,
    },
    { client, table },
  );
}

const defaultTrue = { type: 'boolean', default: true, get: (v?: boolean) => v ?? true } as const;

export function emailPreferencesEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('emailPreferences'),
      attributes: {
        user_id: { type: 'string', required: true, readOnly: true },
        marketing_emails: defaultTrue,
        onboarding_emails: defaultTrue,
        weekly_digest: defaultTrue,
        monthly_report: defaultTrue,
        ai_insights: defaultTrue,
        /** Opt-in: a summary after each sync that brings new transactions (docs/email.md). */
        transaction_summary: { type: 'boolean', default: false, get: (v?: boolean) => v ?? false },
        unsubscribed_at: { type: 'string' },
        /** A hard bounce or complaint stops non-essential mail to the address. */
        suppressed_at: { type: 'string' },
        suppression_reason: { type: ['bounce', 'complaint'] as const },
        ...timestamps,
      },
      indexes: byUser,
    },
    { client, table },
  );
}

export function engagementMetricsEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('engagementMetrics'),
      attributes: {
        user_id: { type: 'string', required: true, readOnly: true },
        accounts_connected: { type: 'number', default: 0 },
        money_plan_generated: { type: 'boolean', default: false },
        ai_coach_used: { type: 'boolean', default: false },
        days_active: { type: 'number', default: 0 },
        last_active_date: { type: 'string' },
        prompts_shown: { type: 'list', items: { type: 'string' } },
        last_prompt_shown: { type: 'string' },
        /** The first character of the user id: spreads the e-mail schedules' "everyone" over partitions. */
        user_shard: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        ...byUser,
        /** Who was last active on a day (the inactivity scan); absent until a first visit. */
        byLastActiveDate: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['last_active_date'] },
          sk: { field: 'gsi1sk', composite: [] },
        },
        /** Everyone the weekly digest and the monthly report go to, read shard by shard. */
        byShard: {
          index: 'gsi2',
          projection: 'keys_only',
          pk: { field: 'gsi2pk', composite: ['user_shard'] },
          sk: { field: 'gsi2sk', composite: [] },
        },
      },
    },
    { client, table },
  );
}
