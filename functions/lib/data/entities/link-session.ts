// A hosted Link session the server started: whose it is and where its accounts go, so the session can
// be finished on the server (spec §4 connect flow, mobile hosted link) from the user's return or from
// Plaid's SESSION_FINISHED webhook, exactly once. Keyed by a hash of the link token; expires by TTL.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, nowIso } from './common.ts';

export function linkSessionEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('linkSession'),
      attributes: {
        link_token_hash: { type: 'string', required: true, readOnly: true },
        user_id: { type: 'string', required: true, readOnly: true },
        profile_id: { type: 'string', required: true, readOnly: true },
        /** Update mode: the item being repaired (no exchange). */
        item_id: { type: 'string' },
        status: { type: ['open', 'completed'] as const, required: true, default: 'open' },
        accounts_count: { type: 'number' },
        expires_at: { type: 'string', required: true },
        ttl: { type: 'number', required: true },
        created_at: { type: 'string', required: true, default: nowIso, readOnly: true },
      },
      indexes: {
        byToken: { pk: { field: 'pk', composite: ['link_token_hash'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );
}
