// What an uploaded file is: its bytes decoded (decode.ts), then its format told from its content, never
// from its name: OFX/QFX, QIF, a Tallywise archive (JSON) or a CSV. Anything else is an unknown format.
import { decodeStatement, type DecodedText } from './decode.ts';
import { looksLikeOfx } from './ofx.ts';
import { looksLikeQif } from './qif.ts';
import { parseCsvTable, type CsvTable } from './csv.ts';
import { ImportFileError } from './types.ts';

export const UNKNOWN_FORMAT =
  'Unknown file format: import an OFX, QFX, QIF or CSV statement, or a Tallywise archive (JSON)';

export type DetectedFile =
  (DecodedText & { kind: 'ofx' | 'qif' | 'archive' }) | (DecodedText & { kind: 'csv'; table: CsvTable });

export function detectFile(bytes: Uint8Array): DetectedFile {
  const decoded = decodeStatement(bytes);
  if (!decoded || decoded.text.startsWith('%PDF'))
    throw new ImportFileError([{ field: 'file', message: UNKNOWN_FORMAT }]);
  const text = decoded.text.replace(/^\uFEFF/, '');
  const content = { ...decoded, text };
  if (looksLikeOfx(text)) return { ...content, kind: 'ofx' };
  if (looksLikeQif(text)) return { ...content, kind: 'qif' };
  if (/^\s*\{/.test(text) && /"format"\s*:\s*"tallywise-archive"/.test(text.slice(0, 500)))
    return { ...content, kind: 'archive' };
  if (!/^\s*[{[<]/.test(text)) {
    const table = parseCsvTable(text);
    const wide = table.records.slice(0, 20).filter((r) => r.cells.length >= 2).length;
    if (table.records.length > 0 && wide >= Math.min(2, table.records.length))
      return { ...content, kind: 'csv', table };
  }
  throw new ImportFileError([{ field: 'file', message: UNKNOWN_FORMAT }]);
}
