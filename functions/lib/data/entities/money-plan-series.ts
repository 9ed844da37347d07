// The repeating sources of a financial profile's money plan (spec §3 money_plan_transactions come from
// them): recurring streams detected in the accounts' history (source 'detected', shown on the Money
// Plan as income, bills, subscriptions and transfers) and the user's own repeating items (source
// 'user'). A series the user removed as a whole stays here as `is_suppressed`, so regeneration never
// plans it again; a series-wide edit of a detected stream is kept in `overrides` and applied to the
// occurrences planned later. An edit that gives a series a new schedule replaces it with a user series
// (`replaces` / `replaced_by`), which keeps the kind and category it had.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, timestamps } from './common.ts';

export const SERIES_SOURCES = ['detected', 'user'] as const;
export const STREAM_KINDS = ['income', 'bill', 'subscription', 'transfer'] as const;
export const SERIES_STATUSES = ['active', 'ended', 'gone'] as const;

export function moneyPlanSeriesEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('moneyPlanSeries'),
      attributes: {
        profile_id: { type: 'string', required: true, readOnly: true },
        series_id: { type: 'string', required: true, readOnly: true },
        source: { type: SERIES_SOURCES, required: true, readOnly: true },
        /** null: the series counts for every account (user series only). */
        account_id: { type: 'string' },
        description: { type: 'string', required: true },
        /** Cash flow of one occurrence in cents: positive = money in. */
        amount: { type: 'number', required: true },
        kind: { type: STREAM_KINDS, required: true },
        cadence: { type: 'string', required: true },
        /** domain/money/schedule.ts Schedule. */
        schedule: { type: 'any', required: true },
        /** No occurrence before this nominal date. */
        starts: { type: 'string', required: true },
        /** User series: no occurrence after this date. */
        until: { type: 'string' },
        personal_finance_category: {
          type: 'map',
          properties: { primary: { type: 'string' }, detailed: { type: 'string' } },
        },
        money_plan_category_id: { type: 'string' },
        /** detected: active or ended as last detected; gone when the last generation no longer found it. */
        status: { type: SERIES_STATUSES, required: true, default: 'active' },
        is_suppressed: { type: 'boolean', required: true, default: false },
        /** Series-wide edits of a detected stream: amount, description, account_id, category. */
        overrides: { type: 'any' },
        /** The detected stream (domain/money/recurring.ts RecurringStream) without its schedule. */
        stream: { type: 'any' },
        /** The stream's transactions as detected: [{ id, date, amount, name }] (Plaid sign). */
        transactions: { type: 'any' },
        detected_at: { type: 'string' },
        /** User series made by an edit that gave a series (or a one-off) a new schedule: the series id
         * (a one-off's own item id) it took the place of, so undoing the edit finds it. */
        replaces: { type: 'string' },
        /** This series was replaced by an edit (or its edit was undone): it is no longer part of the plan
         * nor one the person removed, so the Money Plan does not list it. */
        replaced_by: { type: 'string' },
        created_by: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byProfile: {
          pk: { field: 'pk', composite: ['profile_id'] },
          sk: { field: 'sk', composite: ['series_id'] },
        },
      },
    },
    { client, table },
  );
}
