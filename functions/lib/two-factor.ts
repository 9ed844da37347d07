// Two-factor authentication on the server (spec §4 Two-factor, §7 send-2fa-code-secure,
// verify-2fa-code-secure, 2FA disable, is_device_trusted_secure; §8 messages).
//
// The mechanism (docs/two-factor.md): Cognito checks the password; a sign-in of a user with 2FA on then
// needs a **second-factor session**: a random 256-bit token the server issues once a code (or a trusted
// device's token) checks out, kept hashed, sent by the browser as `x-two-factor-session` with each call.
// Until a sign-in has one, `requireSecondFactor` (run by the HTTP layer before every route that is not
// part of the code step) refuses the call with 403 `two_factor_required`.
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { PRODUCT_NAME } from '../../domain/brand.ts';
import { AuthError, RateLimitError, TwoFactorRequiredError, ValidationError } from '../../domain/errors.ts';
import { sendSecurityNotice } from './security-notice.ts';
import { assertSignInLive, SESSION_ENDED_MESSAGE } from './sessions.ts';
import {
  isE164,
  maskPhone,
  normalizeRecoveryCode,
  RECOVERY_CODE_PATTERN,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_RULES,
  type SentCodeMethod,
  type TwoFactorMethod,
} from '../../domain/two-factor.ts';
import type { Data } from './data/index.ts';
import type { Deps } from './deps.ts';
import { logSecurityEvent } from './financial-profiles.ts';
import { getOrCreateProfile } from '../profiles/profile-record.ts';
import type { ApiEvent, Caller } from './http.ts';

type TwoFactorDeps = Pick<Deps, 'clock' | 'email' | 'sms' | 'tokenCipher' | 'logger'>;

export const SESSION_HEADER = 'x-two-factor-session';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const token = () => randomBytes(32).toString('base64url');
const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
const ttlOf = (date: Date) => Math.floor(date.getTime() / 1000) + 86_400;

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const codeHash = (id: string, code: string) => sha256(`${id}:${code}`);

function header(event: ApiEvent, name: string): string | undefined {
  const headers = event.headers ?? {};
  return headers[name] ?? Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
}

/**
 * The sign-in a code belongs to: Cognito's event id of the sign-in (or its auth time), hashed. A code sent
 * for one sign-in does not complete another.
 */
export function signInBinding(event: ApiEvent, caller: Caller): string {
  const claims = event.requestContext.authorizer?.jwt?.claims ?? {};
  const id = claims.origin_jti ?? claims.event_id ?? claims.auth_time ?? '';
  return sha256(`${caller.userId}:${String(id)}`);
}

/** A wrong, expired or used code: 400 naming the field, with spec §8's message as the message. */
class InvalidCodeError extends ValidationError {
  constructor() {
    super([{ field: 'code', message: TWO_FACTOR_MESSAGES.invalidCode }]);
    this.message = TWO_FACTOR_MESSAGES.invalidCode;
  }
}
const invalidCode = () => new InvalidCodeError();

// -- state ---------------------------------------------------------------------------------------------

export async function twoFactorProfile(data: Data, userId: string) {
  const { data: profile } = await data.profiles.get({ id: userId }).go();
  return {
    enabled: profile?.two_factor_enabled ?? false,
    method: (profile?.two_factor_method ?? null) as TwoFactorMethod | null,
    phone: profile?.two_factor_phone_number ?? null,
    email: profile?.email ?? null,
  };
}

