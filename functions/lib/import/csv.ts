// CSV statements, read with papaparse (the delimiter — comma, semicolon, tab — detected by it), then
// the mapping step: which column is the date, the amount (or debit and credit), the payee; the date
// format, the decimal separator and the sign, detected from the file and confirmed by the person. The
// mapping a person confirms is remembered for the account (connected_accounts.import_mapping).
import Papa from 'papaparse';
import { z } from 'zod';
import { detectDecimalSeparator, parseAmount, type DecimalSeparator } from './amounts.ts';
import { DATE_FORMATS, detectDateFormat, parseDate } from './dates.ts';
import { ImportFileError, lineField, type ParsedRow, type ParsedStatement } from './types.ts';

const column = z.number().int().min(0).max(199);

export const csvMappingSchema = z
  .object({
    has_header: z.boolean(),
    date_column: column,
    date_format: z.enum(DATE_FORMATS),
    amount_column: column.optional(),
    debit_column: column.optional(),
    credit_column: column.optional(),
    payee_column: column,
    memo_column: column.optional(),
    category_column: column.optional(),
    decimal_separator: z.enum(['.', ',']),
    /** The file's sign: most banks write money out as negative. */
    amount_sign: z.enum(['negative_is_money_out', 'positive_is_money_out']),
  })
  .strict()
  .refine(
    (m) => m.amount_column !== undefined || m.debit_column !== undefined || m.credit_column !== undefined,
    {
      message: 'Choose the amount column, or the debit and credit columns',
      path: ['amount_column'],
    },
  );
export type CsvMapping = z.infer<typeof csvMappingSchema>;

export interface CsvTable {
  delimiter: string;
  /** Every non-empty record, with its 1-based line. */
  records: Array<{ line: number; cells: string[] }>;
}

