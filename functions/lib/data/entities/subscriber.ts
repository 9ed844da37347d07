// spec §3 subscribers: the fallback record of the subscription check (tier names: not shown in the spec).
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, timestamps } from './common.ts';

export function subscriberEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('subscriber'),
      attributes: {
        user_id: { type: 'string', required: true, readOnly: true },
        subscribed: { type: 'boolean', required: true, default: false },
        subscription_tier: { type: 'string' },
        subscription_end: { type: 'string' },
        trial_end: { type: 'string' },
        stripe_customer_id: { type: 'string' },
        stripe_subscription_id: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byUser: { pk: { field: 'pk', composite: ['user_id'] }, sk: { field: 'sk', composite: [] } },
      },
    },
    { client, table },
  );
}
