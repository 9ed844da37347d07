// OFX and QFX (Quicken's OFX with Intuit's sign-on fields), SGML 1.x or XML 2.x, through ofx-js. Every
// statement of the file (bank and card) is read; TRNAMT is the bank's sign (negative = money out), so
// it is flipped into Plaid's. The line of each row is its <STMTTRN>'s line.
import { parseSync } from 'ofx-js';
import { parseAmount } from './amounts.ts';
import { parseDate } from './dates.ts';
import { ImportFileError, lineField, type ParsedRow, type ParsedStatement } from './types.ts';

type Node = Record<string, unknown>;

const asList = (value: unknown): Node[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? (value as Node[]) : [value as Node];

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const text = (value: unknown): string =>
  typeof value === 'string'
    ? value.replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e] ?? '').trim()
    : '';

/** Each statement response of the file: bank (STMTRS) and credit card (CCSTMTRS). */
function statements(ofx: Node): Node[] {
  const bank = asList((ofx.BANKMSGSRSV1 as Node | undefined)?.STMTTRNRS).flatMap((r) => asList(r.STMTRS));
  const card = asList((ofx.CREDITCARDMSGSRSV1 as Node | undefined)?.CCSTMTTRNRS).flatMap((r) =>
    asList(r.CCSTMTRS),
  );
  return [...bank, ...card];
}

/** Line numbers (1-based) of every <STMTTRN> opening tag, in file order. */
function transactionLines(source: string): number[] {
  const lines: number[] = [];
  source.split(/\r\n|\r|\n/).forEach((line, index) => {
    const count = line.match(/<STMTTRN>/gi)?.length ?? 0;
    for (let i = 0; i < count; i++) lines.push(index + 1);
  });
  return lines;
}

export function looksLikeOfx(source: string): boolean {
  const head = source.slice(0, 2000);
  return /OFXHEADER/i.test(head) || /<OFX>/i.test(head);
}

export function parseOfx(source: string): ParsedStatement {
  let ofx: Node;
  try {
    ofx = parseSync(source).OFX as Node;
  } catch {
    throw new ImportFileError([
      { field: 'file', message: 'This OFX/QFX file could not be read: its tags do not nest' },
    ]);
  }
  const found = statements(ofx ?? {});
  if (found.length === 0)
    throw new ImportFileError([
      { field: 'file', message: 'This OFX/QFX file holds no bank or credit card statement' },
    ]);
  const lines = transactionLines(source);
  const rows: ParsedRow[] = [];
  const issues: Array<{ field: string; message: string }> = [];
  let index = 0;
  let closingBalance: ParsedStatement['closingBalance'];
  for (const statement of found) {
    const list = statement.BANKTRANLIST as Node | undefined;
    for (const trn of asList(list?.STMTTRN)) {
      const line = lines[index] ?? 0;
      index += 1;
      const posted = text(trn.DTPOSTED);
      const date = parseDate(posted.slice(0, 8), 'YYYYMMDD');
      const amount = parseAmount(text(trn.TRNAMT), '.');
      if (!date)
        issues.push({ field: lineField(line, 'DTPOSTED'), message: `"${posted}" is not a date (YYYYMMDD)` });
      if (amount === null)
        issues.push({ field: lineField(line, 'TRNAMT'), message: `"${text(trn.TRNAMT)}" is not an amount` });
      if (!date || amount === null) continue;
      const name = text(trn.NAME) || text((trn.PAYEE as Node | undefined)?.NAME) || text(trn.MEMO);
      rows.push({
        line,
        date,
        amount: -amount || 0,
        payee: name || text(trn.TRNTYPE) || 'Transaction',
        memo: text(trn.MEMO) || undefined,
        externalId: text(trn.FITID) || undefined,
      });
    }
    const ledger = statement.LEDGERBAL as Node | undefined;
    const balance = ledger ? parseAmount(text(ledger.BALAMT), '.') : null;
    const asOf = ledger ? parseDate(text(ledger.DTASOF).slice(0, 8), 'YYYYMMDD') : null;
    if (balance !== null && asOf) closingBalance = { amount: balance, date: asOf };
  }
  if (issues.length > 0) throw new ImportFileError(issues);
  return { format: 'ofx', rows, closingBalance };
}
