// A Plaid item: one login at one institution. The access token and the sync cursor belong to the item,
// not to its accounts. The token is stored only encrypted (KMS envelope in the cloud, AES-GCM locally).
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, timestamps } from './common.ts';

export const ITEM_STATUSES = ['active', 'login_required', 'error', 'removed'] as const;

/**
 * What the bank shares of a product beyond transactions (liabilities: card and loan statements;
 * investments: holdings), from Plaid's last answer: `consent_required` (ADDITIONAL_CONSENT_REQUIRED:
 * the person can grant it in update mode), `not_ready` (PRODUCT_NOT_READY: asked again next sync),
 * `none` (NO_LIABILITY_ACCOUNTS / NO_INVESTMENT_ACCOUNTS), `error` (another refusal).
 */
export const PRODUCT_STATUSES = ['ready', 'consent_required', 'not_ready', 'none', 'error'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export function plaidItemEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('plaidItem'),
      attributes: {
        id: { type: 'string', required: true, readOnly: true },
        user_id: { type: 'string', required: true, readOnly: true },
        profile_id: { type: 'string', required: true },
        plaid_item_id: { type: 'string', required: true, readOnly: true },
        institution_id: { type: 'string' },
        institution_name: { type: 'string' },
        access_token_ciphertext: { type: 'string', required: true },
        plaid_sync_token: { type: 'string' },
        status: { type: ITEM_STATUSES, required: true, default: 'active' },
        error_code: { type: 'string' },
        last_synced_at: { type: 'string' },
        last_webhook_at: { type: 'string' },
        liabilities_status: { type: PRODUCT_STATUSES },
        investments_status: { type: PRODUCT_STATUSES },
        /** When the holdings were last read (they are asked again when this is half a day old). */
        holdings_refreshed_at: { type: 'string' },
        /** spec §9 balance refresh: rate-limit backoff step (0 = none) and when the next try may run. */
        backoff_step: { type: 'number', default: 0 },
        next_refresh_after: { type: 'string' },
        /** The due-work shard (events/queues.ts dueShard), set together with next_refresh_after, so the
         * sweep's index stays sparse and no one partition holds every item. */
        refresh_queue: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
        byUser: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['user_id'] },
          sk: { field: 'gsi1sk', composite: ['id'] },
        },
        /** Sparse and sharded: items with a next refresh time, for the scheduled sweep (spec §9 intervals). */
        byRefreshDue: {
          index: 'gsi3',
          projection: ['id'],
          pk: { field: 'gsi3pk', composite: ['refresh_queue'] },
          sk: { field: 'gsi3sk', composite: ['next_refresh_after'] },
        },
        byPlaidItemId: {
          index: 'gsi2',
          projection: ['id'],
          pk: { field: 'gsi2pk', composite: ['plaid_item_id'] },
          sk: { field: 'gsi2sk', composite: [] },
        },
      },
    },
    { client, table },
  );
}
