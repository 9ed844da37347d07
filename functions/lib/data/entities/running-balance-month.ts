// spec §3 running_balances, stored one item per account per month (about 25 items for 730 days) instead
// of one per day; the API expands them to the spec's daily rows. Amounts in integer cents.
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
        days: {
          type: 'list',
          required: true,
          items: {
            type: 'map',
            properties: {
              balance_date: { type: 'string', required: true },
              opening_balance: { type: 'number', required: true },
              closing_balance: { type: 'number', required: true },
              actual_transactions_total: { type: 'number', required: true },
              forecasted_transactions_total: { type: 'number', required: true },
              is_forecast: { type: 'boolean', required: true },
              // The everyday-spending allowance is stored beside the plan-only rows, so the API can
              // switch it in or out without recomputing: this day's share, and the sum through it.
              allowance: { type: 'number' },
              allowance_to_date: { type: 'number' },
            },
          },
        },
        generation_id: { type: 'string', required: true },
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
