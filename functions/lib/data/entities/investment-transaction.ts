// One investment transaction of an investment account (Plaid /investments/transactions/get: a buy, a
// sell, a dividend, a fee…), kept by sync beside the holdings: the account detail lists the latest.
// Keyed by account and date + Plaid's id, so a refresh of the same window overwrites in place.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, timestamps } from './common.ts';

export function investmentTransactionEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('investmentTransaction'),
      attributes: {
        account_id: { type: 'string', required: true, readOnly: true },
        investment_transaction_id: { type: 'string', required: true, readOnly: true },
        profile_id: { type: 'string', required: true },
        user_id: { type: 'string', required: true, readOnly: true },
        date: { type: 'string', required: true, readOnly: true },
        name: { type: 'string', required: true },
        security_id: { type: 'string' },
        /** Plaid's type (buy, sell, cash, fee, transfer, cancel) and subtype (dividend, contribution…). */
        type: { type: 'string', required: true },
        subtype: { type: 'string', required: true },
        quantity: { type: 'number', required: true },
        /** Dollars per unit, as reported. */
        price: { type: 'number', required: true },
        /** Cents, Plaid's sign: positive is money out of the account (a buy), negative into it. */
        amount: { type: 'number', required: true },
        fees: { type: 'number' },
        ...timestamps,
      },
      indexes: {
        byAccountDate: {
          pk: { field: 'pk', composite: ['account_id'] },
          sk: { field: 'sk', composite: ['date', 'investment_transaction_id'] },
        },
      },
    },
    { client, table },
  );
}
