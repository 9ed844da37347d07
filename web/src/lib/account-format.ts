// How accounts read on screen, shared by /link and the accounts screens: type labels (spec §2 tiles),
// the masked number, and "Updated 5 min ago".
import { formatDistanceStrict, parseISO } from 'date-fns';
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

/** "Updated 5 minutes ago", "Updated just now", or "Not refreshed yet". */
export function lastRefreshLabel(iso: string | null, now: Date = new Date()): string {
  if (!iso) return 'Not refreshed yet';
  let date: Date;
  try {
    date = parseISO(iso);
  } catch {
    return 'Not refreshed yet';
  }
  if (Number.isNaN(date.getTime())) return 'Not refreshed yet';
  if (now.getTime() - date.getTime() < 60_000) return 'Updated just now';
  return `Updated ${formatDistanceStrict(date, now, { addSuffix: true })}`;
}
