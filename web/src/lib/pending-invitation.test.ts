import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { acceptPendingInvite, type AcceptPendingInviteDeps } from './invitation-acceptance.ts';
import {
  clearPendingInvite,
  findPendingInvite,
  inviteFromSearch,
  readStoredInvite,
  rememberPendingInvite,
} from './pending-invitation.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

const q = (search: string) => new URLSearchParams(search);

describe('pending invitation from the URL (spec §2)', () => {
  it('reads invite or token, with the e-mail when present', () => {
    expect(inviteFromSearch(q('token=t1'))).toEqual({ token: 't1', email: null });
    expect(inviteFromSearch(q('invite=i1&token=t1&email=b@x.io'))).toEqual({ token: 'i1', email: 'b@x.io' });
    expect(inviteFromSearch(q('email=b@x.io'))).toBeNull();
    expect(inviteFromSearch(q('token='))).toBeNull();
  });
});

describe('pending invitation in local storage (spec §3 pendingInviteToken, pendingInviteEmail)', () => {
  it('remembers the token and e-mail under the spec keys, and forgets them', () => {
    const storage = memoryStorage();
    rememberPendingInvite(storage, { token: 't1', email: 'b@x.io' });
    expect(Object.fromEntries(storage.data)).toEqual({
      pendingInviteToken: 't1',
      pendingInviteEmail: 'b@x.io',
    });
    expect(readStoredInvite(storage)).toEqual({ token: 't1', email: 'b@x.io' });
    clearPendingInvite(storage);
    expect(storage.data.size).toBe(0);
    expect(readStoredInvite(storage)).toBeNull();
  });

  it('keeps the e-mail of the same token, and drops it when another token arrives without one', () => {
    const storage = memoryStorage();
    rememberPendingInvite(storage, { token: 't1', email: 'b@x.io' });
    rememberPendingInvite(storage, { token: 't1', email: null });
    expect(readStoredInvite(storage)).toEqual({ token: 't1', email: 'b@x.io' });
    rememberPendingInvite(storage, { token: 't2', email: null });
    expect(readStoredInvite(storage)).toEqual({ token: 't2', email: null });
  });

  it('clears only the named token, so a newer link survives an older one being settled', () => {
    const storage = memoryStorage({ pendingInviteToken: 'newer', pendingInviteEmail: 'b@x.io' });
    clearPendingInvite(storage, 'older');
    expect(readStoredInvite(storage)).toEqual({ token: 'newer', email: 'b@x.io' });
    clearPendingInvite(storage, 'newer');
    expect(readStoredInvite(storage)).toBeNull();
  });
});

describe('findPendingInvite (spec §4: "from the URL or local storage")', () => {
  it('prefers the URL, completing its e-mail from storage when it is the same token', () => {
    const storage = memoryStorage({ pendingInviteToken: 't1', pendingInviteEmail: 'b@x.io' });
    expect(findPendingInvite(q('invite=t1'), storage)).toEqual({ token: 't1', email: 'b@x.io' });
    expect(findPendingInvite(q('invite=t2'), storage)).toEqual({ token: 't2', email: null });
    expect(findPendingInvite(q(''), storage)).toEqual({ token: 't1', email: 'b@x.io' });
    expect(findPendingInvite(q(''), memoryStorage())).toBeNull();
  });
});

describe('acceptPendingInvite (spec §4 SIGNED_IN, Invitation)', () => {
  const user = { userId: 'u-b', email: 'b@x.io' };

  function deps(overrides: Partial<AcceptPendingInviteDeps> = {}) {
    const storage = memoryStorage({ pendingInviteToken: 't1', pendingInviteEmail: 'b@x.io' });
    const calls: string[] = [];
    const logged: string[] = [];
    const base: AcceptPendingInviteDeps = {
      accept: async (token, email) => {
        calls.push(`accept ${token} ${email}`);
        return { profile_id: 'shared-1', role: 'viewer' };
      },
      repair: async () => void calls.push('repair'),
      storage,
      saveActiveProfile: (userId, profileId) => void calls.push(`active ${userId} ${profileId}`),
      log: (message) => void logged.push(message),
    };
    return { storage, calls, logged, deps: { ...base, ...overrides } };
  }

  it("accepts with the user's e-mail, forgets the stored invite and makes the profile active", async () => {
    const { storage, calls, deps: d } = deps();
    await expect(acceptPendingInvite({ token: 't1', email: 'other@x.io' }, user, d)).resolves.toEqual({
      kind: 'accepted',
      profileId: 'shared-1',
      role: 'viewer',
    });
    expect(calls).toEqual(['accept t1 b@x.io', 'active u-b shared-1']);
    expect(storage.data.size).toBe(0);
  });

  it('uses the invited e-mail when the session has none', async () => {
    const { calls, deps: d } = deps();
    await acceptPendingInvite({ token: 't1', email: 'b@x.io' }, { userId: 'u-b', email: null }, d);
    expect(calls[0]).toBe('accept t1 b@x.io');
  });

  it("runs the repair and reports the API's message when accepting fails for good, dropping the token", async () => {
    const expired = new ApiError('This invitation has expired. Ask the profile owner to send a new one.', {
      status: 410,
    });
    const {
      storage,
      calls,
      deps: d,
    } = deps({
      accept: async () => {
        throw expired;
      },
    });
    const outcome = await acceptPendingInvite({ token: 't1', email: null }, user, d);
    expect(outcome).toMatchObject({ kind: 'failed', message: expired.message });
    expect(calls).toEqual(['repair']);
    expect(storage.data.size).toBe(0);
  });

  it('keeps the token after a network failure, and only logs a failing repair', async () => {
    const {
      storage,
      logged,
      deps: d,
    } = deps({
      accept: async () => {
        throw new ApiError('Failed to fetch', { status: 0, code: 'network' });
      },
      repair: async () => {
        throw new Error('repair down');
      },
    });
    const outcome = await acceptPendingInvite({ token: 't1', email: null }, user, d);
    expect(outcome).toMatchObject({
      kind: 'failed',
      message: 'Connection issue. Please check your internet connection.',
    });
    expect(logged).toEqual(['accepting the invitation failed', 'invitation repair failed']);
    expect(readStoredInvite(storage)).toEqual({ token: 't1', email: 'b@x.io' });
  });
});
