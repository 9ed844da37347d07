// "Sign out everywhere" (spec §7 sign out with scope global) and the admin's "Revoke
// sessions". Cognito's AdminUserGlobalSignOut revokes the user's refresh tokens, but an
// ID token already issued stays valid for up to an hour and the API trusts ID tokens, so the server keeps
// its own mark: `profiles.sessions_revoked_at` (whole seconds). Every signed-in call whose token was
// authenticated before it (`auth_time`) is refused with 401, and every second-factor session is ended,
// in the cloud and locally alike (local/cognito/fidelity.cjs adds the global sign-out to cognito-local).
// The device that asked is signed out too and signs in again. docs/settings.md.
import { AuthError } from '../../domain/errors.ts';
import { logSecurityEvent } from './security-events.ts';
import { sendSecurityNotice } from './security-notice.ts';
import type { Data } from './data/index.ts';
import type { Deps } from './deps.ts';
import type { Caller } from './caller.ts';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/** Ends every sign-in of the user up to now: refresh tokens revoked, ID tokens and 2FA sessions refused. */
export async function revokeSessions(
  deps: Pick<Deps, 'clock' | 'users' | 'email' | 'logger'>,
  data: Data,
  user: { id: string; email: string },
  by: 'user' | 'admin',
): Promise<{ revoked_at: string }> {
  const now = deps.clock();
  // Refresh tokens first: if the directory fails, nothing has changed and the call can be repeated.
  await deps.users.signOutEverywhere(user.email);
  // The next whole second: a token authenticated in this second (the caller's own, or one racing it) ends
  // too; a sign-in from the next second on is new.
  const mark = Math.floor(now.getTime() / 1000) + 1;
  await data.profiles.patch({ id: user.id }).set({ sessions_revoked_at: mark }).go();
  const { data: twoFactor } = await data.twoFactorSessions.query
    .byUser({ user_id: user.id })
    .go({ pages: 'all', attributes: ['session_hash'] });
  if (twoFactor.length > 0) await data.twoFactorSessions.delete(twoFactor).go();
  await logSecurityEvent(data, user.id, 'sessions_revoked', { by });
  await sendSecurityNotice(
    deps,
    user.email,
    'You were signed out everywhere',
    by === 'admin'
      ? 'An administrator signed your account out on every device.'
      : 'Your account was signed out on every device at your request.',
  );
  return { revoked_at: new Date(mark * 1000).toISOString() };
}

/** Refuses a token authenticated before the user's last revocation. */
export function assertSignInLive(caller: Caller, revokedAt: number | null | undefined): void {
  if (revokedAt === null || revokedAt === undefined) return;
  if (caller.authTime === null || caller.authTime < revokedAt) throw new AuthError(SESSION_ENDED_MESSAGE);
}
