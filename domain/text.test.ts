import { describe, expect, it } from 'vitest';
import { hasControlCharacters, withoutControlCharacters } from './text.ts';

describe('control characters', () => {
  it('finds NUL, escape and line breaks in one-line text; allows tabs and line breaks in multi-line text', () => {
    expect(hasControlCharacters('Groceries')).toBe(false);
    expect(hasControlCharacters('a\u0000b')).toBe(true);
    expect(hasControlCharacters('Subject\r\nBcc: x')).toBe(true);
    expect(hasControlCharacters('line one\nline two\tend', { multiline: true })).toBe(false);
    expect(hasControlCharacters('bell\u0007', { multiline: true })).toBe(true);
    expect(hasControlCharacters('del\u007f')).toBe(true);
  });

  it('turns line breaks into spaces and drops the rest', () => {
    expect(withoutControlCharacters('Can I\r\nafford\u0000 $5?')).toBe('Can I  afford $5?');
  });
});
