// One sync per Plaid item at a time: a lease taken with a conditional put. It is its own item with no
// index keys, so taking and releasing it (twice a sync) writes one item and no index; an abandoned lease
// runs out by its expiry, and TTL clears it from the table.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model } from './common.ts';

export function syncLeaseEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('syncLease'),
      attributes: {
        item_id: { type: 'string', required: true, readOnly: true },
        /** A random id of the sync holding the lease; only it may release the lease. */
        owner: { type: 'string', required: true },
        expires_at: { type: 'string', required: true },
        /** Epoch seconds, a day after expiry: the table's TTL removes leases a crash left behind. */
        ttl: { type: 'number', required: true },
      },
      indexes: {
        byItem: { pk: { field: 'pk', composite: ['item_id'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );
}
