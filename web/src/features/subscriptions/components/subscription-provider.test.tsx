// The subscription provider with its refresh on demand: a signed-out start never downloads
// the refresh and shows no status; a sign-in downloads it and, once the second factor is given, checks
// the status, keeps and stores the answer; a screen's forced refresh checks again at once; a sign-out shows
// no status. Runs the real provider and refresh; only auth, the active profile and the calls are faked.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
  memoryLocalStorage,
  recordingScreen,
  renderInNode,
  settle,
  standInWindow,
} from '../../../lib/node-root.testing.ts';
import type { SubscriptionCheck } from '../api/subscription.ts';

const env = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  const state = {
    auth: { status: 'signedOut', user: null } as { status: string; user: unknown },
    profile: null as { id: string } | null,
    secondFactorPassed: false,
    authEventListeners: [] as Array<(event: string) => void>,
    syncImports: 0,
    checks: [] as Array<{ force: boolean; profileId: string | undefined }>,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(
      change: Partial<{
        auth: { status: string; user: unknown };
        profile: { id: string } | null;
        secondFactorPassed: boolean;
      }>,
    ) {
      Object.assign(state, change);
      for (const listener of listeners) listener();
    },
  };
  return state;
});

vi.mock('../../../lib/amplify-loader.ts', () => ({
  mayHoldSession: () => false,
  onAuthEvent: (listener: (event: string) => void) => {
    env.authEventListeners.push(listener);
    return () => undefined;
  },
  loadAmplify: async () => ({ fetchAuthSession: async () => ({}) }),
}));
vi.mock('../../../lib/auth.tsx', () => ({
  useAuth: () => ({ state: useSyncExternalStore(env.subscribe, () => env.auth) }),
}));
vi.mock('../../../lib/active-profile-provider.tsx', () => ({
  useActiveProfile: () => ({ profile: useSyncExternalStore(env.subscribe, () => env.profile) }),
}));
vi.mock('../../../lib/two-factor-status.ts', () => ({
  useSecondFactorPassed: () => useSyncExternalStore(env.subscribe, () => env.secondFactorPassed),
}));
vi.mock('./subscription-sync.tsx', async (importOriginal) => {
  env.syncImports += 1;
  return importOriginal();
});

const check: SubscriptionCheck = {
  subscribed: true,
  trial_end: null,
  is_trialing: false,
  subscription_end: null,
  is_in_grace_period: false,
  grace_started_at: null,
  grace_expires_at: null,
  subscription_tier: 'monthly',
  status: 'subscribed',
  next_billing_date: null,
  cancel_at_period_end: false,
  trial_available: false,
  checked_at: undefined,
};
vi.mock('../api/subscription.ts', () => ({
  checkSubscription: async (force: boolean, profileId: string | undefined) => {
    env.checks.push({ force, profileId });
    return check;
  },
  readSubscriberRecord: async () => {
    throw new Error('not used');
  },
}));

const memory = new Map<string, string>();
standInWindow({ localStorage: memoryLocalStorage(memory) });
Object.assign(globalThis, { document: Object.assign(new EventTarget(), { visibilityState: 'visible' }) });

const { SubscriptionProvider, useSubscription, subscriptionCode } =
  await import('./subscription-provider.tsx');

afterAll(() => {
  delete (globalThis as { window?: unknown }).window;
  delete (globalThis as { document?: unknown }).document;
});

describe('SubscriptionProvider with its refresh on demand', () => {
  it('signed out: no download, no status; signed in: checked, kept and stored; the screens stay mounted', async () => {
    const { Screen, seen, mounts } = recordingScreen(useSubscription);
    const root = await renderInNode(
      <QueryClientProvider client={new QueryClient()}>
        <SubscriptionProvider>
          <Screen />
        </SubscriptionProvider>
      </QueryClientProvider>,
    );
    await settle();

    expect(seen.at(-1)?.status).toBeNull();
    expect(env.syncImports).toBe(0);
    expect(subscriptionCode.loaded()).toBeNull();
    // A screen's request while signed out does nothing and downloads nothing.
    await settle(() => seen.at(-1)?.refresh({ force: true }));
    expect(env.syncImports).toBe(0);
    expect(env.checks).toEqual([]);

    // Sign-in: the download starts at Amplify's event; with the user, the missing status is checked.
    // (The sync comes with the rest of the signed-in logic, lib/signed-in-logic.ts: a larger import.)
    await settle(() => env.authEventListeners.forEach((listener) => listener('signedIn')));
    await vi.waitFor(() => expect(env.syncImports).toBe(1));
    await settle(() => subscriptionCode.load());
    await settle(() =>
      env.set({ auth: { status: 'signedIn', user: { userId: 'u1', email: null, name: null } } }),
    );
    // The sign-in owes its second factor: the API would refuse the check, so it waits.
    expect(env.checks).toEqual([]);
    await settle(() => env.set({ secondFactorPassed: true }));
    await vi.waitFor(async () => {
      await settle();
      expect(seen.at(-1)?.status?.status).toBe('subscribed');
    });
    expect(env.checks).toEqual([{ force: false, profileId: undefined }]);
    expect(JSON.parse(memory.get('subscriptionStatus') ?? 'null')).toMatchObject({ subscribed: true });

    // The active profile becomes known: not free, so not asked again (spec §4).
    await settle(() => env.set({ profile: { id: 'p1' } }));
    expect(env.checks).toHaveLength(1);

    // 'Refresh status': checked again at once, forced, for the active profile.
    await settle(() => seen.at(-1)?.refresh({ force: true }));
    expect(env.checks.at(-1)).toEqual({ force: true, profileId: 'p1' });
    expect(seen.at(-1)?.isRefreshing).toBe(false);

    // Sign-out: no status.
    await settle(() => env.set({ auth: { status: 'signedOut', user: null }, profile: null }));
    expect(seen.at(-1)?.status).toBeNull();
    expect(mounts()).toBe(1);
    await root.unmount();
  });
});
