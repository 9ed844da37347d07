// One security held in an investment account (Plaid /investments/holdings/get), kept by sync: what the
// account detail lists and what the account's value is the sum of. Keyed by account and Plaid's security
// id, so a refresh overwrites each holding in place; holdings no longer reported are deleted.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, timestamps } from './common.ts';

export function investmentHoldingEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('investmentHolding'),
      attributes: {
        account_id: { type: 'string', required: true, readOnly: true },
        security_id: { type: 'string', required: true, readOnly: true },
        profile_id: { type: 'string', required: true },
        user_id: { type: 'string', required: true, readOnly: true },
        security_name: { type: 'string' },
        ticker_symbol: { type: 'string' },
        /** Plaid's security type: equity, etf, mutual fund, cash, fixed income, derivative… */
        security_type: { type: 'string' },
        is_cash_equivalent: { type: 'boolean', default: false },
        quantity: { type: 'number', required: true },
        /** Dollars per unit as the institution prices it (may carry more than two decimals). */
        price: { type: 'number', required: true },
        price_as_of: { type: 'string' },
        /** Cents: the holding's value, and what was paid for it (absent when the bank does not say). */
        value: { type: 'number', required: true },
        cost_basis: { type: 'number' },
        iso_currency_code: { type: 'string', default: 'USD' },
        refreshed_at: { type: 'string', required: true },
        ...timestamps,
      },
      indexes: {
        byAccount: {
          pk: { field: 'pk', composite: ['account_id'] },
          sk: { field: 'sk', composite: ['security_id'] },
        },
      },
    },
    { client, table },
  );
}
