import { describe, expect, it } from 'vitest';
import { isDark, parseTheme } from './theme.ts';

describe('theme (spec §4)', () => {
  it('reads light and dark, and anything else as system', () => {
    expect(parseTheme('light')).toBe('light');
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('system')).toBe('system');
    expect(parseTheme(null)).toBe('system');
    expect(parseTheme('purple')).toBe('system');
  });

  it('shows dark for dark, and for system when the OS prefers dark', () => {
    expect(isDark('dark', false)).toBe(true);
    expect(isDark('light', true)).toBe(false);
    expect(isDark('system', true)).toBe(true);
    expect(isDark('system', false)).toBe(false);
  });
});
