// spec §3 running_balances, stored one item per account per month (about 25 items for 730 days) instead
// of one per day; the API expands them to the spec's daily rows (opening = closing − actual − forecasted).
// Amounts in integer cents.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, nowIso } from './common.ts';

export function runningBalanceMonthEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('runningBalanceMonth'),
      attributes: {
        account_id: { type: 'string', required: true, readOnly: true },
        month: { type: 'string', required: true, readOnly: true },
        profile_id: { type: 'string', required: true },
        user_id: { type: 'string', required: true },
        // The month's days as parallel columns, not a list of maps: a regeneration writes about 25 of
        // these per account, and columns make each item a quarter of the size (write units and time).
        // functions/lib/money/forecast-store.ts packs and unpacks them; the API answers the spec's rows.
        /** The first day stored (today for the month the forecast starts in, else the 1st). */
        first_date: { type: 'string', required: true },
        /** Closing balance of each day, in the account's convention (net position for the total). */
        closing: { type: 'list', required: true, items: { type: 'number' } },
        /** Open planned items of each day (spec forecasted_transactions_total, allowance excluded). */
        forecasted: { type: 'list', required: true, items: { type: 'number' } },
        /** The everyday-spending allowance of each day, so the API can switch it in or out. */
        allowance: { type: 'list', required: true, items: { type: 'number' } },
        /**
         * The likely range of each day's closing balance with the allowance, as offsets from it (p10 low,
         * p90 high; domain/money/forecast.ts). Absent on months stored before the band: read as 0.
         */
        band_low: { type: 'list', items: { type: 'number' } },
        band_high: { type: 'list', items: { type: 'number' } },
        /** The allowance from the forecast's first day through the day before first_date. */
        allowance_before: { type: 'number', required: true, default: 0 },
        /** Posted transactions of the first day when it is today (the only actual day), else 0. */
        actual_first: { type: 'number', required: true, default: 0 },
        /** The first day is today: spec §4, today's row is not a forecast. */
        first_is_today: { type: 'boolean', required: true, default: false },
        /** The regeneration that last wrote it: one that finds the same content leaves the item alone. */
        generation_id: { type: 'string', required: true },
        /**
         * Hash of the month's content (functions/lib/money/item-hashes.ts): the forecast header lists the
         * current generation's, so a regeneration writes only changed months and a reader checks each.
         */
        content_hash: { type: 'string' },
        created_at: { type: 'string', default: nowIso, set: () => nowIso() },
      },
      indexes: {
        byAccountMonth: {
          pk: { field: 'pk', composite: ['account_id'] },
          sk: { field: 'sk', composite: ['month'] },
        },
      },
    },
    { client, table },
  );
}
