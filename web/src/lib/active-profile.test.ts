import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  ACTIVE_PROFILE_CHANGED_EVENT,
  chooseActiveProfile,
  isInvitedUser,
  isNavigationRestricted,
  reactToSavedProfile,
  readSavedActiveProfileId,
  resetCacheForProfileSwitch,
  saveActiveProfileId,
  type ActiveProfileChangedDetail,
  type ProfileChoice,
} from './active-profile.ts';

const me = 'user-me';
const owned = (id: string, isDefault = false): ProfileChoice => ({
  id,
  owner_user_id: me,
  is_default: isDefault,
  member_role: 'owner',
});
const shared = (id: string, role: 'viewer' | 'editor' = 'viewer'): ProfileChoice => ({
  id,
  owner_user_id: 'user-other',
  is_default: false,
  member_role: role,
});

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('chooseActiveProfile (spec §4 Profile loading)', () => {
  it('keeps the saved profile when it is still in the list, even over a shared one', () => {
    const list = [owned('home', true), owned('side'), shared('family')];
    expect(chooseActiveProfile(list, 'side')?.id).toBe('side');
  });

  it("falls back to the owner's default when nothing is saved and the user is nobody's member", () => {
    expect(chooseActiveProfile([owned('side'), owned('home', true)], null)?.id).toBe('home');
  });

  it('falls back to the first profile when none is the default', () => {
    expect(chooseActiveProfile([owned('a'), owned('b')], null)?.id).toBe('a');
  });

  it('prefers a profile the user is a member of once the saved one fails verification', () => {
    const list = [owned('home', true), shared('family', 'editor'), shared('club')];
    expect(chooseActiveProfile(list, 'archived-or-left')?.id).toBe('family');
    expect(chooseActiveProfile(list, null)?.id).toBe('family');
  });

  it('has nothing to choose from an empty list', () => {
    expect(chooseActiveProfile([], 'anything')).toBeNull();
  });
});

describe('invited user (spec §6)', () => {
  it('is a viewer or editor of a profile that is not theirs', () => {
    expect(isInvitedUser(shared('family', 'viewer'), me)).toBe(true);
    expect(isInvitedUser(shared('family', 'editor'), me)).toBe(true);
    expect(isInvitedUser(owned('home', true), me)).toBe(false);
    expect(isInvitedUser(null, me)).toBe(false);
  });

  it('restricts navigation only for an invited user who owns no profile', () => {
    const family = shared('family');
    expect(isNavigationRestricted([family], family, me)).toBe(true);
    expect(isNavigationRestricted([owned('home', true), family], family, me)).toBe(false);
    const home = owned('home', true);
    expect(isNavigationRestricted([home, family], home, me)).toBe(false);
    expect(isNavigationRestricted([], null, me)).toBe(false);
  });
});

describe('saving the active profile (spec §3, §4)', () => {
  it('stores it under activeProfileId:{userId} and announces it with activeProfileChanged', () => {
    const storage = memoryStorage();
    const target = new EventTarget();
    const heard: ActiveProfileChangedDetail[] = [];
    target.addEventListener(ACTIVE_PROFILE_CHANGED_EVENT, (event) =>
      heard.push((event as CustomEvent<ActiveProfileChangedDetail>).detail),
    );

    saveActiveProfileId(storage, me, 'family', target);
    expect(storage.data.get('activeProfileId:user-me')).toBe('family');
    expect(readSavedActiveProfileId(storage, me)).toBe('family');

    saveActiveProfileId(storage, me, null, target);
    expect(storage.data.has('activeProfileId:user-me')).toBe(false);
    expect(heard).toEqual([
      { userId: me, profileId: 'family' },
      { userId: me, profileId: null },
    ]);
  });

  it('switches to a profile another tab saved when it is known, and refetches when it is not', () => {
    const list = [owned('home', true)];
    expect(reactToSavedProfile(list, 'home')).toBe('switch');
    expect(reactToSavedProfile(list, 'just-joined')).toBe('refetch');
    expect(reactToSavedProfile(list, null)).toBe('nothing');
    expect(reactToSavedProfile(undefined, 'home')).toBe('nothing');
  });
});

describe('cache on a profile switch (spec §4)', () => {
  it('invalidates the profile-scoped areas, removes transactions and page data, keeps the rest', async () => {
    const queryClient = new QueryClient();
    const keys = [
      ['accounts'],
      ['running-balances', 'acc-1'],
      ['money-plan'],
      ['money-plan-transactions', '2025-01'],
      ['transactions-calendar', '2025-01'],
      ['transactions', 'acc-1'],
      ['page-data', 'calendar'],
      ['user-profile'],
    ];
    for (const key of keys) queryClient.setQueryData(key, { cached: true });

    await resetCacheForProfileSwitch(queryClient);

    const state = (key: string[]) => queryClient.getQueryState(key);
    expect(state(['transactions', 'acc-1'])).toBeUndefined();
    expect(state(['page-data', 'calendar'])).toBeUndefined();
    for (const key of keys.slice(0, 5)) expect(state(key)?.isInvalidated).toBe(true);
    expect(state(['user-profile'])?.isInvalidated).toBe(false);
  });
});
