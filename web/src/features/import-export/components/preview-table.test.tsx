import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CsvMapping, Preview } from '../api/import-export-api.ts';
import { MappingForm } from './mapping-form.tsx';
import { PreviewTable } from './preview-table.tsx';

const preview: Preview = {
  format: 'csv',
  encoding: 'utf-8',
  columns: ['Date', 'Description', 'Amount'],
  mapping: null,
  date_format_ambiguous: false,
  sample: null,
  counts: { new: 1, duplicate: 1, skipped: 1 },
  already_imported: null,
  rows: [
    { line: 2, date: '2026-03-01', amount: 145000, payee: 'OAKRIDGE RENT', status: 'new', reason: null },
    {
      line: 3,
      date: '2026-03-02',
      amount: -245000,
      payee: 'ACME PAYROLL',
      status: 'duplicate',
      reason: 'Imported before',
    },
    { line: 4, date: '2026-03-03', amount: 0, payee: 'FEE', status: 'skipped', reason: 'The amount is zero' },
  ],
};

const mapping: CsvMapping = {
  has_header: true,
  date_column: 0,
  date_format: 'MM/DD/YYYY',
  amount_column: 2,
  payee_column: 1,
  decimal_separator: '.',
  amount_sign: 'negative_is_money_out',
};

describe('the import preview', () => {
  it('counts and lists each row with its line, signed amount, status and reason', () => {
    const html = renderToStaticMarkup(<PreviewTable preview={preview} />);
    expect(html).toContain('1 new · 1 likely duplicate · 1 skipped');
    expect(html).toContain('−$1,450.00');
    expect(html).toContain('+$2,450.00');
    expect(html).toContain('Likely duplicate');
    expect(html).toContain('Imported before');
    expect(html).toContain('The amount is zero');
    expect(html).toMatch(/<td[^>]*>2<\/td>/);
  });

  it('shows the mapping with one amount column, and warns when the date format is ambiguous', () => {
    const html = renderToStaticMarkup(
      <MappingForm columns={preview.columns ?? []} mapping={mapping} ambiguous onChange={() => undefined} />,
    );
    expect(html).toContain('Every date in this file reads both day-first and month-first');
    expect(html).toContain('Amount column');
    expect(html).not.toContain('Debit (money out) column');
    const split = renderToStaticMarkup(
      <MappingForm
        columns={preview.columns ?? []}
        mapping={{ ...mapping, amount_column: undefined, debit_column: 2 }}
        ambiguous={false}
        onChange={() => undefined}
      />,
    );
    expect(split).toContain('Debit (money out) column');
    expect(split).not.toContain('Every date in this file');
  });
});
