// Verifying a code (spec §7 verify-2fa-code-secure): setup, login and disable; the fresh-code check of
// sensitive changes; turning 2FA off; a person's 2FA status.
import { PRODUCT_NAME } from '../../../domain/brand.ts';
import { ValidationError } from '../../../domain/errors.ts';
import { sendSecurityNotice } from '../security-notice.ts';
import {
  maskPhone,
  RECOVERY_CODE_PATTERN,
  TWO_FACTOR_MESSAGES,
  type TwoFactorMethod,
} from '../../../domain/two-factor.ts';
import type { Data } from '../data/index.ts';
import { logSecurityEvent } from '../security-events.ts';
import { getOrCreateProfile } from '../../profiles/profile-record.ts';
import type { ApiEvent, Caller } from '../caller.ts';
import { assertNotLockedOut, checkSentCode, recordFailure } from './codes.ts';
import { deviceLabel, trustDevice } from './devices.ts';
import { issueSession, sessionOf } from './sessions.ts';
import { header, invalidCode, signInBinding, twoFactorProfile, type TwoFactorDeps } from './shared.ts';
import { checkTotp, newRecoveryCodes, recoveryHash, useRecoveryCode } from './totp.ts';

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

export const methodName = (method: TwoFactorMethod) =>
  method === 'totp' ? 'authenticator app' : method === 'sms' ? 'text message' : 'e-mail';

/** A login-time code: a recovery code, the authenticator's code, or a sent code for this sign-in. */
export async function checkSecondFactor(
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
