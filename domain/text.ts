// User text at the edges: control characters (NUL, escape codes, CR/LF in a one-line field) never
// belong in what a person types, and must never reach a log line or a mail header.

function isControl(code: number): boolean {
  return code < 32 || code === 127;
}

/** Whether `text` holds a control character; tabs and line breaks are allowed in multi-line text. */
export function hasControlCharacters(text: string, { multiline = false } = {}): boolean {
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (multiline && (code === 9 || code === 10 || code === 13)) continue;
    if (isControl(code)) return true;
  }
  return false;
}

/** `text` with tabs and line breaks as spaces and other control characters dropped. */
export function withoutControlCharacters(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code === 9 || code === 10 || code === 13) out += ' ';
    else if (!isControl(code)) out += ch;
  }
  return out;
}
