// How one member views one profile's forecast (the calendar's low-balance threshold and the
// everyday-spending allowance switch). Per user per profile: a display preference, not plan data, so a
// viewer keeps their own and nobody changes another member's view (docs/money-plan-api.md "Settings").
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, timestamps } from './common.ts';

export function moneyViewSettingsEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('moneyViewSettings'),
      attributes: {
        profile_id: { type: 'string', required: true, readOnly: true },
        user_id: { type: 'string', required: true, readOnly: true },
        /** Cents: a day whose closing balance is below it is highlighted as low. */
        low_balance_threshold: { type: 'number' },
        /** Whether forecasts include the everyday-spending allowance. */
        include_allowance: { type: 'boolean' },
        /** The view the calendar opens on: 'cash', 'net_worth' or an account id. */
        view: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byProfileUser: {
          pk: { field: 'pk', composite: ['profile_id'] },
          sk: { field: 'sk', composite: ['user_id'] },
        },
      },
    },
    { client, table },
  );
}
