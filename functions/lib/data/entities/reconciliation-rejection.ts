// A reconciliation match the user undid (spec §4 reconciliation: the match can be undone): the pair of
// planned item and transaction is never proposed again by the next reconciliation run.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, nowIso } from './common.ts';

export function reconciliationRejectionEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('reconciliationRejection'),
      attributes: {
        profile_id: { type: 'string', required: true, readOnly: true },
        planned_id: { type: 'string', required: true, readOnly: true },
        transaction_id: { type: 'string', required: true, readOnly: true },
        rejected_by: { type: 'string', required: true },
        created_at: { type: 'string', required: true, default: nowIso, readOnly: true },
      },
      indexes: {
        byProfile: {
          pk: { field: 'pk', composite: ['profile_id'] },
          sk: { field: 'sk', composite: ['planned_id', 'transaction_id'] },
        },
      },
    },
    { client, table },
  );
}
