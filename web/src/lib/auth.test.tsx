// The auth state's start (issue 12): a start prepared by app/boot.tsx hands over the user Amplify just
// confirmed, so the first render is signed in and Amplify's second answer for the same user renders
// nothing anew; a different user still replaces it and empties the cache (spec §4); without a user handed
// over the state starts 'loading' as before. Runs the real provider; only Amplify and the toasts are faked.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  memoryLocalStorage,
  recordingScreen,
  renderInNode,
  settle,
  standInWindow,
} from './node-root.testing.ts';

const amplify = vi.hoisted(() => ({ userId: 'user-1', email: 'ada@example.com' }));

vi.mock('./toast.ts', () => ({ toast: { error: () => undefined, success: () => undefined } }));
vi.mock('./amplify-loader.ts', () => ({
  mayHoldSession: () => true,
  onAuthEvent: () => () => undefined,
  loadAmplify: async () => ({
    getCurrentUser: async () => ({ userId: amplify.userId }),
    fetchAuthSession: async () => ({ tokens: { idToken: { payload: { email: amplify.email } } } }),
    signOut: async () => undefined,
  }),
}));

standInWindow({ localStorage: memoryLocalStorage(new Map()) });
const { AuthProvider, useAuth } = await import('./auth.tsx');

afterAll(() => {
  delete (globalThis as { window?: unknown }).window;
});

const ADA = { userId: 'user-1', email: 'ada@example.com', name: null };

async function start(initialUser: typeof ADA | null) {
  const { Screen, seen } = recordingScreen(() => useAuth().state);
  const queryClient = new QueryClient();
  queryClient.setQueryData(['read-before'], 'data');
  await renderInNode(
    <QueryClientProvider client={queryClient}>
      <AuthProvider initialUser={initialUser}>
        <Screen />
      </AuthProvider>
    </QueryClientProvider>,
  );
  await settle();
  return { seen, queryClient };
}

describe('AuthProvider', () => {
  beforeEach(() => {
    amplify.userId = 'user-1';
    amplify.email = 'ada@example.com';
  });

  it('starts signed in as the user handed over, and renders nothing anew when Amplify names them again', async () => {
    const { seen, queryClient } = await start(ADA);
    expect(seen[0]).toEqual({ status: 'signedIn', user: ADA });
    expect(new Set(seen).size).toBe(1);
    expect(queryClient.getQueryData(['read-before'])).toBe('data');
  });

  it("takes Amplify's answer when it names another user, and empties the cache", async () => {
    amplify.userId = 'user-2';
    amplify.email = 'bo@example.com';
    const { seen, queryClient } = await start(ADA);
    expect(seen[0]).toEqual({ status: 'signedIn', user: ADA });
    expect(seen.at(-1)).toEqual({
      status: 'signedIn',
      user: { userId: 'user-2', email: 'bo@example.com', name: null },
    });
    expect(queryClient.getQueryData(['read-before'])).toBeUndefined();
  });

  it('without a user handed over, starts loading and then signs in from Amplify', async () => {
    const { seen } = await start(null);
    expect(seen[0]).toEqual({ status: 'loading', user: null });
    expect(seen.at(-1)).toEqual({ status: 'signedIn', user: ADA });
  });
});
