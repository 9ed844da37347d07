// One month of a profile's Money Plan and forecast, ready to serve: written by each
// forecast regeneration from what it has just read (functions/lib/money/month-views.ts), so the
// calendar's month and the plan's list read one item per month instead of the planned items, the
// series, the matched transactions and the stored balance months one by one. A view is current while
// its content hash is the one the profile's forecast header lists for its month and the forecast is
// built from the latest inputs (every plan write and sync bumps the inputs version); readers read the
// source items otherwise.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model } from './common.ts';

export function moneyMonthViewEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('moneyMonthView'),
      attributes: {
        profile_id: { type: 'string', required: true, readOnly: true },
        month: { type: 'string', required: true, readOnly: true },
        /** The forecast generation that last wrote it (profile-forecast.ts generation_id). */
        generation_id: { type: 'string', required: true },
        /** Hash of `items` and `forecast` as JSON (functions/lib/money/item-hashes.ts). */
        content_hash: { type: 'string' },
        /**
         * The month's planned items as the API answers them (PublicPlanItem[], deleted ones too), by due
         * date then id: JSON, deflated (binary; a tenth of the bytes of the JSON, and one attribute to
         * read instead of a list of maps).
         */
        items: { type: 'any', required: true },
        /** The stored forecast days of the month per storage key (packMonth's columns): JSON, deflated. */
        forecast: { type: 'any', required: true },
        created_at: { type: 'string', required: true },
      },
      indexes: {
        byProfileMonth: {
          pk: { field: 'pk', composite: ['profile_id'] },
          sk: { field: 'sk', composite: ['month'] },
        },
      },
    },
    { client, table },
  );
}
