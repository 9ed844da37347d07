import { describe, expect, it } from 'vitest';
import { type FinancialProfile } from './financial-profiles-api.ts';
import { loadFinancialProfiles } from './financial-profiles-query.ts';

const personal: FinancialProfile = {
  id: 'p1',
  name: 'Personal',
  owner_user_id: 'u1',
  is_default: true,
  is_archived: false,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: null,
  member_role: 'owner',
  member_count: 1,
};

describe('loadFinancialProfiles (spec §4 Profile loading)', () => {
  it('returns the list as is when the user has a profile, without creating one', async () => {
    const calls: string[] = [];
    const result = await loadFinancialProfiles({
      list: async () => (calls.push('list'), [personal]),
      ensureDefault: async () => void calls.push('ensure'),
    });
    expect(result).toEqual([personal]);
    expect(calls).toEqual(['list']);
  });

  it('asks for the default profile when there is none, then lists again', async () => {
    const calls: string[] = [];
    let created = false;
    const result = await loadFinancialProfiles({
      list: async () => (calls.push('list'), created ? [personal] : []),
      ensureDefault: async () => {
        calls.push('ensure');
        created = true;
      },
    });
    expect(result).toEqual([personal]);
    expect(calls).toEqual(['list', 'ensure', 'list']);
  });
});
