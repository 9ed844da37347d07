// spec §3 local storage keys, and the clean-up that sign-out does (spec §4 SIGNED_OUT and Logout).

export const storageKeys = {
  theme: 'theme',
  activeProfileId: (userId: string) => `activeProfileId:${userId}`,
  subscriptionStatus: 'subscriptionStatus',
  pendingInviteToken: 'pendingInviteToken',
  pendingInviteEmail: 'pendingInviteEmail',
  /** The sign-in's second-factor session (issue 15): ends with the sign-in. */
  twoFactorSession: 'twoFactorSession',
} as const;

const ACTIVE_PROFILE_PREFIX = 'activeProfileId:';

/**
 * The keys sign-out removes: the stored subscription status, the second-factor session and every
 * user's active-profile entry.
 */
export function sessionKeysToClear(keys: readonly string[]): string[] {
  return keys.filter(
    (key) =>
      key === storageKeys.subscriptionStatus ||
      key === storageKeys.twoFactorSession ||
      key.startsWith(ACTIVE_PROFILE_PREFIX),
  );
}

/** Removes the stored subscription status and all saved active profiles from `storage`. */
export function clearSessionStorage(storage: Storage = window.localStorage): void {
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null) keys.push(key);
  }
  for (const key of sessionKeysToClear(keys)) storage.removeItem(key);
}
