// Plaid shapes → the product's records: floats to integer cents at the edge, Plaid account types to
// ours, and a Plaid transaction to a transactions item.
import type { AccountBase, Transaction as PlaidTransaction } from 'plaid';
import { rawCopyExpiresAt } from '../../../domain/balance-validation.ts';

/** Plaid sends decimal currency units; inside the product money is integer cents. */
export const toCents = (amount: number | null | undefined): number | undefined =>
  amount === null || amount === undefined ? undefined : Math.round(amount * 100);

const ACCOUNT_TYPES = new Set(['depository', 'credit', 'loan', 'investment']);

export function accountTypeOf(
  account: Pick<AccountBase, 'type'>,
): 'depository' | 'credit' | 'loan' | 'investment' | 'other' {
  const type = String(account.type);
  return ACCOUNT_TYPES.has(type) ? (type as 'depository' | 'credit' | 'loan' | 'investment') : 'other';
}

export interface TransactionContext {
  userId: string;
  profileId: string;
  accountId: string;
}

export function transactionRecord(txn: PlaidTransaction, context: TransactionContext) {
  const pfc = txn.personal_finance_category;
  return {
    id: txn.transaction_id,
    user_id: context.userId,
    profile_id: context.profileId,
    account_id: context.accountId,
    date: txn.date,
    authorized_date: txn.authorized_date ?? undefined,
    name: txn.name,
    merchant_name: txn.merchant_name ?? undefined,
    amount: toCents(txn.amount) ?? 0,
    iso_currency_code: txn.iso_currency_code ?? 'USD',
    pending: txn.pending,
    pending_transaction_id: txn.pending_transaction_id ?? undefined,
    plaid_transaction_id: txn.transaction_id,
    personal_finance_category: pfc ? { primary: pfc.primary, detailed: pfc.detailed } : undefined,
    category_primary: pfc?.primary,
    category_detailed: pfc?.detailed ? [pfc.detailed] : undefined,
    category: txn.category ?? undefined,
  };
}

export function rawTransactionRecord(txn: PlaidTransaction, context: Omit<TransactionContext, 'profileId'>) {
  return {
    plaid_transaction_id: txn.transaction_id,
    user_id: context.userId,
    account_id: context.accountId,
    date: txn.date,
    amount: toCents(txn.amount) ?? 0,
    name: txn.name,
    pending: txn.pending,
    ttl: rawCopyExpiresAt(txn.date),
    payload: {
      merchant_name: txn.merchant_name ?? null,
      pending: txn.pending,
      pending_transaction_id: txn.pending_transaction_id ?? null,
      personal_finance_category: txn.personal_finance_category ?? null,
      payment_channel: txn.payment_channel,
    },
  };
}
