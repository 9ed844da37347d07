// spec §3 transactions: posted and pending activity of an account, amounts in integer cents with
// Plaid's sign (positive = money out). Keyed by our id (derived from Plaid's transaction id), so a
// sync's add, modify and remove are idempotent.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TRANSACTION_LIST_ATTRIBUTES } from '../table-design.ts';
import { model, timestamps } from './common.ts';

export function transactionEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('transaction'),
      attributes: {
        id: { type: 'string', required: true, readOnly: true },
        user_id: { type: 'string', required: true, readOnly: true },
        profile_id: { type: 'string', required: true },
        account_id: { type: 'string', required: true, readOnly: true },
        date: { type: 'string', required: true },
        authorized_date: { type: 'string' },
        name: { type: 'string', required: true },
        merchant_name: { type: 'string' },
        amount: { type: 'number', required: true },
        iso_currency_code: { type: 'string', default: 'USD' },
        pending: { type: 'boolean', default: false },
        pending_transaction_id: { type: 'string' },
        plaid_transaction_id: { type: 'string' },
        personal_finance_category: {
          type: 'map',
          properties: { primary: { type: 'string' }, detailed: { type: 'string' } },
        },
        category_primary: { type: 'string' },
        category_detailed: { type: 'list', items: { type: 'string' } },
        category: { type: 'list', items: { type: 'string' } },
        // The statement import that brought the row in (functions/lib/import/), for its undo.
        import_id: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
        byAccountDate: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['account_id'] },
          sk: { field: 'gsi1sk', composite: ['date', 'id'] },
        },
        byProfileDate: {
          index: 'gsi2',
          projection: TRANSACTION_LIST_ATTRIBUTES,
          pk: { field: 'gsi2pk', composite: ['profile_id'] },
          sk: { field: 'gsi2sk', composite: ['date', 'id'] },
        },
      },
    },
    { client, table },
  );
}
