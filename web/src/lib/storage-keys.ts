// spec §3 local storage keys, and the clean-up that sign-out does (spec §4 SIGNED_OUT and Logout).

export const storageKeys = {
  theme: 'theme',
  activeProfileId: (userId: string) => `activeProfileId:${userId}`,
  subscriptionStatus: 'subscriptionStatus',
  pendingInviteToken: 'pendingInviteToken',
  pendingInviteEmail: 'pendingInviteEmail',
  /** The sign-in's second-factor session: ends with the sign-in. */
  twoFactorSession: 'twoFactorSession',
  /** The calendar view last shown on a profile (the server keeps the choice; this lets a start ask
   * for that view's month before the settings arrive). */
  calendarView: (userId: string, profileId: string) => `calendarView:${userId}:${profileId}`,
  /** The profile last shown to this user, whether chosen or fallen back to: a hint for the next start's
   * early requests only; spec §4's choice still reads `activeProfileId`. */
  lastActiveProfile: (userId: string) => `lastActiveProfile:${userId}`,
} as const;

/** The keys lib/early-data.ts reads. */
export const earlyStorageKeys = {
  activeProfileId: storageKeys.activeProfileId,
  lastActiveProfile: storageKeys.lastActiveProfile,
  calendarView: storageKeys.calendarView,
  twoFactorSession: storageKeys.twoFactorSession,
};

const ACTIVE_PROFILE_PREFIX = 'activeProfileId:';
const CALENDAR_VIEW_PREFIX = 'calendarView:';
const LAST_ACTIVE_PREFIX = 'lastActiveProfile:';

/**
 * The keys sign-out removes: the stored subscription status, the second-factor session, and every
 * user's active-profile and calendar-view entries.
 */
export function sessionKeysToClear(keys: readonly string[]): string[] {
  return keys.filter(
    (key) =>
      key === storageKeys.subscriptionStatus ||
      key === storageKeys.twoFactorSession ||
      key.startsWith(ACTIVE_PROFILE_PREFIX) ||
      key.startsWith(CALENDAR_VIEW_PREFIX) ||
      key.startsWith(LAST_ACTIVE_PREFIX),
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

/** Remembers the calendar view shown on a profile (storageKeys.calendarView); storage may be full or off. */
export function rememberCalendarView(userId: string, profileId: string, view: string): void {
  rememberHint(storageKeys.calendarView(userId, profileId), view);
}

/** The calendar view last shown on a profile on this device when it is Cash or Net Worth (an account's
 * view may name an account gone since); null otherwise, or when storage is off. */
export function rememberedCalendarView(userId: string, profileId: string): 'cash' | 'net_worth' | null {
  try {
    const view = window.localStorage.getItem(storageKeys.calendarView(userId, profileId));
    return view === 'cash' || view === 'net_worth' ? view : null;
  } catch {
    return null;
  }
}

/** Remembers the profile shown to a user (storageKeys.lastActiveProfile). */
export function rememberLastActiveProfile(userId: string, profileId: string): void {
  rememberHint(storageKeys.lastActiveProfile(userId), profileId);
}

function rememberHint(key: string, value: string): void {
  try {
    if (window.localStorage.getItem(key) !== value) window.localStorage.setItem(key, value);
  } catch {
    // Not remembered (storage full or off): the next start simply asks later.
  }
}
