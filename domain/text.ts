// User text at the edges: control characters (NUL, escape codes, CR/LF in a one-line field) never
// belong in what a person types, and must never reach a log line or a mail header. Unicode's line and
// paragraph separators (U+2028, U+2029) are line breaks too, and a lone surrogate (half of a UTF-16
// pair, which JSON's \ud800 escapes can carry) is not text at all: it cannot be encoded as UTF-8, so an
// e-mail, an export or another client would show it as garbage or refuse it.

const LINE_SEPARATOR = 0x2028;
const PARAGRAPH_SEPARATOR = 0x2029;

function isControl(code: number): boolean {
  return code < 32 || code === 127;
}

function isLineBreak(code: number): boolean {
  return code === 10 || code === 13 || code === LINE_SEPARATOR || code === PARAGRAPH_SEPARATOR;
}

/** Whether `text` holds a control character or a line break; tabs and line breaks are allowed in
 * multi-line text. */
export function hasControlCharacters(text: string, { multiline = false } = {}): boolean {
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (multiline && (code === 9 || isLineBreak(code))) continue;
    if (isControl(code) || isLineBreak(code)) return true;
  }
  return false;
}

/** Whether `text` holds half of a surrogate pair on its own (not well-formed UTF-16). */
export function hasLoneSurrogate(text: string): boolean {
  // Iterating by code point keeps a well-formed pair whole; a lone half comes out as itself.
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) return true;
  }
  return false;
}

/** `text` with tabs and line breaks as spaces and other control characters and lone surrogates
 * dropped. */
export function withoutControlCharacters(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code === 9 || isLineBreak(code)) out += ' ';
    else if (!isControl(code) && !(code >= 0xd800 && code <= 0xdfff)) out += ch;
  }
  return out;
}
