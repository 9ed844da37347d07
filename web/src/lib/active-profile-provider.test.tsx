// The active-profile provider with its logic on demand: a signed-out start never downloads the
// logic and shows the signed-out state; a sign-in downloads it, shows 'loading' until it reports, then
// the profile it chose (spec §4), without remounting the screens under it; a sign-out shows the
// signed-out state again. Runs the real provider and logic; only auth, Amplify and the calls are faked.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { AuthState } from './auth.tsx';
import type { FinancialProfile } from './financial-profiles-api.ts';
import {
  memoryLocalStorage,
  recordingScreen,
  renderInNode,
  settle,
  standInWindow,
} from './node-root.testing.ts';

const env = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  const state = {
    auth: { status: 'signedOut', user: null } as { status: string; user: unknown },
    storedSession: false,
    authEventListeners: [] as Array<(event: string) => void>,
    engineImports: 0,
    realtimeRenders: 0,
    listCalls: 0,
    profiles: [] as unknown[],
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    setAuth(next: { status: string; user: unknown }) {
      state.auth = next;
      for (const listener of listeners) listener();
    },
  };
  return state;
});

vi.mock('./amplify-loader.ts', () => ({
  mayHoldSession: () => env.storedSession,
  onAuthEvent: (listener: (event: string) => void) => {
    env.authEventListeners.push(listener);
    return () => undefined;
  },
}));
vi.mock('./auth.tsx', () => ({
  useAuth: () => ({ state: useSyncExternalStore(env.subscribe, () => env.auth) }),
}));
vi.mock('./active-profile-engine.tsx', async (importOriginal) => {
  env.engineImports += 1;
  return importOriginal();
});
vi.mock('./financial-profiles-api.ts', () => ({
  listFinancialProfiles: async () => {
    env.listCalls += 1;
    return env.profiles;
  },
  ensureDefaultProfile: async () => undefined,
}));
vi.mock('./realtime-sync.tsx', () => ({
  RealtimeSync: () => {
    env.realtimeRenders += 1;
    return null;
  },
}));

const memory = new Map<string, string>();
standInWindow({ localStorage: memoryLocalStorage(memory) });

const { ActiveProfileProvider, useActiveProfile, activeProfileCode, signedOutProfileState } =
  await import('./active-profile-provider.tsx');

afterAll(() => {
  delete (globalThis as { window?: unknown }).window;
});

const profile = (id: string, role: FinancialProfile['member_role'], isDefault = false): FinancialProfile => ({
  id,
  name: `Profile ${id}`,
  owner_user_id: role === 'owner' ? 'u1' : 'someone-else',
  is_default: isDefault,
  is_archived: false,
  created_at: '2025-01-01T00:00:00Z',
  member_role: role,
  member_count: 1,
});

const signedIn = (userId: string): AuthState => ({
  status: 'signedIn',
  user: { userId, email: `${userId}@example.com`, name: null },
});

describe('ActiveProfileProvider with its logic on demand', () => {
  it('signed out: no download; signed in: loading, then the chosen profile; the screens stay mounted', async () => {
    const { Screen, seen, mounts } = recordingScreen(useActiveProfile);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const root = await renderInNode(
      <QueryClientProvider client={queryClient}>
        <ActiveProfileProvider>
          <Screen />
        </ActiveProfileProvider>
      </QueryClientProvider>,
    );
    await settle();

    // Signed out, no stored session: the signed-out state, and the logic was never asked for.
    expect(seen.at(-1)).toBe(signedOutProfileState);
    expect(env.engineImports).toBe(0);
    expect(activeProfileCode.loaded()).toBeNull();
    expect(env.realtimeRenders).toBe(0);

    // Sign-in: Amplify's event starts the download before the auth state has the user.
    env.profiles = [profile('own', 'owner', true), profile('shared', 'viewer')];
    memory.set('activeProfileId:u1', 'own');
    await settle(() => env.authEventListeners.forEach((listener) => listener('signedIn')));
    expect(env.engineImports).toBe(1);
    expect(seen.at(-1)?.status).toBe('signedOut');
    await settle(() => activeProfileCode.load());

    const before = seen.length;
    await settle(() => env.setAuth(signedIn('u1')));
    await vi.waitFor(async () => {
      await settle();
      expect(seen.at(-1)?.status).toBe('ready');
    });
    const afterSignIn = seen.slice(before);
    // Never a signed-out or a stale state for the new user: loading until the list is in, then ready.
    expect(afterSignIn[0]?.status).toBe('loading');
    expect(new Set(afterSignIn.map((state) => state.status))).toEqual(new Set(['loading', 'ready']));
    const ready = seen.at(-1);
    expect(ready?.status).toBe('ready');
    expect(ready?.profile?.id).toBe('own');
    expect(ready?.role).toBe('owner');
    expect(ready?.profiles.map((p) => p.id)).toEqual(['own', 'shared']);
    expect(ready?.isInvitedUser).toBe(false);
    expect(env.listCalls).toBe(1);
    expect(env.realtimeRenders).toBeGreaterThan(0);
    // The list's choice is remembered for the next start's early requests.
    expect(memory.get('lastActiveProfile:u1')).toBe('own');

    // A switch made through the state: saved, and the state follows it.
    await settle(() => ready?.switchProfile('shared'));
    expect(memory.get('activeProfileId:u1')).toBe('shared');
    expect(seen.at(-1)?.profile?.id).toBe('shared');
    expect(seen.at(-1)?.isInvitedUser).toBe(true);

    // Removed from the shared profile elsewhere: once the list no longer has it (after its one refetch),
    // the saved choice is replaced by the profile shown, so the next start asks for nothing refused.
    env.profiles = [profile('own', 'owner', true)];
    await settle(() => seen.at(-1)?.refetch());
    await vi.waitFor(async () => {
      await settle();
      expect(seen.at(-1)?.profile?.id).toBe('own');
      expect(memory.get('activeProfileId:u1')).toBe('own');
    });
    expect(memory.get('lastActiveProfile:u1')).toBe('own');

    // Sign-out: the signed-out state again, at once.
    await settle(() => env.setAuth({ status: 'signedOut', user: null }));
    expect(seen.at(-1)?.status).toBe('signedOut');
    expect(seen.at(-1)?.profile).toBeNull();

    // The screen under the provider was mounted once through all of it.
    expect(mounts()).toBe(1);
    expect(env.engineImports).toBe(1);
    await root.unmount();
  });
});
