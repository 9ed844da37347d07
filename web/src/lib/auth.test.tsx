// The auth state's start: a start prepared by app/boot.tsx hands over the user Amplify just
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

const amplify = vi.hoisted(() => ({
  userId: 'user-1',
  email: 'ada@example.com',
  /** Holds Amplify's next answer back until `release` is called. */
  hold: false,
  release: () => undefined as void,
}));

vi.mock('./toast.ts', () => ({ toast: { error: () => undefined, success: () => undefined } }));
vi.mock('./amplify-loader.ts', () => ({
  mayHoldSession: () => true,
  onAuthEvent: () => () => undefined,
  loadAmplify: async () => ({
    getCurrentUser: () =>
      new Promise<{ userId: string }>((resolve) => {
        const answer = () => resolve({ userId: amplify.userId });
        if (amplify.hold) amplify.release = answer;
        else answer();
      }),
    fetchAuthSession: async () => ({ tokens: { idToken: { payload: { email: amplify.email } } } }),
    signOut: async () => undefined,
  }),
}));

standInWindow({ localStorage: memoryLocalStorage(new Map()) });
const { AuthProvider, useAuth } = await import('./auth.tsx');
const { announceSessionEnded } = await import('./session-ended.ts');

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
    amplify.hold = false;
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

  it("stays signed out when the API ends the session before Amplify's first answer, which still names the user", async () => {
    amplify.hold = true;
    const { seen, queryClient } = await start(ADA);
    // The first call is refused (the session was ended everywhere) before Amplify has answered.
    await settle(() => announceSessionEnded());
    expect(seen.at(-1)).toEqual({ status: 'signedOut', user: null });
    expect(queryClient.getQueryData(['read-before'])).toBeUndefined();
    // Amplify read the tokens before the sign-out removed them: its late answer must not sign back in.
    await settle(() => amplify.release());
    expect(seen.at(-1)).toEqual({ status: 'signedOut', user: null });
  });
});
