import { describe, expect, it } from 'vitest';
import { clearSessionStorage, sessionKeysToClear, storageKeys } from './storage-keys.ts';

describe('sign-out storage clean-up (spec §4)', () => {
  it('removes the subscription status and every active-profile key, and keeps the theme', () => {
    const keys = [
      storageKeys.theme,
      storageKeys.subscriptionStatus,
      storageKeys.activeProfileId('user-1'),
      storageKeys.activeProfileId('user-2'),
      storageKeys.pendingInviteToken,
      storageKeys.twoFactorSession,
      'trustedDevice:user-1',
    ];
    // The sign-in's second-factor session ends with it; the trusted device's token stays.
    expect(sessionKeysToClear(keys)).toEqual([
      'subscriptionStatus',
      'activeProfileId:user-1',
      'activeProfileId:user-2',
      'twoFactorSession',
    ]);
  });

  it('clears a Storage in place', () => {
    const data = new Map([
      ['theme', 'dark'],
      ['subscriptionStatus', '{}'],
      ['activeProfileId:u', 'p'],
    ]);
    const storage = {
      get length() {
        return data.size;
      },
      key: (i: number) => [...data.keys()][i] ?? null,
      removeItem: (key: string) => void data.delete(key),
    } as Storage;
    clearSessionStorage(storage);
    expect([...data.keys()]).toEqual(['theme']);
  });
});
