// spec §3 plaid_transactions_raw: Plaid's transaction as received, for balance validation (spec §5)
// and audit; amounts in integer cents, Plaid's sign.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, nowIso } from './common.ts';

export function plaidTransactionRawEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('plaidTransactionRaw'),
      attributes: {
        plaid_transaction_id: { type: 'string', required: true, readOnly: true },
        user_id: { type: 'string', required: true, readOnly: true },
        account_id: { type: 'string', required: true, readOnly: true },
        date: { type: 'string', required: true },
        amount: { type: 'number', required: true },
        name: { type: 'string', required: true },
        payload: { type: 'any' },
        received_at: { type: 'string', default: nowIso },
      },
      indexes: {
        byId: {
          pk: { field: 'pk', composite: ['plaid_transaction_id'] },
          sk: { field: 'sk', composite: [] },
        },
        byAccountDate: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['account_id'] },
          sk: { field: 'gsi1sk', composite: ['date', 'plaid_transaction_id'] },
        },
      },
    },
    { client, table },
  );
}
