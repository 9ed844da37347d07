// Amplify Auth on demand (docs/web.md, "Landing bundle"): about 35 KB gzip the signed-out screens do
// not need. A visitor with no stored session (app/start-mode.ts hasStoredSession) is signed out without
// asking Amplify; Amplify is loaded, and configured from the runtime config, when a stored session must
// be checked, an auth action runs, or a token is needed. Everything the app calls of Amplify comes from
// loadAmplify(); auth-event listeners register here at any time and hear every event once it is loaded.
import { hasStoredSession } from '../app/start-mode.ts';
import { getAppConfig } from '../config/app-config.ts';
import type * as Amplify from './amplify.ts';
import { importAmplify } from './amplify-code.ts';

/** Amplify's auth functions, configured. */
export type AmplifyAuth = Omit<typeof Amplify, 'configureAmplify' | 'listenAuth'>;

type AuthEventListener = (event: string) => void;

const authListeners = new Set<AuthEventListener>();
let configured: Promise<AmplifyAuth> | null = null;

export { preloadAmplify } from './amplify-code.ts';

/** Amplify's auth functions, loaded and configured from the runtime config on the first call. */
export function loadAmplify(): Promise<AmplifyAuth> {
  configured ??= importAmplify().then(
    (amplify) => {
      amplify.configureAmplify(getAppConfig());
      amplify.listenAuth((event) => {
        for (const listener of [...authListeners]) listener(event);
      });
      return amplify;
    },
    (error: unknown) => {
      // A failed download (network, a replaced deployment) is tried again on the next call.
      configured = null;
      throw error;
    },
  );
  return configured;
}

/**
 * Calls `listener` with the name of each of Amplify's auth events (spec §4 Auth events: 'signedIn',
 * 'signedOut', 'tokenRefresh_failure', …), from when Amplify is loaded; without Amplify there are none.
 */
export function onAuthEvent(listener: AuthEventListener): () => void {
  authListeners.add(listener);
  return () => void authListeners.delete(listener);
}

/** Whether this browser may hold an Amplify session (its tokens are stored); unreadable storage may. */
export function mayHoldSession(): boolean {
  try {
    return hasStoredSession(window.localStorage);
  } catch {
    return true;
  }
}
