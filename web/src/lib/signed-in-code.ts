// Code only a signed-in user runs (/login toward 150 KB gzip), loaded on demand: the providers
// around every screen keep their context and hook in the startup code and load their logic with this.
// The download starts as soon as a session may exist: at once when this browser holds a stored one
// (beside the app's own code, not after its first render), else at Amplify's sign-in event, before the
// auth state has read the user. A signed-out visitor never downloads it.
import { useCallback, useEffect, useState } from 'react';
import { mayHoldSession, onAuthEvent } from './amplify-loader.ts';
import { lazyModule, type LazyModule } from './lazy-module.ts';

/** The module: `load()` imports it once (again after a failure), `loaded()` gives it once in. */
export type SignedInCode<T> = LazyModule<T>;

/** Wraps a dynamic import of signed-in-only code; starts it early (see above) unless `eager` is false. */
export function signedInCode<T>(importer: () => Promise<T>, eager = true): SignedInCode<T> {
  const code = lazyModule(importer);
  const preload = () => void code.load().catch(() => undefined);
  if (eager && typeof window !== 'undefined') {
    if (mayHoldSession()) preload();
    onAuthEvent((event) => {
      if (event === 'signedIn') preload();
    });
  }
  return code;
}

export interface SignedInCodeState<T> {
  module: T | null;
  /** Why the last download failed, while no module is loaded. */
  error: unknown;
  /** Tries a failed download again. */
  retry: () => void;
}

/**
 * The module for a component, from when `active` (someone is, or may be, signed in) is first true; it
 * stays once loaded, so what renders it is never unmounted by a sign-out and a later sign-in.
 */
export function useSignedInCode<T>(code: SignedInCode<T>, active: boolean): SignedInCodeState<T> {
  const [module, setModule] = useState<T | null>(() => code.loaded());
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!active || module) return;
    let live = true;
    code.load().then(
      (loaded) => {
        if (!live) return;
        setFailure(null);
        setModule(() => loaded);
      },
      (error: unknown) => {
        if (live) setFailure({ error });
      },
    );
    return () => {
      live = false;
    };
  }, [code, active, module, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { module, error: module ? null : (failure?.error ?? null), retry };
}
