import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../domain/errors.ts';
import { withProfileAccess } from './access.ts';
import type { Data } from './data/index.ts';
import type { Caller } from './caller.ts';

const profile = { id: 'p1', name: 'Home', owner_user_id: 'owner', is_default: true, is_archived: false };
const data = {
  financialProfiles: { get: () => ({ go: async () => ({ data: profile }) }) },
  profileMembers: { get: () => ({ go: async () => ({ data: null }) }) },
} as unknown as Data;
const caller = (userId: string) => ({ userId }) as Caller;

describe('withProfileAccess (the reads beside the access check)', () => {
  it('hands the reads back once access is granted', async () => {
    const [access, found] = await withProfileAccess(data, caller('owner'), 'p1', 'read', async () => 42);
    expect(access.role).toBe('owner');
    expect(found).toBe(42);
  });

  it('a refused caller gets the refusal, never what the reads found nor how they failed', async () => {
    await expect(withProfileAccess(data, caller('stranger'), 'p1', 'read', async () => 42)).rejects.toThrow(
      NotFoundError,
    );
    await expect(
      withProfileAccess(data, caller('stranger'), 'p1', 'read', () =>
        Promise.reject(new Error('read failed')),
      ),
    ).rejects.toThrow(NotFoundError);
    await expect(
      withProfileAccess(data, caller('stranger'), 'p1', 'read', () => {
        throw new Error('thrown at once');
      }),
    ).rejects.toThrow(NotFoundError);
  });

  it('runs the grant checks only for a granted caller, and their refusal wins', async () => {
    const checked: string[] = [];
    await expect(
      withProfileAccess(
        data,
        caller('stranger'),
        'p1',
        'read',
        async () => 1,
        async () => checked.push('stranger'),
      ),
    ).rejects.toThrow(NotFoundError);
    await expect(
      withProfileAccess(
        data,
        caller('owner'),
        'p1',
        'read',
        async () => 1,
        async (access) => {
          checked.push(access.role);
          throw new Error('subscription required');
        },
      ),
    ).rejects.toThrow('subscription required');
    expect(checked).toEqual(['owner']);
  });

  it('a read that fails reaches a granted caller as itself', async () => {
    await expect(
      withProfileAccess(data, caller('owner'), 'p1', 'read', () => Promise.reject(new Error('read failed'))),
    ).rejects.toThrow('read failed');
  });
});
