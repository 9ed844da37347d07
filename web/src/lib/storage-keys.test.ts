import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clearSessionStorage,
  rememberedCalendarView,
  sessionKeysToClear,
  storageKeys,
} from './storage-keys.ts';

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

describe('the calendar view remembered on this device', () => {
  afterEach(() => vi.unstubAllGlobals());
  const withStorage = (entries: Record<string, string> | null) =>
    vi.stubGlobal('window', {
      localStorage:
        entries === null
          ? {
              getItem: () => {
                throw new DOMException('The operation is insecure.', 'SecurityError');
              },
            }
          : { getItem: (key: string) => entries[key] ?? null },
    });

  it('is Cash or Net Worth as stored for the user and profile; an account’s view, anything else or no storage: none', () => {
    const key = storageKeys.calendarView('user-1', 'p1');
    withStorage({ [key]: 'net_worth' });
    expect(rememberedCalendarView('user-1', 'p1')).toBe('net_worth');
    expect(rememberedCalendarView('user-1', 'p2')).toBeNull();
    expect(rememberedCalendarView('user-2', 'p1')).toBeNull();
    withStorage({ [key]: 'cash' });
    expect(rememberedCalendarView('user-1', 'p1')).toBe('cash');
    withStorage({ [key]: 'acc-123' });
    expect(rememberedCalendarView('user-1', 'p1')).toBeNull();
    withStorage(null);
    expect(rememberedCalendarView('user-1', 'p1')).toBeNull();
  });
});
