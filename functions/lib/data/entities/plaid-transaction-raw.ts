// spec §3 plaid_transactions_raw: Plaid's transaction as received, for balance validation (spec §5)
// and audit; amounts in integer cents, Plaid's sign. A copy expires (`ttl`) once the balance check has
// folded it into the account's opening (RAW_COPY_RULES, docs/bank-linking.md); DynamoDB deletes expired
// items late (DynamoDB Local never), so reads skip them.
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
        /** Plaid's pending flag, beside the payload so the balance check reads it without the payload. */
        pending: { type: 'boolean' },
        payload: { type: 'any' },
        /** Epoch seconds: the copy's date + RAW_COPY_RULES.retentionDays. */
        ttl: { type: 'number' },
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

/** DynamoDB's clock for `ttl`: reads keep copies whose `ttl` is missing or after this. */
export const epochSeconds = (now: Date): number => Math.floor(now.getTime() / 1000);