async function sessionOf(data: Data, event: ApiEvent, caller: Caller, now: Date) {
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

async function issueSession(data: Data, userId: string, now: Date, deviceId?: string) {
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

/** A short label for a trusted device, from its user agent ("Chrome on Linux"). */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Browser';
  const os = /iPhone|iPad/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'an unknown system';
  return `${browser} on ${os}`;
}

async function trustDevice(data: Data, userId: string, fingerprint: string, label: string, now: Date) {
  const deviceToken = token();
  const id = randomUUID();
  const expires = addMinutes(now, TWO_FACTOR_RULES.deviceTrustDays * 24 * 60);
  await data.trustedDevices
    .create({
      user_id: userId,
      id,
      token_hash: sha256(deviceToken),
      fingerprint_hash: sha256(fingerprint),
      label,
      last_used_at: now.toISOString(),
      expires_at: expires.toISOString(),
      ttl: ttlOf(expires),
    })
    .go();
  await logSecurityEvent(data, userId, 'trusted_device_added', { device_id: id, label });
  return { deviceToken, deviceId: id };
}

// -- wrong-code accounting --------------------------------------------------------------------------------

async function assertNotLockedOut(data: Data, userId: string, now: Date) {
  const { data: secret } = await data.twoFactorSecrets.get({ user_id: userId }).go();
  const windowStart = secret?.failed_window_start ? Date.parse(secret.failed_window_start) : 0;
  const inWindow = now.getTime() - windowStart < TWO_FACTOR_RULES.sendWindowMinutes * 60_000;
  if (inWindow && (secret?.failed_attempts ?? 0) >= TWO_FACTOR_RULES.verifyLimit)
    throw new RateLimitError(TWO_FACTOR_MESSAGES.tooManyAttempts);
  return secret;
}

async function recordFailure(data: Data, userId: string, now: Date) {
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
async function checkSentCode(
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

// -- TOTP and recovery codes -------------------------------------------------------------------------------

function totpOf(secretBase32: string, label: string) {
  return new TOTP({
    issuer: PRODUCT_NAME,
    label,
    algorithm: TWO_FACTOR_RULES.totp.algorithm,
    digits: TWO_FACTOR_RULES.totp.digits,
    period: TWO_FACTOR_RULES.totp.period,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The step of a valid code (its time counter), or null. */
function totpStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secretBase32, 'x').validate({
    token: code,
    timestamp: now.getTime(),
    window: TWO_FACTOR_RULES.totp.window,
  });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TWO_FACTOR_RULES.totp.period) + delta;
}

const cipherContext = (userId: string) => ({ item_id: `totp:${userId}` });

/** Starts authenticator-app setup: a new secret, kept pending until its first code is verified. */
export async function startTotpSetup(deps: TwoFactorDeps, data: Data, caller: Caller) {
  const secret = new Secret({ size: 20 }).base32;
  const { data: existing } = await data.twoFactorSecrets.get({ user_id: caller.userId }).go();
  await data.twoFactorSecrets
    .upsert({
      user_id: caller.userId,
      ...(existing ?? {}),
      pending_totp_ciphertext: await deps.tokenCipher.encrypt(secret, cipherContext(caller.userId)),
    })
    .go();
  const state = await twoFactorProfile(data, caller.userId);
  const uri = totpOf(secret, state.email ?? caller.email).toString();
  return { secret, otpauth_uri: uri };
}

function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from({ length: TWO_FACTOR_RULES.recoveryCodes }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[randomInt(0, alphabet.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

const recoveryHash = (userId: string, code: string) =>
  sha256(`recovery:${userId}:${normalizeRecoveryCode(code)}`);

async function useRecoveryCode(data: Data, userId: string, code: string): Promise<boolean> {
  const { data: secret } = await data.twoFactorSecrets.get({ user_id: userId }).go();
  const hashes = secret?.recovery_hashes ?? [];
  const hash = recoveryHash(userId, code);
  const index = hashes.findIndex((h) => sameHash(h, hash));
  if (index < 0) return false;
  const remaining = hashes.filter((_, i) => i !== index);
  try {
    // Single use: only the write that still sees the code removes it.
    await data.twoFactorSecrets
      .patch({ user_id: userId })
      .set({ recovery_hashes: remaining })
      .where((attr, op) => op.contains(attr.recovery_hashes, hash))
      .go();
  } catch {
    return false;
  }
  await logSecurityEvent(
    data,
    userId,
    'two_factor_recovery_code_used',
    { remaining: remaining.length },
    'WARN',
  );
  return true;
}

/** Checks an authenticator code against the active (or pending) secret; a code's step is used once. */
async function checkTotp(
  deps: TwoFactorDeps,
  data: Data,
  userId: string,
  code: string,
  now: Date,
  pending: boolean,
) {
  const { data: secret } = await data.twoFactorSecrets.get({ user_id: userId }).go();
  const ciphertext = pending ? secret?.pending_totp_ciphertext : secret?.totp_ciphertext;
  if (!ciphertext) return false;
  const base32 = await deps.tokenCipher.decrypt(ciphertext, cipherContext(userId));
  const step = totpStep(base32, code, now);
  if (step === null) return false;
  // Single use: a code's time step is accepted once (a replayed code within its window is refused).
  const lastStep = secret?.totp_last_step ?? -1;
  if (step <= lastStep) return false;
  try {
    await data.twoFactorSecrets
      .patch({ user_id: userId })
      .set({ totp_last_step: step })
      .where((attr, op) =>
        lastStep < 0 ? op.notExists(attr.totp_last_step) : op.eq(attr.totp_last_step, lastStep),
      )
      .go();
  } catch {
    return false;
  }
  return true;
}

// -- verification -----------------------------------------------------------------------------------------

export interface VerifyInput {
  code: string;
  codeType: 'setup' | 'login';
  deviceFingerprint: string;
  trustDevice: boolean;
  /** Setup only: which method is being set up (defaults to the pending authenticator secret, if any). */
  method?: TwoFactorMethod | undefined;
}

export async function verifyCode(
  deps: TwoFactorDeps,
  data: Data,
  caller: Caller,
  event: ApiEvent,
  input: VerifyInput,
) {
  const now = deps.clock();
  await assertNotLockedOut(data, caller.userId, now);
  const state = await twoFactorProfile(data, caller.userId);
  const binding = signInBinding(event, caller);
  const userAgent = header(event, 'user-agent');

  if (input.codeType === 'setup') {
    if (state.enabled)
      throw new ValidationError([{ field: 'codeType', message: 'two-factor authentication is already on' }]);
    let method: TwoFactorMethod | null = null;
    let phone: string | undefined;
    if (
      input.method !== 'email' &&
      input.method !== 'sms' &&
      (await checkTotp(deps, data, caller.userId, input.code, now, true))
    ) {
      method = 'totp';
    } else if (input.method !== 'totp') {
      const sent = await checkSentCode(data, caller.userId, binding, 'setup', input.code, now);
      if (sent) {
        method = sent.method;
        phone = sent.phone_number;
      }
    }
    if (!method) {
      await recordFailure(data, caller.userId, now);
      throw invalidCode();
    }
    const recoveryCodes = newRecoveryCodes();
    const { data: secret } = await data.twoFactorSecrets.get({ user_id: caller.userId }).go();
    await data.twoFactorSecrets
      .put({
        user_id: caller.userId,
        ...(method === 'totp' && secret?.pending_totp_ciphertext
          ? { totp_ciphertext: secret.pending_totp_ciphertext }
          : {}),
        recovery_hashes: recoveryCodes.map((c) => recoveryHash(caller.userId, c)),
        ...(method === 'totp' && secret?.totp_last_step !== undefined
          ? { totp_last_step: secret.totp_last_step }
          : {}),
      })
      .go();
    // The person's record is made on its first read; a setup can come before any (patch needs it).
    await getOrCreateProfile(data, caller, now.toISOString());
    await data.profiles
      .patch({ id: caller.userId })
      .set({
        two_factor_enabled: true,
        two_factor_method: method,
        ...(phone ? { two_factor_phone_number: phone } : {}),
      })
      .go();
    // spec §4: setup always trusts the device.
    const { deviceToken, deviceId } = await trustDevice(
      data,
      caller.userId,
      input.deviceFingerprint,
      deviceLabel(userAgent),
      now,
    );
    const sessionToken = await issueSession(data, caller.userId, now, deviceId);
    await logSecurityEvent(data, caller.userId, 'two_factor_enabled', { method });
    await sendSecurityNotice(
      deps,
      state.email,
      `Two-factor authentication is on for your ${PRODUCT_NAME} account`,
      `Two-factor authentication was turned on (${methodName(method)}).`,
    );
    return {
      success: true,
      method,
      recovery_codes: recoveryCodes,
      session_token: sessionToken,
      device_token: deviceToken,
    };
  }

  if (!state.enabled || !state.method)
    throw new ValidationError([{ field: 'codeType', message: 'two-factor authentication is off' }]);
  const ok = await checkSecondFactor(deps, data, caller.userId, state.method, binding, input.code, now);
  if (!ok) {
    await recordFailure(data, caller.userId, now);
    throw invalidCode();
  }
  let deviceToken: string | undefined;
  let deviceId: string | undefined;
  if (input.trustDevice)
    ({ deviceToken, deviceId } = await trustDevice(
      data,
      caller.userId,
      input.deviceFingerprint,
      deviceLabel(userAgent),
      now,
    ));
  const sessionToken = await issueSession(data, caller.userId, now, deviceId);
  await logSecurityEvent(data, caller.userId, 'two_factor_verified', {
    method: state.method,
    trusted_device: Boolean(deviceId),
  });
  return {
    success: true,
    session_token: sessionToken,
    ...(deviceToken ? { device_token: deviceToken } : {}),
  };
}

const methodName = (method: TwoFactorMethod) =>
  method === 'totp' ? 'authenticator app' : method === 'sms' ? 'text message' : 'e-mail';

/** A login-time code: a recovery code, the authenticator's code, or a sent code for this sign-in. */
async function checkSecondFactor(
  deps: TwoFactorDeps,
  data: Data,
  userId: string,
  method: TwoFactorMethod,
  binding: string,
  code: string,
  now: Date,
): Promise<boolean> {
  if (RECOVERY_CODE_PATTERN.test(code.trim().toLowerCase())) return useRecoveryCode(data, userId, code);
  if (method === 'totp') return checkTotp(deps, data, userId, code, now, false);
  return Boolean(await checkSentCode(data, userId, binding, 'login', code, now));
}

// -- device trust, disable, status ---------------------------------------------------------------------------

/** spec is_device_trusted_secure: a trusted device's token (and its fingerprint, recorded) → a verified sign-in. */
export async function checkDeviceTrust(
  deps: TwoFactorDeps,
  data: Data,
  caller: Caller,
  input: { deviceToken?: string | undefined; deviceFingerprint: string },
) {
  const now = deps.clock();
  const state = await twoFactorProfile(data, caller.userId);
  if (!state.enabled) return { trusted: false };
  if (!input.deviceToken) return { trusted: false };
  const { data: devices } = await data.trustedDevices.query
    .byUser({ user_id: caller.userId })
    .go({ pages: 'all' });
  const hash = sha256(input.deviceToken);
  const device = devices.find(
    (d) => d.is_active && sameHash(d.token_hash, hash) && Date.parse(d.expires_at) > now.getTime(),
  );
  if (!device) return { trusted: false };
  await data.trustedDevices
    .patch({ user_id: caller.userId, id: device.id })
    .set({ last_used_at: now.toISOString() })
    .go();
  const sessionToken = await issueSession(data, caller.userId, now, device.id);
  return {
    trusted: true,
    session_token: sessionToken,
    fingerprint_matches: device.fingerprint_hash === sha256(input.deviceFingerprint),
  };
}

/**
 * A fresh second factor for a sensitive change (turning 2FA off, deleting the account): the
 * authenticator's code, a code sent for this sign-in, or a recovery code; wrong ones count towards the
 * lockout. Throws 400 'Invalid verification code' naming `code`.
 */
export async function confirmFreshCode(
  deps: TwoFactorDeps,
  data: Data,
  caller: Caller,
  event: ApiEvent,
  method: TwoFactorMethod,
  code: string,
) {
  const now = deps.clock();
  await assertNotLockedOut(data, caller.userId, now);
  if (
    !(await checkSecondFactor(deps, data, caller.userId, method, signInBinding(event, caller), code, now))
  ) {
    await recordFailure(data, caller.userId, now);
    throw invalidCode();
  }
}

export async function disableTwoFactor(
  deps: TwoFactorDeps,
  data: Data,
  caller: Caller,
  event: ApiEvent,
  code: string,
) {
  const state = await twoFactorProfile(data, caller.userId);
  if (!state.enabled || !state.method)
    throw new ValidationError([{ field: 'code', message: 'two-factor authentication is already off' }]);
  await confirmFreshCode(deps, data, caller, event, state.method, code);
  // spec §4/§7: clear method and phone, delete unused codes, deactivate trusted devices.
  await data.profiles
    .patch({ id: caller.userId })
    .set({ two_factor_enabled: false })
    .remove(['two_factor_method', 'two_factor_phone_number'])
    .go();
  const { data: codes } = await data.verificationCodes.query
    .byUser({ user_id: caller.userId })
    .go({ pages: 'all' });
  const unused = codes.filter((c) => !c.used);
  if (unused.length > 0)
    await data.verificationCodes
      .delete(unused.map((c) => ({ user_id: c.user_id, created_at: c.created_at, id: c.id })))
      .go();
  const { data: devices } = await data.trustedDevices.query
    .byUser({ user_id: caller.userId })
    .go({ pages: 'all' });
  await Promise.all(
    devices
      .filter((d) => d.is_active)
      .map((d) => data.trustedDevices.patch({ user_id: d.user_id, id: d.id }).set({ is_active: false }).go()),
  );
  await data.twoFactorSecrets.delete({ user_id: caller.userId }).go();
  await logSecurityEvent(data, caller.userId, 'two_factor_disabled', { method: state.method });
  await sendSecurityNotice(
    deps,
    state.email,
    `Two-factor authentication is off for your ${PRODUCT_NAME} account`,
    'Two-factor authentication was turned off.',
  );
  return { success: true, message: TWO_FACTOR_MESSAGES.disabled };
}

export async function twoFactorStatus(deps: TwoFactorDeps, data: Data, caller: Caller, event: ApiEvent) {
  const now = deps.clock();
  const state = await twoFactorProfile(data, caller.userId);
  const session = state.enabled ? await sessionOf(data, event, caller, now) : null;
  const { data: secret } = await data.twoFactorSecrets.get({ user_id: caller.userId }).go();
  return {
    enabled: state.enabled,
    method: state.enabled ? state.method : null,
    phone: state.enabled && state.phone ? maskPhone(state.phone) : null,
    session_verified: state.enabled ? Boolean(session) : true,
    recovery_codes_left: state.enabled ? (secret?.recovery_hashes?.length ?? 0) : 0,
  };
}

export async function listDevices(deps: TwoFactorDeps, data: Data, caller: Caller, event: ApiEvent) {
  const now = deps.clock();
  const session = await sessionOf(data, event, caller, now);
  const { data: devices } = await data.trustedDevices.query
    .byUser({ user_id: caller.userId })
    .go({ pages: 'all' });
  return {
    devices: devices
      .filter((d) => d.is_active && Date.parse(d.expires_at) > now.getTime())
      .sort((a, b) => ((a.last_used_at ?? '') < (b.last_used_at ?? '') ? 1 : -1))
      .map((d) => ({
        id: d.id,
        label: d.label,
        trusted_at: d.trusted_at,
        last_used_at: d.last_used_at ?? null,
        expires_at: d.expires_at,
        current: session?.device_id === d.id,
      })),
  };
}

export async function revokeDevice(deps: TwoFactorDeps, data: Data, caller: Caller, deviceId: string) {
  const { data: device } = await data.trustedDevices.get({ user_id: caller.userId, id: deviceId }).go();
  if (!device || !device.is_active) return { revoked: false };
  await data.trustedDevices.patch({ user_id: caller.userId, id: deviceId }).set({ is_active: false }).go();
  await logSecurityEvent(data, caller.userId, 'trusted_device_revoked', {
    device_id: deviceId,
    label: device.label,
  });
  return { revoked: true };
}

/** Sign-out: the sign-in's second-factor session ends with it. */
export async function endSession(data: Data, caller: Caller, event: ApiEvent, now: Date) {
  const session = await sessionOf(data, event, caller, now);
  if (session) await data.twoFactorSessions.delete({ session_hash: session.session_hash }).go();
}
