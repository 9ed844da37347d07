// Alerts of one person (spec §7 smart-alert-batching, §3 alert_preferences): each alert the product
// raised, its delivery (immediate or a batch), and whether it was read in the app. Queued alerts carry
// `delivery_queue` (the person's due-work shard, events/queues.ts dueShard) with their `deliver_after`,
// so the hourly delivery job finds them through a sparse, sharded index and never scans; delivering
// removes both.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ALERT_TYPES } from '../../../../domain/alerts.ts';
import { model } from './common.ts';

export function userAlertEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('userAlert'),
      attributes: {
        user_id: { type: 'string', required: true, readOnly: true },
        id: { type: 'string', required: true, readOnly: true },
        created_at: { type: 'string', required: true, readOnly: true },
        alert_type: { type: ALERT_TYPES, required: true },
        priority: { type: 'number', required: true },
        /** What happened (low_balance, bank_relogin, unusual_transaction, trial_ending, custom): smart
         * batching merges alerts of one kind. */
        kind: { type: 'string', required: true },
        title: { type: 'string', required: true },
        body: { type: 'string', required: true },
        /** Where the app takes the person (a path of the SPA). */
        link: { type: 'string' },
        data: { type: 'any' },
        delivery: { type: ['immediate', 'hourly', 'daily'] as const, required: true },
        status: { type: ['queued', 'delivered'] as const, required: true },
        deliver_after: { type: 'string' },
        delivery_queue: { type: 'string' },
        delivered_at: { type: 'string' },
        /** The e-mail that carried it (alone or in a batch); none when mail was off or suppressed. */
        email_send_id: { type: 'string' },
        read_at: { type: 'string' },
      },
      indexes: {
        byUser: {
          pk: { field: 'pk', composite: ['user_id'] },
          sk: { field: 'sk', composite: ['created_at', 'id'] },
        },
        byDue: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['delivery_queue'] },
          sk: { field: 'gsi1sk', composite: ['deliver_after'] },
        },
      },
    },
    { client, table },
  );
}
