import { describe, expect, it } from 'vitest';
import { hasControlCharacters, hasLoneSurrogate, withoutControlCharacters } from './text.ts';

describe('control characters', () => {
  it('finds NUL, escape and line breaks in one-line text; allows tabs and line breaks in multi-line text', () => {
    expect(hasControlCharacters('Groceries')).toBe(false);
    expect(hasControlCharacters('a\u0000b')).toBe(true);
    expect(hasControlCharacters('Subject\r\nBcc: x')).toBe(true);
    expect(hasControlCharacters('line one\nline two\tend', { multiline: true })).toBe(false);
    expect(hasControlCharacters('bell\u0007', { multiline: true })).toBe(true);
    expect(hasControlCharacters('del\u007f')).toBe(true);
  });

  it('counts the Unicode line and paragraph separators as line breaks', () => {
    expect(hasControlCharacters('Rent\u2028Bcc: x')).toBe(true);
    expect(hasControlCharacters('Rent\u2029')).toBe(true);
    expect(hasControlCharacters('one\u2028two\u2029three', { multiline: true })).toBe(false);
  });

  it('turns line breaks into spaces and drops the rest', () => {
    expect(withoutControlCharacters('Can I\r\nafford\u0000 $5?')).toBe('Can I  afford $5?');
    expect(withoutControlCharacters('a\u2028b\ud800c')).toBe('a bc');
  });
});

describe('lone surrogates', () => {
  it('finds half a pair on its own, at either end or in the middle, and keeps whole pairs', () => {
    expect(hasLoneSurrogate('Coffee ☕ 🍩')).toBe(false);
    expect(hasLoneSurrogate('\ud83c\udf69')).toBe(false);
    expect(hasLoneSurrogate('\ud800')).toBe(true);
    expect(hasLoneSurrogate('a\udc00b')).toBe(true);
    expect(hasLoneSurrogate('end\ud83c')).toBe(true);
    expect(hasLoneSurrogate('\udf69\ud83c')).toBe(true);
  });
});
