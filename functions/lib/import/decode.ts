// A statement's bytes to text. Banks export UTF-8 (with or without a byte-order mark), UTF-16 (some
// spreadsheet exports) or a Windows code page (Windows-1252, a superset of Latin-1 where 0x80 is €).
// UTF-8 is tried strictly first; bytes that are not UTF-8 are read as Windows-1252 with iconv-lite
// (Node's own TextDecoder reads that label as plain Latin-1). A file with NUL bytes and no UTF-16 mark
// is binary (a PDF, a spreadsheet).
import iconv from 'iconv-lite';

export interface DecodedText {
  text: string;
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
}

export function decodeStatement(bytes: Uint8Array): DecodedText | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: iconv.decode(buffer, 'utf-16le'), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: iconv.decode(buffer, 'utf-16be'), encoding: 'utf-16be' };
  if (bytes.includes(0)) return null;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text, encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(buffer, 'win1252'), encoding: 'windows-1252' };
  }
}
