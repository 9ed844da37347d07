// Who is signed in, from Amplify: read once at start (getCurrentUser) and kept current by the Hub's
// auth events (spec §4 Auth events). Also the auth guard of spec §2 and the Logout of spec §4. With no
// stored session the answer is "signed out" at once, without loading Amplify (amplify-loader.ts). A
// start prepared before the first render (lib/signed-in-start.ts) hands over the user Amplify has just
// confirmed, and the state starts signed in as them.
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { toast } from './toast.ts';
import { authToasts } from '@domain/auth-messages.ts';
import { FullPageSpinner } from '../components/ui/spinner.tsx';
import { paths } from '../config/paths.ts';
import { loadAmplify, mayHoldSession, onAuthEvent } from './amplify-loader.ts';
import { api } from './api-client.ts';
import { readSecondFactorSession } from './second-factor-store.ts';
import { onSessionEnded, SESSION_ENDED_TOAST } from './session-ended.ts';
import { forgetPendingCalls } from './invoke-function.ts';
import { signOutLocalThenGlobal } from './sign-out.ts';
import { clearSessionStorage } from './storage-keys.ts';

export interface AuthUser {
  userId: string;
  email: string | null;
  name: string | null;
}

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signedIn'; user: AuthUser }
  | { status: 'signedOut'; user: null };

interface AuthContextValue {
  state: AuthState;
  /** Re-reads the signed-in user from Amplify; resolves once the state is updated. */
  refresh: () => Promise<AuthUser | null>;
  /** Forgets the user at once (logout clears state before the network sign-out, spec §4). */
  markSignedOut: () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Where a user lands after signing in: '/', whose home logic (spec §2) sends them on to /accounts,
 * /get-started or /link.
 */
export const POST_LOGIN_PATH = paths.home.getHref();

/** The page a guard sent the user away from, if it is an in-app path. */
export function postLoginTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : POST_LOGIN_PATH;
}

/** The signed-in user from Amplify (id, and e-mail and name from the ID token), or null. */
export async function readCurrentUser(): Promise<AuthUser | null> {
  if (!mayHoldSession()) return null;
  try {
    const { fetchAuthSession, getCurrentUser } = await loadAmplify();
    const { userId } = await getCurrentUser();
    const claims = (await fetchAuthSession()).tokens?.idToken?.payload;
    return {
      userId,
      email: typeof claims?.email === 'string' ? claims.email : null,
      name: typeof claims?.name === 'string' ? claims.name : null,
    };
  } catch {
    return null;
  }
}

const signedOut: AuthState = { status: 'signedOut', user: null };

const sameUser = (a: AuthUser, b: AuthUser) =>
  a.userId === b.userId && a.email === b.email && a.name === b.name;

export function AuthProvider({
  initialUser = null,
  children,
}: {
  /** A user Amplify has just confirmed (a prepared signed-in start, app/boot.tsx): no 'loading' state. */
  initialUser?: AuthUser | null;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(() =>
    initialUser ? { status: 'signedIn', user: initialUser } : { status: 'loading', user: null },
  );
  const lastUserId = useRef<string | null>(initialUser?.userId ?? null);
  // Counts sign-outs. Amplify's answer to a question asked before one is stale: it may have read the
  // tokens that sign-out then removed (a start signed in from the outset whose first call is refused,
  // the session having been ended everywhere), and it must not sign the browser back in.
  const signOuts = useRef(0);

  const refresh = useCallback(async () => {
    const asked = signOuts.current;
    const user = await readCurrentUser();
    if (asked !== signOuts.current) return null;
    // spec §4: a change of user id clears the cache.
    if (user && lastUserId.current !== null && user.userId !== lastUserId.current) {
      queryClient.clear();
      forgetPendingCalls();
    }
    if (user) lastUserId.current = user.userId;
    // The same user again keeps the state, and renders nothing anew (the start's own check, above all).
    setState((current) =>
      user
        ? current.status === 'signedIn' && sameUser(current.user, user)
          ? current
          : { status: 'signedIn', user }
        : signedOut,
    );
    return user;
  }, [queryClient]);

  const markSignedOut = useCallback(() => {
    signOuts.current += 1;
    setState(signedOut);
    queryClient.clear();
    forgetPendingCalls();
    clearSessionStorage();
  }, [queryClient]);

  // A sign-in ended elsewhere (the API's 401): sign this browser out; the guard then shows /login.
  useEffect(
    () =>
      onSessionEnded(() => {
        if (!lastUserId.current) return;
        lastUserId.current = null;
        markSignedOut();
        toast.error(SESSION_ENDED_TOAST, { id: 'session-ended' });
        void loadAmplify()
          .then(({ signOut }) => signOut())
          .catch(() => undefined);
      }),
    [markSignedOut],
  );

  useEffect(() => {
    void refresh();
    return onAuthEvent((event) => {
      switch (event) {
        case 'signedIn':
          // spec §4 SIGNED_IN: start from an empty cache.
          queryClient.clear();
          forgetPendingCalls();
          void refresh();
          break;
        case 'signedOut':
          // spec §4 SIGNED_OUT: clear the cache and every saved active-profile key.
          markSignedOut();
          break;
        case 'tokenRefresh_failure':
          void refresh();
          break;
        default:
          break;
      }
    });
  }, [refresh, markSignedOut, queryClient]);

  const value = useMemo(() => ({ state, refresh, markSignedOut }), [state, refresh, markSignedOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}

/** The signed-in user; only for screens behind <ProtectedRoute>. */
export function useUser(): AuthUser {
  const { state } = useAuth();
  if (state.status !== 'signedIn') throw new Error('useUser must be used behind <ProtectedRoute>');
  return state.user;
}

/** spec §2 auth guard: 'Loading...' while auth loads, then /login when nobody is signed in. */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const location = useLocation();
  if (state.status === 'signedIn') return children;
  if (state.status === 'loading') return <FullPageSpinner />;
  return (
    <Navigate
      to={paths.auth.login.getHref()}
      replace
      state={{ from: `${location.pathname}${location.search}` }}
    />
  );
}

/** spec §4 Logout. Always ends on /login, even when the sign-out call fails. */
export function useLogout() {
  const { markSignedOut } = useAuth();
  const navigate = useNavigate();
  const [isPending, setIsPending] = useState(false);

  const logout = useCallback(async () => {
    setIsPending(true);
    const toastId = toast.loading(authToasts.signingOut);
    // The server forgets this sign-in's second-factor session (best effort, never holding sign-out up).
    if (readSecondFactorSession()) {
      await Promise.race([
        api.delete('/two-factor/session').catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, 1500)),
      ]);
    }
    // Clear user, session and cached data first, so nothing of this user shows while signing out.
    markSignedOut();
    const result = await signOutLocalThenGlobal(async (input) => (await loadAmplify()).signOut(input));
    if (result.ok) {
      toast.success(authToasts.signedOut, { id: toastId });
    } else {
      console.error('sign-out failed', result.error);
      toast.error(authToasts.signOutFailed, { id: toastId });
    }
    setIsPending(false);
    navigate(paths.auth.login.getHref(), { replace: true });
  }, [markSignedOut, navigate]);

  return { logout, isPending };
}
