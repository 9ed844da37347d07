// spec §3 user_notifications (admin-defined in-app notices) and user_notification_dismissals.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, nowIso, timestamps } from './common.ts';

export const NOTIFICATION_TYPES = ['tip', 'announcement', 'feature', 'onboarding'] as const;
export const STYLE_VARIANTS = ['success', 'warning', 'announcement', 'info'] as const;
export const TARGET_PAGES = [
  'accounts',
  'calendar',
  'money-coach',
  'profiles',
  'settings',
  'help',
  'all',
] as const;

export function userNotificationEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('userNotification'),
      attributes: {
        id: { type: 'string', required: true, readOnly: true },
        title: { type: 'string', required: true },
        content: { type: 'string', required: true },
        notification_type: { type: NOTIFICATION_TYPES, required: true, default: 'announcement' },
        style_variant: { type: STYLE_VARIANTS, required: true, default: 'info' },
        target_page: { type: TARGET_PAGES, required: true, default: 'all' },
        is_active: { type: 'boolean', required: true, default: true },
        start_date: { type: 'string', required: true, default: nowIso },
        end_date: { type: 'string' },
        priority: { type: 'number', required: true, default: 0 },
        /** The start_date open browsers were last told about (a save, or the sweep when it came). */
        start_pushed_for: { type: 'string' },
        /** 'pending' while the notice's start is still to be pushed, so the minute job reads only those. */
        start_queue: { type: ['pending'] as const },
        ...timestamps,
      },
      indexes: {
        byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
        byTargetPage: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['target_page'] },
          sk: { field: 'gsi1sk', composite: ['created_at', 'id'] },
        },
        /** The admin list: every notice, newest first. */
        all: {
          index: 'gsi2',
          projection: ['id'],
          pk: { field: 'gsi2pk', composite: [] },
          sk: { field: 'gsi2sk', composite: ['created_at', 'id'] },
        },
        /** Sparse: notices whose start is yet to be pushed to open browsers, by start time. */
        byStartPending: {
          index: 'gsi3',
          projection: ['id'],
          pk: { field: 'gsi3pk', composite: ['start_queue'] },
          sk: { field: 'gsi3sk', composite: ['start_date'] },
        },
      },
    },
    { client, table },
  );
}

export function notificationDismissalEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('notificationDismissal'),
      attributes: {
        user_id: { type: 'string', required: true, readOnly: true },
        notification_id: { type: 'string', required: true, readOnly: true },
        dismissed_at: { type: 'string', default: nowIso, readOnly: true },
      },
      indexes: {
        byUser: {
          pk: { field: 'pk', composite: ['user_id'] },
          sk: { field: 'sk', composite: ['notification_id'] },
        },
      },
    },
    { client, table },
  );
}
