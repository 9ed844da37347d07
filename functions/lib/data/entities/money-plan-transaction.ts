// spec §3 money_plan_transactions: planned (and generated recurring) items of a financial profile.
// account_id may be null (the item counts for each account's view, once in the total).
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, timestamps } from './common.ts';

export function moneyPlanTransactionEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('moneyPlanTransaction'),
      attributes: {
        id: { type: 'string', required: true, readOnly: true },
        profile_id: { type: 'string', required: true, readOnly: true },
        user_id: { type: 'string', required: true },
        account_id: { type: 'string' },
        due_date: { type: 'string', required: true },
        amount: { type: 'number', required: true },
        description: { type: 'string', required: true },
        personal_finance_category: {
          type: 'map',
          properties: { primary: { type: 'string' }, detailed: { type: 'string' } },
        },
        category_primary: { type: 'string' },
        category_detailed: { type: 'string' },
        money_plan_category_id: { type: 'string' },
        is_reconciled: { type: 'boolean', default: false },
        reconciled_transaction_id: { type: 'string' },
        /** spec §4 reconciliation: why the match was made, shown with it (domain/money/reconcile.ts). */
        reconciliation_reasons: { type: 'list', items: { type: 'string' } },
        reconciled_at: { type: 'string' },
        is_user_deleted: { type: 'boolean', default: false },
        is_generated: { type: 'boolean', default: false },
        is_user_edited: { type: 'boolean', default: false },
        series_id: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
        byProfileDueDate: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['profile_id'] },
          sk: { field: 'gsi1sk', composite: ['due_date', 'id'] },
        },
        /** Every item has a series: a one-off item is a series of one (its series_id is its own id). */
        bySeries: {
          index: 'gsi2',
          projection: [
            'id',
            'account_id',
            'amount',
            'personal_finance_category',
            'category_primary',
            'category_detailed',
          ],
          pk: { field: 'gsi2pk', composite: ['profile_id', 'series_id'] },
          sk: { field: 'gsi2sk', composite: ['due_date', 'id'] },
        },
      },
    },
    { client, table },
  );
}
