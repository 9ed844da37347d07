// The API refused a signed-in call with 401: the sign-in was ended elsewhere ("Sign out everywhere", an
// admin's "Revoke sessions"; functions/lib/sessions.ts) or its token is no longer valid. The API client
// announces it; the auth provider signs this browser out, so the person lands on /login with a word of
// why instead of screens that keep failing.
export const SESSION_ENDED_EVENT = 'tallywise:session-ended';
export const SESSION_ENDED_TOAST = 'Your session has ended. Please sign in again.';

let quietUntil = 0;

/** This browser is ending its own sessions ("Sign out everywhere"): its 401s are expected, not news. */
export function expectSessionEnd(forMs = 10_000): void {
  quietUntil = Date.now() + forMs;
}

export function announceSessionEnded(): void {
  if (Date.now() < quietUntil) return;
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
}

/** Calls `onEnded` on each announcement; returns the unsubscribe. */
export function onSessionEnded(onEnded: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener(SESSION_ENDED_EVENT, onEnded);
  return () => window.removeEventListener(SESSION_ENDED_EVENT, onEnded);
}
