// The statement parsers on real-world-shaped files (tests/fixtures/import/): two banks' OFX and QFX,
// a Quicken QIF, CSVs with comma and semicolon separators, month-first and day-first dates, currency
// signs, thousands separators and a Windows-1252 file; and each bad input's message naming its line
// and field.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chooseMapping, parseCsvTable, readCsv, suggestMapping, type CsvMapping } from './csv.ts';
import { parseOfx } from './ofx.ts';
import { parseQif } from './qif.ts';
import { detectFile, UNKNOWN_FORMAT } from './statement.ts';
import { ImportFileError } from './types.ts';

const fixture = (name: string) => new Uint8Array(readFileSync(`tests/fixtures/import/${name}`));

function csvRows(name: string) {
  const file = detectFile(fixture(name));
  if (file.kind !== 'csv') throw new Error(`${name} is ${file.kind}`);
  const suggestion = chooseMapping(file.table);
  return { file, suggestion, rows: readCsv(file.table, suggestion.mapping, suggestion.columns).rows };
}

function issuesOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof ImportFileError) return error.issues;
    throw error;
  }
  throw new Error('no error');
}

describe('statement parsers', () => {
  it("reads a credit union's OFX 1.x (SGML) in Plaid's sign, with its closing balance", () => {
    const file = detectFile(fixture('harbor-cu-checking.ofx'));
    const statement = parseOfx(file.text);

    expect(file.kind).toBe('ofx');
    expect(statement.rows).toHaveLength(7);
    expect(statement.rows[0]).toMatchObject({
      date: '2026-02-03',
      amount: 5423,
      payee: 'WHOLE FOODS MARKET #10234',
      externalId: '202602030001',
    });
    expect(statement.rows[1]).toMatchObject({
      date: '2026-02-05',
      amount: -245000,
      payee: 'ACME CORP PAYROLL',
    });
    expect(statement.rows[0]?.line).toBe(43);
    expect(statement.closingBalance).toEqual({ amount: 387056, date: '2026-03-15' });
  });

  it("reads another bank's QFX 2.x (XML, Intuit sign-on) credit card statement", () => {
    const file = detectFile(fixture('northwind-card.qfx'));
    const statement = parseOfx(file.text);

    expect(file.kind).toBe('ofx');
    expect(statement.rows.map((r) => [r.date, r.amount, r.payee])).toEqual([
      ['2026-02-22', 3870, 'SHELL OIL 57444690105'],
      ['2026-03-01', 1299, 'SPOTIFY USA'],
      ['2026-03-08', 12745, "TRADER JOE'S #123"],
      ['2026-03-15', -50000, 'PAYMENT THANK YOU'],
    ]);
    expect(statement.closingBalance?.amount).toBe(-120433);
  });

  it('reads a Quicken QIF with an account block, short years, thousands separators and categories', () => {
    const file = detectFile(fixture('quicken-checking.qif'));
    const statement = parseQif(file.text);

    expect(file.kind).toBe('qif');
    expect(statement.rows.map((r) => [r.date, r.amount, r.payee, r.category])).toEqual([
      ['2026-01-15', 145000, 'Oakwood Apartments', 'Rent & Utilities'],
      ['2026-01-20', -245000, 'Acme Corp Payroll', 'Income:Wages'],
      ['2026-01-22', 8317, 'Safeway Store 1209', 'Groceries'],
      ['2026-02-03', 1549, 'Netflix.com', 'Entertainment'],
      ['2026-02-14', 6250, 'City Water Utility', undefined],
    ]);
    expect(statement.rows[0]?.line).toBe(6);
  });

  it('maps a US bank CSV (comma, month-first, "$1,450.00" and "-$1,450.00")', () => {
    const { file, suggestion, rows } = csvRows('us-bank-comma.csv');

    expect(file.table.delimiter).toBe(',');
    expect(suggestion.mapping).toMatchObject({
      has_header: true,
      date_column: 0,
      date_format: 'MM/DD/YYYY',
      amount_column: 2,
      payee_column: 1,
      decimal_separator: '.',
    });
    expect(rows.map((r) => [r.line, r.date, r.amount])).toEqual([
      [2, '2026-02-27', -245000],
      [3, '2026-03-01', 145000],
      [4, '2026-03-02', 1549],
      [5, '2026-03-04', 5423],
      [6, '2026-03-04', 450],
      [7, '2026-03-04', 450],
      [8, '2026-03-13', -245000],
      [9, '2026-03-15', 3870],
    ]);
  });

  it('maps a European CSV in Windows-1252 (semicolon, DD.MM.YYYY, "-1.085,00 €")', () => {
    const { file, suggestion, rows } = csvRows('eu-bank-semicolon-latin1.csv');

    expect(file.encoding).toBe('windows-1252');
    expect(file.table.delimiter).toBe(';');
    expect(suggestion.mapping).toMatchObject({
      date_format: 'DD.MM.YYYY',
      amount_column: 3,
      decimal_separator: ',',
    });
    expect(rows.map((r) => [r.date, r.amount, r.payee])).toEqual([
      ['2026-03-02', 1240, 'Müller Bäckerei GmbH'],
      ['2026-03-05', -325000, 'Arbeitgeber AG'],
      ['2026-03-13', 108500, 'Stadtwerke München'],
      ['2026-03-28', 790, 'Café Crème'],
    ]);
  });

  it('reads the same CSV saved as UTF-16 (a spreadsheet export) to the same rows', () => {
    const text = readFileSync('tests/fixtures/import/us-bank-comma.csv', 'utf8');
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);
    const file = detectFile(utf16);
    if (file.kind !== 'csv') throw new Error(file.kind);
    const chosen = chooseMapping(file.table);

    expect(file.encoding).toBe('utf-16le');
    expect(readCsv(file.table, chosen.mapping, chosen.columns).rows).toEqual(
      csvRows('us-bank-comma.csv').rows,
    );
  });

  it('reads day-first slashes when one date settles it, and says the format was ambiguous otherwise', () => {
    const { suggestion, rows } = csvRows('uk-bank-semicolon-dayfirst.csv');

    expect(suggestion.mapping.date_format).toBe('DD/MM/YYYY');
    expect(suggestion.date_format_ambiguous).toBe(false);
    expect(rows.map((r) => [r.date, r.amount])).toEqual([
      ['2026-02-03', 2345],
      ['2026-02-15', -210000],
      ['2026-02-21', 3800],
      ['2026-03-01', 1999],
    ]);
    const undecided = suggestMapping(
      parseCsvTable('Date;Payee;Amount\n03/02/2026;A;-1,00\n04/02/2026;B;-2,00\n'),
    );
    expect(undecided.mapping.date_format).toBe('DD/MM/YYYY');
    expect(undecided.date_format_ambiguous).toBe(true);
  });

  it('names the line and field of a date that cannot be read', () => {
    const issues = issuesOf(() => csvRows('bad-dates.csv'));
    expect(issues).toEqual([
      { field: 'line 4, Date', message: '"2026-02-30" is not a date in the format YYYY-MM-DD' },
    ]);
  });

  it('names the line and field of an amount that cannot be read', () => {
    const issues = issuesOf(() => {
      const file = detectFile(fixture('bad-amount.csv'));
      if (file.kind !== 'csv') throw new Error('not csv');
      const s = suggestMapping(file.table);
      readCsv(file.table, { ...(s.mapping as CsvMapping), amount_column: 2 }, s.columns);
    });
    expect(issues).toEqual([{ field: 'line 3, Amount', message: '"twelve" is not an amount' }]);
  });

  it('says a CSV without a date column has none, naming its columns', () => {
    expect(issuesOf(() => csvRows('no-date-column.csv'))).toEqual([
      {
        field: 'date_column',
        message: 'No column of this CSV holds dates (Description, Amount, Balance): a statement needs one',
      },
    ]);
  });

  it('refuses a binary file or a PDF as an unknown format', () => {
    const pdf = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
    expect(issuesOf(() => detectFile(pdf))).toEqual([{ field: 'file', message: UNKNOWN_FORMAT }]);
    expect(issuesOf(() => detectFile(zip))).toEqual([{ field: 'file', message: UNKNOWN_FORMAT }]);
  });
});
