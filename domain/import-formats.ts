// What statement import and manual accounts share between the server and the browser
// (docs/import-export.md): the date formats a CSV's dates may be read in, and the kinds of manual account
// with the words the screen shows for them.

/** The date formats a statement's dates are read in; the mapping step offers the same list. */
export const DATE_FORMATS = [
  'YYYY-MM-DD',
  'MM/DD/YYYY',
  'DD/MM/YYYY',
  'DD.MM.YYYY',
  'MM-DD-YYYY',
  'DD-MM-YYYY',
  'MM/DD/YY',
  'DD/MM/YY',
  'DD.MM.YY',
  'YYYYMMDD',
] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** What a manual account holds: each maps to one of the account types. */
export const MANUAL_ACCOUNT_KINDS = [
  'cash',
  'bank',
  'credit_card',
  'property',
  'vehicle',
  'loan',
  'investment',
  'other',
] as const;
export type ManualAccountKind = (typeof MANUAL_ACCOUNT_KINDS)[number];

export const MANUAL_ACCOUNT_KIND_LABELS: Record<ManualAccountKind, string> = {
  cash: 'Cash',
  bank: 'Bank account (not on Plaid)',
  credit_card: 'Credit card',
  property: 'House or property',
  vehicle: 'Car or vehicle',
  loan: 'Loan (money owed)',
  investment: 'Investment',
  other: 'Other asset',
};
