// Codes sent by e-mail or SMS (spec §7 send-2fa-code-secure, §9 limits), checking them, and the
// wrong-code accounting that locks verification out after too many tries.
import { randomInt, randomUUID } from 'node:crypto';
import { PRODUCT_NAME } from '../../../domain/brand.ts';
import { RateLimitError, ValidationError } from '../../../domain/errors.ts';
import {
  isE164,
  maskPhone,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_RULES,
  type SentCodeMethod,
} from '../../../domain/two-factor.ts';
import type { Data } from '../data/index.ts';
import { logSecurityEvent } from '../security-events.ts';
import type { ApiEvent, Caller } from '../caller.ts';
import {
  addMinutes,
  codeHash,
  sameHash,
  signInBinding,
  ttlOf,
  twoFactorProfile,
  type TwoFactorDeps,
} from './shared.ts';

export async function assertNotLockedOut(data: Data, userId: string, now: Date) {
  const { data: secret } = await data.twoFactorSecrets.get({ user_id: userId }).go();
  const windowStart = secret?.failed_window_start ? Date.parse(secret.failed_window_start) : 0;
  const inWindow = now.getTime() - windowStart < TWO_FACTOR_RULES.sendWindowMinutes * 60_000;
  if (inWindow && (secret?.failed_attempts ?? 0) >= TWO_FACTOR_RULES.verifyLimit)
    throw new RateLimitError(TWO_FACTOR_MESSAGES.tooManyAttempts);
  return secret;
}

export async function recordFailure(data: Data, userId: string, now: Date) {
  const { data: secret } = await data.twoFactorSecrets.get({ user_id: userId }).go();
  const windowStart = secret?.failed_window_start ? Date.parse(secret.failed_window_start) : 0;
  const fresh = now.getTime() - windowStart >= TWO_FACTOR_RULES.sendWindowMinutes * 60_000;
  await data.twoFactorSecrets
    .upsert({
      user_id: userId,
      ...(secret ?? {}),
      failed_attempts: fresh ? 1 : (secret?.failed_attempts ?? 0) + 1,
      failed_window_start: fresh ? now.toISOString() : (secret?.failed_window_start ?? now.toISOString()),
    })
    .go();
  await logSecurityEvent(data, userId, 'two_factor_failed', {}, 'WARN');
}

// -- sending codes (e-mail, SMS) -----------------------------------------------------------------------

export interface SendInput {
  method: SentCodeMethod;
  codeType: 'setup' | 'login';
  phoneNumber?: string | undefined;
}

export async function sendCode(
  deps: TwoFactorDeps,
  data: Data,
  caller: Caller,
  event: ApiEvent,
  input: SendInput,
) {
  const now = deps.clock();
  const state = await twoFactorProfile(data, caller.userId);
  let method = input.method;
  let destination: string;
  if (input.codeType === 'setup') {
    if (input.method === 'sms') {
      if (!input.phoneNumber || !isE164(input.phoneNumber))
        throw new ValidationError([
          {
            field: 'phoneNumber',
            message: 'must be a phone number in international format, e.g. +14155550123',
          },
        ]);
      destination = input.phoneNumber;
    } else destination = state.email ?? caller.email;
  } else {
    // A login (or disable) code goes where 2FA was set up, whatever the body says.
    if (!state.enabled || (state.method !== 'email' && state.method !== 'sms'))
      throw new ValidationError([
        { field: 'method', message: 'two-factor codes are not sent for this account' },
      ]);
    method = state.method;
    destination = method === 'sms' ? (state.phone ?? '') : (state.email ?? caller.email);
  }
  if (!destination)
    throw new ValidationError([{ field: 'method', message: 'no address to send the code to' }]);

  // spec §9: the limit is worded as 15 minutes.
  const windowFrom = addMinutes(now, -TWO_FACTOR_RULES.sendWindowMinutes).toISOString();
  const { data: recent } = await data.verificationCodes.query
    .byUser({ user_id: caller.userId })
    .gte({ created_at: windowFrom })
    .go({ pages: 'all' });
  if (recent.length >= TWO_FACTOR_RULES.sendLimit)
    throw new RateLimitError(TWO_FACTOR_MESSAGES.tooManyAttempts);

  const code = String(randomInt(0, 10 ** TWO_FACTOR_RULES.codeDigits)).padStart(
    TWO_FACTOR_RULES.codeDigits,
    '0',
  );
  const id = randomUUID();
  const expires = addMinutes(now, TWO_FACTOR_RULES.codeMinutes[method]);
  await data.verificationCodes
    .create({
      user_id: caller.userId,
      id,
      code_hash: codeHash(id, code),
      code_type: input.codeType,
      method,
      binding: signInBinding(event, caller),
      ...(input.codeType === 'setup' && method === 'sms' ? { phone_number: destination } : {}),
      expires_at: expires.toISOString(),
      ttl: ttlOf(expires),
      created_at: now.toISOString(),
    })
    .go();
  const minutes = TWO_FACTOR_RULES.codeMinutes[method];
  const text = `Your ${PRODUCT_NAME} verification code is ${code}. It expires in ${minutes} minutes. If you did not try to sign in, change your password.`;
  try {
    if (method === 'sms') await deps.sms.send({ to: destination, text, kind: 'two_factor_code' });
    else
      await deps.email.send({
        to: destination,
        subject: `${code} is your ${PRODUCT_NAME} verification code`,
        text,
        html: `<p>Your ${PRODUCT_NAME} verification code is</p><p style="font-size:28px;font-weight:700;letter-spacing:4px">${code}</p><p>It expires in ${minutes} minutes. If you did not try to sign in, change your password.</p>`,
        kind: 'two_factor_code',
      });
  } catch (error) {
    deps.logger.error('two-factor code not sent', {
      method,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new Error(TWO_FACTOR_MESSAGES.sendFailed, { cause: error });
  }
  return { success: true, method, destination: method === 'sms' ? maskPhone(destination) : destination };
}

/** Checks a sent code: the newest unused, unexpired one of this type for this sign-in; 5 wrong tries kill it. */
export async function checkSentCode(
  data: Data,
  userId: string,
  binding: string,
  codeType: 'setup' | 'login',
  code: string,
  now: Date,
) {
  const { data: codes } = await data.verificationCodes.query.byUser({ user_id: userId }).go({ pages: 'all' });
  const candidate = codes
    .filter(
      (c) =>
        c.code_type === codeType &&
        !c.used &&
        c.binding === binding &&
        Date.parse(c.expires_at) > now.getTime() &&
        (c.attempts ?? 0) < TWO_FACTOR_RULES.maxAttempts,
    )
    .sort((a, b) => (a.created_at < b.created_at ? 1 : -1))[0];
  if (!candidate) return null;
  if (!/^\d{6}$/.test(code) || !sameHash(codeHash(candidate.id, code), candidate.code_hash)) {
    await data.verificationCodes
      .patch({ user_id: userId, created_at: candidate.created_at, id: candidate.id })
      .add({ attempts: 1 })
      .go();
    return null;
  }
  // Single use: the conditional write lets only one of two racing checks through.
  try {
    await data.verificationCodes
      .patch({ user_id: userId, created_at: candidate.created_at, id: candidate.id })
      .set({ used: true })
      .where((attr, op) => op.eq(attr.used, false))
      .go();
  } catch {
    return null;
  }
  return candidate;
}
