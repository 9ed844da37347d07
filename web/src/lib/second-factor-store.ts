// The sign-in's second-factor session: the token the server issues once a code (or a
// trusted device) checks out, sent as `x-two-factor-session` with every API call; and this browser's
// trusted-device token per user. The session token is forgotten at sign-out (storage-keys.ts); the
// device token stays until the device is revoked or 2FA is turned off.
import { storageKeys } from './storage-keys.ts';

export const SECOND_FACTOR_SESSION_KEY = storageKeys.twoFactorSession;
const deviceKey = (userId: string) => `trustedDevice:${userId}`;
/** Fired when the server answers 403 two_factor_required: the gate sends the user to the code step. */
export const SECOND_FACTOR_REQUIRED_EVENT = 'two-factor-required';

interface StoredSession {
  userId: string;
  token: string;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readSecondFactorSession(): StoredSession | null {
  const raw = storage()?.getItem(SECOND_FACTOR_SESSION_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredSession>;
    return typeof parsed.userId === 'string' && typeof parsed.token === 'string'
      ? { userId: parsed.userId, token: parsed.token }
      : null;
  } catch {
    return null;
  }
}

export function saveSecondFactorSession(userId: string, token: string): void {
  storage()?.setItem(SECOND_FACTOR_SESSION_KEY, JSON.stringify({ userId, token }));
}

export function clearSecondFactorSession(): void {
  storage()?.removeItem(SECOND_FACTOR_SESSION_KEY);
}

export function readDeviceToken(userId: string): string | null {
  return storage()?.getItem(deviceKey(userId)) ?? null;
}

export function saveDeviceToken(userId: string, token: string): void {
  storage()?.setItem(deviceKey(userId), token);
}

export function forgetDeviceToken(userId: string): void {
  storage()?.removeItem(deviceKey(userId));
}

/** The header every API call carries once the sign-in has passed its second factor. */
export function secondFactorHeaders(): Record<string, string> {
  const session = readSecondFactorSession();
  return session ? { 'x-two-factor-session': session.token } : {};
}

export function announceSecondFactorRequired(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SECOND_FACTOR_REQUIRED_EVENT));
}
