// QIF (Quicken Interchange Format): the records of a bank, cash, card, asset or liability list, through
// qif-ts. Its amounts are read again here from the T lines (qif-ts reads "1,234.56" as 1), and its dates
// (D lines: 02/03/2026, 2/3'26, 2026-02-03) with the format that reads all of them; QIF's dates are
// month-first unless no month-first reading fits. Amounts are the bank's sign, flipped into Plaid's.
import { deserializeQif } from 'qif-ts';
import { detectDecimalSeparator, parseAmount } from './amounts.ts';
import { detectDateFormat, parseDate } from './dates.ts';
import { ImportFileError, lineField, type ParsedRow, type ParsedStatement } from './types.ts';

export function looksLikeQif(source: string): boolean {
  return /^\s*!(Type|Account|Option)/i.test(source.slice(0, 200));
}

interface RawRecord {
  line: number;
  date?: { text: string; line: number };
  amount?: { text: string; line: number };
}

/** The file from its !Type line on (a leading !Account block and !Option lines are Quicken's). */
function listSection(lines: string[]): { start: number; lines: string[] } {
  const start = lines.findIndex((l) => /^!Type:/i.test(l.trim()));
  return start < 0 ? { start: 0, lines } : { start, lines: lines.slice(start) };
}

function rawRecords(lines: string[], offset: number): RawRecord[] {
  const records: RawRecord[] = [];
  let current: RawRecord | null = null;
  lines.forEach((raw, index) => {
    const line = raw.trim();
    const number = offset + index + 1;
    if (!line || line.startsWith('!')) return;
    current ??= { line: number };
    if (line.startsWith('^')) {
      records.push(current);
      current = null;
    } else if (line[0] === 'D') current.date = { text: line.slice(1).trim(), line: number };
    else if (line[0] === 'T' || (line[0] === 'U' && !current.amount))
      current.amount = { text: line.slice(1).trim(), line: number };
  });
  return records;
}

const normalizeDate = (text: string) => text.replace(/'/g, '/').replace(/\s+/g, '');

export function parseQif(source: string): ParsedStatement {
  const all = source.split(/\r\n|\r|\n/);
  const section = listSection(all);
  let parsed: ReturnType<typeof deserializeQif>;
  try {
    parsed = deserializeQif(section.lines.join('\n'));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ImportFileError([
      { field: lineField(section.start + 1, '!Type'), message: `not a QIF list: ${message}` },
    ]);
  }
  const records = rawRecords(section.lines, section.start);
  const dateFormat = detectDateFormat(
    records.map((r) => normalizeDate(r.date?.text ?? '')),
    false,
  ).format;
  const decimal = detectDecimalSeparator(
    records.map((r) => r.amount?.text ?? ''),
    '.',
  );
  const issues: Array<{ field: string; message: string }> = [];
  const rows: ParsedRow[] = [];
  parsed.transactions.forEach((txn, index) => {
    const record = records[index];
    if (!record) return;
    const date = record.date && dateFormat ? parseDate(normalizeDate(record.date.text), dateFormat) : null;
    const amount = record.amount ? parseAmount(record.amount.text, decimal) : null;
    if (!date)
      issues.push({
        field: lineField(record.date?.line ?? record.line, 'D (date)'),
        message: record.date ? `"${record.date.text}" is not a date` : 'the record has no date',
      });
    if (amount === null)
      issues.push({
        field: lineField(record.amount?.line ?? record.line, 'T (amount)'),
        message: record.amount ? `"${record.amount.text}" is not an amount` : 'the record has no amount',
      });
    if (!date || amount === null) return;
    rows.push({
      line: record.line,
      date,
      amount: -amount || 0,
      payee: txn.payee?.trim() || txn.memo?.trim() || 'Transaction',
      memo: txn.memo?.trim() || undefined,
      category: txn.category?.trim() || undefined,
      externalId: undefined,
    });
  });
  if (issues.length > 0) throw new ImportFileError(issues);
  return { format: 'qif', rows };
}
