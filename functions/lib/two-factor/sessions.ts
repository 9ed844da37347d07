// Second-factor sessions: the check every non-exempt route passes for a user with 2FA on, issuing a
// session once a code checks out, and ending it with the sign-in (docs/two-factor.md).
import { AuthError, TwoFactorRequiredError } from '../../../domain/errors.ts';
import { assertSignInLive, SESSION_ENDED_MESSAGE } from '../sessions.ts';
import { TWO_FACTOR_RULES } from '../../../domain/two-factor.ts';
import type { Data } from '../data/index.ts';
import type { Deps } from '../deps.ts';
import type { ApiEvent, Caller } from '../caller.ts';
import { dataFor } from '../data/index.ts';
import type { RoutePolicy } from '../http-stack.ts';
import { SESSION_HEADER, addMinutes, header, sha256, token, ttlOf } from './shared.ts';

export async function sessionOf(data: Data, event: ApiEvent, caller: Caller, now: Date) {
  const presented = header(event, SESSION_HEADER);
  if (!presented || presented.length > 100) return null;
  const { data: session } = await data.twoFactorSessions.get({ session_hash: sha256(presented) }).go();
  if (!session || session.user_id !== caller.userId || Date.parse(session.expires_at) <= now.getTime())
    return null;
  return session;
}

/** The HTTP layer's check: a user with 2FA on needs a verified sign-in for every non-exempt route. */
export async function requireSecondFactor(
  deps: Pick<Deps, 'clock'>,
  data: Data,
  caller: Caller,
  event: ApiEvent,
  options: { secondFactor: boolean } = { secondFactor: true },
) {
  // One read serves both checks: the sign-in is not one a revocation ended, and it passed its code.
  const { data: profile } = await data.profiles
    .get({ id: caller.userId })
    .go({ attributes: ['two_factor_enabled', 'sessions_revoked_at'] });
  assertSignInLive(caller, profile?.sessions_revoked_at);
  if (!profile) {
    // No record: a new person's first call, or a deleted account's leftover token (refused by its mark).
    const { data: deleted } = await data.deletedAccounts.get({ user_id: caller.userId }).go();
    if (deleted) throw new AuthError(SESSION_ENDED_MESSAGE);
    return;
  }
  if (!options.secondFactor || !profile.two_factor_enabled) return;
  if (!(await sessionOf(data, event, caller, deps.clock()))) throw new TwoFactorRequiredError();
}

export async function issueSession(data: Data, userId: string, now: Date, deviceId?: string) {
  const sessionToken = token();
  const expires = addMinutes(now, TWO_FACTOR_RULES.sessionDays * 24 * 60);
  await data.twoFactorSessions
    .create({
      session_hash: sha256(sessionToken),
      user_id: userId,
      ...(deviceId ? { device_id: deviceId } : {}),
      expires_at: expires.toISOString(),
      ttl: ttlOf(expires),
    })
    .go();
  return sessionToken;
}

/** Sign-out: the sign-in's second-factor session ends with it. */
export async function endSession(data: Data, caller: Caller, event: ApiEvent, now: Date) {
  const session = await sessionOf(data, event, caller, now);
  if (session) await data.twoFactorSessions.delete({ session_hash: session.session_hash }).go();
}

/** The signed-in routes' policy: the sign-in is live and, with 2FA on, verified (the code step's own
 * routes, `twoFactorExempt` in the catalog, need only a live sign-in). */
export const verifiedSignIn: RoutePolicy = {
  authorize: ({ deps, caller, event, route }) =>
    requireSecondFactor(deps, dataFor(deps), caller, event, { secondFactor: !route?.twoFactorExempt }),
};
