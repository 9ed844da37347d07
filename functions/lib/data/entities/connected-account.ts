// spec §3 connected_accounts. Balances are integer cents. The Plaid access token lives on the item
// (plaid-item.ts), never on the account, and never leaves the server.
import { Entity } from 'electrodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { model, timestamps } from './common.ts';
import { MANUAL_ACCOUNT_KINDS } from '../../../../domain/import-formats.ts';

export { MANUAL_ACCOUNT_KINDS };

export const ACCOUNT_TYPES = ['depository', 'credit', 'loan', 'investment', 'other'] as const;

export function connectedAccountEntity(client: DynamoDBDocumentClient, table: string) {
  return new Entity(
    {
      model: model('connectedAccount'),
      attributes: {
        id: { type: 'string', required: true, readOnly: true },
        user_id: { type: 'string', required: true, readOnly: true },
        profile_id: { type: 'string', required: true },
        item_id: { type: 'string', required: true, readOnly: true },
        account_name: { type: 'string', required: true },
        official_name: { type: 'string' },
        institution_name: { type: 'string' },
        account_type: { type: ACCOUNT_TYPES, required: true },
        account_subtype: { type: 'string' },
        mask: { type: 'string' },
        is_active: { type: 'boolean', required: true, default: true },
        current_balance: { type: 'number' },
        available_balance: { type: 'number' },
        credit_limit: { type: 'number' },
        iso_currency_code: { type: 'string', default: 'USD' },
        last_balance_refresh: { type: 'string' },
        plaid_account_id: { type: 'string', required: true, readOnly: true },
        // spec §3: anything other than 'completed' means the historical sync is in progress.
        historical_sync_status: { type: 'string', required: true, default: 'pending' },
        historical_sync_completed_at: { type: 'string' },
        // spec §5 balance validation, computed on the server after each sync (functions/lib/plaid/
        // balance-check.ts): the balance at the end of balance_check_opening_through (inferred once,
        // then moved forward as posted transactions are folded into it), and the last result.
        balance_check_opening: { type: 'number' },
        balance_check_opening_through: { type: 'string' },
        balance_check: {
          type: 'map',
          properties: {
            valid: { type: 'boolean', required: true },
            difference: { type: 'number', required: true },
            transactions_total: { type: 'number', required: true },
            checked_at: { type: 'string', required: true },
          },
        },
        // /liabilities/get, kept by sync for credit and loan accounts (cents, dates
        // YYYY-MM-DD): the plan schedules card and loan payments from it (domain/money/statements.ts).
        liability: {
          type: 'map',
          properties: {
            kind: { type: ['credit', 'student', 'mortgage'] as const, required: true },
            statement_date: { type: 'string' },
            statement_balance: { type: 'number' },
            minimum_payment: { type: 'number' },
            next_payment_due_date: { type: 'string' },
            next_payment_amount: { type: 'number' },
            last_payment_date: { type: 'string' },
            last_payment_amount: { type: 'number' },
            interest_rate: { type: 'number' },
            refreshed_at: { type: 'string', required: true },
          },
        },
        // A manual account (docs/import-export.md): no bank behind it, its balance is the one its owner
        // enters as of balance_as_of, and its transactions come from imported statements.
        is_manual: { type: 'boolean', default: false },
        manual_kind: { type: MANUAL_ACCOUNT_KINDS },
        balance_as_of: { type: 'string' },
        // The CSV mapping last confirmed for this account's imports (functions/lib/import/csv.ts), JSON.
        import_mapping: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
        byProfile: {
          index: 'gsi1',
          pk: { field: 'gsi1pk', composite: ['profile_id'] },
          sk: { field: 'gsi1sk', composite: ['id'] },
        },
        byUser: {
          index: 'gsi2',
          projection: ['id'],
          pk: { field: 'gsi2pk', composite: ['user_id'] },
          sk: { field: 'gsi2sk', composite: ['id'] },
        },
        byItem: {
          index: 'gsi3',
          projection: ['id'],
          pk: { field: 'gsi3pk', composite: ['item_id'] },
          sk: { field: 'gsi3sk', composite: ['plaid_account_id'] },
        },
      },
    },
    { client, table },
  );
}