export function parseCsvTable(source: string): CsvTable {
  const result = Papa.parse<string[]>(source.replace(/^\uFEFF/, ''), {
    skipEmptyLines: false,
    delimitersToGuess: [',', ';', '\t', '|'],
  });
  const records: CsvTable['records'] = [];
  let line = 1;
  for (const cells of result.data) {
    const text = cells.join('');
    if (text.trim()) records.push({ line, cells: cells.map((c) => c.trim()) });
    // A quoted cell may span lines: count them, so later lines keep their numbers.
    line += 1 + cells.reduce((n, c) => n + (c.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  }
  return { delimiter: result.meta.delimiter, records };
}

const HEADER = {
  date: /\b(date|datum|fecha|data|posted|booking|buchungstag|valuta|transaction date)\b/i,
  amount: /\b(amount|betrag|montant|importe|valor|sum|value)\b/i,
  debit: /\b(debit|debits|withdrawal|withdrawals|paid out|money out|outflow|soll|ausgang)\b/i,
  credit: /\b(credit|credits|deposit|deposits|paid in|money in|inflow|haben|eingang)\b/i,
  payee:
    /\b(payee|description|name|merchant|narrative|details|beneficiary|counterparty|empf[aä]nger|libell[eé]|beschreibung|concepto)\b/i,
  memo: /\b(memo|note|notes|reference|verwendungszweck)\b/i,
  category: /\b(category|kategorie|cat[eé]gorie)\b/i,
  balance: /\b(balance|saldo|solde|running)\b/i,
};

export interface CsvSuggestion {
  mapping: Partial<CsvMapping>;
  columns: string[];
  /** Day-first and month-first both read every date: the person should confirm the format. */
  date_format_ambiguous: boolean;
}

const SAMPLE_ROWS = 200;
const share = (values: string[], test: (v: string) => boolean) => {
  const filled = values.filter(Boolean);
  return filled.length === 0 ? 0 : filled.filter(test).length / filled.length;
};

/** The mapping the file suggests: header names first, then what the columns hold. */
export function suggestMapping(table: CsvTable): CsvSuggestion {
  const first = table.records[0]?.cells ?? [];
  const width = Math.max(0, ...table.records.slice(0, SAMPLE_ROWS).map((r) => r.cells.length));
  const anyDate = (v: string) => DATE_FORMATS.some((f) => parseDate(v, f) !== null);
  const hasHeader = first.length > 0 && !first.some(anyDate);
  const body = table.records.slice(hasHeader ? 1 : 0, (hasHeader ? 1 : 0) + SAMPLE_ROWS);
  const columns = Array.from({ length: width }, (_, i) => (hasHeader && first[i]) || `Column ${i + 1}`);
  const values = (i: number) => body.map((r) => r.cells[i] ?? '');
  const dayFirstHint = table.delimiter === ';';
  const decimal = detectDecimalSeparator(
    body.flatMap((r) => r.cells.filter((c) => /\d[.,]\d{1,2}\b/.test(c))),
    dayFirstHint ? ',' : '.',
  );
  const named = (pattern: RegExp, fits: (i: number) => boolean) =>
    columns.findIndex((name, i) => hasHeader && pattern.test(name) && fits(i));
  const isDate = (i: number) => share(values(i), anyDate) >= 0.8;
  const isNumber = (i: number) => share(values(i), (v) => parseAmount(v, decimal) !== null) >= 0.8;
  const indexes = columns.map((_, i) => i);

  // A column named as the date holds dates even when some are mistakes (they are named line by line).
  let dateColumn = named(HEADER.date, (i) => share(values(i), anyDate) >= 0.5);
  if (dateColumn < 0) dateColumn = indexes.find(isDate) ?? -1;
  const mapping: Partial<CsvMapping> = {
    has_header: hasHeader,
    decimal_separator: decimal as DecimalSeparator,
  };
  let ambiguous = false;
  if (dateColumn >= 0) {
    const detection = detectDateFormat(values(dateColumn), dayFirstHint || decimal === ',');
    mapping.date_column = dateColumn;
    if (detection.format) mapping.date_format = detection.format;
    ambiguous = detection.ambiguous;
  }
  const free = (i: number) => i !== dateColumn && !HEADER.balance.test(columns[i] ?? '');
  const amount = named(HEADER.amount, (i) => free(i) && isNumber(i));
  const debit = named(HEADER.debit, free);
  const credit = named(HEADER.credit, free);
  if (amount >= 0) mapping.amount_column = amount;
  else if (debit >= 0 || credit >= 0) {
    if (debit >= 0) mapping.debit_column = debit;
    if (credit >= 0) mapping.credit_column = credit;
  } else {
    const guess = indexes.find((i) => free(i) && isNumber(i));
    if (guess !== undefined) mapping.amount_column = guess;
  }
  const used = new Set([dateColumn, mapping.amount_column, mapping.debit_column, mapping.credit_column]);
  let payee = named(HEADER.payee, (i) => !used.has(i));
  if (payee < 0) {
    // The wordiest remaining column.
    const lengths = indexes
      .filter((i) => !used.has(i) && !isNumber(i) && !isDate(i))
      .map((i) => ({ i, length: values(i).join('').length }))
      .sort((a, b) => b.length - a.length);
    payee = lengths[0]?.i ?? -1;
  }
  if (payee >= 0) mapping.payee_column = payee;
  const memo = named(HEADER.memo, (i) => i !== payee && !used.has(i));
  if (memo >= 0) mapping.memo_column = memo;
  const category = named(HEADER.category, (i) => i !== payee && !used.has(i));
  if (category >= 0) mapping.category_column = category;
  mapping.amount_sign = 'negative_is_money_out';
  return { mapping, columns, date_format_ambiguous: ambiguous };
}

export interface ChosenMapping extends CsvSuggestion {
  mapping: CsvMapping;
}

/**
 * The mapping to read the file with: the one given, else the account's remembered one when its columns
 * exist in this file, else the file's suggestion — which must have found a date and an amount column.
 */
export function chooseMapping(table: CsvTable, given?: CsvMapping, remembered?: string): ChosenMapping {
  const suggestion = suggestMapping(table);
  const width = suggestion.columns.length;
  const fits = (m: CsvMapping) =>
    [m.date_column, m.amount_column, m.debit_column, m.credit_column, m.payee_column, m.memo_column].every(
      (c) => c === undefined || c < width,
    );
  if (given) return { ...suggestion, mapping: given };
  const kept = remembered ? csvMappingSchema.safeParse(JSON.parse(remembered)) : null;
  if (kept?.success && fits(kept.data)) return { ...suggestion, mapping: kept.data };
  const m = suggestion.mapping;
  if (m.date_column === undefined || !m.date_format)
    throw new ImportFileError([
      {
        field: 'date_column',
        message: `No column of this CSV holds dates (${suggestion.columns.join(', ')}): a statement needs one`,
      },
    ]);
  if (m.amount_column === undefined && m.debit_column === undefined && m.credit_column === undefined)
    throw new ImportFileError([{ field: 'amount_column', message: 'No column of this CSV holds amounts' }]);
  return {
    ...suggestion,
    mapping: csvMappingSchema.parse({ payee_column: m.date_column === 0 ? 1 : 0, ...m }),
  };
}

/** The rows a confirmed mapping reads, or every line and field it cannot read. */
export function readCsv(table: CsvTable, mapping: CsvMapping, columns: string[]): ParsedStatement {
  const name = (i: number) => `${columns[i] ?? `Column ${i + 1}`}`;
  const body = mapping.has_header ? table.records.slice(1) : table.records;
  const issues: Array<{ field: string; message: string }> = [];
  const rows: ParsedRow[] = [];
  const amountOf = (cell: string | undefined) =>
    cell === undefined || cell === '' ? 0 : parseAmount(cell, mapping.decimal_separator);
  for (const { line, cells } of body) {
    const dateText = cells[mapping.date_column] ?? '';
    const date = parseDate(dateText, mapping.date_format);
    if (!date)
      issues.push({
        field: lineField(line, name(mapping.date_column)),
        message: dateText
          ? `"${dateText}" is not a date in the format ${mapping.date_format}`
          : 'the date is missing',
      });
    let amount: number | null;
    if (mapping.amount_column !== undefined) {
      const text = cells[mapping.amount_column] ?? '';
      const written = text ? parseAmount(text, mapping.decimal_separator) : null;
      if (written === null)
        issues.push({
          field: lineField(line, name(mapping.amount_column)),
          message: text ? `"${text}" is not an amount` : 'the amount is missing',
        });
      amount =
        written === null ? null : mapping.amount_sign === 'negative_is_money_out' ? -written || 0 : written;
    } else {
      const debitText = mapping.debit_column !== undefined ? cells[mapping.debit_column] : undefined;
      const creditText = mapping.credit_column !== undefined ? cells[mapping.credit_column] : undefined;
      const debit = amountOf(debitText);
      const credit = amountOf(creditText);
      if (debit === null && mapping.debit_column !== undefined)
        issues.push({
          field: lineField(line, name(mapping.debit_column)),
          message: `"${debitText}" is not an amount`,
        });
      if (credit === null && mapping.credit_column !== undefined)
        issues.push({
          field: lineField(line, name(mapping.credit_column)),
          message: `"${creditText}" is not an amount`,
        });
      // Money out is the debit, whichever sign the bank gave it.
      amount = debit === null || credit === null ? null : Math.abs(debit) - Math.abs(credit);
    }
    if (!date || amount === null) continue;
    const payee = cells[mapping.payee_column] ?? '';
    const memo = mapping.memo_column !== undefined ? cells[mapping.memo_column] : undefined;
    rows.push({
      line,
      date,
      amount,
      payee: payee || memo || 'Transaction',
      memo: memo || undefined,
      category:
        mapping.category_column !== undefined ? cells[mapping.category_column] || undefined : undefined,
    });
  }
  if (issues.length > 0) throw new ImportFileError(issues);
  return { format: 'csv', rows };
}
