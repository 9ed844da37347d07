// spec §3 avatar constants and §5 initials rules, shared by the SPA (header avatar, personalize dialog)
// and anything on the server that renders an avatar.

export const AVATAR_SIZES_PX = { sm: 32, md: 40, lg: 48, xl: 64 } as const;

/** spec §3: the colour of each personality; choosing a personality sets this colour (spec §4). */
export const PERSONALITY_COLORS = {
  saver: '#10B981',
  investor: '#3B82F6',
  goal_crusher: '#F59E0B',
  debt_crusher: '#EF4444',
  balanced: '#8B5CF6',
} as const;
export type AvatarPersonality = keyof typeof PERSONALITY_COLORS;

/**
 * spec §3: the personality picker. Its display labels for saver and debt_crusher are swapped (saver
 * shows 'Debt Crusher', debt_crusher shows 'Saver'), and its swatches for that pair follow the labels,
 * so they conflict with PERSONALITY_COLORS. Both readings exist in the product and are reproduced.
 */
export const PERSONALITY_PICKER = [
  { value: 'saver', label: 'Debt Crusher', color: '#EF4444' },
  { value: 'investor', label: 'Investor', color: '#3B82F6' },
  { value: 'goal_crusher', label: 'Goal Crusher', color: '#F59E0B' },
  { value: 'debt_crusher', label: 'Saver', color: '#10B981' },
  { value: 'balanced', label: 'Balanced', color: '#8B5CF6' },
] as const satisfies readonly { value: AvatarPersonality; label: string; color: string }[];

/** spec §3 palette; default #3B82F6. */
export const AVATAR_PALETTE = ['#3B82F6', '#10B981', '#F59E0B', '#EF4444', '#8B5CF6', '#6B7280'] as const;
export const DEFAULT_AVATAR_COLOR = '#3B82F6';

/** spec §5 / §9: custom initials are upper-cased, at most 4; empty saves null. */
export const MAX_CUSTOM_INITIALS = 4;
export const MAX_AUTO_INITIALS = 2;

export function normalizeCustomInitials(value: string): string | null {
  const cleaned = value.trim().toUpperCase().slice(0, MAX_CUSTOM_INITIALS);
  return cleaned === '' ? null : cleaned;
}

/**
 * spec §5 auto initials: custom initials, else the first letters of the name's words (at most 2), else
 * the first letter of the e-mail, else 'U'.
 */
export function avatarInitials(input: {
  customInitials?: string | null;
  fullName?: string | null;
  email?: string | null;
}): string {
  const custom = input.customInitials?.trim();
  if (custom) return custom.toUpperCase().slice(0, MAX_CUSTOM_INITIALS);
  const words = (input.fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length) {
    return words
      .slice(0, MAX_AUTO_INITIALS)
      .map((word) => word.charAt(0).toUpperCase())
      .join('');
  }
  const email = input.email?.trim();
  if (email) return email.charAt(0).toUpperCase();
  return 'U';
}

/** spec §5 photo upload: JPG, PNG or GIF, at most 5 MB, with the spec's messages. */
export const AVATAR_UPLOAD = {
  maxBytes: 5 * 1024 * 1024,
  types: ['image/jpeg', 'image/png', 'image/gif'],
  notImage: 'Please select an image file',
  tooLarge: 'Image must be less than 5MB',
} as const;

export function checkAvatarFile(file: { type: string; size: number }): string | null {
  if (!(AVATAR_UPLOAD.types as readonly string[]).includes(file.type)) return AVATAR_UPLOAD.notImage;
  if (file.size > AVATAR_UPLOAD.maxBytes) return AVATAR_UPLOAD.tooLarge;
  return null;
}
