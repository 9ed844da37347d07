// A sign-in as quick as a start with a stored session. At the click on 'Sign in', the first signed-in
// screen's code (the frame, the signed-in logic, the screen, for '/' the home logic) starts loading while
// Cognito checks the password; once it has answered, the frame's and the screen's first queries are read
// into the query cache with the preparation a signed-in start uses (lib/signed-in-start.ts), with the
// very query options the gates and the screen read. The screen then renders from the cache, and spec
// §2's home logic decides at its first render, without its loading screen. Nothing is asked twice: the
// screens find the answers under their own keys, and a query already under way is joined.
import type { QueryClient } from '@tanstack/react-query';
import { activeProfileCode } from '../lib/active-profile-provider.tsx';
import { preloadSignedInScreen, startScreenAt } from './screens.ts';

/** `target` as a path and a query string (the post-login target: '/', or the page the guard kept). */
const split = (target: string) => {
  const url = new URL(target, window.location.origin);
  return { pathname: url.pathname, search: url.search };
};

/** At the click on 'Sign in': the first screen's code. */
export function preloadAfterSignIn(target: string): void {
  preloadSignedInScreen(split(target).pathname);
  void activeProfileCode.load().catch(() => undefined);
}

/** Once Cognito has signed the person in (and the auth state has emptied the cache for them): the
 * first screen's data. Failures are left to the screens, which ask again when they mount. */
export async function prepareAfterSignIn(queryClient: QueryClient, target: string): Promise<void> {
  const { pathname, search } = split(target);
  const screen = startScreenAt(pathname);
  if (!screen) return;
  try {
    const logic = await activeProfileCode.load();
    await logic.prepareSignedInStart(queryClient, {
      search,
      screen: screen().then((module) => module.startQueries),
    });
  } catch (error) {
    console.warn('preparing the first screen after sign-in failed', error);
  }
}
