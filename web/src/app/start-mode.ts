// How the app starts (docs/web.md, "Landing bundle"): a visitor on '/' with no stored sign-in gets the
// landing page from the small entry, without Amplify, the router or the query cache; everyone else
// (another page, a stored session that may be signed in, an invitation or a recovery link in the URL)
// gets the full app at once. Pure, so the choice is unit-tested.

/** Amplify Auth 6 keeps its tokens in local storage under
 * `CognitoIdentityServiceProvider.<clientId>[.<username>].<type>` and removes them at sign-out. */
const SESSION_KEY = /^CognitoIdentityServiceProvider\..+\.(LastAuthUser|accessToken|idToken|refreshToken)$/;

/** Query parameters that only the full app handles on '/': an invitation (remembered on any page) and
 * a password-recovery link (sent on to /reset-password). */
const FULL_APP_PARAMS = ['invite', 'token', 'type', 'token_hash'] as const;

type KeyList = Pick<Storage, 'length' | 'key'>;

/** Whether Amplify may hold a session: any of its token keys is stored (an expired one counts too; the
 * full app then decides). Unreadable storage counts as a possible session. */
export function hasStoredSession(storage: KeyList): boolean {
  try {
    for (let index = 0; index < storage.length; index += 1) {
      if (SESSION_KEY.test(storage.key(index) ?? '')) return true;
    }
    return false;
  } catch {
    return true;
  }
}

/** Whether this start shows the light landing page rather than the full app. */
export function startsWithLanding(
  location: Pick<Location, 'pathname' | 'search'>,
  storage: KeyList | null,
): boolean {
  if (location.pathname !== '/') return false;
  const query = new URLSearchParams(location.search);
  if (FULL_APP_PARAMS.some((name) => query.has(name))) return false;
  return storage !== null && !hasStoredSession(storage);
}
