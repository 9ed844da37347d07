// What counts as a bill, wherever bills are listed or counted (the coach, the weekly digest): cash going
// out on a day. Three kinds of planned outflow are not: a transfer between the person's own accounts
// (a card payment, money moved to savings), the receiving side of a card's or loan's payment (the same
// money as its cash side), and what accrues on a card or loan (a loan's monthly interest, a card's
// interest charge), which the payment from cash already covers.
import type { AccountType } from '../classification.ts';

export interface BillCandidate {
  /** Cash flow in cents: negative = money out. */
  readonly amount: number;
  readonly category_primary?: string | null;
  readonly category_detailed?: string | null;
}

const TRANSFER_PRIMARIES = new Set(['TRANSFER_IN', 'TRANSFER_OUT']);
const CARD_PAYMENT = 'LOAN_PAYMENTS_CREDIT_CARD_PAYMENT';
const INTEREST_CHARGE = 'BANK_FEES_INTEREST_CHARGE';

/**
 * Whether a planned item is a bill: money out, not a transfer (by its stream's kind when known, else
 * its category), and not an accrual on a card or loan account. `accountType` is null for an item on no
 * account (it counts against cash).
 */
export function isBill(
  item: BillCandidate,
  accountType: AccountType | null | undefined,
  kind?: string | null,
): boolean {
  if (item.amount >= 0) return false;
  if (kind === 'transfer' || kind === 'income') return false;
  if (TRANSFER_PRIMARIES.has(item.category_primary ?? '') || item.category_detailed === CARD_PAYMENT)
    return false;
  // A loan's own outflows are its interest accruing: the scheduled payment from cash is the bill.
  if (accountType === 'loan') return false;
  if (accountType === 'credit' && item.category_detailed === INTEREST_CHARGE) return false;
  return true;
}

/** "1 bill", "3 bills". */
export const billCount = (n: number): string => `${n} ${n === 1 ? 'bill' : 'bills'}`;
