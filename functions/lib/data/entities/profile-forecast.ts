// The forecast state of a financial profile (spec §4 running balances, §9 today + 730 days, stale after
// 24 h): which generation of running-balance months is current, when it was made and from which version
// of its inputs, a lease so one regeneration runs at a time, each account's everyday-spending allowance
// and month-end balances of the past (the calendar's history), and a sparse key for the nightly sweep.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model } from './common.ts';

export function profileForecastEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('profileForecast'),
      attributes: {
        profile_id: { type: 'string', required: true, readOnly: true },
        /** Bumped by every change of the forecast's inputs (plan writes, synced transactions). */
        inputs_version: { type: 'number', default: 0 },
        /** The inputs_version the current generation was computed from. */
        generated_version: { type: 'number' },
        generation_id: { type: 'string' },
        generated_at: { type: 'string' },
        /** The calendar date the current generation starts on (its non-forecast row). */
        forecast_today: { type: 'string' },
        /** Per account: type, balance and allowance used; see functions/lib/money/forecast-store.ts. */
        accounts: { type: 'any' },
        /** Stored running-balance months per storage key (account id or the total's): [first, last]. */
        months: { type: 'any' },
        /**
         * The content hashes of the current generation's running-balance months per storage key, one
         * after another from the key's first month (functions/lib/money/item-hashes.ts joinHashes).
         */
        month_hashes: { type: 'any' },
        /** The content hashes of its month views: `{ from: 'YYYY-MM', hashes }` (joinHashes). */
        view_hashes: { type: 'any' },
        /**
         * Set while a regeneration writes items and cleared when it records them: when set, the stored
         * items may differ from the hashes above, so the next regeneration compares with nothing.
         */
        items_unsettled: { type: 'boolean' },
        /** Per account: closing balance at the end of each past month, `{ [accountId]: { [YYYY-MM]: cents } }`. */
        history: { type: 'any' },
        /** When 'generate my plan' (or the nightly upkeep) last ran: the Money Plan shows it. */
        plan_generated_at: { type: 'string' },
        /** The day the first plan was generated (YYYY-MM-DD): a month before it had no plan, and the month
         * it falls in had one only from then (spending by category compares with it). */
        plan_started_on: { type: 'string' },
        lock_owner: { type: 'string' },
        lock_expires_at: { type: 'string' },
        /** Another trigger arrived while the lease was held: the holder runs once more. */
        rerun_requested: { type: 'boolean' },
        /** The inputs_version the lease holder builds from: a trigger it already covers asks no rerun. */
        building_version: { type: 'number' },
        /** The due-work shard (events/queues.ts dueShard), set together with next_due_at, so the daily
         * upkeep's index stays sparse and no one partition holds every profile. */
        forecast_queue: { type: 'string' },
        next_due_at: { type: 'string' },
      },
      indexes: {
        byProfile: { pk: { field: 'pk', composite: ['profile_id'] }, sk: { field: 'sk', composite: [] } },
        /** Sparse: profiles whose forecast is due for the nightly regeneration. */
        byForecastDue: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['forecast_queue'] },
          sk: { field: 'gsi1sk', composite: ['next_due_at'] },
        },
      },
    },
    { client, table },
  );
}
