// /liabilities/get during sync: a card's last statement and a loan's terms, kept on
// the account (connected_accounts.liability, cents) for the plan to schedule payments from.
import type { LiabilitiesObject, PlaidApi } from 'plaid';
import type { LiabilityRecord } from '../../../domain/money/statements.ts';
import type { ProductStatus } from '../data/entities/plaid-item.ts';
import { plaidErrorOf } from './client.ts';
import { toCents } from './mapping.ts';

/**
 * Plaid's refusal of an optional product, as the item keeps it: a missing consent the person can grant
 * in update mode, data not extracted yet (asked again next sync), no account that has it, or another.
 */
export function productStatusOf(error: unknown): ProductStatus {
  switch (plaidErrorOf(error)?.error_code) {
    case 'ADDITIONAL_CONSENT_REQUIRED':
      return 'consent_required';
    case 'PRODUCT_NOT_READY':
      return 'not_ready';
    case 'NO_LIABILITY_ACCOUNTS':
    case 'NO_INVESTMENT_ACCOUNTS':
    case 'PRODUCTS_NOT_SUPPORTED':
      return 'none';
    default:
      return 'error';
  }
}

const optional = <T>(value: T | null | undefined): T | undefined => (value === null ? undefined : value);
const cents = (dollars: number | null | undefined) => optional(toCents(dollars ?? null));

/** The record without its absent fields (DynamoDB keeps no undefined). */
function compact(record: LiabilityRecord): LiabilityRecord {
  return Object.fromEntries(
    Object.entries(record).filter(([, v]) => v !== undefined),
  ) as unknown as LiabilityRecord;
}

/** One record per Plaid account id. */
export function liabilityRecords(
  liabilities: LiabilitiesObject,
  refreshedAt: string,
): Map<string, LiabilityRecord> {
  const out = new Map<string, LiabilityRecord>();
  for (const card of liabilities.credit ?? []) {
    if (!card.account_id) continue;
    const purchase = card.aprs.find((a) => a.apr_type === 'purchase_apr') ?? card.aprs[0];
    out.set(card.account_id, {
      kind: 'credit',
      statement_date: optional(card.last_statement_issue_date),
      statement_balance: cents(card.last_statement_balance),
      minimum_payment: cents(card.minimum_payment_amount),
      next_payment_due_date: optional(card.next_payment_due_date),
      last_payment_date: optional(card.last_payment_date),
      last_payment_amount: cents(card.last_payment_amount),
      interest_rate: optional(purchase?.apr_percentage),
      refreshed_at: refreshedAt,
    });
  }
  for (const loan of liabilities.student ?? []) {
    if (!loan.account_id) continue;
    out.set(loan.account_id, {
      kind: 'student',
      statement_date: optional(loan.last_statement_issue_date),
      statement_balance: cents(loan.last_statement_balance),
      minimum_payment: cents(loan.minimum_payment_amount),
      next_payment_due_date: optional(loan.next_payment_due_date),
      next_payment_amount: cents(loan.minimum_payment_amount),
      last_payment_date: optional(loan.last_payment_date),
      last_payment_amount: cents(loan.last_payment_amount),
      interest_rate: loan.interest_rate_percentage,
      refreshed_at: refreshedAt,
    });
  }
  for (const loan of liabilities.mortgage ?? []) {
    out.set(loan.account_id, {
      kind: 'mortgage',
      next_payment_due_date: optional(loan.next_payment_due_date),
      next_payment_amount: cents(loan.next_monthly_payment),
      last_payment_date: optional(loan.last_payment_date),
      last_payment_amount: cents(loan.last_payment_amount),
      interest_rate: optional(loan.interest_rate.percentage),
      refreshed_at: refreshedAt,
    });
  }
  return new Map([...out].map(([id, record]) => [id, compact(record)]));
}

/** Statements change monthly: a sync asks again once the kept ones are this old. */
export const LIABILITIES_REFRESH_HOURS = 12;

/**
 * The item's liabilities and what Plaid said: a refusal never fails the sync (the plan then keeps what
 * detection found), but it is told apart, so a person can be asked for a missing consent.
 */
export async function fetchLiabilities(
  plaid: PlaidApi,
  accessToken: string,
  log: (message: string, fields: Record<string, unknown>) => void,
): Promise<{ status: ProductStatus; liabilities: LiabilitiesObject | null }> {
  try {
    const { data } = await plaid.liabilitiesGet({ access_token: accessToken });
    return { status: 'ready', liabilities: data.liabilities };
  } catch (error) {
    const status = productStatusOf(error);
    log('plaid liabilities unavailable', { errorCode: plaidErrorOf(error)?.error_code ?? 'unknown', status });
    return { status, liabilities: null };
  }
}
