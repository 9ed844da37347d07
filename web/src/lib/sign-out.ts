// spec §4 Logout: sign out locally, falling back to a global sign-out if the local one fails.

export type SignOutFn = (input?: { global: boolean }) => Promise<void>;

export interface SignOutResult {
  ok: boolean;
  scope: 'local' | 'global' | null;
  error?: unknown;
}

export async function signOutLocalThenGlobal(signOut: SignOutFn): Promise<SignOutResult> {
  try {
    await signOut();
    return { ok: true, scope: 'local' };
  } catch (localError) {
    try {
      await signOut({ global: true });
      return { ok: true, scope: 'global' };
    } catch (globalError) {
      return {
        ok: false,
        scope: null,
        error: new AggregateError([localError, globalError], 'Sign-out failed'),
      };
    }
  }
}
