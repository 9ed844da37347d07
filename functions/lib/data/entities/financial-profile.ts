// spec §3 financial_profiles. The default profile's id is derived from its owner, so creating it is a
// conditional put that ten concurrent callers cannot duplicate (spec §4 ensure-default-profile).
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, timestamps } from './common.ts';

export const defaultProfileId = (ownerUserId: string) => `default-${ownerUserId}`;

export function financialProfileEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('financialProfile'),
      attributes: {
        id: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        owner_user_id: { type: 'string', required: true, readOnly: true },
        is_default: { type: 'boolean', default: false, required: true },
        is_archived: { type: 'boolean', default: false, required: true },
        archived_at: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
        byOwner: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['owner_user_id'] },
          sk: { field: 'gsi1sk', composite: ['created_at', 'id'] },
        },
      },
    },
    { client, table },
  );
}
