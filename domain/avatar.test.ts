import { describe, expect, it } from 'vitest';
import {
  PERSONALITY_COLORS,
  PERSONALITY_PICKER,
  avatarInitials,
  checkAvatarFile,
  normalizeCustomInitials,
} from './avatar.ts';

describe('avatar rules (spec §3, §5)', () => {
  it('builds initials from custom initials, the name, the e-mail, else U', () => {
    expect(avatarInitials({ customInitials: 'abcd', fullName: 'Ada Lovelace' })).toBe('ABCD');
    expect(avatarInitials({ fullName: 'Ada King Lovelace' })).toBe('AK');
    expect(avatarInitials({ fullName: '  ', email: 'zed@example.com' })).toBe('Z');
    expect(avatarInitials({})).toBe('U');
  });

  it('saves custom initials upper-cased, at most 4, and empty as null', () => {
    expect(normalizeCustomInitials(' jdoe5 ')).toBe('JDOE');
    expect(normalizeCustomInitials('   ')).toBeNull();
  });

  it('keeps the swapped saver / debt_crusher labels and their conflicting swatches', () => {
    const saver = PERSONALITY_PICKER.find((p) => p.value === 'saver');
    const crusher = PERSONALITY_PICKER.find((p) => p.value === 'debt_crusher');
    expect(saver?.label).toBe('Debt Crusher');
    expect(crusher?.label).toBe('Saver');
    expect(saver?.color).not.toBe(PERSONALITY_COLORS.saver);
    expect(PERSONALITY_COLORS.saver).toBe('#10B981');
  });

  it('refuses files that are not JPG, PNG or GIF, or over 5 MB', () => {
    expect(checkAvatarFile({ type: 'application/pdf', size: 10 })).toBe('Please select an image file');
    expect(checkAvatarFile({ type: 'image/png', size: 6 * 1024 * 1024 })).toBe('Image must be less than 5MB');
    expect(checkAvatarFile({ type: 'image/gif', size: 5 * 1024 * 1024 })).toBeNull();
  });
});
