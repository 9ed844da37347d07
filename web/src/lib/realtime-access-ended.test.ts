import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { RealtimePush } from '@events/realtime.ts';
import type { FinancialProfile } from './financial-profiles-api.ts';
import { financialProfilesQueryKey } from './financial-profiles-query.ts';
import { accessEndedProfiles, endProfileAccess } from './realtime-access-ended.ts';

const profile = (id: string, name: string, role: FinancialProfile['member_role'], isDefault = false) =>
  ({
    id,
    name,
    owner_user_id: role === 'owner' ? 'u1' : 'owner-2',
    is_default: isDefault,
    is_archived: false,
    created_at: '2025-01-01T00:00:00Z',
    member_role: role,
    member_count: 2,
  }) as FinancialProfile;

const push = (event: RealtimePush['event'], profileId: string | null): RealtimePush => ({
  type: 'event',
  id: `${event}-${profileId}`,
  event,
  profileId,
  at: '2026-11-28T12:00:00Z',
});

function memoryStorage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('accessEndedProfiles', () => {
  it('names each profile of a MemberRemoved push once, and nothing else', () => {
    expect(
      accessEndedProfiles([
        push('PlanChanged', 'p1'),
        push('MemberRemoved', 'shared'),
        push('MemberRemoved', 'shared'),
        push('SubscriptionChanged', null),
      ]),
    ).toEqual(['shared']);
  });
});

describe('endProfileAccess', () => {
  const setUp = (saved: string) => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(financialProfilesQueryKey('u1'), [
      profile('other-shared', 'Book club', 'editor'),
      profile('shared', 'Household', 'viewer'),
      profile('own', 'Personal', 'owner', true),
    ]);
    queryClient.setQueryData(['accounts', 'shared'], { accounts: [{ id: 'a1', current_balance: 1200 }] });
    queryClient.setQueryData(['transactions-calendar', 'shared', '2026-11'], { days: [] });
    queryClient.setQueryData(['accounts', 'own'], { accounts: [] });
    const storage = memoryStorage({ 'activeProfileId:u1': saved, 'lastActiveProfile:u1': saved });
    return { queryClient, storage };
  };

  it('moves to the own default, forgets the profile here, drops its data and says so', async () => {
    vi.useFakeTimers();
    const { queryClient, storage } = setUp('shared');
    const notify = vi.fn();
    endProfileAccess({ queryClient, userId: 'u1', profileId: 'shared', storage, notify });

    // Own default, not the other shared profile the usual fallback would prefer.
    expect(storage.map.get('activeProfileId:u1')).toBe('own');
    expect(storage.map.get('lastActiveProfile:u1')).toBe('own');
    expect(
      queryClient.getQueryData<FinancialProfile[]>(financialProfilesQueryKey('u1'))?.map((p) => p.id),
    ).toEqual(['other-shared', 'own']);
    vi.runAllTimers();
    expect(queryClient.getQueryData(['accounts', 'shared'])).toBeUndefined();
    expect(queryClient.getQueryData(['transactions-calendar', 'shared', '2026-11'])).toBeUndefined();
    expect(queryClient.getQueryData(['accounts', 'own'])).toEqual({ accounts: [] });
    expect(notify).toHaveBeenCalledWith({
      title: 'Your access to "Household" has ended',
      description: 'The owner removed you from it, or you left it. Switched to "Personal" profile.',
    });
    vi.useRealTimers();
  });

  it('leaves another active profile as it is', () => {
    const { queryClient, storage } = setUp('other-shared');
    endProfileAccess({ queryClient, userId: 'u1', profileId: 'shared', storage, notify: vi.fn() });
    expect(storage.map.get('activeProfileId:u1')).toBe('other-shared');
    expect(storage.map.get('lastActiveProfile:u1')).toBe('other-shared');
  });

  it('says nothing when this page had already taken the profile off its list', () => {
    const { queryClient, storage } = setUp('own');
    queryClient.setQueryData(financialProfilesQueryKey('u1'), [profile('own', 'Personal', 'owner', true)]);
    const notify = vi.fn();
    endProfileAccess({ queryClient, userId: 'u1', profileId: 'shared', storage, notify });
    expect(notify).not.toHaveBeenCalled();
  });
});
