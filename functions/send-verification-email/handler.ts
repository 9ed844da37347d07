// spec §7 send-verification-email {userId, email, isResend}: (re)sends the sign-up verification code.
// Public: before the code is entered nobody can sign in. The code itself is Cognito's (its message in the
// cloud, cognito-local's fixed code locally), so the account is confirmed by the same ConfirmSignUp as the
// /verify-email form and the /auth/callback link. Decisions (docs/email.md, "Verification e-mail"):
// - the answer is the same 202 whether the address has an unconfirmed account, a confirmed one or none,
//   so the route tells nobody which addresses are customers;
// - 5 sends per address per 15 minutes (spec §8's 'Too many verification attempts…' beyond), counted by
//   a hash of the address, and Cognito's own limit is answered the same way;
// - `userId`, when given, must be a well-formed id: Cognito names the user by the address, which is what
//   the code is sent to, so an id cannot direct a code anywhere else.
import { createHash, randomUUID } from 'node:crypto';
import { RateLimitError } from '../../domain/errors.ts';
import { TWO_FACTOR_MESSAGES } from '../../domain/two-factor.ts';
import { functionBodies } from '../catalog.ts';
import { dataFor } from '../lib/data/index.ts';
import { httpHandler, route } from '../lib/http.ts';

export const VERIFICATION_SENDS_PER_WINDOW = 5;
export const VERIFICATION_WINDOW_MINUTES = 15;

const addressKey = (email: string) =>
  `verification-email:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

const isCognitoLimit = (error: unknown) =>
  ['LimitExceededException', 'TooManyRequestsException'].includes((error as { name?: string }).name ?? '');

export const handler = httpHandler('send-verification-email', {
  'POST /functions/send-verification-email': route({
    body: functionBodies['send-verification-email'],
    status: 202,
    run: async ({ deps, body, log }) => {
      const data = dataFor(deps);
      const now = deps.clock();
      const subject = addressKey(body.email);
      const since = new Date(now.getTime() - VERIFICATION_WINDOW_MINUTES * 60_000).toISOString();
      const { data: recent } = await data.userClaims.query
        .byUser({ user_id: subject })
        .gte({ key: `send:${since}` })
        .go({ attributes: ['key'] });
      if (recent.length >= VERIFICATION_SENDS_PER_WINDOW)
        throw new RateLimitError(TWO_FACTOR_MESSAGES.tooManyAttempts);
      // Every request counts, whatever the address: a flood is stopped the same way for all of them.
      await data.userClaims
        .create({ user_id: subject, key: `send:${now.toISOString()}:${randomUUID()}` })
        .go();

      const user = await deps.users.get(body.email);
      if (user?.status === 'UNCONFIRMED' && user.enabled) {
        try {
          await deps.users.resendConfirmation(body.email);
        } catch (error) {
          if (isCognitoLimit(error)) throw new RateLimitError(TWO_FACTOR_MESSAGES.tooManyAttempts);
          throw error;
        }
        log.info('verification code sent', { isResend: body.isResend });
      } else {
        log.info('verification code not sent', { reason: user ? 'not unconfirmed' : 'no such user' });
      }
      return { sent: true };
    },
  }),
});
