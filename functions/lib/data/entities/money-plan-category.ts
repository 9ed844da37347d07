// Money-plan categories of a financial profile (spec §3 money_plan_category_id; cache area
// money-plan-categories). Editors and owners change them.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, timestamps } from './common.ts';

export function moneyPlanCategoryEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('moneyPlanCategory'),
      attributes: {
        id: { type: 'string', required: true, readOnly: true },
        profile_id: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        group: { type: 'string' },
        color: { type: 'string' },
        created_by: { type: 'string', required: true, readOnly: true },
        ...timestamps,
      },
      indexes: {
        byProfile: {
          pk: { field: 'pk', composite: ['profile_id'] },
          sk: { field: 'sk', composite: ['id'] },
        },
      },
    },
    { client, table },
  );
}
