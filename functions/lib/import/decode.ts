// A statement's bytes to text. Banks export UTF-8 (with or without a byte-order mark), UTF-16 (some
// spreadsheet exports) or a Windows code page (Latin-1, Windows-1252); the WHATWG TextDecoder reads all
// of them. UTF-8 is tried strictly first; bytes that are not UTF-8 are read as Windows-1252, which
// covers ISO-8859-1 too. A file with NUL bytes and no UTF-16 mark is binary (a PDF, a spreadsheet).

export interface DecodedText {
  text: string;
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
}

export function decodeStatement(bytes: Uint8Array): DecodedText | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  if (bytes.includes(0)) return null;
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}
