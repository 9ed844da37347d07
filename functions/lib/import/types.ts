// The shapes a statement file becomes (docs/import-export.md): rows in the product's own terms — a
// calendar date, integer cents in Plaid's sign (positive = money out) — each with the line it came from,
// so every message about a row can name its line and field.
import { ValidationError, type FieldIssue } from '../../../domain/errors.ts';

export type StatementFormat = 'ofx' | 'qif' | 'csv';

export interface ParsedRow {
  /** 1-based line of the file the row starts on. */
  line: number;
  /** YYYY-MM-DD. */
  date: string;
  /** Integer cents, Plaid's sign: positive = money out of the account. */
  amount: number;
  payee: string;
  memo?: string | undefined;
  /** The bank's own id of the transaction (OFX FITID), when the file has one. */
  externalId?: string | undefined;
  /** A category the file names (a QIF L line, a CSV category column). */
  category?: string | undefined;
}

export interface ParsedStatement {
  format: StatementFormat;
  rows: ParsedRow[];
  /** The statement's closing balance (OFX LEDGERBAL), in the account's own sign. */
  closingBalance?: { amount: number; date: string } | undefined;
}

/** At most this many problems are listed in one answer: the first ones are enough to fix a file. */
const MAX_ISSUES = 10;

/** A problem with the file's content: 400 naming each line and field (`line 7, Date`). */
export class ImportFileError extends ValidationError {
  constructor(issues: FieldIssue[]) {
    super(issues.slice(0, MAX_ISSUES));
  }
}

export const lineField = (line: number, field: string) => `line ${line}, ${field}`;
