// How accounts read on screen, shared by /link, the accounts screens and the money screens: type labels
// (spec §2 tiles) and the masked number. "Updated 5 min ago" is in refresh-label.ts, with date-fns,
// which the calendar's first screen does not need.
import type { Account, AccountType } from './accounts-api.ts';

export const accountTypeLabels: Readonly<Record<AccountType, string>> = {
  depository: 'Cash',
  credit: 'Credit Cards',
  loan: 'Loans',
  investment: 'Investments',
  other: 'Other',
};

/** "Plaid Checking ••0000" style suffix; empty without a mask. */
export const maskLabel = (mask: string | null) => (mask ? `••${mask}` : '');

/** "Plaid Checking ••0000", or the name alone without a mask. */
export function nameWithMask(account: { account_name: string; mask?: string | null | undefined }): string {
  return [account.account_name, maskLabel(account.mask ?? null)].filter(Boolean).join(' ');
}

export function institutionAndMask(account: Pick<Account, 'institution_name' | 'mask'>): string {
  return [account.institution_name ?? 'Unknown bank', maskLabel(account.mask)].filter(Boolean).join(' · ');
}
