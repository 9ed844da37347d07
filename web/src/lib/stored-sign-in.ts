// Signed in from the stored session, before Amplify has answered (issue 12, docs/web.md "Signed in from
// the stored session"). On a start with Amplify's stored ID token good for at least another minute (read
// as lib/early-data.ts reads it), the auth state starts signed in and the API client sends that token,
// so the frame and the first screen render while Amplify loads and confirms the session in the
// background (lib/auth.tsx). Once Amplify has answered, it alone decides: this returns null from then on.
// The token's claims are never trusted for anything: the API verifies the token on every call, and the
// user's id, e-mail and name are only painted sooner (Amplify's answer replaces them).
import { getAppConfig } from '../config/app-config.ts';
import { storedIdToken } from './early-data.ts';

let amplifyAnswered = false;

/** The stored sign-in while Amplify has not yet answered, if its ID token is good for another minute. */
export function storedSignIn(
  nowMs: number = Date.now(),
): { token: string; userId: string; email: string | null; name: string | null } | null {
  if (amplifyAnswered) return null;
  try {
    return storedIdToken(window.localStorage, getAppConfig().userPoolClientId, nowMs);
  } catch {
    // No config yet, or unreadable storage: Amplify decides, as before.
    return null;
  }
}

/** Amplify has said who is signed in (or that nobody is), or the user signed out: stop using the stored token. */
export function markAmplifyAnswered(): void {
  amplifyAnswered = true;
}

/** Tests only. */
export function resetStoredSignIn(): void {
  amplifyAnswered = false;
}
