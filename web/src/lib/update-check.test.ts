import { describe, expect, it } from 'vitest';
import { isNewVersion, shouldCheckOnFocus, UPDATE_CHECK } from './update-check.ts';

describe('update check (spec §4, §9)', () => {
  it('checks on focus only after more than 30 minutes', () => {
    expect(shouldCheckOnFocus(0, 30 * 60 * 1000)).toBe(false);
    expect(shouldCheckOnFocus(0, 30 * 60 * 1000 + 1)).toBe(true);
    expect(UPDATE_CHECK.firstAfterMs).toBe(2000);
    expect(UPDATE_CHECK.everyMs).toBe(4 * 60 * 60 * 1000);
  });

  it('sees a new version only in a readable, different answer', () => {
    expect(isNewVersion('a', { version: 'b' })).toBe(true);
    expect(isNewVersion('a', { version: 'a' })).toBe(false);
    expect(isNewVersion('a', null)).toBe(false);
    expect(isNewVersion('a', { version: '' })).toBe(false);
  });
});
